/**
 * The cart machine's independent transition table (issue 29; cart.table.test.ts holds the machine to it),
 * written from spec 1 §4 "Cart lifecycle" and spec 2 §2 "Cart widget", §4 "Cart", not read from the machine: a
 * fresh cart (an event's, a load's, a removal's, more time's) is checked: an already completed order (no
 * expiry, no held ticket, nothing outstanding) shows its confirmation and is forgotten; an expired one is
 * forgotten (injected: an error); one with fewer than 30 s left is deleted in the background; else it becomes
 * current (the newly added tickets tracked, the id persisted, the mobile cart closed when it holds none) and its
 * local expiry is watched; at the deadline an empty cart is forgotten, else the expiry modal opens once and the
 * upsell chain is cleared; Start over clears the cart. The modal stack's four actions are provided as markers
 * (the pure step has no modal stack to send to): the table checks that they run, and when.
 */
import type { CartModel } from '../../api/models';
import type { CartContext, CartEvent } from '../../machines/cart/types';
import type { Message } from '../../machines/shared/messages';
import { makeCart } from '../../stories/fixtures/cart';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = CartContext;
type ActorId = 'loadCart' | 'removeTickets' | 'extendHold' | 'discardCart';
type ActorEvent =
  | { type: `xstate.done.actor.${ActorId}`; output: unknown }
  | { type: `xstate.error.actor.${ActorId}`; error: unknown };
type E = CartEvent | ActorEvent;
export type S =
  | 'starting'
  | 'loading'
  | 'loadFailed'
  | 'checking'
  | 'empty.idle'
  | 'empty.discarding'
  | 'active.idle'
  | 'active.extending'
  | 'active.removing'
  | 'active.refreshing'
  | 'expired';

const msg = (key: string): Message => ({ key }) as Message;

// ---- the spec's conditions ------------------------------------------------------------------------------------

const completedOrder = (cart: CartModel) =>
  cart.expiresIn === null &&
  cart.expiresAt === null &&
  cart.heldTicketCount === 0 &&
  cart.totals.outstandingCents <= 0;
const expiredCart = (cart: CartModel) => cart.state === 'expired';
/** Fewer than 30 seconds of server expiry left. */
const tooLittleTime = (cart: CartModel) => cart.expiresIn !== null && cart.expiresIn < 30;
interface ErrorLike {
  code: string;
  description: string | null;
  extra?: unknown;
  status?: number;
}
const errorIn = (event: E): ErrorLike => {
  const { code, description, extra, status } = (event as { error: ErrorLike }).error;
  return { code, description: description ?? null, extra, ...(status === undefined ? {} : { status }) };
};
/** The stored cart no longer exists: not found or expired, by code or by status. */
const gone = (event: E) => {
  const e = errorIn(event);
  return (
    ['not_found', 'cart_not_found', 'cart_expired', 'expired'].includes(e.code) ||
    e.status === 404 ||
    e.status === 410
  );
};
/** The local deadline has passed at `now` (a cart without one is always current). */
const reached = (c: C, now: number) => c.localExpiresAt !== null && c.localExpiresAt <= now;
const outputCart = (event: E) => (event as { output: CartModel }).output;

/** Tickets newly added, per event item and ticket type, against the previous cart (another cart: all of them). */
function added(previous: CartModel | null, next: CartModel) {
  const counts = (cart: CartModel | null) => {
    const m = new Map<
      string,
      { ticketTypeId: string; eventName: string; name: string; count: number; unitCents: number }
    >();
    for (const item of cart?.items ?? [])
      for (const line of item.lines) {
        const key = `${item.key}|${line.ticketTypeId}`;
        const count = (m.get(key)?.count ?? 0) + line.count;
        const unitCents = line.count > 0 ? Math.round(line.totalCents / line.count) : 0;
        m.set(key, {
          ticketTypeId: line.ticketTypeId,
          eventName: item.eventName,
          name: line.name,
          count,
          unitCents,
        });
      }
    return m;
  };
  const before = previous?.id === next.id ? counts(previous) : new Map();
  return [...counts(next)].flatMap(([key, now]) => {
    const more = now.count - (before.get(key)?.count ?? 0);
    return more > 0 ? [{ ...now, count: more }] : [];
  });
}

// ---- effects and calls ----------------------------------------------------------------------------------------

const forget: Partial<C> = {
  cartId: null,
  cart: null,
  incoming: null,
  localExpiresAt: null,
  tickedAt: null,
  error: null,
};
/** The cart id is persisted whenever it differs from the one last persisted (the one before is named). */
const persisted = (before: C, cartId: string | null): Partial<C> =>
  cartId === before.persistedCartId ? {} : { persistedCartId: cartId };
const persist = (before: C, _event: unknown, after: C): Call[] =>
  before.persistedCartId === after.cartId
    ? []
    : [{ action: 'persist', params: { cartId: after.cartId, previous: before.persistedCartId } }];
const forgetting = (c: C): Partial<C> => ({ ...forget, ...persisted(c, null) });
const take =
  (injected: boolean) =>
  (cart: CartModel): Partial<C> => ({ incoming: cart, injected });
const toEmpty = <Ev>(): Row<C, Ev> => ({ target: 'empty.idle', effect: forgetting, calls: persist });
const storeError = (_: C, e: E): Partial<C> => ({ error: errorIn(e) as C['error'] });

function accept(c: C): Partial<C> {
  const incoming = c.incoming as CartModel;
  const sameCart = c.cart !== null && c.cart.id === incoming.id;
  // Spec 1 §3 "Local values": a fresh copy of the same cart keeps its pending gift card payments.
  const cart =
    sameCart && !incoming.giftCards && c.cart?.giftCards
      ? { ...incoming, giftCards: c.cart.giftCards }
      : incoming;
  return {
    cart,
    cartId: incoming.id,
    localExpiresAt: null,
    incoming: null,
    injected: false,
    error: null,
    extension: sameCart ? c.extension : { allowed: c.extension.allowed, status: 'idle', message: null },
    ...persisted(c, incoming.id),
  };
}
const track = (c: C): Call[] => {
  const incoming = c.incoming as CartModel;
  const tickets = added(c.cart, incoming);
  return tickets.length > 0
    ? [{ action: 'track', params: { added: tickets, currency: incoming.currency } }]
    : [];
};

const ACTIVE = ['active.idle', 'active.extending', 'active.removing', 'active.refreshing'] as const;
const inActive = <R>(rows: R): Partial<Record<S, R>> => Object.fromEntries(ACTIVE.map((s) => [s, rows]));
const takeDone: Row<C, E>[] = [{ target: 'checking', effect: (_, e) => take(false)(outputCart(e)) }];
const goneOr = (otherwise: Row<C, E>): Row<C, E>[] => [{ when: (_, e) => gone(e), ...toEmpty() }, otherwise];

export const table: Table<C, E, S> = {
  initial: 'starting',
  compound: {
    // No cart: the mobile cart modal closes.
    empty: { entry: { calls: () => [{ action: 'closeMobileCart' }] } },
    // The expiry watcher arms the local expiry of a fresh cart (from its expires_in) and ticks.
    active: {
      entry: {
        calls: (c) => [
          {
            invoke: 'expiryWatcher',
            input: { deadline: c.localExpiresAt, expiresInSeconds: c.cart?.expiresIn ?? null },
          },
        ],
      },
    },
  },
  states: {
    starting: { always: [{ when: (c) => c.cartId !== null, target: 'loading' }, { target: 'empty.idle' }] },
    loading: { entry: { calls: (c) => [{ invoke: 'loadCart', input: { cartId: c.cartId ?? '' } }] } },
    loadFailed: {},
    checking: {
      always: [
        {
          when: (c) => c.incoming !== null && completedOrder(c.incoming),
          target: 'empty.idle',
          effect: forgetting,
          calls: (c, _, after) => [
            { action: 'showCompletedOrder', params: { orderIds: c.incoming?.orderIds } },
            ...persist(c, null, after),
          ],
        },
        {
          // Spec 1 §4: injecting an expired cart raises an error.
          when: (c) => c.injected && c.incoming !== null && expiredCart(c.incoming),
          target: 'empty.idle',
          effect: (c) => ({
            ...forgetting(c),
            error: { code: 'cart_expired', description: null, status: 410 },
            injected: false,
          }),
          calls: persist,
        },
        { when: (c) => c.incoming !== null && expiredCart(c.incoming), ...toEmpty() },
        {
          when: (c) => c.incoming !== null && tooLittleTime(c.incoming),
          target: 'empty.discarding',
          effect: (c) => ({ ...forgetting(c), discardCartId: c.incoming?.id ?? c.cartId }),
          calls: persist,
        },
        {
          when: (c) => c.incoming?.ticketCount === 0,
          target: 'active.idle',
          effect: accept,
          calls: (c, _, after) => [...track(c), ...persist(c, null, after), { action: 'closeMobileCart' }],
        },
        {
          target: 'active.idle',
          effect: accept,
          calls: (c, _, after) => [...track(c), ...persist(c, null, after)],
        },
      ],
    },
    'empty.idle': {},
    'empty.discarding': {
      entry: { calls: (c) => [{ invoke: 'discardCart', input: { cartId: c.discardCartId ?? '' } }] },
    },
    'active.idle': {},
    'active.extending': {
      entry: { calls: (c) => [{ invoke: 'extendHold', input: { cartId: c.cartId ?? '' } }] },
    },
    'active.removing': {
      entry: {
        calls: (c, e) => [
          {
            invoke: 'removeTickets',
            input: {
              cartId: c.cartId ?? '',
              ticketIds: e.type === 'cart.remove' ? (e as unknown as { ticketIds: string[] }).ticketIds : [],
            },
          },
        ],
      },
    },
    'active.refreshing': {
      entry: { calls: (c) => [{ invoke: 'loadCart', input: { cartId: c.cartId ?? '' } }] },
    },
    expired: { entry: { calls: () => [{ action: 'openExpiryModal' }] } },
  },
  on: {
    'cart.updated': {
      '*': [{ target: 'checking', effect: (_, e) => take(false)(e.cart) }],
      expired: [
        {
          // Another tab's live cart: the modal closes and the cart is followed.
          when: (_, e) => !completedOrder(e.cart) && !expiredCart(e.cart) && !tooLittleTime(e.cart),
          target: 'checking',
          effect: (_, e) => take(false)(e.cart),
          calls: () => [{ action: 'closeExpiryModal' }],
        },
        { target: null },
      ],
    },
    'cart.inject': { '*': [{ target: 'checking', effect: (_, e) => take(true)(e.cart) }] },
    'cart.clear': {
      '*': [{ when: (c, e) => e.cartId === undefined || e.cartId === c.cartId, ...toEmpty() }],
      expired: [
        {
          when: (c, e) => e.cartId === undefined || e.cartId === c.cartId,
          target: 'empty.idle',
          effect: forgetting,
          calls: (c, _, after) => [...persist(c, null, after), { action: 'closeAllModals' }],
        },
      ],
    },
    'cart.remove': {
      'active.idle': [
        {
          when: (_, e) => e.ticketIds.length > 0,
          target: 'active.removing',
          effect: () => ({ error: null }),
        },
      ],
    },
    'cart.refresh': {
      loadFailed: [{ target: 'loading', effect: () => ({ error: null }) }],
      'active.idle': [{ target: 'active.refreshing', effect: () => ({ error: null }) }],
    },
    'cart.extend': {
      'active.idle': [
        {
          when: (c) => c.extension.allowed && c.extension.status !== 'refused' && c.cartId !== null,
          target: 'active.extending',
          effect: (c) => ({ extension: { ...c.extension, status: 'extending', message: null } }),
        },
      ],
    },
    'expiry.confirm': {
      expired: [
        {
          target: 'empty.discarding',
          effect: (c) => ({ ...forgetting(c), discardCartId: c.incoming?.id ?? c.cartId }),
          calls: (c, _, after) => [...persist(c, null, after), { action: 'closeAllModals' }],
        },
      ],
    },
    'expiry.armed': inActive([
      {
        when: (c: C) => c.localExpiresAt === null,
        target: null,
        effect: (_: C, e: { deadline: number }) => ({ localExpiresAt: e.deadline }),
      },
    ]),
    tick: inActive<Row<C, Extract<E, { type: 'tick' }>>[]>([
      {
        when: (c, e) => reached(c, e.now) && (c.cart?.ticketCount ?? 0) === 0,
        ...toEmpty(),
      },
      {
        when: (c, e) => reached(c, e.now),
        target: 'expired',
        effect: (_, e) => ({ tickedAt: e.now }),
        calls: () => [{ action: 'clearUpsellChain' }],
      },
      { target: null, effect: (_, e) => ({ tickedAt: e.now }) },
    ]),
    'xstate.done.actor.loadCart': { loading: takeDone, 'active.refreshing': takeDone },
    'xstate.error.actor.loadCart': {
      loading: goneOr({ target: 'loadFailed', effect: storeError }),
      'active.refreshing': goneOr({ target: 'active.idle', effect: storeError }),
    },
    'xstate.done.actor.removeTickets': { 'active.removing': takeDone },
    'xstate.error.actor.removeTickets': {
      'active.removing': goneOr({ target: 'active.idle', effect: storeError }),
    },
    'xstate.done.actor.extendHold': {
      'active.extending': [
        {
          target: 'checking',
          effect: (c, e) => ({
            ...take(false)(outputCart(e)),
            extension: { ...c.extension, status: 'granted', message: msg('moreTimeGranted') },
          }),
        },
      ],
    },
    'xstate.error.actor.extendHold': {
      'active.extending': goneOr({
        target: 'active.idle',
        effect: (c, e) => {
          const refused = errorIn(e).code === 'hold_extension_limit';
          return {
            extension: {
              ...c.extension,
              status: refused ? 'refused' : 'failed',
              message: msg(refused ? 'holdExtensionLimit' : 'errorUnexpected'),
            },
          };
        },
      }),
    },
    'xstate.done.actor.discardCart': {
      'empty.discarding': [{ target: 'empty.idle', effect: () => ({ discardCartId: null }) }],
    },
    'xstate.error.actor.discardCart': {
      'empty.discarding': [{ target: 'empty.idle', effect: () => ({ discardCartId: null }) }],
    },
  },
};

// ---- worlds ---------------------------------------------------------------------------------------------------

const T = 1_000_000;
const line = (ticketTypeId: string, count: number, totalCents: number) => ({
  ticketTypeId,
  name: `Type ${ticketTypeId}`,
  count,
  unitCents: 0,
  totalCents,
});
const item = (key: string, lines: ReturnType<typeof line>[]) => ({
  key,
  eventId: key,
  eventName: `Event ${key}`,
  sessionId: null,
  start: null,
  timezone: 'UTC',
  image: null,
  lines,
  ticketIds: [],
});
export const carts = {
  /** c1: 2 adults (a 3-ticket line elsewhere), 900 s held, with a pending gift card. */
  c1: makeCart({
    id: 'c1',
    items: [item('e1', [line('adult', 2, 3001)]), item('e2', [line('child', 1, 999)])],
    giftCards: [{ cardNumber: '7000', paymentCents: 500, remainingBalanceCents: 0 }],
  }),
  /** c1 again with one more adult and a new line, no gift cards of its own: the local ones stay. */
  c1More: makeCart({
    id: 'c1',
    ticketCount: 5,
    items: [
      item('e1', [line('adult', 3, 4502)]),
      item('e2', [line('child', 1, 999), line('senior', 1, 700)]),
    ],
  }),
  /** Another cart, with a ticket. */
  c3: makeCart({ id: 'c3', ticketCount: 1, currency: 'EUR', items: [item('e3', [line('adult', 1, 1234)])] }),
  /** A live cart holding no ticket. */
  noTickets: makeCart({ id: 'c4', ticketCount: 0 }),
  /** An already completed order: no expiry, nothing held, nothing outstanding (tickets booked). */
  completed: makeCart({
    id: 'c5',
    expiresIn: null,
    expiresAt: null,
    heldTicketCount: 0,
    orderIds: ['o1', 'o2'],
    totals: { ...makeCart().totals, outstandingCents: 0 },
  }),
  /** Nothing outstanding and nothing held, but it expires: not an order. */
  heldNothing: makeCart({
    id: 'c6',
    heldTicketCount: 0,
    totals: { ...makeCart().totals, outstandingCents: 0 },
  }),
  /** No expiry, nothing held, but something outstanding: not an order. */
  owing: makeCart({ id: 'c7', expiresIn: null, expiresAt: null, heldTicketCount: 0 }),
  expired: makeCart({ id: 'c8', state: 'expired' }),
  /** 29 s left: deleted; 30 s: kept. */
  short: makeCart({ id: 'c9', expiresIn: 29 }),
  thirty: makeCart({ id: 'c10', expiresIn: 30 }),
  /** 10 s left and no ticket: deleted all the same. */
  shortEmpty: makeCart({ id: 'c11', expiresIn: 10, ticketCount: 0 }),
};

const extension = (over: Partial<C['extension']> = {}): C['extension'] => ({
  allowed: true,
  status: 'idle',
  message: null,
  ...over,
});
const context = (over: Partial<C>): C => ({
  cartId: 'c1',
  persistedCartId: 'c1',
  cart: carts.c1,
  incoming: null,
  localExpiresAt: T + 100_000,
  tickedAt: T + 90_000,
  error: null,
  discardCartId: null,
  extension: extension(),
  injected: false,
  ...over,
});
export const worlds: World<C>[] = [
  { name: 'c1 current, armed, more time allowed', context: context({}) },
  {
    name: 'a stored id s1, no cart yet',
    context: context({
      cartId: 's1',
      persistedCartId: 's1',
      cart: null,
      localExpiresAt: null,
      tickedAt: null,
    }),
  },
  {
    name: 'no cart at all',
    context: context({
      cartId: null,
      persistedCartId: null,
      cart: null,
      localExpiresAt: null,
      tickedAt: null,
    }),
  },
  {
    name: 'c1 not armed, more time refused, an error shown, "old" persisted',
    context: context({
      persistedCartId: 'old',
      localExpiresAt: null,
      extension: extension({ status: 'refused', message: msg('holdExtensionLimit') }),
      error: { code: 'unexpected', description: null, status: 500 },
    }),
  },
  {
    name: 'a cart holding no ticket, past its deadline, more time granted',
    context: context({
      cartId: 'c4',
      persistedCartId: 'c4',
      cart: carts.noTickets,
      localExpiresAt: T,
      extension: extension({ status: 'granted', message: msg('moreTimeGranted') }),
    }),
  },
  {
    name: 'more time not offered, discarding d1, an injected cart held',
    context: context({
      extension: extension({ allowed: false }),
      discardCartId: 'd1',
      injected: true,
      incoming: carts.c3,
    }),
  },
];

// ---- event samples --------------------------------------------------------------------------------------------

const err = (type: `xstate.error.actor.${ActorId}`, error: object, name: string): EventSample<E> => ({
  name,
  event: { type, error },
});
export const events: EventSample<E>[] = [
  ...Object.entries(carts).map(
    ([name, cart]) => ({ name: `${name} updated`, event: { type: 'cart.updated', cart } }) as EventSample<E>,
  ),
  { name: 'an expired cart injected', event: { type: 'cart.inject', cart: carts.expired } },
  { name: 'c3 injected', event: { type: 'cart.inject', cart: carts.c3 } },
  { name: 'c1 more injected', event: { type: 'cart.inject', cart: carts.c1More } },
  { name: 'remove t1', event: { type: 'cart.remove', ticketIds: ['t1'] } },
  { name: 'remove nothing', event: { type: 'cart.remove', ticketIds: [] } },
  { name: 'refresh', event: { type: 'cart.refresh' } },
  { name: 'clear', event: { type: 'cart.clear' } },
  { name: 'clear c1', event: { type: 'cart.clear', cartId: 'c1' } },
  { name: 'clear another tab’s cart', event: { type: 'cart.clear', cartId: 'c2' } },
  { name: 'more time', event: { type: 'cart.extend' } },
  { name: 'Start over', event: { type: 'expiry.confirm' } },
  { name: 'armed', event: { type: 'expiry.armed', deadline: T + 200_000 } },
  { name: 'a tick before the deadline', event: { type: 'tick', now: T + 99_999 } },
  { name: 'a tick at the deadline', event: { type: 'tick', now: T + 100_000 } },
  { name: 'a tick after it', event: { type: 'tick', now: T + 150_000 } },
  { name: 'loaded c1 more', event: { type: 'xstate.done.actor.loadCart', output: carts.c1More } },
  {
    name: 'loaded a completed order',
    event: { type: 'xstate.done.actor.loadCart', output: carts.completed },
  },
  err('xstate.error.actor.loadCart', { code: 'unexpected', status: 404 }, 'load: 404'),
  err('xstate.error.actor.loadCart', { code: 'unexpected', status: 410 }, 'load: 410'),
  err('xstate.error.actor.loadCart', { code: 'cart_not_found', status: 400 }, 'load: cart_not_found'),
  err('xstate.error.actor.loadCart', { code: 'expired' }, 'load: expired'),
  err('xstate.error.actor.loadCart', { code: 'unexpected', status: 500, description: 'Down.' }, 'load: 500'),
  { name: 'removed: c1 more', event: { type: 'xstate.done.actor.removeTickets', output: carts.c1More } },
  err('xstate.error.actor.removeTickets', { code: 'not_found' }, 'remove: not found'),
  err('xstate.error.actor.removeTickets', { code: 'ticket_locked', status: 400 }, 'remove: refused'),
  { name: 'more time granted', event: { type: 'xstate.done.actor.extendHold', output: carts.c1More } },
  err('xstate.error.actor.extendHold', { code: 'hold_extension_limit', status: 400 }, 'more time: limit'),
  err('xstate.error.actor.extendHold', { code: 'unexpected', status: 502 }, 'more time: failed'),
  err('xstate.error.actor.extendHold', { code: 'cart_expired' }, 'more time: gone'),
  { name: 'discarded', event: { type: 'xstate.done.actor.discardCart', output: undefined } },
  err('xstate.error.actor.discardCart', { code: 'unexpected' }, 'discard failed'),
];

/** The modal stack's actions as markers: the pure step has no modal stack (their sending is tested elsewhere). */
export const MODAL_MARKERS = {
  actions: {
    openExpiryModal: () => {},
    closeExpiryModal: () => {},
    closeMobileCart: () => {},
    closeAllModals: () => {},
  },
};
