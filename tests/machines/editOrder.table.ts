/**
 * Edit order's independent transition table (issue 29; editOrder.table.test.ts holds the machine to it), written
 * from spec 2 §2 "Edit-order page" and "Cart widget", §4 "Edit order", §6 and §8, not read from the machine: the
 * order, the access answer and its pending change load together; with self-edit off /manage/{id} is the
 * cancel-free-order page (final here: the route shows that flow), a logged-in member is told to log out, an open
 * change (a pending order-bound cart of this order) is the unsaved state, anything else the saved page. A
 * refusal (order_not_manageable or 403) shows the contact-us text; a 404 'We could not find that order.'; else
 * 'Oops! …' with a retry. A remove button (a zero-price valid ticket not removed yet), a session's Cancel (all its
 * tickets free) and 'Cancel order' (all the order's tickets free, spec 2 §4 face_value '0') put their tickets into
 * the order-bound cart; the route is told the cart to keep. Confirm Changes: something outstanding goes on to
 * /manage/{id}/confirm (final, the route is told), nothing completes for free; the success message is
 * 'rescheduled' when the change added tickets, else 'cancelled'. Cancel discards it (deletes the cart, whatever
 * the answer). An unsaved change whose cart expires is forgotten; the order loads again with the timed-out message
 * until the next change.
 *
 * Removable tickets restate spec 2 §4 with ./cancelFreeOrder.table.ts's validity (free by adjusted_value, booked,
 * beyond the horizon, the self-edit categories); a session's Cancel and 'Cancel order' look at face_value of every
 * ticket (cancelled ones too), the code's documented reading of "only if all tickets in that session are free".
 */
import type { EditCart, ManageOrder, ManageTicket } from '../../api/models';
import type { EditOrderContext, EditOrderEvent, LoadEditOutput } from '../../machines/editOrder/types';
import type { OrderLoadOutput } from '../../machines/orderLoad/types';
import type { Message } from '../../machines/shared/messages';
import {
  ACCESS,
  FREE_ADULT,
  FREE_CHILD,
  NOW_MS,
  ORDER,
  PAID_ADULT,
} from '../../stories/fixtures/cancelFreeOrder';
import {
  COSTS_MORE,
  LOADED,
  LOADED_ALL_FREE,
  LOADED_COSTS_MORE,
  LOADED_EXPIRED,
  LOADED_RESCHEDULED,
  MEMBER,
  REMOVED_ADULT,
  RESCHEDULED,
  SELF_EDIT_OFF,
} from '../../stories/fixtures/editOrder';
import {
  cancelMessage,
  DISCOUNTED,
  type Err,
  keyOf,
  LOAD_ENDINGS,
  loadEndedRows,
  TALK,
  valid,
} from './cancelFreeOrder.table';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = EditOrderContext;
type ActorId = 'removeTickets' | 'confirmChange' | 'discardChange' | 'changeExpiry';
type E =
  | EditOrderEvent
  | { type: 'xstate.done.actor.removeTickets'; output: EditCart }
  | { type: `xstate.done.actor.${Exclude<ActorId, 'removeTickets'>}`; output?: unknown }
  | { [A in ActorId]: { type: `xstate.error.actor.${A}`; error?: Err } }[ActorId];
type S =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'cancelFreeOrder'
  | 'logOut'
  | 'saved'
  | 'unsaved'
  | 'removing'
  | 'confirming'
  | 'discarding'
  | 'paying';

// ---- the oracle (spec 2 §2, §4, §8) ---------------------------------------------------------------------------------

/** The change is open: its cart is pending and bound to this order. */
const open = (edit: EditCart | null, orderId: string) =>
  edit !== null && edit.state === 'pending' && edit.orderId === orderId;
const removable = (c: C): string[] =>
  (c.order?.tickets ?? [])
    .filter((t) => !(c.edit?.removed ?? []).includes(t.id) && valid(t, c.nowMs, c.access))
    .map((t) => t.id);
const faceFree = (ts: ManageTicket[]) => ts.every((t) => Number(t.faceValue) === 0);
/** What an edit event gives up (none: it does nothing). */
function givesUp(c: C, e: E): string[] {
  if (e.type === 'ticket.remove') return removable(c).includes(e.ticketId) ? [e.ticketId] : [];
  if (e.type === 'session.cancel') {
    const ofSession = (c.order?.tickets ?? []).filter((t) => keyOf(t) === e.sessionKey);
    return faceFree(ofSession) ? removable(c).filter((id) => ofSession.some((t) => t.id === id)) : [];
  }
  if (e.type === 'order.cancel') return faceFree(c.order?.tickets ?? []) ? removable(c) : [];
  return [];
}
/** Spec 2 §8 "Reschedule" (the confirm is the change's): start again with the server's text, else Oops. */
function confirmMessage(e: Err | undefined): Message {
  const again =
    e?.code === 'cart_expired' ||
    (e?.context === 'cart_remove_tickets' &&
      ['tickets_too_old', 'ticket_state_incorrect', 'ticket_not_found'].includes(e.code));
  return again && e?.description?.trim()
    ? { key: 'rescheduleStartAgain', params: { description: e.description } }
    : { key: 'errorOops' };
}

const stored = (c: C, o: LoadEditOutput): Partial<C> => {
  const edit = open(o.edit, c.orderId) ? o.edit : null;
  return {
    order: o.order,
    access: o.access,
    nowMs: o.nowMs,
    edit,
    cartId: edit?.cartId ?? null,
    pending: [],
    // The timed-out message stays with the order as it is, not with a change still open.
    expired: c.expired && edit === null,
  };
};
const closed = (c: C): Call[] => [{ action: 'editClosed', params: { orderId: c.orderId } }];
const ask: Row<C, E>[] = [
  {
    label: 'gives up tickets',
    when: (c, e) => givesUp(c, e).length > 0,
    target: 'removing',
    effect: (c, e) => ({ pending: givesUp(c, e), success: null, expired: false, error: null }),
  },
];

type LoadDone = Extract<E, { type: 'xstate.done.actor.orderLoad' }>;
/** What the child loaded (the rows after the refused and failed ones see only a loaded order). */
const loadedOf = (e: LoadDone): LoadEditOutput => (e.output as { loaded: LoadEditOutput }).loaded;
/** The orderLoad child's done event with its answer. */
const loadEvent = (output: OrderLoadOutput<LoadEditOutput>): E => ({
  type: 'xstate.done.actor.orderLoad',
  output,
  actorId: 'orderLoad',
});

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: {
      entry: {
        calls: (c) => [
          { invoke: 'orderLoad', input: { orderId: c.orderId, token: c.token, cartId: c.cartId } },
        ],
      },
    },
    loadFailed: {},
    refused: {},
    cancelFreeOrder: { final: true },
    logOut: {},
    saved: {},
    unsaved: {
      entry: { calls: (c) => [{ invoke: 'changeExpiry', input: { expiresAt: c.edit?.expiresAt ?? null } }] },
    },
    removing: {
      entry: {
        calls: (c) => [
          {
            invoke: 'removeTickets',
            input: { orderId: c.orderId, token: c.token, cartId: c.cartId, ticketIds: c.pending },
          },
        ],
      },
    },
    confirming: {
      entry: {
        calls: (c) => [
          { invoke: 'confirmChange', input: { orderId: c.orderId, token: c.token, cartId: c.cartId ?? '' } },
        ],
      },
    },
    discarding: {
      entry: { calls: (c) => [{ invoke: 'discardChange', input: { cartId: c.cartId ?? '' } }] },
    },
    paying: { final: true },
  },
  on: {
    // The orderLoad child's answer (its own table holds how a load ends): refused, failed, then the order.
    'xstate.done.actor.orderLoad': {
      loading: [
        ...loadEndedRows<C>(),
        {
          label: 'self-edit off: the cancel-free-order page',
          when: (_c, e) => !loadedOf(e).access.rules.enabled,
          target: 'cancelFreeOrder',
          effect: (c, e) => stored(c, loadedOf(e)),
        },
        {
          label: 'a member: log out',
          when: (_c, e) => loadedOf(e).access.via === 'session',
          target: 'logOut',
          effect: (c, e) => stored(c, loadedOf(e)),
        },
        {
          label: 'an open change',
          when: (c, e) => open(loadedOf(e).edit, c.orderId),
          target: 'unsaved',
          effect: (c, e) => stored(c, loadedOf(e)),
        },
        { target: 'saved', effect: (c, e) => stored(c, loadedOf(e)) },
      ],
    },
    retry: { loadFailed: [{ target: 'loading', effect: () => ({ error: null }) }] },
    'ticket.remove': { saved: ask, unsaved: ask },
    'session.cancel': { saved: ask, unsaved: ask },
    'order.cancel': { saved: ask, unsaved: ask },
    confirm: {
      unsaved: [
        {
          label: 'something to pay: on to /manage/{id}/confirm',
          when: (c) => Number(c.edit?.outstanding ?? 0) > 0,
          target: 'paying',
          calls: (c) => [{ action: 'editPay', params: { orderId: c.orderId, cartId: c.cartId ?? '' } }],
        },
        { label: 'nothing to pay: the free checkout', target: 'confirming' },
      ],
    },
    discard: { unsaved: [{ target: 'discarding' }] },
    'xstate.done.actor.changeExpiry': {
      unsaved: [
        {
          label: 'the change’s cart expired: the order as it is, timed out',
          target: 'loading',
          effect: () => ({ edit: null, cartId: null, success: null, expired: true, error: null }),
          calls: closed,
        },
      ],
    },
    'xstate.error.actor.changeExpiry': {},
    'xstate.done.actor.removeTickets': {
      removing: [
        {
          target: 'unsaved',
          effect: (_c, e) => ({ edit: e.output, cartId: e.output.cartId, pending: [] }),
          calls: (c, e) => [{ action: 'editKept', params: { orderId: c.orderId, cartId: e.output.cartId } }],
        },
      ],
    },
    'xstate.error.actor.removeTickets': {
      removing: [{ target: 'loading', effect: (_c, e) => ({ error: cancelMessage(e.error), pending: [] }) }],
    },
    'xstate.done.actor.confirmChange': {
      confirming: [
        {
          target: 'loading',
          effect: (c) => ({
            success: (c.edit?.added.length ?? 0) > 0 ? ('rescheduled' as const) : ('cancelled' as const),
            expired: false,
            edit: null,
            cartId: null,
            error: null,
          }),
          calls: closed,
        },
      ],
    },
    'xstate.error.actor.confirmChange': {
      confirming: [{ target: 'loading', effect: (_c, e) => ({ error: confirmMessage(e.error) }) }],
    },
    'xstate.done.actor.discardChange': {
      discarding: [{ target: 'loading', effect: () => ({ edit: null, cartId: null }), calls: closed }],
    },
    'xstate.error.actor.discardChange': {
      discarding: [{ target: 'loading', effect: () => ({ edit: null, cartId: null }), calls: closed }],
    },
  },
};

// ---- worlds and event samples -------------------------------------------------------------------------------------

const CANCELLED_CHILD: ManageTicket = { ...FREE_CHILD, id: 'ticket-cancelled-child', state: 'cancelled' };
const PAID_CANCELLED: ManageTicket = {
  ...FREE_CHILD,
  id: 'ticket-paid-cancelled',
  sessionId: 'session-p',
  faceValue: '9.00',
  adjustedValue: '9.00',
  state: 'cancelled',
};
const FREE_P: ManageTicket = { ...FREE_CHILD, id: 'ticket-free-p', sessionId: 'session-p' };
/** Free tickets only (face value 0): a talk outside the Workshops, a cancelled Child. */
const ALL_FREE: ManageOrder = { ...ORDER, tickets: [FREE_ADULT, FREE_CHILD, CANCELLED_CHILD, TALK] };
/** A ticket free after a discount (adjusted 0, face 20) beside the free Child; a session with a cancelled paid one. */
const DISCOUNTS: ManageOrder = { ...ORDER, tickets: [DISCOUNTED, FREE_CHILD, PAID_CANCELLED, FREE_P] };

const edit = (over: Partial<EditCart>): EditCart => ({ ...RESCHEDULED, ...over });
const ONE_CENT = edit({ cartId: 'cart-edit-2', outstanding: '0.01', expiresAt: null, removed: [] });
const REFUND = edit({ cartId: 'cart-edit-3', outstanding: '-5.00', removed: [FREE_ADULT.id], added: [] });

const base: C = {
  orderId: 'order-24',
  token: 'tok-24',
  cartId: null,
  order: null,
  access: null,
  edit: null,
  nowMs: 0,
  pending: [],
  success: null,
  expired: false,
  error: null,
};
const OOPS: Message = { key: 'errorOops' };
const loadedCtx = (order: ManageOrder, e: EditCart | null, over: Partial<C> = {}): C => ({
  ...base,
  order,
  access: ACCESS,
  nowMs: NOW_MS,
  edit: e,
  cartId: e?.cartId ?? null,
  ...over,
});
export const worlds: World<C>[] = [
  { name: 'nothing loaded', context: base },
  {
    name: 'nothing loaded, a change kept by the tab, confirmed by the checkout',
    context: { ...base, token: null, cartId: 'cart-edit-1', success: 'rescheduled' },
  },
  { name: 'nothing loaded, timed out', context: { ...base, expired: true, error: OOPS } },
  { name: 'another order, nothing loaded', context: { ...base, orderId: 'order-7' } },
  { name: 'the order, no change', context: loadedCtx(ORDER, null) },
  { name: 'the order, the reschedule’s change', context: loadedCtx(ORDER, RESCHEDULED) },
  {
    name: 'the order, a change costing more, a success shown',
    context: loadedCtx(ORDER, COSTS_MORE, { success: 'cancelled' }),
  },
  {
    name: 'the order, the Adult removed, pending, an error',
    context: loadedCtx(ORDER, REMOVED_ADULT, { pending: [FREE_ADULT.id], error: OOPS }),
  },
  {
    name: 'free tickets only, timed out',
    context: loadedCtx(ALL_FREE, null, { expired: true, error: OOPS }),
  },
  { name: 'free tickets only, the Adult given back', context: loadedCtx(ALL_FREE, REFUND) },
  { name: 'discounted tickets, a cent to pay', context: loadedCtx(DISCOUNTS, ONE_CENT) },
  {
    name: 'the order past session-a’s horizon',
    context: loadedCtx(ORDER, null, { nowMs: Date.parse('2026-12-04T14:00:00Z') }),
  },
];

const loadedEvent = (name: string, output: LoadEditOutput): EventSample<E> => ({
  name: `loaded: ${name}`,
  event: loadEvent({ status: 'loaded', loaded: output }),
});
const errors: [string, Err | undefined][] = [
  ['not manageable (403)', { code: 'order_not_manageable', status: 403 }],
  ['not manageable (400)', { code: 'order_not_manageable', status: 400 }],
  ['forbidden (403)', { code: 'forbidden', status: 403 }],
  ['not found (404)', { code: 'not_found', status: 404 }],
  ['no valid tickets (400)', { code: 'no_valid_tickets', status: 400 }],
  ['cart expired', { code: 'cart_expired', status: 410, description: 'Your cart has expired.' }],
  ['cart expired, no text', { code: 'cart_expired', status: 410, description: '  ' }],
  [
    'tickets changed (cart_remove_tickets)',
    { code: 'ticket_state_incorrect', context: 'cart_remove_tickets', description: 'Changed.' },
  ],
  [
    'too old (cart_remove_tickets)',
    { code: 'tickets_too_old', context: 'cart_remove_tickets', description: 'Old.' },
  ],
  [
    'not found (cart_remove_tickets)',
    { code: 'ticket_not_found', context: 'cart_remove_tickets', description: 'Gone.' },
  ],
  [
    'tickets changed (elsewhere)',
    { code: 'ticket_state_incorrect', context: 'reserve', description: 'Changed.' },
  ],
  ['bad gateway (502)', { code: 'unexpected', status: 502 }],
  ['nothing', undefined],
];
const failed = (id: ActorId, only?: number) =>
  errors.slice(0, only).map(([name, error]) => ({
    name: `${id} failed: ${name}`,
    event: (error ? { type: `xstate.error.actor.${id}`, error } : { type: `xstate.error.actor.${id}` }) as E,
  }));

const withEdit = (e: EditCart | null): LoadEditOutput => ({ ...LOADED, edit: e });
export const events: EventSample<E>[] = [
  loadedEvent('no change', LOADED),
  loadedEvent('the reschedule’s change', LOADED_RESCHEDULED),
  loadedEvent('a change costing more', LOADED_COSTS_MORE),
  loadedEvent('an expired change', LOADED_EXPIRED),
  loadedEvent('a completed change', withEdit(edit({ state: 'completed' }))),
  loadedEvent('another order’s change', withEdit(edit({ orderId: 'order-7' }))),
  loadedEvent('free tickets only', LOADED_ALL_FREE),
  loadedEvent('a member', MEMBER),
  loadedEvent('a member with a change', { ...MEMBER, edit: RESCHEDULED }),
  loadedEvent('self-edit off', SELF_EDIT_OFF),
  loadedEvent('self-edit off, a member', {
    ...SELF_EDIT_OFF,
    access: { ...SELF_EDIT_OFF.access, via: 'session' },
  }),
  ...LOAD_ENDINGS.map(([name, output]) => ({ name: `orderLoad ${name}`, event: loadEvent(output) })),
  ...[FREE_ADULT, PAID_ADULT, FREE_CHILD, CANCELLED_CHILD, TALK, DISCOUNTED, FREE_P].map((t) => ({
    name: `remove ${t.id}`,
    event: { type: 'ticket.remove', ticketId: t.id } as E,
  })),
  { name: 'remove an unknown ticket', event: { type: 'ticket.remove', ticketId: 'ticket-unknown' } },
  ...['session-a', 'session-b', 'session-p', TALK.sessionId as string, 'session-z'].map((key) => ({
    name: `cancel ${key}`,
    event: { type: 'session.cancel', sessionKey: key } as E,
  })),
  { name: 'Cancel order', event: { type: 'order.cancel' } },
  { name: 'Confirm Changes', event: { type: 'confirm' } },
  { name: 'discard', event: { type: 'discard' } },
  { name: 'retry', event: { type: 'retry' } },
  { name: 'the change’s cart expired', event: { type: 'xstate.done.actor.changeExpiry', output: undefined } },
  ...failed('changeExpiry').slice(-1),
  { name: 'removed', event: { type: 'xstate.done.actor.removeTickets', output: REMOVED_ADULT } },
  {
    name: 'removed into a new cart',
    event: { type: 'xstate.done.actor.removeTickets', output: edit({ cartId: 'cart-new', expiresAt: null }) },
  },
  ...failed('removeTickets', 5),
  { name: 'confirmed', event: { type: 'xstate.done.actor.confirmChange', output: undefined } },
  ...failed('confirmChange'),
  { name: 'discarded', event: { type: 'xstate.done.actor.discardChange', output: undefined } },
  ...failed('discardChange').slice(-2),
];
