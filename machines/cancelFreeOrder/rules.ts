/**
 * Cancel-free-order rules (spec 2 §4 "Cancel-free-order", §5 "Free ticket", "Upcoming ticket"; the seller's
 * self-edit rules, spec 2 §3, as the server enforces them: server/manage/rules.ts). Pure: the path tests, the
 * machine's guards and the view use them.
 */
import type { ManageAccess, ManageTicket } from '../../api/models';

/** Spec 2 §4 "Edit order": a ticket is cancelled when its state is cancelled or unbooked. */
export const isCancelledTicket = (t: ManageTicket): boolean =>
  t.state === 'cancelled' || t.state === 'unbooked';

/** Spec 2 §5: free means adjusted_value (or face_value) '0'. */
export const isFreeTicket = (t: ManageTicket): boolean => Number(t.adjustedValue) === 0;

/** Spec 2 §5: upcoming means the session starts after now (here: after now plus the seller's horizon). */
export function isUpcoming(t: ManageTicket, nowMs: number, horizonMs = 0): boolean {
  if (!t.start) return false;
  const start = Date.parse(t.start);
  return Number.isFinite(start) && start > nowMs + horizonMs;
}

/**
 * Past: a session ticket once its session has started (not upcoming); a pass (issue 25), which has no session,
 * once its last valid instant has gone by.
 */
export function isPastTicket(t: ManageTicket, nowMs: number): boolean {
  if (t.validity) return Date.parse(t.validity.to) <= nowMs;
  return !isUpcoming(t, nowMs);
}

export const horizonMsOf = (access: ManageAccess | null): number =>
  access ? (access.rules.horizonDays * 24 + access.rules.horizonHours) * 3_600_000 : 0;

/**
 * Spec 2 §4: a valid ticket is not cancelled, has adjusted_value '0' and a session in the future (beyond the
 * seller's horizon); with self-edit on, of a category the rules name (none named: any). Redeemed tickets are
 * used: not valid.
 */
export function isValidTicket(t: ManageTicket, nowMs: number, access: ManageAccess | null): boolean {
  if (isCancelledTicket(t) || t.state !== 'booked') return false;
  if (!isFreeTicket(t) || !isUpcoming(t, nowMs, horizonMsOf(access))) return false;
  const rules = access?.rules;
  if (rules?.enabled && rules.categories.length > 0 && !rules.categories.includes(t.category ?? ''))
    return false;
  return true;
}

export const validTicketIds = (
  tickets: readonly ManageTicket[],
  nowMs: number,
  access: ManageAccess | null,
): string[] => tickets.filter((t) => isValidTicket(t, nowMs, access)).map((t) => t.id);

/** A session group's key: tickets without a session group by event. */
export const sessionKeyOf = (t: ManageTicket): string => t.sessionId ?? `event:${t.eventName}`;

/** A session group of the page: its tickets, in the order's order. */
export interface SessionGroup {
  key: string;
  eventName: string;
  start: string | null;
  timezone: string | null;
  /** The venue date (YYYY-MM-DD) the group sorts by, '' without a session. */
  date: string;
  tickets: ManageTicket[];
}

/** The venue calendar date of an ISO time written with the venue's offset ('2026-12-04T11:00:00-05:00'). */
const dateOf = (iso: string | null): string => (iso ? iso.slice(0, 10) : '');

/** Spec 2 §2: tickets grouped by date, then by session; dates ascending, sessions by start. */
export function groupTickets(
  tickets: readonly ManageTicket[],
): Array<{ date: string; sessions: SessionGroup[] }> {
  const sessions = new Map<string, SessionGroup>();
  for (const t of tickets) {
    const key = sessionKeyOf(t);
    const group =
      sessions.get(key) ??
      ({
        key,
        eventName: t.eventName,
        start: t.start,
        timezone: t.timezone,
        date: dateOf(t.start),
        tickets: [],
      } as SessionGroup);
    group.tickets.push(t);
    sessions.set(key, group);
  }
  const sorted = [...sessions.values()].sort(
    (a, b) => (a.start ?? '').localeCompare(b.start ?? '') || a.key.localeCompare(b.key),
  );
  const dates: Array<{ date: string; sessions: SessionGroup[] }> = [];
  for (const s of sorted) {
    const last = dates.at(-1);
    if (last && last.date === s.date) last.sessions.push(s);
    else dates.push({ date: s.date, sessions: [s] });
  }
  return dates;
}

/** Select-all of a session: ticks every valid ticket of it, or unticks them when all are ticked. */
export function toggleSession(selected: readonly string[], sessionValid: readonly string[]): string[] {
  // No valid ticket in the session: either way the selection stays as it is.
  const all = sessionValid.every((id) => selected.includes(id));
  return all
    ? selected.filter((id) => !sessionValid.includes(id))
    : [...selected, ...sessionValid.filter((id) => !selected.includes(id))];
}

export const toggleTicket = (selected: readonly string[], id: string): string[] =>
  selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];

/** Which empty state a loaded order shows (spec 2 §2): no tickets at all, or none free and cancellable. */
export type EmptyKind = 'noTickets' | 'noFreeTickets';
export function emptyKind(
  tickets: readonly ManageTicket[],
  nowMs: number,
  access: ManageAccess | null,
): EmptyKind | null {
  if (tickets.length === 0) return 'noTickets';
  return validTicketIds(tickets, nowMs, access).length === 0 ? 'noFreeTickets' : null;
}
