/** The promo code view model: one selector from a snapshot to the props the box and the blocked form need. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { promoCodeMachine } from './promoCode.machine';
import { canApply, PROMO_CODE_MAX } from './rules';
import type { PromoCodeEvent, PromoCodeKind } from './types';

export type PromoCodeSnapshot = SnapshotFrom<typeof promoCodeMachine>;

export interface PromoCodeView {
  kind: PromoCodeKind;
  /** The code as typed. */
  code: string;
  maxLength: number;
  /** The promo box's Apply is enabled (2 to 35 characters, not applying); the blocked form's is while editing. */
  canApply: boolean;
  applying: boolean;
  /** The field's own error (blocked form: required, at least 2). */
  fieldError: Message | null;
  /** The server's refusal (spec 2 §8). */
  error: Message | null;
  /** The blocked-cart form shows "Please try another one." under a code error. */
  tryAnother: boolean;
  /** The code just applied (live-region notice), or null. */
  applied: string | null;
  /** Changes on every refused apply: the view moves focus to the field. */
  errorVersion: number;
}

export function selectPromoCodeView(snapshot: PromoCodeSnapshot): PromoCodeView {
  const { context } = snapshot;
  const applying = snapshot.matches('applying');
  return {
    kind: context.kind,
    code: context.code,
    maxLength: PROMO_CODE_MAX,
    canApply: !applying && (context.kind === 'blocked' || canApply(context.code)),
    applying,
    fieldError: context.fieldError,
    error: context.error,
    tryAnother: context.kind === 'blocked' && context.codeRefused,
    applied: context.applied,
    errorVersion: context.refusals,
  };
}

/** The box's callbacks, built from the flow's `send`: what the checkout and the story viewer offer. */
export function promoCodeCallbacks(send: (event: PromoCodeEvent) => void) {
  return {
    onCodeChange: (value: string) => send({ type: 'code.change', value }),
    onApply: () => send({ type: 'apply' }),
  };
}

/** The callbacks of the flow's view: `ui/` takes their types from here (import type). */
export type PromoCodeCallbacks = ReturnType<typeof promoCodeCallbacks>;
