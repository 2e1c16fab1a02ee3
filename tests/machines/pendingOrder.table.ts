/**
 * The pending order page's independent transition table (issue 29; pendingOrder.table.test.ts holds the machine
 * to it), written from spec 2 §2 "Pending page" ("a title, a message and the cart reference number (for a debit
 * payment: reference number, and a confirmation email once cleared). If the cart already has orders, it goes to
 * checkout/complete"), §4 "Checkout submit" (pending: intent_processing goes to /checkout/pending/{cartId}) and
 * issue 19 (the page polls until the webhook books the cart), not read from the machine:
 *
 * - checking: the cart is read (GET cart/{cartId}). Orders on it: on to the confirmation with those orders.
 *   Neither orders nor a payment in flight: the payment failed (Stripe's payment_intent.payment_failed), back to
 *   checkout of that cart. Otherwise it is still processing: the reference shown, the next check later.
 * - The reference is the cart's number from every check that read the cart (not its id).
 *
 * Where the spec is silent the table follows the code's documented reading (machines/pendingOrder, rules.ts):
 * the check every 3 s (ours); a cart that is not there (not_found, a 404, or a 403: not this visitor's) stops
 * with nothing to wait for; other failures are tolerated while fewer than 3 in a row (ours), a read that
 * succeeds resets the count, the third stops the polling with a retry, and a retry starts the count afresh.
 */
import type {
  CheckCartOutput,
  PendingOrderContext,
  PendingOrderEvent,
} from '../../machines/pendingOrder/types';
import type { EventSample, Table, World } from './transition-table';

type C = PendingOrderContext;
/** The poll's delay elapsing in `waiting` (xstate's name for the delayed event of `after: { poll }`). */
export const POLL = 'xstate.after.poll.pendingOrder.waiting';
type E =
  | PendingOrderEvent
  | { type: 'xstate.done.actor.checkCart'; output: CheckCartOutput }
  | { type: 'xstate.error.actor.checkCart'; error: unknown }
  | { type: typeof POLL };
type S = 'checking' | 'waiting' | 'failed' | 'missing' | 'paymentFailed' | 'completed';

/** Ours (issue 19: "the page polls"): a check every 3 seconds; 3 failed checks in a row stop it. */
export const OURS = { pollMs: 3000, maxFailures: 3 };

interface Err {
  code: string;
  status?: number;
}
/** What an actor rejected with, as data: an object with a code, else an unexpected failure. */
const asErr = (error: unknown): Err =>
  typeof error === 'object' && error !== null && typeof (error as Err).code === 'string'
    ? (error as Err)
    : { code: 'unexpected' };
/** No such cart, or not this visitor's: nothing will ever complete here. */
const missingCart = (error: unknown) => {
  const e = asErr(error);
  return e.code === 'not_found' || e.status === 404 || e.status === 403;
};

export const table: Table<C, E, S> = {
  initial: 'checking',
  states: {
    checking: { entry: { calls: (c) => [{ invoke: 'checkCart', input: { cartId: c.cartId } }] } },
    waiting: { entry: { calls: () => [{ after: OURS.pollMs, event: POLL }] } },
    failed: {},
    missing: { final: true },
    paymentFailed: {
      final: true,
      entry: { calls: (c) => [{ action: 'paymentFailed', params: { cartId: c.cartId } }] },
    },
    completed: {
      final: true,
      entry: { calls: (c) => [{ action: 'completed', params: { orderIds: c.orderIds } }] },
    },
  },
  on: {
    'xstate.done.actor.checkCart': {
      checking: [
        {
          label: 'orders: the confirmation',
          when: (_c, e) => e.output.orderIds.length > 0,
          target: 'completed',
          effect: (_c, e) => ({ cartNumber: e.output.cartNumber, orderIds: e.output.orderIds }),
        },
        {
          label: 'no orders, nothing in flight: back to checkout',
          when: (_c, e) => !e.output.paying,
          target: 'paymentFailed',
          effect: (_c, e) => ({ cartNumber: e.output.cartNumber }),
        },
        {
          label: 'processing: wait, the failures forgiven',
          target: 'waiting',
          effect: (_c, e) => ({ cartNumber: e.output.cartNumber, failures: 0 }),
        },
      ],
    },
    'xstate.error.actor.checkCart': {
      checking: [
        { label: 'missing cart', when: (_c, e) => missingCart(e.error), target: 'missing' },
        {
          label: 'too many in a row: a retry',
          when: (c) => c.failures + 1 >= OURS.maxFailures,
          target: 'failed',
          effect: (c) => ({ failures: c.failures + 1 }),
        },
        { label: 'tolerated: wait', target: 'waiting', effect: (c) => ({ failures: c.failures + 1 }) },
      ],
    },
    [POLL]: { waiting: [{ target: 'checking' }] },
    retry: { failed: [{ target: 'checking', effect: () => ({ failures: 0 }) }] },
  },
};

const base = (over: Partial<C>): C => ({
  cartId: 'cart-7',
  cartNumber: null,
  debit: false,
  orderIds: [],
  failures: 0,
  ...over,
});

/** Failures 0, 1 and 2 before a check: the last one below and at the limit (3 in a row). */
export const worlds: World<C>[] = [
  { name: 'first check, a card', context: base({}) },
  {
    name: 'one failure so far, a debit, read before',
    context: base({ cartId: 'cart-9', debit: true, cartNumber: '100009', failures: 1 }),
  },
  { name: 'two failures in a row', context: base({ cartId: 'cart-3', cartNumber: '100003', failures: 2 }) },
  { name: 'three failures (after the limit)', context: base({ cartNumber: '100007', failures: 3 }) },
];

const read = (orderIds: string[], paying: boolean, cartNumber = '100042'): E => ({
  type: 'xstate.done.actor.checkCart',
  output: { cartNumber, orderIds, paying },
});
const failure = (error: unknown): E => ({ type: 'xstate.error.actor.checkCart', error });

export const events: EventSample<E>[] = [
  { name: 'read: one order', event: read(['o-1'], false) },
  { name: 'read: two orders, a payment still in flight', event: read(['o-1', 'o-2'], true, '100043') },
  { name: 'read: processing', event: read([], true) },
  { name: 'read: no orders, nothing in flight', event: read([], false, '100044') },
  { name: 'failed: not_found (500)', event: failure({ code: 'not_found', status: 500 }) },
  { name: 'failed: not_found without a status', event: failure({ code: 'not_found' }) },
  { name: 'failed: a 404 of another code', event: failure({ code: 'cart_gone', status: 404 }) },
  { name: 'failed: a 403', event: failure({ code: 'forbidden', status: 403 }) },
  { name: 'failed: a 401', event: failure({ code: 'login_required', status: 401 }) },
  { name: 'failed: a 502', event: failure({ code: 'unexpected', status: 502 }) },
  { name: 'failed: a network error (no code)', event: failure(new TypeError('Failed to fetch')) },
  { name: 'the poll’s delay is up', event: { type: POLL } },
  { name: 'retry', event: { type: 'retry' } },
];
