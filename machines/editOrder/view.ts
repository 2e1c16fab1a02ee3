/** The edit-order view model (spec 2 §2 "Edit-order page"): one selector from a snapshot to its view's props. */
import type { SnapshotFrom } from 'xstate';
import type { ManageTicket } from '../../api/models';
import { groupTickets, isCancelledTicket, isPastTicket } from '../cancelFreeOrder/rules';
import { isReschedulable } from '../reschedule/rules';
import type { Message } from '../shared/messages';
import type { editOrderMachine } from './editOrder.machine';
import { orderCancelIds, removableIds, sessionCancelIds } from './rules';
import type { EditSuccess } from './types';

export type EditOrderSnapshot = SnapshotFrom<typeof editOrderMachine>;

export type EditOrderPhase =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'logOut'
  | 'cancelFreeOrder'
  | 'ready'
  | 'paying';

/** A ticket's line: booked, its labels (Cancelled, Redeemed, Past Event), removed or added by the unsaved change. */
export type EditTicketStatus = 'booked' | 'cancelled' | 'redeemed' | 'past' | 'removed' | 'added';

export interface EditTicketView {
  id: string;
  name: string;
  /** Money string as the wire wrote it ('0.00'). */
  price: string;
  status: EditTicketStatus;
  /** The remove button (a zero-price ticket that may still be given up). */
  removable: boolean;
  /** A pass's validity (issue 25): shown in the session's zone; absent on other tickets. */
  validity?: { from: string; to: string } | null;
}

export interface EditSessionView {
  key: string;
  eventName: string;
  start: string | null;
  timezone: string | null;
  /** Tickets held after the change (not cancelled, not removed). */
  count: number;
  /** Their price, in cents. */
  priceCents: number;
  tickets: EditTicketView[];
  /** The session's Cancel (all its tickets free, some still cancellable). */
  cancelShown: boolean;
  /** The session to reschedule (Reschedule shown), or null. */
  rescheduleSessionId: string | null;
}

export interface EditOrderView {
  phase: EditOrderPhase;
  orderNumber: string | null;
  sessions: EditSessionView[];
  cancelOrderShown: boolean;
  /** The sticky footer: unsaved changes to confirm or discard. */
  unsaved: boolean;
  /** What the change costs more, in cents (0: nothing to pay). */
  outstandingCents: number;
  busy: boolean;
  success: EditSuccess | null;
  /** The unsaved change expired with its cart: the order as it is, with the timed-out message. */
  expired: boolean;
  error: Message | null;
}

const cents = (money: string) => Math.round(Number(money) * 100) || 0;

function statusOf(t: ManageTicket, removed: ReadonlySet<string>, nowMs: number): EditTicketStatus {
  if (isCancelledTicket(t)) return 'cancelled';
  if (removed.has(t.id)) return 'removed';
  if (t.state === 'redeemed') return 'redeemed';
  return isPastTicket(t, nowMs) ? 'past' : 'booked';
}

export function selectEditOrderView(snapshot: EditOrderSnapshot): EditOrderView {
  const { context } = snapshot;
  const value = snapshot.value as string;
  const { order, edit, nowMs, access } = context;
  const removed = new Set(edit?.removed);
  const removable = removableIds(order, edit, nowMs, access);
  const groups = groupTickets(order?.tickets ?? []).flatMap((d) => d.sessions);
  const sessions: EditSessionView[] = groups.map((g) => {
    const tickets: EditTicketView[] = g.tickets.map((t) => ({
      id: t.id,
      name: t.typeName,
      price: t.adjustedValue,
      status: statusOf(t, removed, nowMs),
      removable: removable.includes(t.id) && Number(t.adjustedValue) === 0,
      validity: t.validity ?? null,
    }));
    const movable = g.tickets.find((t) => !removed.has(t.id) && isReschedulable(t, nowMs, access));
    return {
      key: g.key,
      eventName: g.eventName,
      start: g.start,
      timezone: g.timezone,
      count: 0,
      priceCents: 0,
      tickets,
      cancelShown: sessionCancelIds(order, edit, g.key, nowMs, access).length > 0,
      rescheduleSessionId: movable?.sessionId ?? null,
    };
  });
  // The change's new tickets join their session's card (a new card for a session the order had none of).
  for (const a of edit?.added ?? []) {
    const key = a.sessionId ?? `event:${a.eventName}`;
    let card = sessions.find((s) => s.key === key);
    if (!card) {
      card = {
        key,
        eventName: a.eventName,
        start: a.start,
        timezone: a.timezone,
        count: 0,
        priceCents: 0,
        tickets: [],
        cancelShown: false,
        rescheduleSessionId: null,
      };
      sessions.push(card);
    }
    card.tickets.push({ id: a.id, name: a.typeName, price: a.price, status: 'added', removable: false });
  }
  for (const s of sessions) {
    const held = s.tickets.filter((t) => t.status !== 'cancelled' && t.status !== 'removed');
    s.count = held.length;
    s.priceCents = held.reduce((n, t) => n + cents(t.price), 0);
  }
  sessions.sort((a, b) => (a.start ?? '').localeCompare(b.start ?? '') || a.key.localeCompare(b.key));
  const phase: EditOrderPhase =
    value === 'loadFailed' ||
    value === 'refused' ||
    value === 'logOut' ||
    value === 'cancelFreeOrder' ||
    value === 'paying'
      ? value
      : value === 'loading' && order === null
        ? 'loading'
        : 'ready';
  const unsaved = edit !== null && value !== 'loading';
  return {
    phase,
    orderNumber: order?.number ?? null,
    sessions,
    cancelOrderShown: orderCancelIds(order, edit, nowMs, access).length > 0,
    unsaved,
    outstandingCents: cents(edit?.outstanding ?? '0'),
    busy: snapshot.hasTag('loading') || snapshot.hasTag('submitting'),
    success: context.success,
    expired: context.expired,
    error: context.error,
  };
}
