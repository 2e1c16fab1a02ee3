/**
 * Edit-order rules (spec 2 §2 "Edit-order page", §4 "Edit order"), as the server enforces them
 * (server/manage/rules.ts, server/manage/edit.ts). Pure: the machine's guards, the view and the path tests' oracle
 * restate them.
 */
import type { EditCart, ManageAccess, ManageOrder, ManageTicket } from '../../api/models';
import { isValidTicket, sessionKeyOf } from '../cancelFreeOrder/rules';
import type { EditSuccess } from './types';

/** The change is still open: its cart is pending and belongs to this order. */
export const isOpenEdit = (edit: EditCart | null, orderId: string): edit is EditCart =>
  edit !== null && edit.state === 'pending' && edit.orderId === orderId;

/** Tickets a remove button or a Cancel may give up: valid free tickets (spec 2 §4) the change has not removed yet. */
export function removableIds(
  order: ManageOrder | null,
  edit: EditCart | null,
  nowMs: number,
  access: ManageAccess | null,
): string[] {
  const removed = new Set(edit?.removed);
  return (order?.tickets ?? [])
    .filter((t) => !removed.has(t.id) && isValidTicket(t, nowMs, access))
    .map((t) => t.id);
}

const ofSession = (order: ManageOrder | null, sessionKey: string): ManageTicket[] =>
  (order?.tickets ?? []).filter((t) => sessionKeyOf(t) === sessionKey);

/** Spec 2 §2: a session's Cancel only when all its tickets are free; it gives up the removable ones. */
export function sessionCancelIds(
  order: ManageOrder | null,
  edit: EditCart | null,
  sessionKey: string,
  nowMs: number,
  access: ManageAccess | null,
): string[] {
  const tickets = ofSession(order, sessionKey);
  if (!tickets.every((t) => Number(t.faceValue) === 0)) return [];
  const removable = removableIds(order, edit, nowMs, access);
  return tickets.filter((t) => removable.includes(t.id)).map((t) => t.id);
}

/**
 * Spec 2 §4: the order can be cancelled when all tickets have face value 0 and not all are cancelled or past the
 * horizon; it gives up every removable ticket.
 */
export function orderCancelIds(
  order: ManageOrder | null,
  edit: EditCart | null,
  nowMs: number,
  access: ManageAccess | null,
): string[] {
  const tickets = order?.tickets ?? [];
  if (!tickets.every((t) => Number(t.faceValue) === 0)) return [];
  return removableIds(order, edit, nowMs, access);
}

/** Spec 2 §4 "Confirm": something to pay goes to /manage/{id}/confirm; nothing completes with the free checkout. */
export const owesPayment = (edit: EditCart | null): boolean => Number(edit?.outstanding ?? 0) > 0;

/** Spec 2 §4: 'reschedule' if a ticket is in the cart (added), else 'cancelled'. */
export const successOf = (edit: EditCart | null): EditSuccess =>
  (edit?.added.length ?? 0) > 0 ? 'rescheduled' : 'cancelled';
