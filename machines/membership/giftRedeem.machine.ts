/**
 * Redeem a gift membership (spec 3 §2 "Redeem membership page", §4 "Redeem: code fetched; valid code shows
 * the form; submit reserves", §5 "Gift code", §8 "Redeem"). The code (typed, or `?gift_code` when it has 10
 * characters) is looked up; a valid one shows at most 3 levels; submitting checks the cart: one already
 * holding a membership opens a dialog (Discard, Checkout; 'You need to take action on your current cart
 * before you can redeem a membership.'); otherwise the level is reserved with the code and the redeem flag,
 * then the visitor goes to `/events` when upsells are on, else to `/checkout`.
 *
 * The reserve is the reserve core's (`reserveIntoCart`: the level with the code into the app cart, a new
 * cart once when it is gone); the injected `reserved` hands the cart to the app cart and marks the redeem flag;
 * `checkUpsells` then says whether upsells are on.
 *
 * No I/O: `lookupCode`, `checkCart`, `discardCart` and `checkUpsells` are provided by the route (the cart is
 * read when the flow acts), with the core's post; `reserved`, `goToEvents`, `goToCheckout`, `openCartDialog`
 * and `closeCartDialog` (the dialog on the modal stack while the flow waits for a choice) are injected.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { reservedActions } from '../reserve/core/actions';
import { reserveCoreGuards } from '../reserve/core/guards';
import { reserveIntoCartMachine } from '../reserve/core/reserveIntoCart.machine';
import { flowErrorOf, refusedErrorOf } from '../reserve/core/rules';
import type { ReserveIntoCartInput } from '../reserve/core/types';
import { message, toFlowError } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import {
  isGiftCode,
  lookupErrorMessage,
  lookupOutcome,
  membersOf,
  reserveErrorMessage,
} from './giftRedeem.rules';
import type {
  CheckCartOutput,
  CheckUpsellsOutput,
  GiftRedeemContext,
  GiftRedeemEvent,
  GiftRedeemInput,
  LookupCodeInput,
  LookupCodeOutput,
} from './giftRedeem.types';

const lookupOf = (event: GiftRedeemEvent) => {
  assertEvent(event, 'xstate.done.actor.lookupCode');
  return event.output;
};

export function initialGiftRedeemContext({ input }: { input: GiftRedeemInput }): GiftRedeemContext {
  return {
    code: isGiftCode(input.giftCode) ? input.giftCode.trim() : '',
    codeError: null,
    levels: [],
    levelId: null,
    details: null,
    formError: null,
    refusals: 0,
    cart: null,
  };
}
export function lookupCodeInput({ context }: { context: GiftRedeemContext }): LookupCodeInput {
  return { code: context.code.trim() };
}
export function reserveInput({ context }: { context: GiftRedeemContext }): ReserveIntoCartInput {
  // reserving is entered only with a chosen level (guard levelChosen)
  const levelId = context.levelId ?? context.levels[0]?.id ?? '';
  return {
    request: {
      kind: 'membership',
      membership: { levelId, members: membersOf(context.details), giftCode: context.code.trim() },
    },
  };
}

export const giftRedeemMachine = setup({
  types: {
    context: {} as GiftRedeemContext,
    events: {} as GiftRedeemEvent,
    input: {} as GiftRedeemInput,
  },
  actors: {
    lookupCode: fromPromise<LookupCodeOutput, LookupCodeInput>(notProvided('lookupCode')),
    checkCart: fromPromise<CheckCartOutput, void>(notProvided('checkCart')),
    discardCart: fromPromise<unknown, void>(notProvided('discardCart')),
    reserveIntoCart: reserveIntoCartMachine,
    checkUpsells: fromPromise<CheckUpsellsOutput, void>(notProvided('checkUpsells')),
  },
  actions: {
    /** `reserved` is injected: the app cart takes `context.cart`, marked as holding a redeemed membership. */
    ...reservedActions<GiftRedeemContext, GiftRedeemEvent>(),
    /** Injected: upsells are on. */
    goToEvents: () => {},
    /** Injected: to checkout (after reserving, or the dialog's Checkout). */
    goToCheckout: () => {},
    /** Injected: show the cart dialog on the modal stack (`redeemCart`), while the flow waits for a choice. */
    openCartDialog: () => {},
    /** Injected: close the cart dialog. */
    closeCartDialog: () => {},
    changeCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: event.value, codeError: null };
    }),
    editCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: event.value, codeError: null, levels: [], levelId: null, formError: null };
    }),
    refuseCode: assign(({ context }) => ({
      codeError: message('giftCodeInvalid'),
      refusals: context.refusals + 1,
    })),
    startLookup: assign({ codeError: null, formError: null }),
    showLevels: assign(({ event }) => {
      const outcome = lookupOutcome(lookupOf(event));
      const levels = outcome.kind === 'valid' ? outcome.levels : [];
      // One level: selected automatically.
      return { levels, levelId: levels.length === 1 ? (levels[0]?.id ?? null) : null };
    }),
    refuseLookup: assign(({ context, event }) => {
      const outcome = lookupOutcome(lookupOf(event));
      return {
        codeError: outcome.kind === 'refused' ? outcome.message : null,
        refusals: context.refusals + 1,
      };
    }),
    showLookupError: assign(({ context, event }) => ({
      codeError: lookupErrorMessage(flowErrorOf(event) ?? toFlowError(null)),
      refusals: context.refusals + 1,
    })),
    selectLevel: assign(({ event }) => {
      assertEvent(event, 'level.select');
      return { levelId: event.levelId };
    }),
    storeDetails: assign(({ event }) => {
      assertEvent(event, 'redeem');
      return { details: event.details ?? null, formError: null };
    }),
    askForCartAction: assign(({ context }) => ({
      formError: message('redeemCartAction'),
      refusals: context.refusals + 1,
    })),
    showFormError: assign(({ context }) => ({
      formError: message('errorUnexpectedLater'),
      refusals: context.refusals + 1,
    })),
    showReserveError: assign(({ context, event }) => ({
      formError: reserveErrorMessage(refusedErrorOf(event) ?? toFlowError(null)),
      refusals: context.refusals + 1,
    })),
    clearFormError: assign({ formError: null }),
  },
  guards: {
    initialCodeValid: ({ context }) => isGiftCode(context.code),
    codeValid: ({ context }) => isGiftCode(context.code),
    codeRedeemable: ({ event }) => lookupOutcome(lookupOf(event)).kind === 'valid',
    levelOffered: ({ context, event }) => {
      assertEvent(event, 'level.select');
      return context.levels.some((l) => l.id === event.levelId);
    },
    levelChosen: ({ context }) => context.levels.some((l) => l.id === context.levelId),
    ...reserveCoreGuards,
    holdsMembership: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkCart');
      return event.output.holdsMembership;
    },
    upsellsOn: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkUpsells');
      return event.output.upsells;
    },
  },
}).createMachine({
  id: 'giftRedeem',
  description:
    'Redeem a gift membership: look the 10-character code up, choose one of at most 3 levels, reserve it.',
  context: initialGiftRedeemContext,
  initial: 'start',
  states: {
    start: {
      description: 'A 10-character gift_code in the query is looked up at once.',
      always: [{ guard: 'initialCodeValid', target: 'lookingUp' }, { target: 'editing' }],
    },
    editing: {
      description:
        "The gift code field and Submit: exactly 10 characters, else 'You must enter a valid code'.",
      on: {
        'code.change': { actions: 'changeCode' },
        submit: [
          { guard: 'codeValid', target: 'lookingUp', actions: 'startLookup' },
          { actions: 'refuseCode' },
        ],
      },
    },
    lookingUp: {
      description: 'The code is fetched: valid, expired, already redeemed or unknown.',
      tags: ['loading'],
      invoke: {
        id: 'lookupCode',
        src: 'lookupCode',
        input: lookupCodeInput,
        onDone: [
          { guard: 'codeRedeemable', target: 'choosing', actions: 'showLevels' },
          { target: 'editing', actions: 'refuseLookup' },
        ],
        onError: { target: 'editing', actions: 'showLookupError' },
      },
    },
    choosing: {
      description: 'The membership form with at most 3 levels (one level is selected automatically).',
      on: {
        'code.change': { target: 'editing', actions: 'editCode' },
        'level.select': { guard: 'levelOffered', actions: 'selectLevel' },
        redeem: { guard: 'levelChosen', target: 'checkingCart', actions: 'storeDetails' },
      },
    },
    checkingCart: {
      description: 'Does the cart already hold a membership?',
      invoke: {
        id: 'checkCart',
        src: 'checkCart',
        onDone: [{ guard: 'holdsMembership', target: 'cartConflict' }, { target: 'reserving' }],
        onError: { target: 'choosing', actions: 'showFormError' },
      },
    },
    cartConflict: {
      description:
        "'You need to take action on your current cart before you can redeem a membership.' Discard or Checkout (the cart dialog on the modal stack).",
      entry: 'openCartDialog',
      exit: 'closeCartDialog',
      on: {
        'cart.discard': { target: 'discarding', actions: 'clearFormError' },
        'cart.checkout': { actions: 'goToCheckout' },
        'cart.dismiss': { target: 'choosing', actions: 'askForCartAction' },
      },
    },
    discarding: {
      description: 'The cart is discarded; then the membership is reserved.',
      invoke: {
        id: 'discardCart',
        src: 'discardCart',
        onDone: { target: 'reserving' },
        onError: { target: 'cartConflict', actions: 'showFormError' },
      },
    },
    reserving: {
      description:
        'The reserve core puts the level in the cart with the code; the cart is marked as a redeem.',
      invoke: {
        id: 'reserveIntoCart',
        src: 'reserveIntoCart',
        input: reserveInput,
        onDone: [
          { guard: 'isReserved', target: 'checkingUpsells', actions: ['assignCart', 'reserved'] },
          { target: 'choosing', actions: 'showReserveError' },
        ],
        onError: { target: 'choosing', actions: 'showReserveError' },
      },
    },
    checkingUpsells: {
      description: 'Reserved: on to the events when upsells are on, else to checkout.',
      invoke: {
        id: 'checkUpsells',
        src: 'checkUpsells',
        onDone: [
          { guard: 'upsellsOn', target: 'redeemed', actions: 'goToEvents' },
          { target: 'redeemed', actions: 'goToCheckout' },
        ],
        onError: { target: 'redeemed', actions: 'goToCheckout' },
      },
    },
    redeemed: {
      type: 'final',
      description: 'Reserved: on to the events (upsells) or checkout.',
    },
  },
});

export type GiftRedeemMachine = typeof giftRedeemMachine;
