/**
 * Redeem a gift membership (spec 3 §2 "Redeem membership page", §4 "Redeem: code fetched; valid code shows
 * the form; submit reserves", §5 "Gift code", §8 "Redeem"). The code (typed, or `?gift_code` when it has 10
 * characters) is looked up; a valid one shows at most 3 levels; submitting checks the cart: one already
 * holding a membership opens a dialog (Discard, Checkout; 'You need to take action on your current cart
 * before you can redeem a membership.'); otherwise the level is reserved with the code and the redeem flag,
 * then the visitor goes to `/events` when upsells are on, else to `/checkout`.
 *
 * No I/O: `lookupCode`, `checkCart`, `discardCart` and `reserve` are provided by the route (the cart is read
 * when the flow acts); `goToEvents`, `goToCheckout`, `openCartDialog` and `closeCartDialog` (the dialog on the
 * modal stack while the flow waits for a choice) are injected.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ErrorCode } from '../../api/codes';
import { message, toFlowError } from '../shared/flow-error';
import { isGiftCode, lookupErrorMessage, lookupOutcome, reserveErrorMessage } from './giftRedeem.rules';
import type {
  CheckCartOutput,
  GiftRedeemContext,
  GiftRedeemEvent,
  GiftRedeemInput,
  LookupCodeInput,
  LookupCodeOutput,
  RedeemReserveInput,
  RedeemReserveOutput,
} from './giftRedeem.types';

const notProvided = (name: string) => (): Promise<never> =>
  Promise.reject({ code: ErrorCode.not_provided, description: `The route must provide ${name}.` });

const errorOf = (event: unknown) => toFlowError((event as { error?: unknown }).error);
const lookupOf = (event: unknown) => (event as { output: LookupCodeOutput }).output;

export function initialGiftRedeemContext({ input }: { input: GiftRedeemInput }): GiftRedeemContext {
  return {
    code: isGiftCode(input.giftCode) ? input.giftCode.trim() : '',
    codeError: null,
    levels: [],
    levelId: null,
    details: null,
    formError: null,
    refusals: 0,
  };
}
export function lookupCodeInput({ context }: { context: GiftRedeemContext }): LookupCodeInput {
  return { code: context.code.trim() };
}
export function reserveInput({ context }: { context: GiftRedeemContext }): RedeemReserveInput {
  const level = context.levels.find((l) => l.id === context.levelId) ?? context.levels[0];
  // reserving is entered only with a chosen level (guard levelChosen)
  return { code: context.code.trim(), level: level as NonNullable<typeof level>, details: context.details };
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
    reserve: fromPromise<RedeemReserveOutput, RedeemReserveInput>(notProvided('reserve')),
  },
  actions: {
    /** Injected: upsells are on. */
    goToEvents: () => {},
    /** Injected: to checkout (after reserving, or the dialog's Checkout). */
    goToCheckout: () => {},
    /** Injected: show the cart dialog on the modal stack (`redeemCart`), while the flow waits for a choice. */
    openCartDialog: () => {},
    /** Injected: close the cart dialog. */
    closeCartDialog: () => {},
    changeCode: assign(({ event }) =>
      event.type === 'code.change' ? { code: event.value, codeError: null } : {},
    ),
    editCode: assign(({ event }) =>
      event.type === 'code.change'
        ? { code: event.value, codeError: null, levels: [], levelId: null, formError: null }
        : {},
    ),
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
      codeError: lookupErrorMessage(errorOf(event)),
      refusals: context.refusals + 1,
    })),
    selectLevel: assign(({ event }) => (event.type === 'level.select' ? { levelId: event.levelId } : {})),
    storeDetails: assign(({ event }) =>
      event.type === 'redeem' ? { details: event.details ?? null, formError: null } : {},
    ),
    askForCartAction: assign(({ context }) => ({
      formError: message('redeemCartAction'),
      refusals: context.refusals + 1,
    })),
    showFormError: assign(({ context }) => ({
      formError: message('errorUnexpectedLater'),
      refusals: context.refusals + 1,
    })),
    showReserveError: assign(({ context, event }) => ({
      formError: reserveErrorMessage((event as { error?: unknown }).error),
      refusals: context.refusals + 1,
    })),
    clearFormError: assign({ formError: null }),
  },
  guards: {
    initialCodeValid: ({ context }) => isGiftCode(context.code),
    codeValid: ({ context }) => isGiftCode(context.code),
    codeRedeemable: ({ event }) => lookupOutcome(lookupOf(event)).kind === 'valid',
    levelOffered: ({ context, event }) =>
      event.type === 'level.select' && context.levels.some((l) => l.id === event.levelId),
    levelChosen: ({ context }) => context.levels.some((l) => l.id === context.levelId),
    holdsMembership: ({ event }) => (event as { output?: CheckCartOutput }).output?.holdsMembership === true,
    upsellsOn: ({ event }) => (event as { output?: RedeemReserveOutput }).output?.upsells === true,
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
      description: 'The level is reserved with the code and the redeem flag.',
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: reserveInput,
        onDone: [
          { guard: 'upsellsOn', target: 'redeemed', actions: 'goToEvents' },
          { target: 'redeemed', actions: 'goToCheckout' },
        ],
        onError: { target: 'choosing', actions: 'showReserveError' },
      },
    },
    redeemed: {
      type: 'final',
      description: 'Reserved: on to the events (upsells) or checkout.',
    },
  },
});

export type GiftRedeemMachine = typeof giftRedeemMachine;
