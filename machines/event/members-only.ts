/**
 * Members-only events (spec 1 §2 layout 3, §6; spec 3 §2 "Members-only events", §4): a member whose
 * membership is current (today between valid from and valid to) sees the event's form; a visitor with only
 * earlier memberships sees the expired-membership message; anyone else the members-only prompt ('Sorry!
 * This event is members only' with log in and sign up links). A renewal message shows when the membership
 * expires before the visit date.
 */

export interface MembershipTerm {
  validFrom: string;
  validTo: string;
}

export type MembersOnlyAccess = 'member' | 'expired' | 'prompt';

/** Member benefits apply when now lies between valid from and valid to (spec 3 §4). */
export function isCurrent(term: MembershipTerm, now: number): boolean {
  const from = Date.parse(term.validFrom);
  const to = Date.parse(term.validTo);
  return (Number.isNaN(from) || from <= now) && (Number.isNaN(to) || now <= to);
}

export function membersOnlyAccess(terms: readonly MembershipTerm[] | null, now: number): MembersOnlyAccess {
  if (!terms || terms.length === 0) return 'prompt';
  if (terms.some((t) => isCurrent(t, now))) return 'member';
  // Earlier memberships only (ended; one not started yet is not "earlier").
  return terms.some((t) => Date.parse(t.validTo) < now) ? 'expired' : 'prompt';
}

/** The membership that applies now ends before the visit: the renewal message (spec 3 §2). */
export function expiresBeforeVisit(
  terms: readonly MembershipTerm[],
  now: number,
  visitAt: number | null,
): boolean {
  if (visitAt === null) return false;
  const current = terms.filter((t) => isCurrent(t, now));
  if (current.length === 0) return false;
  const latest = Math.max(...current.map((t) => Date.parse(t.validTo)));
  return latest < visitAt;
}

/** The `hidden_type` of members-only events and ticket groups. */
export const MEMBER_ONLY_HIDDEN_TYPE = 'public_member_only';

/**
 * A reserve form of member tickets: a members-only event, or a session offering members-only groups (the
 * renewal message shows only there: member benefits, not public tickets, end with the membership).
 */
export function offersMemberTickets(
  event: { hiddenType: string },
  groups: readonly { hiddenType: string }[],
): boolean {
  return (
    event.hiddenType === MEMBER_ONLY_HIDDEN_TYPE ||
    groups.some((g) => g.hiddenType === MEMBER_ONLY_HIDDEN_TYPE)
  );
}
