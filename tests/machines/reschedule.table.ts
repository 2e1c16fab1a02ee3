/**
 * Reschedule's independent transition table (issue 29; reschedule.table.test.ts holds the machine to it), written
 * from spec 2 §2 "Reschedule page" and "Edit-order page" (Reschedule only for non-single events), §4 "Reschedule"
 * and "Edit order" (the self-edit categories), §5 ("Reschedule Update needs a date and a session"), §6 (a member
 * cannot use the page) and §8 "Reschedule", not read from the machine: the order, the access answer and the event's
 * days load together; a member is told to log out, a session with nothing that may move is unavailable, a refusal
 * shows the contact-us text, a 404 'We could not find that order.', else 'Oops! …' with Try again. A day that is
 * offered and not sold out loads its sessions (again when another day is chosen meanwhile); a session of that day,
 * open and not the one the tickets are in, is chosen; Update (a date and a session) makes the change in one
 * modification (remove the session's tickets, add one of each one's type in the chosen session) and returns to
 * the manage page, which is told the cart. A failure clears the chosen date (and the sessions, for Update): an
 * expired cart, or cart_remove_tickets with tickets_too_old, ticket_state_incorrect or ticket_not_found, show the
 * server's text with 'Click here to start again.'; anything else the generic text.
 *
 * The tickets that move are restated here: booked tickets of the session, of a repeating (non-single) event,
 * starting beyond the seller's horizon, in the self-edit categories (any when none are named), with self-edit on.
 */
import type { ManageAccess, ManageOrder, ManageTicket } from '../../api/models';
import type { OrderLoadOutput } from '../../machines/orderLoad/types';
import type {
  LoadRescheduleOutput,
  RescheduleContext,
  RescheduleEvent,
  RescheduleSession,
} from '../../machines/reschedule/types';
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
  DAYS,
  LATE_DAY,
  LOADED,
  MEMBER,
  OPEN_DAY,
  SESSIONS,
  SOLD_OUT_DAY,
  TOO_LATE,
} from '../../stories/fixtures/reschedule';
import { type Err, HOUR, LOAD_ENDINGS, loadEndedRows } from './cancelFreeOrder.table';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = RescheduleContext;
type ActorId = 'loadSessions' | 'updateOrder';
type E =
  | RescheduleEvent
  | { type: 'xstate.done.actor.loadSessions'; output: RescheduleSession[] }
  | { type: 'xstate.done.actor.updateOrder'; output: { cartId: string } }
  | { [A in ActorId]: { type: `xstate.error.actor.${A}`; error?: Err } }[ActorId];
type S =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'logOut'
  | 'unavailable'
  | 'choosing'
  | 'loadingSessions'
  | 'updating'
  | 'failed'
  | 'done';

// ---- the oracle (spec 2 §2, §4, §5, §8) ---------------------------------------------------------------------------

function movable(t: ManageTicket, nowMs: number, a: ManageAccess | null): boolean {
  if (!a?.rules.enabled || t.state !== 'booked' || t.eventType === 'single' || t.start === null) return false;
  const horizon = (a.rules.horizonDays * 24 + a.rules.horizonHours) * HOUR;
  if (!(Date.parse(t.start) > nowMs + horizon)) return false;
  return a.rules.categories.length === 0 || a.rules.categories.includes(t.category ?? '');
}
const moving = (c: Pick<C, 'order' | 'sessionId' | 'nowMs' | 'access'>): ManageTicket[] =>
  (c.order?.tickets ?? []).filter((t) => t.sessionId === c.sessionId && movable(t, c.nowMs, c.access));
const quantities = (ts: ManageTicket[]) => {
  const q: Record<string, number> = {};
  for (const t of ts) q[t.ticketTypeId] = (q[t.ticketTypeId] ?? 0) + 1;
  return q;
};
/** Spec 2 §8 "Reschedule". */
function rescheduleMessage(e: Err | undefined): Message {
  const again =
    e?.code === 'cart_expired' ||
    (e?.context === 'cart_remove_tickets' &&
      ['tickets_too_old', 'ticket_state_incorrect', 'ticket_not_found'].includes(e.code));
  return again && e?.description?.trim()
    ? { key: 'rescheduleStartAgain', params: { description: e.description } }
    : { key: 'errorOops' };
}

const stored = (o: LoadRescheduleOutput): Partial<C> => ({
  order: o.order,
  access: o.access,
  days: o.days,
  nowMs: o.nowMs,
  error: null,
  startAgain: false,
});
const dayOpen = (c: C, date: string) => c.days.some((d) => d.date === date && !d.soldOut);
const chooseDay = (reenter: boolean): Row<C, Extract<E, { type: 'date.select' }>>[] => [
  {
    label: 'a day offered and not sold out',
    when: (c, e) => dayOpen(c, e.date),
    target: 'loadingSessions',
    ...(reenter ? { reenter: true } : {}),
    effect: (_c, e) => ({
      selectedDate: e.date,
      sessions: null,
      selectedSessionId: null,
      error: null,
      startAgain: false,
    }),
  },
];
const restart = [{ target: 'loading' as const, effect: () => ({ error: null, startAgain: false }) }];

type LoadDone = Extract<E, { type: 'xstate.done.actor.orderLoad' }>;
/** What the child loaded (the rows after the refused and failed ones see only a loaded order). */
const loadedOf = (e: LoadDone): LoadRescheduleOutput => (e.output as { loaded: LoadRescheduleOutput }).loaded;
/** The orderLoad child's done event with its answer. */
const loadEvent = (output: OrderLoadOutput<LoadRescheduleOutput>): E => ({
  type: 'xstate.done.actor.orderLoad',
  output,
  actorId: 'orderLoad',
});

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: {
      entry: {
        calls: (c): Call[] => [
          { invoke: 'orderLoad', input: { orderId: c.orderId, sessionId: c.sessionId, token: c.token } },
        ],
      },
    },
    loadFailed: {},
    refused: {},
    logOut: {},
    unavailable: {},
    choosing: {},
    loadingSessions: {
      entry: {
        calls: (c): Call[] => [
          {
            invoke: 'loadSessions',
            input: {
              eventId: moving(c)[0]?.eventId ?? '',
              date: c.selectedDate ?? '',
              quantities: quantities(moving(c)),
            },
          },
        ],
      },
    },
    updating: {
      entry: {
        calls: (c): Call[] => [
          {
            invoke: 'updateOrder',
            input: {
              orderId: c.orderId,
              token: c.token,
              remove: moving(c).map((t) => t.id),
              add: moving(c).map((t) => ({
                sessionId: c.selectedSessionId ?? '',
                ticketTypeId: t.ticketTypeId,
              })),
            },
          },
        ],
      },
    },
    failed: {},
    done: {
      final: true,
      entry: {
        calls: (c): Call[] => [
          { action: 'rescheduled', params: { orderId: c.orderId, cartId: c.cartId ?? '' } },
        ],
      },
    },
  },
  on: {
    // The orderLoad child's answer (its own table holds how a load ends): refused, failed, then the order.
    'xstate.done.actor.orderLoad': {
      loading: [
        ...loadEndedRows<C>(),
        {
          label: 'a member: log out',
          when: (_c, e) => loadedOf(e).access.via === 'session',
          target: 'logOut',
          effect: (_c, e) => stored(loadedOf(e)),
        },
        {
          label: 'nothing of the session may move',
          when: (c, e) => moving({ ...loadedOf(e), sessionId: c.sessionId }).length === 0,
          target: 'unavailable',
          effect: (_c, e) => stored(loadedOf(e)),
        },
        { target: 'choosing', effect: (_c, e) => stored(loadedOf(e)) },
      ],
    },
    restart: { loadFailed: restart, failed: restart },
    'date.select': { choosing: chooseDay(false), loadingSessions: chooseDay(true), failed: chooseDay(false) },
    'session.select': {
      choosing: [
        {
          label: 'a session of the day, open, not the current one',
          when: (c, e) =>
            (c.sessions ?? []).some((s) => s.id === e.sessionId && !s.soldOut && s.id !== c.sessionId),
          target: null,
          effect: (_c, e) => ({ selectedSessionId: e.sessionId }),
        },
      ],
    },
    update: {
      choosing: [
        {
          label: 'a date and a session',
          when: (c) => c.selectedDate !== null && c.selectedSessionId !== null,
          target: 'updating',
        },
      ],
    },
    'xstate.done.actor.loadSessions': {
      loadingSessions: [{ target: 'choosing', effect: (_c, e) => ({ sessions: e.output }) }],
    },
    'xstate.error.actor.loadSessions': {
      loadingSessions: [
        {
          target: 'choosing',
          effect: (_c, e) => ({ error: rescheduleMessage(e.error), selectedDate: null }),
        },
      ],
    },
    'xstate.done.actor.updateOrder': {
      updating: [{ target: 'done', effect: (_c, e) => ({ cartId: e.output.cartId }) }],
    },
    'xstate.error.actor.updateOrder': {
      updating: [
        {
          target: 'failed',
          effect: (_c, e) => {
            const error = rescheduleMessage(e.error);
            return {
              error,
              startAgain: error.key === 'rescheduleStartAgain',
              selectedDate: null,
              sessions: null,
              selectedSessionId: null,
            };
          },
        },
      ],
    },
  },
};

// ---- worlds and event samples -------------------------------------------------------------------------------------

const t = (over: Partial<ManageTicket> & Pick<ManageTicket, 'id'>): ManageTicket => ({
  ...FREE_ADULT,
  ...over,
});
/** session-a with two types, a single event's ticket, a cancelled one, a talk and a redeemed one beside the Adults. */
const MIXED: ManageOrder = {
  ...ORDER,
  tickets: [
    FREE_ADULT,
    t({ id: 'ticket-child-a', ticketTypeId: 'type-child', typeName: 'Child' }),
    PAID_ADULT,
    t({ id: 'ticket-single', eventType: 'single', eventId: 'event-single' }),
    t({ id: 'ticket-cancelled', state: 'cancelled' }),
    t({ id: 'ticket-talk', category: 'Talks' }),
    t({ id: 'ticket-redeemed', state: 'redeemed' }),
    FREE_CHILD,
  ],
};
/** The Adult is a single event's ticket and first in the order: the eventId comes from the first moving one. */
const SINGLE_FIRST: ManageOrder = {
  ...ORDER,
  tickets: [t({ id: 'ticket-single', eventType: 'single', eventId: 'event-single' }), FREE_ADULT],
};
const rules = (over: Partial<ManageAccess['rules']>): ManageAccess => ({
  ...ACCESS,
  rules: { ...ACCESS.rules, ...over },
});
const ANY = rules({ categories: [] });
const OFF = rules({ enabled: false });
const A_DAY = rules({ horizonDays: 3, horizonHours: 0 });

const base: C = {
  orderId: 'order-24',
  sessionId: 'session-a',
  token: 'tok-24',
  order: null,
  access: null,
  nowMs: 0,
  days: [],
  selectedDate: null,
  sessions: null,
  selectedSessionId: null,
  cartId: null,
  error: null,
  startAgain: false,
};
const OOPS: Message = { key: 'errorOops' };
const loaded: C = { ...base, order: ORDER, access: ACCESS, nowMs: NOW_MS, days: DAYS };
export const worlds: World<C>[] = [
  { name: 'nothing loaded', context: base },
  {
    name: 'nothing loaded, no token, an error to start again',
    context: { ...base, token: null, orderId: 'order-7', error: OOPS, startAgain: true },
  },
  { name: 'loaded, nothing chosen', context: loaded },
  { name: 'a day chosen, its sessions loading', context: { ...loaded, selectedDate: OPEN_DAY } },
  { name: 'a day and its sessions', context: { ...loaded, selectedDate: OPEN_DAY, sessions: SESSIONS } },
  {
    name: 'a day and a session chosen, an error to start again',
    context: {
      ...loaded,
      selectedDate: OPEN_DAY,
      sessions: SESSIONS,
      selectedSessionId: 'session-c',
      error: OOPS,
      startAgain: true,
    },
  },
  {
    name: 'a session kept, the day cleared',
    context: { ...loaded, sessions: SESSIONS, selectedSessionId: 'session-e' },
  },
  {
    name: 'the Child’s session (session-b), a day and its sessions',
    context: {
      ...loaded,
      sessionId: 'session-b',
      selectedDate: LATE_DAY,
      sessions: SESSIONS,
      selectedSessionId: 'session-a',
    },
  },
  {
    name: 'two types, a single event, any category, chosen',
    context: {
      ...loaded,
      order: MIXED,
      access: ANY,
      selectedDate: OPEN_DAY,
      sessions: SESSIONS,
      selectedSessionId: 'session-c',
    },
  },
  {
    name: 'mixed, Workshops within three days',
    context: {
      ...loaded,
      order: MIXED,
      access: A_DAY,
      selectedDate: OPEN_DAY,
      selectedSessionId: 'session-c',
    },
  },
  {
    name: 'a single event first, chosen',
    context: { ...loaded, order: SINGLE_FIRST, selectedDate: OPEN_DAY, selectedSessionId: 'session-c' },
  },
  {
    name: 'self-edit off, chosen',
    context: {
      ...loaded,
      access: OFF,
      selectedDate: OPEN_DAY,
      selectedSessionId: 'session-c',
      cartId: 'cart-old',
    },
  },
];

const loadedEvent = (name: string, output: LoadRescheduleOutput): EventSample<E> => ({
  name: `loaded: ${name}`,
  event: loadEvent({ status: 'loaded', loaded: output }),
});
const errors: [string, Err | undefined][] = [
  ['not manageable (403)', { code: 'order_not_manageable', status: 403 }],
  ['not manageable (400)', { code: 'order_not_manageable', status: 400 }],
  ['forbidden (403)', { code: 'forbidden', status: 403 }],
  ['not found (404)', { code: 'not_found', status: 404 }],
  ['cart expired', { code: 'cart_expired', status: 410, description: 'Your cart has expired.' }],
  ['cart expired, no text', { code: 'cart_expired', status: 410 }],
  ['cart expired, blank text', { code: 'cart_expired', status: 410, description: ' ' }],
  [
    'changed (cart_remove_tickets)',
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
  ['changed (reserve)', { code: 'ticket_state_incorrect', context: 'reserve', description: 'Changed.' }],
  [
    'sold out (cart_remove_tickets)',
    { code: 'event_session_sold_out', context: 'cart_remove_tickets', description: 'Full.' },
  ],
  ['bad gateway (502)', { code: 'unexpected', status: 502 }],
  ['nothing', undefined],
];
const failed = (id: ActorId, pick: (all: typeof errors) => typeof errors = (all) => all) =>
  pick(errors).map(([name, error]) => ({
    name: `${id} failed: ${name}`,
    event: (error ? { type: `xstate.error.actor.${id}`, error } : { type: `xstate.error.actor.${id}` }) as E,
  }));

export const events: EventSample<E>[] = [
  loadedEvent('the order', LOADED),
  loadedEvent('a member', MEMBER),
  loadedEvent('past the horizon', TOO_LATE),
  loadedEvent('a member past the horizon', { ...TOO_LATE, access: MEMBER.access }),
  loadedEvent('self-edit off', { ...LOADED, access: OFF }),
  loadedEvent('a single event only', {
    ...LOADED,
    order: { ...ORDER, tickets: [t({ id: 's', eventType: 'single' })] },
  }),
  loadedEvent('talks only, Workshops', {
    ...LOADED,
    order: { ...ORDER, tickets: [t({ id: 'k', category: 'Talks' })] },
  }),
  loadedEvent('talks only, any category', {
    ...LOADED,
    access: ANY,
    order: { ...ORDER, tickets: [t({ id: 'k', category: 'Talks' })] },
  }),
  loadedEvent('just beyond the horizon', {
    ...LOADED,
    nowMs: Date.parse(FREE_ADULT.start as string) - 2 * HOUR - 1,
  }),
  loadedEvent('at the horizon', { ...LOADED, nowMs: Date.parse(FREE_ADULT.start as string) - 2 * HOUR }),
  loadedEvent('no days', { ...LOADED, days: [] }),
  ...LOAD_ENDINGS.map(([name, output]) => ({ name: `orderLoad ${name}`, event: loadEvent(output) })),
  ...[OPEN_DAY, SOLD_OUT_DAY, LATE_DAY, '2027-01-01'].map((date) => ({
    name: `choose ${date}`,
    event: { type: 'date.select', date } as E,
  })),
  ...['session-c', 'session-e', 'session-d', 'session-a', 'session-z'].map((id) => ({
    name: `choose ${id}`,
    event: { type: 'session.select', sessionId: id } as E,
  })),
  { name: 'Update', event: { type: 'update' } },
  { name: 'start again', event: { type: 'restart' } },
  { name: 'sessions', event: { type: 'xstate.done.actor.loadSessions', output: SESSIONS } },
  { name: 'no sessions', event: { type: 'xstate.done.actor.loadSessions', output: [] } },
  ...failed('loadSessions', (all) => [...all.slice(4, 6), ...all.slice(-2)]),
  { name: 'updated', event: { type: 'xstate.done.actor.updateOrder', output: { cartId: 'cart-edit-1' } } },
  ...failed('updateOrder', (all) => all.slice(3)),
];
