/**
 * The member session (spec 3 §4 "Session end", §6): who is logged in, their memberships, and how they logged
 * in. Context is plain data: it is persisted (versioned, validated) in local storage and survives JSON.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { MemberModel, MembershipModel } from '../../api/models';

/** How the member logged in: the login form, or the identity provider (logout is provider aware). */
export type LoginVia = 'credentials' | 'oidc';

/** A logged-in member as the app keeps it (GET my/user and GET my/membership). */
export interface MemberSession {
  member: MemberModel;
  memberships: MembershipModel[];
  via: LoginVia;
}

export interface SessionInput {
  /** The member restored from local storage (validated by the route), or null for a guest. */
  stored: MemberSession | null;
}

export interface SessionContext {
  /** The logged-in member; null for a guest (the public identity). */
  current: MemberSession | null;
}

export type SessionEvent =
  /** The login flow logged a member in and reloaded them. */
  | { type: 'session.loggedIn'; session: MemberSession }
  /** Reload the member (GET my/user, GET my/membership), e.g. after they changed their email. */
  | { type: 'session.reload' }
  /** The member pressed Log out. */
  | { type: 'session.logout' }
  /** The expiry cookie was read (true: the session is on); the member reloaded, or could not be. */
  | DoneActorEvent<boolean, 'checkSession'>
  | DoneActorEvent<LoadedMember, 'loadMember'>
  | ErrorActorEvent<unknown, 'loadMember'>;

/** What `loadMember` answers: the member and their memberships. */
export interface LoadedMember {
  member: MemberModel;
  memberships: MembershipModel[];
}
