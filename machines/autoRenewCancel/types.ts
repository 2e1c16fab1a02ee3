/** Cancel auto-renew (spec 3 §2 "Cancel auto-renew page", §4 "Auto-renew", §8 "Auto-renew"). */
import type { DoneActorEvent } from 'xstate';
import type { Message } from '../shared/messages';

export interface AutoRenewCancelInput {
  /** The `{ticketOrderId}` of `/manage/{ticketOrderId}/cancel-auto-renew`. */
  ticketOrderId: string;
}

/** The membership of the order, as the page needs it. */
export interface AutoRenewMembership {
  levelName: string;
  /** ISO date-time the membership is valid to. */
  validTo: string;
  /** scheduled (enrolled), cancelled, or anything else (not enrolled). */
  autoRenewState: string;
}

export interface LoadMembershipInput {
  ticketOrderId: string;
}
/**
 * What the provided `loadMembership` answers: the order's membership (null when the order holds none) and
 * whether a member was logged in when it was read (the route reads the session when it acts).
 */
export interface LoadMembershipOutput {
  membership: AutoRenewMembership | null;
  loggedIn: boolean;
}

export interface CancelAutoRenewInput {
  ticketOrderId: string;
}

export interface AutoRenewCancelContext {
  ticketOrderId: string;
  membership: AutoRenewMembership | null;
  loggedIn: boolean;
  error: Message | null;
}

export type AutoRenewCancelEvent =
  /** The confirm-unenrolment button. */
  | { type: 'confirm' }
  /** Cancel: back one step. */
  | { type: 'cancel' }
  /** Done, after the confirmation. */
  | { type: 'done' }
  /** Loading failed for another reason: try again. */
  | { type: 'retry' }
  /** The membership and whether the visitor is logged in. */
  | DoneActorEvent<LoadMembershipOutput, 'loadMembership'>;
