/**
 * Order load (spec 2 §2 "Cancel-free-order page", "Edit-order page", "Reschedule page", §8 "Order page"; issues
 * 17, 24): the one child machine the three order pages (cancel free order, edit order, reschedule) invoke to load
 * the order and whether this visitor may manage it. Its output is the order loaded, or refused (the page ends
 * with 'You must contact us to cancel this order.'), or failed ('We could not find that order.' or Oops): the
 * page shows that with its Try again, which invokes the child anew. The page never sees an error event for a load.
 *
 * loading --done--> loaded (final) | --refused (order_not_manageable, 403)--> refused (final) | --else--> failed (final)
 *
 * The retry is the page's (a state of its own): the screens select their view from the page's snapshot, which
 * does not change while a child changes state, so a failure waiting inside the child would leave the page loading.
 *
 * No I/O: `loadOrder` is provided by each page's route (the order and the access answer with the clock's time,
 * and what that page reads with them).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ErrorCode } from '../../domain/codes';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { failedLoad } from './rules';
import type { OrderLoadContext, OrderLoadEvent, OrderLoaded, OrderLoadInput, OrderLoadOutput } from './types';

export function orderLoadContext({ input }: { input: OrderLoadInput }): OrderLoadContext {
  return { input, outcome: null };
}

export function loadOrderInput({ context }: { context: OrderLoadContext }): OrderLoadInput {
  return context.input;
}

/** What the child answers once it is done (a load that never ended reads as failed). */
export function orderLoadOutput({ context }: { context: OrderLoadContext }): OrderLoadOutput {
  return context.outcome ?? failedLoad({ code: ErrorCode.unexpected });
}

export const orderLoadMachine = setup({
  types: {
    context: {} as OrderLoadContext,
    events: {} as OrderLoadEvent,
    input: {} as OrderLoadInput,
    output: {} as OrderLoadOutput,
  },
  actors: {
    loadOrder: fromPromise<OrderLoaded, OrderLoadInput>(notProvided('loadOrder')),
  },
  actions: {
    storeLoaded: assign({
      outcome: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadOrder');
        return { status: 'loaded' as const, loaded: event.output };
      },
    }),
    storeFailure: assign({ outcome: ({ event }) => failedLoad(errorOf(event)) }),
  },
  guards: {
    refused: ({ event }) => failedLoad(errorOf(event)).status === 'refused',
  },
}).createMachine({
  id: 'orderLoad',
  description:
    'Order load: the order and whether this visitor may manage it, for the cancel, edit and reschedule pages; loaded, refused, or failed (the page offers Try again).',
  context: orderLoadContext,
  output: orderLoadOutput,
  initial: 'loading',
  states: {
    loading: {
      description:
        'GET ticket_order/{orderId} and POST ticket_order/{orderId}/manage with the link token (the access first), with what the page reads with them.',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: loadOrderInput,
        onDone: { target: 'loaded', actions: 'storeLoaded' },
        onError: [
          { guard: 'refused', target: 'refused', actions: 'storeFailure' },
          { target: 'failed', actions: 'storeFailure' },
        ],
      },
    },
    loaded: {
      description: 'The order, the access answer and the clock’s time (and what the page read with them).',
      type: 'final',
    },
    refused: {
      description:
        "No manage link token, not the owner's session, or the seller's rules: 'You must contact us to cancel this order.'",
      type: 'final',
    },
    failed: {
      description:
        "'We could not find that order.' (404) or 'Oops! Sorry, something went wrong. Please try again.': the page offers Try again.",
      type: 'final',
    },
  },
});

export type OrderLoadMachine = typeof orderLoadMachine;
