/** The cancel-free-order view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { ManageTicket } from '../../api/models';
import type { Message } from '../shared/messages';
import type { cancelFreeOrderMachine } from './cancelFreeOrder.machine';
import {
  type EmptyKind,
  emptyKind,
  groupTickets,
  isCancelledTicket,
  isFreeTicket,
  isPastTicket,
  validTicketIds,
} from './rules';

export type CancelFreeOrderSnapshot = SnapshotFrom<typeof cancelFreeOrderMachine>;

export type CancelFreeOrderPhase =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'empty'
  | 'ready'
  | 'confirming'
  | 'cancelling';

/** How a ticket's status reads (spec 2 §2 labels: Cancelled, Redeemed, Past Event). */
export type TicketStatus = 'booked' | 'cancelled' | 'redeemed' | 'past' | 'notFree';

export interface TicketRowView {
  id: string;
  name: string;
  /** The ticket's price as the wire wrote it ('0.00'). */
  price: string;
  status: TicketStatus;
  /** A checkbox is offered (a valid ticket). */
  selectable: boolean;
  selected: boolean;
  /** A pass's validity (issue 25): shown in the session's zone; null on other tickets. */
  validity: { from: string; to: string } | null;
}

export interface SessionView {
  key: string;
  eventName: string;
  start: string | null;
  timezone: string | null;
  /** Open at first: the order spans one session only (spec 2 §2). */
  initiallyOpen: boolean;
  tickets: TicketRowView[];
  /** Select-all: offered when the session has valid tickets; checked when all of them are selected. */
  selectAllOffered: boolean;
  allSelected: boolean;
}

export interface CancelFreeOrderView {
  phase: CancelFreeOrderPhase;
  orderNumber: string | null;
  dates: Array<{ date: string; sessions: SessionView[] }>;
  empty: EmptyKind | null;
  /** 'Cancel order' is shown (valid tickets exist) and enabled (nothing in flight). */
  cancelOrderShown: boolean;
  cancelSelectedDisabled: boolean;
  /** The confirm modal: open, with how many tickets it cancels. */
  confirmOpen: boolean;
  pendingCount: number;
  busy: boolean;
  succeeded: boolean;
  error: Message | null;
}

const statusOf = (t: ManageTicket, nowMs: number): TicketStatus => {
  if (isCancelledTicket(t)) return 'cancelled';
  if (t.state === 'redeemed') return 'redeemed';
  if (isPastTicket(t, nowMs)) return 'past';
  return isFreeTicket(t) ? 'booked' : 'notFree';
};

export function selectCancelFreeOrderView(snapshot: CancelFreeOrderSnapshot): CancelFreeOrderView {
  const { context } = snapshot;
  const value = snapshot.value as string;
  // The order loading again (after a cancel) keeps the page, its buttons waiting.
  const phase: CancelFreeOrderPhase =
    value === 'emailing' || (value === 'loading' && context.order !== null)
      ? 'cancelling'
      : (value as CancelFreeOrderPhase);
  const tickets = context.order?.tickets ?? [];
  const valid = validTicketIds(tickets, context.nowMs, context.access);
  const groups = groupTickets(tickets);
  const sessionCount = groups.reduce((n, d) => n + d.sessions.length, 0);
  const busy = snapshot.hasTag('loading') || snapshot.hasTag('submitting');
  return {
    phase,
    orderNumber: context.order?.number ?? null,
    dates: groups.map((d) => ({
      date: d.date,
      sessions: d.sessions.map((s) => {
        const sessionValid = s.tickets.filter((t) => valid.includes(t.id)).map((t) => t.id);
        return {
          key: s.key,
          eventName: s.eventName,
          start: s.start,
          timezone: s.timezone,
          initiallyOpen: sessionCount <= 1,
          tickets: s.tickets.map((t) => ({
            id: t.id,
            name: t.typeName,
            price: t.adjustedValue,
            status: statusOf(t, context.nowMs),
            selectable: valid.includes(t.id),
            selected: context.selected.includes(t.id),
            validity: t.validity ?? null,
          })),
          selectAllOffered: sessionValid.length > 0,
          allSelected: sessionValid.length > 0 && sessionValid.every((id) => context.selected.includes(id)),
        };
      }),
    })),
    empty: context.order ? emptyKind(tickets, context.nowMs, context.access) : null,
    cancelOrderShown: valid.length > 0,
    cancelSelectedDisabled: busy || phase !== 'ready' || context.selected.length === 0,
    confirmOpen: value === 'confirming',
    pendingCount: context.pending.length,
    busy,
    succeeded: context.notice === 'cancelled',
    error: context.error,
  };
}
