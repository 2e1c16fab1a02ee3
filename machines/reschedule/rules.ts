/**
 * Reschedule rules (spec 2 §2 "Edit-order page": Reschedule only for non-single events; §4 "Edit order": editable
 * tickets of the self-edit categories; §5 "Reschedule Update needs a date and a session"), as the server enforces
 * them (server/manage/rules.ts `rescheduleRefusal`). Pure.
 */
import type { ManageAccess, ManageOrder, ManageTicket } from '../../api/models';
import { horizonMsOf, isUpcoming } from '../cancelFreeOrder/rules';
import type { RescheduleSession } from './types';

/** Spec 2 §2 "Reschedule page": up to 8 day buttons, then 'Show more dates'. */
export const DAYS_SHOWN = 8;

/** A booked ticket of an upcoming session (beyond the horizon) of a repeating event in the self-edit categories. */
export function isReschedulable(t: ManageTicket, nowMs: number, access: ManageAccess | null): boolean {
  const rules = access?.rules;
  if (!rules?.enabled || t.state !== 'booked' || t.eventType === 'single') return false;
  if (!isUpcoming(t, nowMs, horizonMsOf(access))) return false;
  return rules.categories.length === 0 || rules.categories.includes(t.category ?? '');
}

/** The tickets of `sessionId` the page moves: the session's reschedulable ones. */
export const ticketsToMove = (
  order: ManageOrder | null,
  sessionId: string,
  nowMs: number,
  access: ManageAccess | null,
): ManageTicket[] =>
  (order?.tickets ?? []).filter((t) => t.sessionId === sessionId && isReschedulable(t, nowMs, access));

/** The moving tickets counted per type: what the day's calendar and sessions are asked for (priced for them). */
export function quantitiesOf(moving: readonly ManageTicket[]): Record<string, number> {
  const quantities: Record<string, number> = {};
  for (const t of moving) quantities[t.ticketTypeId] = (quantities[t.ticketTypeId] ?? 0) + 1;
  return quantities;
}

/** Money string ('25.00') to cents. */
const centsOf = (money: string) => Math.round(Number(money) * 100) || 0;

/**
 * How much more the moving tickets cost at `session` than they cost now (spec 2 §2 "warns of a cost increase"):
 * each one's price there (its type's, from the session's price schedule) less what it cost; 0 when the same or
 * less (nothing is refunded).
 */
export function costIncreaseCents(moving: ManageTicket[], session: RescheduleSession | null): number {
  if (!session) return 0;
  let more = 0;
  for (const t of moving)
    more += (session.prices[t.ticketTypeId] ?? centsOf(t.adjustedValue)) - centsOf(t.adjustedValue);
  return Math.max(0, more);
}

/** Update is enabled with a date and a session of it chosen (spec 2 §5). */
export const canUpdate = (selectedDate: string | null, selectedSessionId: string | null): boolean =>
  selectedDate !== null && selectedSessionId !== null;
