/**
 * Reserve into the cart (DESIGN.md "Reserve core"; spec 1 §4 "Reserve", §8): the one child machine every way
 * of putting something in the cart invokes (date-first, quantity-first, single event, one-ticket picker,
 * membership purchase, gift redeem). It posts the request to the app cart, whose id the post actor reads when
 * it acts; a cart found gone (deleted or expired: `not_found`, `cart_expired`) is replaced by a new one, once;
 * any other refusal ends it with the refusal read once for every flow (sold out, seat taken, code required,
 * other). Its output is the cart, or the refusal: the parent never sees an error event for a refused reserve.
 *
 * posting --done--> reserved (final) | --cart gone, first time--> posting (new cart) | --else--> refused (final)
 *
 * No I/O: `postReserve` is provided by the route (`routes/event/reserve-core.ts`); tests provide fakes.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ErrorCode } from '../../../api/codes';
import type { CartModel } from '../../../api/models';
import { notProvided } from '../../shared/not-provided';
import { flowErrorOf, isCartGone, refusalOf } from './rules';
import type {
  PostReserveEvent,
  PostReserveInput,
  ReserveIntoCartContext,
  ReserveIntoCartInput,
  ReserveIntoCartOutput,
} from './types';

export function reserveIntoCartContext({ input }: { input: ReserveIntoCartInput }): ReserveIntoCartContext {
  return { request: input.request, newCart: false, cart: null, refusal: null };
}

export function postReserveInput({ context }: { context: ReserveIntoCartContext }): PostReserveInput {
  return { request: context.request, newCart: context.newCart };
}

export function reserveIntoCartOutput({
  context,
}: {
  context: ReserveIntoCartContext;
}): ReserveIntoCartOutput {
  if (context.cart) return { status: 'reserved', cart: context.cart };
  return { status: 'refused', refusal: context.refusal ?? refusalOf({ code: ErrorCode.unexpected }) };
}

export const reserveIntoCartMachine = setup({
  types: {
    context: {} as ReserveIntoCartContext,
    events: {} as PostReserveEvent,
    input: {} as ReserveIntoCartInput,
    output: {} as ReserveIntoCartOutput,
  },
  actors: {
    postReserve: fromPromise<CartModel, PostReserveInput>(notProvided('postReserve')),
  },
  guards: {
    /** The cart is gone and this reserve has not started a new one yet. */
    isCartGoneFirstTime: ({ context, event }) => !context.newCart && isCartGone(flowErrorOf(event)),
  },
  actions: {
    assignCart: assign({
      cart: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.postReserve');
        return event.output;
      },
    }),
    useNewCart: assign({ newCart: true }),
    assignRefusal: assign({
      refusal: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.postReserve');
        return refusalOf(event.error);
      },
    }),
  },
}).createMachine({
  id: 'reserveIntoCart',
  description:
    'Post the reserve to the app cart (its id read when the post is made); a cart found gone is replaced by a new one, once.',
  context: reserveIntoCartContext,
  output: reserveIntoCartOutput,
  initial: 'posting',
  states: {
    posting: {
      invoke: {
        id: 'postReserve',
        src: 'postReserve',
        input: postReserveInput,
        onDone: { target: 'reserved', actions: 'assignCart' },
        onError: [
          { guard: 'isCartGoneFirstTime', target: 'posting', reenter: true, actions: 'useNewCart' },
          { target: 'refused', actions: 'assignRefusal' },
        ],
      },
    },
    reserved: { type: 'final', description: 'The cart holds the reservation.' },
    refused: {
      type: 'final',
      description: 'Refused: sold out, seat taken, code required, or another reason.',
    },
  },
});

export type ReserveIntoCartMachine = typeof reserveIntoCartMachine;

/** The child with its post provided (the route's wiring, or a test's fake). */
export function reserveIntoCartWith(
  post: (input: PostReserveInput, signal: AbortSignal) => Promise<CartModel>,
) {
  return reserveIntoCartMachine.provide({
    actors: { postReserve: fromPromise(({ input, signal }) => post(input, signal)) },
  });
}
