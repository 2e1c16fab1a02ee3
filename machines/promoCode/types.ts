import type { DoneActorEvent } from 'xstate';
import type { CartModel } from '../../api/models';
import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';

export type { FlowError };

/**
 * Which form: the checkout's promo code box (spec 2 §2; Apply disabled under 2 characters), or the blocked-cart
 * form (spec 2 §2, §8: a required code, at least 2 characters; "Please try another one." after code errors).
 */
export type PromoCodeKind = 'promo' | 'blocked';

export interface PromoCodeInput {
  kind: PromoCodeKind;
}

export interface PromoCodeContext {
  kind: PromoCodeKind;
  /** The code as typed (at most 35 characters); trimmed when applied. */
  code: string;
  /** The field's own error (blocked-cart form: required, at least 2), or null. */
  fieldError: Message | null;
  /** The server's refusal of the last code applied (spec 2 §8), or null. */
  error: Message | null;
  /** The last refusal was a code error: the blocked-cart form adds "Please try another one." */
  codeRefused: boolean;
  /** The code just applied (trimmed), for the live-region notice; null once the notice is gone. */
  applied: string | null;
  /** Refused applies so far: the view moves focus to the field on each change. */
  refusals: number;
}

export type PromoCodeEvent =
  | { type: 'code.change'; value: string }
  | { type: 'apply' }
  /** The code applied: the fresh cart. */
  | DoneActorEvent<ApplyCodeOutput, 'applyCode'>;

/** What the provided `applyCode` receives; the route reads the cart id when it acts. */
export interface ApplyCodeInput {
  codes: string[];
  requireBenefit: boolean;
}

/** `applyCode` answers the fresh cart (its codes, mods and totals). */
export type ApplyCodeOutput = CartModel;
