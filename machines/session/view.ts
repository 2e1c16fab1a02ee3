/** View model of the member session: what the header menu and the my-account pages show. */
import type { SnapshotFrom } from 'xstate';
import type { LoginMethod } from '../login/types';
import { firstNameOf, hasMembership } from './rules';
import type { sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export interface MembershipSummary {
  level: string;
  memberId: string;
  /** ISO date-time of the end of the membership. */
  validTo: string;
}

export interface SessionView {
  loggedIn: boolean;
  /** The greeting's first name (null: greet without a name). */
  firstName: string | null;
  /** The header's member button: membership details (login modes other than password) or my account. */
  memberButton: 'membershipDetails' | 'myAccount';
  /** The member holds a membership: the my-account menu shows 'My membership details'. */
  isMember: boolean;
  memberships: MembershipSummary[];
  email: string | null;
  /** Logging out is running. */
  loggingOut: boolean;
}

export function selectSessionView(s: SessionSnapshot, method: LoginMethod | null): SessionView {
  const current = s.context.current;
  return {
    loggedIn: current !== null,
    firstName: firstNameOf(current),
    memberButton: method === 'password' ? 'myAccount' : 'membershipDetails',
    isMember: hasMembership(current),
    memberships: (current?.memberships ?? []).map((m) => ({
      level: m.levelName,
      memberId: m.memberId,
      validTo: m.validTo,
    })),
    email: current?.member.email ?? null,
    loggingOut: s.hasTag('submitting'),
  };
}
