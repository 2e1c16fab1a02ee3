/**
 * Cancel free order's independent transition table (issue 29; cancelFreeOrder.table.test.ts holds the machine to
 * it), written from spec 2 §2 "Cancel-free-order page", §4 "Cancel-free-order", §5 ("Cancel selected needs a
 * selection", "Free ticket", "Upcoming ticket"), §8 "Order page" and "Cancel order", not read from the machine:
 * the order loads (GET ticket_order/{id} with the manage link's token); a refusal (order_not_manageable or a
 * 403) shows 'You must contact us to cancel this order.', a 404 'We could not find that order.', anything else
 * 'Oops! …' with a retry. An order without tickets, or without a valid one, is its empty state; otherwise the
 * page, where valid tickets are ticked one by one or a session at a time; 'Cancel order' asks for every valid
 * ticket (only when some exist), 'Cancel selected' for the selection (never without one); the confirm modal's
 * Confirm cancels them (POST ticket_order/{id}/cancel), then asks for the email (order_cancel; whatever it
 * answers), reloads the order and shows the success message; its Cancel keeps them. A refused cancel shows its
 * message ('No valid tickets found on this order', or the contact-us text, which ends the page) and reloads.
 *
 * The validity of a ticket is restated here (`valid`), independently of machines/cancelFreeOrder/rules.ts: spec
 * 2 §4 "not cancelled, adjusted_value '0', a session in the future", with the seller's horizon (days and hours,
 * spec 2 §3/§6) and self-edit categories as the server enforces them; a redeemed ticket is used (the code's
 * documented reading: only booked tickets are valid).
 */
import type { ManageAccess, ManageOrder, ManageTicket } from '../../api/models';
import type {
  CancelFreeOrderContext,
  CancelFreeOrderEvent,
  LoadOrderOutput,
} from '../../machines/cancelFreeOrder/types';
import type { OrderLoaded, OrderLoadOutput } from '../../machines/orderLoad/types';
import type { Message } from '../../machines/shared/messages';
import {
  ACCESS,
  FREE_ADULT,
  FREE_CHILD,
  NOW_MS,
  ORDER,
  PAID_ADULT,
} from '../../stories/fixtures/cancelFreeOrder';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = CancelFreeOrderContext;
export interface Err {
  code: string;
  status?: number;
  description?: string;
  context?: string;
}
type ActorId = 'cancelTickets' | 'sendEmail';
type E =
  | CancelFreeOrderEvent
  | { [A in ActorId]: { type: `xstate.error.actor.${A}`; error?: Err } }[ActorId]
  | { type: 'xstate.done.actor.cancelTickets' | 'xstate.done.actor.sendEmail'; output?: unknown };
type S = 'loading' | 'loadFailed' | 'refused' | 'empty' | 'ready' | 'confirming' | 'cancelling' | 'emailing';

// ---- the oracle (spec 2 §3, §4, §5, §8) -------------------------------------------------------------------------

export const HOUR = 3_600_000;
/** The seller's horizon: days and hours (spec 2 §6 "within a time horizon (days and hours)"). */
const horizon = (a: ManageAccess | null) =>
  a ? a.rules.horizonDays * 24 * HOUR + a.rules.horizonHours * HOUR : 0;
/** Spec 2 §4: booked (not cancelled, unbooked or redeemed), adjusted_value 0, starting after now + the horizon. */
export function valid(t: ManageTicket, nowMs: number, a: ManageAccess | null): boolean {
  if (t.state !== 'booked' || Number(t.adjustedValue) !== 0 || t.start === null) return false;
  if (!(Date.parse(t.start) > nowMs + horizon(a))) return false;
  const cats = a?.rules.enabled ? a.rules.categories : [];
  return cats.length === 0 || cats.includes(t.category ?? '');
}
const validIds = (c: Pick<C, 'order' | 'nowMs' | 'access'>): string[] =>
  (c.order?.tickets ?? []).filter((t) => valid(t, c.nowMs, c.access)).map((t) => t.id);
/** A session group: its session, or its event for tickets without one. */
export const keyOf = (t: ManageTicket) => t.sessionId ?? `event:${t.eventName}`;

/** Spec 2 §8 "Order page": 404 first, then the refusal (issue 24), else Oops. */
export const refused = (e: Err | undefined) => e?.code === 'order_not_manageable' || e?.status === 403;
export const loadMessage = (e: Err | undefined): Message =>
  e?.status === 404 || e?.code === 'not_found'
    ? { key: 'orderNotFound' }
    : refused(e)
      ? { key: 'cancelContactUs' }
      : { key: 'errorOops' };
/** Spec 2 §8 "Cancel order"; anything else the unexpected text. */
export const cancelMessage = (e: Err | undefined): Message =>
  e?.code === 'no_valid_tickets'
    ? { key: 'noValidTickets' }
    : refused(e)
      ? { key: 'cancelContactUs' }
      : { key: 'errorUnexpectedLater' };

const stored = (o: LoadOrderOutput): Partial<C> => ({
  order: o.order,
  access: o.access,
  nowMs: o.nowMs,
  selected: [],
  pending: [],
});
/**
 * The order loads by the orderLoad child (issue 17; its own table, orderLoad.table.ts, holds how a load ends):
 * here its answer. A refusal ends the page, a failure offers Try again, both saying the child's message.
 */
type LoadDone = Extract<E, { type: 'xstate.done.actor.orderLoad' }>;
const loadedOf = (e: LoadDone): LoadOrderOutput | null =>
  e.output.status === 'loaded' ? e.output.loaded : null;
/** The rows every order page has first for the child's answer: refused ends the page, failed offers Try again. */
export function loadEndedRows<Ctx extends { error: Message | null }>(): Row<
  Ctx,
  { type: string; output: OrderLoadOutput<OrderLoaded> }
>[] {
  const errorOf = (o: OrderLoadOutput<OrderLoaded>) => (o.status === 'loaded' ? null : o.error);
  return [
    {
      label: 'refused: the contact-us text ends the page',
      when: (_c, e) => e.output.status === 'refused',
      target: 'refused',
      effect: (_c, e) => ({ error: errorOf(e.output) }) as Partial<Ctx>,
    },
    {
      label: 'failed: its message, with Try again',
      when: (_c, e) => e.output.status === 'failed',
      target: 'loadFailed',
      effect: (_c, e) => ({ error: errorOf(e.output) }) as Partial<Ctx>,
    },
  ];
}
/** The child's answers other than loaded, as each order page's table sends them. */
export const LOAD_ENDINGS: [string, OrderLoadOutput<never>][] = [
  ['refused', { status: 'refused', error: { key: 'cancelContactUs' } }],
  ['not found', { status: 'failed', error: { key: 'orderNotFound' } }],
  ['oops', { status: 'failed', error: { key: 'errorOops' } }],
];
const loadDone: Row<C, LoadDone>[] = [
  ...loadEndedRows<C>(),
  {
    label: 'no tickets, or none valid: the empty state',
    when: (_c, e) => validIds(loadedOf(e) as LoadOrderOutput).length === 0,
    target: 'empty',
    effect: (_c, e) => stored(loadedOf(e) as LoadOrderOutput),
  },
  {
    label: 'valid tickets: the page',
    target: 'ready',
    effect: (_c, e) => stored(loadedOf(e) as LoadOrderOutput),
  },
];
const loadCall = (c: C): Call[] => [{ invoke: 'orderLoad', input: { orderId: c.orderId, token: c.token } }];
const toggled = (selected: string[], id: string) =>
  selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: { entry: { calls: loadCall } },
    loadFailed: {},
    refused: {},
    empty: {},
    ready: {},
    confirming: {},
    cancelling: {
      entry: {
        calls: (c) => [
          { invoke: 'cancelTickets', input: { orderId: c.orderId, token: c.token, ticketIds: c.pending } },
        ],
      },
    },
    emailing: {
      entry: {
        calls: (c) => [
          { invoke: 'sendEmail', input: { orderId: c.orderId, token: c.token, logContext: 'order_cancel' } },
        ],
      },
    },
  },
  on: {
    // The first load, and the order again after a cancel (its success message stays) or a refused one.
    'xstate.done.actor.orderLoad': { loading: loadDone },
    retry: { loadFailed: [{ target: 'loading', effect: () => ({ error: null }) }] },
    'ticket.toggle': {
      ready: [
        {
          label: 'a valid ticket',
          when: (c, e) => validIds(c).includes(e.ticketId),
          target: null,
          effect: (c, e) => ({ selected: toggled(c.selected, e.ticketId), notice: null }),
        },
      ],
    },
    'session.toggleAll': {
      ready: [
        {
          label: "select-all: ticks the session's valid tickets, or unticks them when all are ticked",
          target: null,
          effect: (c, e) => {
            const ofSession = (c.order?.tickets ?? [])
              .filter((t) => keyOf(t) === e.sessionKey && validIds(c).includes(t.id))
              .map((t) => t.id);
            const all = ofSession.length > 0 && ofSession.every((id) => c.selected.includes(id));
            return {
              selected: all
                ? c.selected.filter((id) => !ofSession.includes(id))
                : [...c.selected, ...ofSession.filter((id) => !c.selected.includes(id))],
              notice: null,
            };
          },
        },
      ],
    },
    cancelOrder: {
      ready: [
        {
          label: 'valid tickets: every one of them',
          when: (c) => validIds(c).length > 0,
          target: 'confirming',
          effect: (c) => ({ pending: validIds(c), error: null, notice: null }),
        },
      ],
    },
    cancelSelected: {
      ready: [
        {
          label: 'a selection',
          when: (c) => c.selected.length > 0,
          target: 'confirming',
          effect: (c) => ({ pending: [...c.selected], error: null, notice: null }),
        },
      ],
    },
    confirm: { confirming: [{ target: 'cancelling' }] },
    dismiss: { confirming: [{ target: 'ready', effect: () => ({ pending: [] }) }] },
    'xstate.done.actor.cancelTickets': {
      cancelling: [
        {
          target: 'emailing',
          effect: () => ({ notice: 'cancelled' as const, selected: [], pending: [] }),
        },
      ],
    },
    'xstate.error.actor.cancelTickets': {
      cancelling: [
        {
          label: 'refused: the contact-us text ends the page',
          when: (_c, e) => refused(e.error),
          target: 'refused',
          effect: (_c, e) => ({ error: cancelMessage(e.error), pending: [] }),
        },
        {
          label: 'the message, the order again',
          target: 'loading',
          effect: (_c, e) => ({ error: cancelMessage(e.error), pending: [] }),
        },
      ],
    },
    // The tickets are cancelled whatever the email answers.
    'xstate.done.actor.sendEmail': { emailing: [{ target: 'loading' }] },
    'xstate.error.actor.sendEmail': { emailing: [{ target: 'loading' }] },
  },
};

// ---- worlds and event samples -------------------------------------------------------------------------------------

const ticket = (over: Partial<ManageTicket> & Pick<ManageTicket, 'id'>): ManageTicket => ({
  ...FREE_ADULT,
  ...over,
});
/** Starts exactly at now + 2 hours (the horizon): not beyond it. */
export const AT_HORIZON = ticket({
  id: 'ticket-at-horizon',
  sessionId: 'session-h',
  start: new Date(NOW_MS + 2 * HOUR).toISOString(),
});
/** One millisecond beyond the horizon: valid. */
export const PAST_HORIZON = ticket({
  id: 'ticket-past-horizon',
  sessionId: 'session-h',
  start: new Date(NOW_MS + 2 * HOUR + 1).toISOString(),
});
/** Paid at face value, free after a discount: adjusted_value decides (spec 2 §4). */
export const DISCOUNTED = ticket({ id: 'ticket-discounted', faceValue: '20.00', adjustedValue: '0.00' });
/** Free at face value, not after adjustment. */
const SURCHARGED = ticket({ id: 'ticket-surcharged', faceValue: '0.00', adjustedValue: '3.00' });
export const TALK = ticket({ id: 'ticket-talk', category: 'Talks', sessionId: 'session-t' });
const NO_CATEGORY = ticket({ id: 'ticket-no-category', category: null, sessionId: 'session-t' });
const REDEEMED = ticket({ id: 'ticket-redeemed', state: 'redeemed' });
const UNBOOKED = ticket({ id: 'ticket-unbooked', state: 'unbooked' });
const CANCELLED = ticket({ id: 'ticket-cancelled', state: 'cancelled' });
const IN_CART = ticket({ id: 'ticket-in-cart', state: 'in_cart' });
/** A pass (issue 25): no session; grouped by its event. */
const PASS = ticket({ id: 'ticket-pass', sessionId: null, start: null, eventName: 'Museum Pass' });
/** A day beyond now: valid with a horizon of hours, not of one day. */
const TOMORROW = ticket({
  id: 'ticket-tomorrow',
  sessionId: 'session-d',
  start: new Date(NOW_MS + 20 * HOUR).toISOString(),
});

export const MIXED: ManageOrder = {
  id: 'order-24',
  number: 'ABCD-1234',
  tickets: [
    AT_HORIZON,
    PAST_HORIZON,
    DISCOUNTED,
    SURCHARGED,
    TALK,
    NO_CATEGORY,
    REDEEMED,
    UNBOOKED,
    CANCELLED,
    IN_CART,
    PASS,
    TOMORROW,
  ],
};
const rules = (over: Partial<ManageAccess['rules']>): ManageAccess => ({
  ...ACCESS,
  rules: { ...ACCESS.rules, ...over },
});
/** Self-edit off: the categories are not the page's concern (the server's rules for the cancel-only page). */
export const OFF = rules({ enabled: false });
/** Every category. */
export const ANY = rules({ categories: [] });
/** One day and no hours: 24 hours (not 1 + 0). */
export const A_DAY = rules({ horizonDays: 1, horizonHours: 0 });
/** One day and 2 hours: 26 hours, so the ticket at 20 hours is within it. */
const DAY_AND_HOURS = rules({ horizonDays: 1, horizonHours: 2 });

const base: C = {
  orderId: 'order-24',
  token: 'tok-24',
  order: null,
  access: null,
  nowMs: 0,
  selected: [],
  pending: [],
  notice: null,
  error: null,
};
export const OOPS: Message = { key: 'errorOops' };
export const worlds: World<C>[] = [
  { name: 'nothing loaded', context: base },
  {
    name: 'nothing loaded, no token, an error',
    context: { ...base, orderId: 'order-7', token: null, error: OOPS },
  },
  {
    name: 'the order, nothing ticked',
    context: { ...base, order: ORDER, access: ACCESS, nowMs: NOW_MS },
  },
  {
    name: 'the order, the free Adult ticked, after a cancel',
    context: {
      ...base,
      order: ORDER,
      access: ACCESS,
      nowMs: NOW_MS,
      selected: [FREE_ADULT.id],
      notice: 'cancelled',
    },
  },
  {
    name: 'the order, both free ticked and pending, an error',
    context: {
      ...base,
      order: ORDER,
      access: ACCESS,
      nowMs: NOW_MS,
      selected: [FREE_CHILD.id, FREE_ADULT.id],
      pending: [FREE_CHILD.id, FREE_ADULT.id],
      error: OOPS,
    },
  },
  {
    name: 'the order past its horizon: nothing valid, a stale tick',
    context: {
      ...base,
      order: ORDER,
      access: ACCESS,
      nowMs: Date.parse('2026-12-05T19:00:00Z'),
      selected: [FREE_CHILD.id],
    },
  },
  {
    name: 'mixed tickets, Workshops in 2 hours',
    context: { ...base, order: MIXED, access: ACCESS, nowMs: NOW_MS, selected: [PAST_HORIZON.id] },
  },
  {
    name: 'mixed tickets, self-edit off',
    context: { ...base, order: MIXED, access: OFF, nowMs: NOW_MS, selected: [TALK.id], notice: 'cancelled' },
  },
  {
    name: 'mixed tickets, any category',
    context: { ...base, order: MIXED, access: ANY, nowMs: NOW_MS, selected: [] },
  },
  {
    name: 'mixed tickets, a day',
    context: { ...base, order: MIXED, access: A_DAY, nowMs: NOW_MS, selected: [TOMORROW.id] },
  },
  {
    name: 'mixed tickets, a day and 2 hours',
    context: { ...base, order: MIXED, access: DAY_AND_HOURS, nowMs: NOW_MS },
  },
  {
    name: 'mixed tickets, no access answer',
    context: { ...base, order: MIXED, access: null, nowMs: NOW_MS, selected: [TALK.id] },
  },
];

/** The orderLoad child's done event with its answer. */
const loadEvent = (output: OrderLoadOutput<LoadOrderOutput>): E => ({
  type: 'xstate.done.actor.orderLoad',
  output,
  actorId: 'orderLoad',
});
const loaded = (name: string, order: ManageOrder, access = ACCESS, nowMs = NOW_MS): EventSample<E> => ({
  name: `loaded: ${name}`,
  event: loadEvent({ status: 'loaded', loaded: { order, access, nowMs } }),
});
const errors: [string, Err | undefined][] = [
  ['not manageable (403)', { code: 'order_not_manageable', status: 403 }],
  ['not manageable (400)', { code: 'order_not_manageable', status: 400 }],
  ['forbidden (403)', { code: 'forbidden', status: 403 }],
  ['not found (404)', { code: 'not_found', status: 404 }],
  ['not found (no status)', { code: 'not_found' }],
  ['gone (404)', { code: 'gone', status: 404 }],
  ['no valid tickets (400)', { code: 'no_valid_tickets', status: 400 }],
  ['bad gateway (502)', { code: 'unexpected', status: 502 }],
  ['nothing', undefined],
];
const failed = (id: ActorId) =>
  errors.map(([name, error]) => ({
    name: `${id} failed: ${name}`,
    event: (error ? { type: `xstate.error.actor.${id}`, error } : { type: `xstate.error.actor.${id}` }) as E,
  }));

export const events: EventSample<E>[] = [
  loaded('the order', ORDER),
  loaded('the order after a cancel', {
    ...ORDER,
    tickets: [{ ...FREE_ADULT, state: 'cancelled' }, PAID_ADULT, FREE_CHILD],
  }),
  loaded('no tickets', { ...ORDER, tickets: [] }),
  loaded('no free tickets', { ...ORDER, tickets: [PAID_ADULT] }),
  loaded('only at the horizon', { ...MIXED, tickets: [AT_HORIZON, REDEEMED, SURCHARGED] }),
  loaded('just beyond the horizon', { ...MIXED, tickets: [AT_HORIZON, PAST_HORIZON] }),
  loaded('a talk, Workshops only', { ...MIXED, tickets: [TALK, NO_CATEGORY] }),
  loaded('a talk, self-edit off', { ...MIXED, tickets: [TALK] }, OFF),
  loaded('a talk, any category', { ...MIXED, tickets: [TALK] }, ANY),
  loaded('tomorrow, a day', { ...MIXED, tickets: [TOMORROW] }, A_DAY),
  loaded('tomorrow, 2 hours', { ...MIXED, tickets: [TOMORROW] }, ACCESS),
  loaded('the order, later', ORDER, ACCESS, Date.parse('2026-12-04T14:00:00Z')),
  ...LOAD_ENDINGS.map(([name, output]) => ({
    name: `orderLoad ${name}`,
    event: loadEvent(output),
  })),
  { name: 'cancelled', event: { type: 'xstate.done.actor.cancelTickets', output: undefined } },
  ...failed('cancelTickets'),
  { name: 'emailed', event: { type: 'xstate.done.actor.sendEmail', output: undefined } },
  ...failed('sendEmail').slice(-2),
  ...[
    FREE_ADULT,
    PAID_ADULT,
    FREE_CHILD,
    PAST_HORIZON,
    AT_HORIZON,
    TALK,
    NO_CATEGORY,
    DISCOUNTED,
    SURCHARGED,
    TOMORROW,
  ].map((t) => ({ name: `tick ${t.id}`, event: { type: 'ticket.toggle', ticketId: t.id } as E })),
  { name: 'tick an unknown ticket', event: { type: 'ticket.toggle', ticketId: 'ticket-unknown' } },
  ...['session-a', 'session-b', 'session-h', 'session-t', 'session-d', 'event:Museum Pass', 'session-z'].map(
    (key) => ({ name: `select all of ${key}`, event: { type: 'session.toggleAll', sessionKey: key } as E }),
  ),
  { name: 'Cancel order', event: { type: 'cancelOrder' } },
  { name: 'Cancel selected', event: { type: 'cancelSelected' } },
  { name: 'Confirm', event: { type: 'confirm' } },
  { name: "the modal's Cancel", event: { type: 'dismiss' } },
  { name: 'retry', event: { type: 'retry' } },
];
