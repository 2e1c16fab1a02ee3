/**
 * The promo code box of checkout and the blocked-cart form (spec 2 §2, §5, §8; issue 21).
 *
 * The visitor types a code (kept as typed, at most 35 characters); Apply sends it trimmed when it has 2 to 35
 * characters (the promo box disables Apply below that; the blocked-cart form, whose code is required, says why).
 * The provided `applyCode` posts it to the cart the route reads when it acts (apply_code with require_benefit)
 * and answers the fresh cart: the injected `cartApplied` hands it to the app cart, the field clears and a notice
 * says the code was applied, for a while. A refusal shows the spec's message (the error catalogue's promo
 * rules) and keeps what was typed; the blocked-cart form adds "Please try another one." after a code error.
 * duplicate_code (spec 1 §8): alone, the code is on the cart already and the apply stands (no cart to hand on:
 * it did not change); with a second error in the answer, that one is the refusal.
 *
 * No I/O: `applyCode` is provided by the route; `cartApplied` is an injected action.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CartModel } from '../../api/models';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import {
  applyErrorMessage,
  canApply,
  codeFieldError,
  isCodeError,
  keptCode,
  settledApplyError,
  trimmedCode,
} from './rules';
import type {
  ApplyCodeInput,
  ApplyCodeOutput,
  PromoCodeContext,
  PromoCodeEvent,
  PromoCodeInput,
} from './types';

/** Named mapper: the initial context. */
export function initialPromoCodeContext({ input }: { input: PromoCodeInput }): PromoCodeContext {
  return {
    kind: input.kind,
    code: '',
    fieldError: null,
    error: null,
    codeRefused: false,
    applied: null,
    refusals: 0,
  };
}

/** Named mapper: what `applyCode` receives (one code, trimmed; a code must bring something). */
export function applyCodeInput({ context }: { context: PromoCodeContext }): ApplyCodeInput {
  return { codes: [trimmedCode(context.code)], requireBenefit: true };
}

const promoCodeSetup = setup({
  types: {
    context: {} as PromoCodeContext,
    events: {} as PromoCodeEvent,
    input: {} as PromoCodeInput,
  },
  actors: {
    applyCode: fromPromise<ApplyCodeOutput, ApplyCodeInput>(notProvided('applyCode')),
  },
  actions: {
    /** Injected: the fresh cart goes to the app cart (`cart.updated`), which checkout and the widget follow. */
    cartApplied: (_args, _params: { cart: CartModel }) => {},
    changeCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: keptCode(event.value), fieldError: null };
    }),
    startApply: assign({ fieldError: null, error: null, codeRefused: false, applied: null }),
    refuseCode: assign(({ context }) => ({
      fieldError: codeFieldError(context.code),
      error: null,
      codeRefused: false,
      refusals: context.refusals + 1,
    })),
    markApplied: assign(({ context }) => ({ applied: trimmedCode(context.code), code: '' })),
    clearNotice: assign({ applied: null }),
    showError: assign(({ context, event }) => {
      const error = settledApplyError(errorOf(event)) ?? errorOf(event);
      return {
        error: applyErrorMessage(error, trimmedCode(context.code)),
        codeRefused: isCodeError(error),
        refusals: context.refusals + 1,
      };
    }),
  },
  guards: {
    codeIsValid: ({ context }) => canApply(context.code),
    /** duplicate_code alone (spec 1 §8): the code is on the cart already. */
    codeAlreadyApplied: ({ event }) => settledApplyError(errorOf(event)) === null,
  },
  delays: {
    /** How long the "applied" notice stays (ours; the live region has read it by then). */
    appliedNotice: 8000,
  },
});

export const promoCodeMachine = promoCodeSetup
  .extend({
    actions: {
      notifyCartApplied: promoCodeSetup.enqueueActions(({ event, enqueue }) => {
        assertEvent(event, 'xstate.done.actor.applyCode');
        enqueue({ type: 'cartApplied', params: { cart: event.output } });
      }),
    },
  })
  .createMachine({
    id: 'promoCode',
    description:
      'A promo code (checkout box) or the code a blocking rule requires: type it, apply it to the cart, see the result.',
    context: initialPromoCodeContext,
    initial: 'editing',
    states: {
      editing: {
        description:
          'The visitor types a code; the last refusal is shown and what was typed is kept. Apply needs 2 to 35 characters.',
        on: {
          'code.change': { actions: 'changeCode' },
          apply: [
            { guard: 'codeIsValid', target: 'applying', actions: 'startApply' },
            { actions: 'refuseCode' },
          ],
        },
      },
      applying: {
        description: 'The code is on its way to the cart; further applies are ignored.',
        invoke: {
          id: 'applyCode',
          src: 'applyCode',
          input: applyCodeInput,
          onDone: { target: 'applied', actions: ['notifyCartApplied', 'markApplied'] },
          onError: [
            { guard: 'codeAlreadyApplied', target: 'applied', actions: 'markApplied' },
            { target: 'editing', actions: 'showError' },
          ],
        },
      },
      applied: {
        description:
          'Applied: the app cart has the fresh cart; the field is empty; a notice says so for a while.',
        after: { appliedNotice: { target: 'editing', actions: 'clearNotice' } },
        on: {
          'code.change': { target: 'editing', actions: ['clearNotice', 'changeCode'] },
        },
      },
    },
  });

export type PromoCodeMachine = typeof promoCodeMachine;
