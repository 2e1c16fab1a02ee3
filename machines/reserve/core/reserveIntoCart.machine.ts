/**
 * Reserve into the cart (DESIGN.md "Reserve core"; spec 1 §4 "Reserve", §8): the one child machine every way
 * of putting something in the cart invokes (date-first, quantity-first, single event, one-ticket picker,
 * membership purchase, gift redeem). It posts the request to the app cart, whose id the post actor reads when
 * it acts; a cart found gone (deleted or expired: `not_found`, `cart_expired`) is replaced by a new one, once;
 * a ticket group that needs a code (`rule_blocks_reserve`, reason `code_required`, spec 1 §4 "Reserve with promo
 * code required") opens the 'code required' prompt on the modal stack (injected `openCodePrompt`), and the
 * code typed there retries the reserve once per Apply as a pre-reserve promo code; any other refusal ends it
 * with the refusal read once for every flow (sold out, seat taken, other). Its output is the cart, or the
 * refusal: the parent never sees an error event for a refused reserve.
 *
 * posting --done--> reserved (final) | --cart gone, first time--> posting (new cart)
 *         --code required--> askingForCode.editing | --else--> refused (final)
 * askingForCode.editing --code.submit (a code)--> askingForCode.retrying | --code.cancel--> refused (final)
 * askingForCode.retrying --done--> reserved | --wrong code--> editing (message, code kept)
 *         --cart gone, first time--> retrying (new cart) | --else--> refused
 *
 * No I/O: `postReserve` is provided by the route (`routes/event/reserve-core.ts`); tests provide fakes.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CartModel } from '../../../api/models';
import { ErrorCode } from '../../../domain/codes';
import { notProvided } from '../../shared/not-provided';
import { codeOf, codePromptError, flowErrorOf, hasCode, isCartGone, refusalOf } from './rules';
import type {
  PostReserveInput,
  ReserveIntoCartContext,
  ReserveIntoCartEvent,
  ReserveIntoCartInput,
  ReserveIntoCartOutput,
} from './types';

export function reserveIntoCartContext({ input }: { input: ReserveIntoCartInput }): ReserveIntoCartContext {
  return { request: input.request, newCart: false, cart: null, refusal: null, code: '', codeError: null };
}

export function postReserveInput({ context }: { context: ReserveIntoCartContext }): PostReserveInput {
  return { request: context.request, newCart: context.newCart, codesBeforeReserve: [] };
}

/** The retry with the code typed into the prompt, as a pre-reserve promo code (default handler). */
export function postWithCodeInput({ context }: { context: ReserveIntoCartContext }): PostReserveInput {
  return { request: context.request, newCart: context.newCart, codesBeforeReserve: [codeOf(context.code)] };
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
    events: {} as ReserveIntoCartEvent,
    input: {} as ReserveIntoCartInput,
    output: {} as ReserveIntoCartOutput,
  },
  actors: {
    postReserve: fromPromise<CartModel, PostReserveInput>(notProvided('postReserve')),
  },
  guards: {
    /** The cart is gone and this reserve has not started a new one yet. */
    isCartGoneFirstTime: ({ context, event }) => !context.newCart && isCartGone(flowErrorOf(event)),
    /** The server asks for a code (rule_blocks_reserve in checkout_rules, reason code_required). */
    isCodeRequired: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.postReserve');
      return refusalOf(event.error).kind === 'codeRequired';
    },
    /** Something was typed to apply (trimmed). */
    hasCode: ({ context }) => hasCode(context.code),
    /** The retry was refused because of the code (unknown, used up, or not one that unlocks the tickets). */
    isWrongCode: ({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.postReserve');
      return codePromptError(event.error, context.code) !== null;
    },
  },
  actions: {
    assignCart: assign({
      cart: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.postReserve');
        return event.output;
      },
      // Reserved after asking for a code: the refusal that asked is over.
      refusal: null,
    }),
    useNewCart: assign({ newCart: true }),
    /** Injected: show the 'code required' prompt on the modal stack (`codeRequired`). */
    openCodePrompt: () => {},
    /** Injected: take the prompt off the modal stack. */
    closeCodePrompt: () => {},
    assignCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'code.change');
        return event.value;
      },
      codeError: null,
    }),
    clearCodeError: assign({ codeError: null }),
    assignCodeError: assign({
      codeError: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.postReserve');
        return codePromptError(event.error, context.code);
      },
    }),
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
    "Post the reserve to the app cart (its id read when the post is made); a cart found gone is replaced by a new one, once; a group that needs a code asks for one in the 'code required' prompt and retries with it.",
  context: reserveIntoCartContext,
  output: reserveIntoCartOutput,
  initial: 'posting',
  states: {
    posting: {
      description: 'The reserve is posted to the cart (a new cart, once, when the cart is gone).',
      invoke: {
        id: 'postReserve',
        src: 'postReserve',
        input: postReserveInput,
        onDone: { target: 'reserved', actions: 'assignCart' },
        onError: [
          { guard: 'isCartGoneFirstTime', target: 'posting', reenter: true, actions: 'useNewCart' },
          { guard: 'isCodeRequired', target: 'askingForCode', actions: 'assignRefusal' },
          { target: 'refused', actions: 'assignRefusal' },
        ],
      },
    },
    askingForCode: {
      description:
        "The 'code required' modal prompts for a promo code; the chosen tickets wait in the form behind it.",
      entry: 'openCodePrompt',
      exit: 'closeCodePrompt',
      initial: 'editing',
      states: {
        editing: {
          description:
            'The code field and its message; Apply retries with the code, Cancel keeps the tickets.',
          on: {
            'code.change': { actions: 'assignCode' },
            'code.submit': { guard: 'hasCode', target: 'retrying', actions: 'clearCodeError' },
            'code.cancel': { target: '#reserveIntoCart.refused' },
          },
        },
        retrying: {
          description: 'The reserve is posted again with the code as a pre-reserve promo code.',
          invoke: {
            id: 'postReserve',
            src: 'postReserve',
            input: postWithCodeInput,
            onDone: { target: '#reserveIntoCart.reserved', actions: 'assignCart' },
            onError: [
              { guard: 'isCartGoneFirstTime', target: 'retrying', reenter: true, actions: 'useNewCart' },
              { guard: 'isWrongCode', target: 'editing', actions: 'assignCodeError' },
              { target: '#reserveIntoCart.refused', actions: 'assignRefusal' },
            ],
          },
        },
      },
    },
    reserved: { type: 'final', description: 'The cart holds the reservation.' },
    refused: {
      type: 'final',
      description: 'Refused: sold out, seat taken, the code prompt cancelled, or another reason.',
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
