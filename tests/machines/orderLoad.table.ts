/**
 * Order load's independent transition table (issues 17, 29; orderLoad.table.test.ts holds the machine to it),
 * written from spec 2 §8 "Order page" and "Cancel order" and the manage access (issue 24), not read from the
 * machine: the child loads the order with the manage link's token (and what the page reads with it); the order
 * loaded ends it with the order; a refusal (order_not_manageable, or a 403) ends it refused with 'You must contact
 * us to cancel this order.'; a 404 ends it failed with 'We could not find that order.'; anything else failed
 * with 'Oops! Sorry, something went wrong. Please try again.'. Its output is what it ended with.
 */
import type { OrderLoadContext, OrderLoadEvent, OrderLoadOutput } from '../../machines/orderLoad/types';
import type { Message } from '../../machines/shared/messages';
import { LOADED, loadErrors } from '../../stories/fixtures/orderLoad';
import type { EventSample, Table, World } from './transition-table';

type C = OrderLoadContext;
type E = OrderLoadEvent;
type S = 'loading' | 'loaded' | 'refused' | 'failed';

interface Err {
  code?: unknown;
  status?: unknown;
}
const errOf = (e: unknown): Err => (typeof e === 'object' && e !== null ? (e as Err) : {});
/** Spec 2 §8 "Cancel order" and issue 24: the seller refuses this visitor (order_not_manageable, or a 403). */
const isRefusal = (e: unknown) => errOf(e).code === 'order_not_manageable' || errOf(e).status === 403;
/** Spec 2 §8 "Order page": a 404 first, then the refusal, else Oops. */
export const loadMessage = (e: unknown): Message =>
  errOf(e).status === 404 || errOf(e).code === 'not_found'
    ? { key: 'orderNotFound' }
    : isRefusal(e)
      ? { key: 'cancelContactUs' }
      : { key: 'errorOops' };

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: { entry: { calls: (c) => [{ invoke: 'loadOrder', input: c.input }] } },
    loaded: { final: true },
    refused: { final: true },
    failed: { final: true },
  },
  on: {
    'xstate.done.actor.loadOrder': {
      loading: [
        { target: 'loaded', effect: (_c, e) => ({ outcome: { status: 'loaded', loaded: e.output } }) },
      ],
    },
    'xstate.error.actor.loadOrder': {
      loading: [
        {
          label: 'refused: the contact-us text',
          when: (_c, e) => isRefusal(e.error),
          target: 'refused',
          effect: (_c, e) => ({ outcome: { status: 'refused', error: loadMessage(e.error) } }),
        },
        {
          label: 'failed: not found, or Oops',
          target: 'failed',
          effect: (_c, e) => ({ outcome: { status: 'failed', error: loadMessage(e.error) } }),
        },
      ],
    },
  },
};

/** What the child answers once it is done: what it ended with. */
export const expectedOutput = (c: C): OrderLoadOutput | null => c.outcome;

const base: C = { input: { orderId: 'order-24', token: 'tok-24' }, outcome: null };
export const worlds: World<C>[] = [
  { name: 'the cancel page', context: base },
  {
    name: 'the edit page, with its pending change',
    context: { input: { orderId: 'order-7', token: null, cartId: 'cart-edit-1' }, outcome: null },
  },
  {
    name: 'the reschedule page',
    context: { input: { orderId: 'order-24', token: 'tok-24', sessionId: 'session-a' }, outcome: null },
  },
];

export const events: EventSample<E>[] = [
  {
    name: 'loaded',
    event: { type: 'xstate.done.actor.loadOrder', output: LOADED, actorId: 'loadOrder' },
  },
  ...loadErrors.map((error, i) => ({
    name: `failed ${i}: ${JSON.stringify(error) ?? String(error)}`,
    event: { type: 'xstate.error.actor.loadOrder' as const, error, actorId: 'loadOrder' as const },
  })),
  {
    name: 'failed: nothing',
    event: { type: 'xstate.error.actor.loadOrder', error: undefined, actorId: 'loadOrder' },
  },
];
