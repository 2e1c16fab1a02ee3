/**
 * Pure rules of the promo code box and the blocked-cart form (spec 2 §5 "Promo code: trimmed; minimum length 2
 * (Apply disabled below it); maximum 35. Blocked-cart code: required, minimum 2"; §8 promo errors).
 */
import { ErrorCode } from '../../domain/codes';
import { outcomeMessage } from '../../domain/error-messages/base';
import { DISPLAYABLE_PROMO_CODES, promoOutcome } from '../../domain/error-messages/reserve';
import { type FlowError, message } from '../shared/flow-error';
import type { Message } from '../shared/messages';

/** Spec 2 §5, §9: a promo code is 2 to 35 characters. */
export const PROMO_CODE_MIN = 2;
export const PROMO_CODE_MAX = 35;

/** The code as it is sent: trimmed. */
export const trimmedCode = (typed: string): string => typed.trim();

/** What the field keeps of what is typed: at most 35 characters (the input's maxlength says the same). */
export const keptCode = (typed: string): string => typed.slice(0, PROMO_CODE_MAX);

/** Apply is possible: the trimmed code has 2 to 35 characters. */
export const canApply = (typed: string): boolean => {
  const length = trimmedCode(typed).length;
  return length >= PROMO_CODE_MIN && length <= PROMO_CODE_MAX;
};

/** The blocked-cart code's field error (required, at least 2), or null when it may be applied. */
export function codeFieldError(typed: string): Message | null {
  const code = trimmedCode(typed);
  if (code === '') return message('inputEmpty');
  if (code.length < PROMO_CODE_MIN) return message('promoCodeTooShort', { min: PROMO_CODE_MIN });
  if (code.length > PROMO_CODE_MAX) return message('promoCodeTooLong', { max: PROMO_CODE_MAX });
  return null;
}

/**
 * The refusal's message through the one error mapping (spec 2 §8): a displayable promo error shows its
 * description, or '"{code}" is not a valid promo code.'; others 'Sorry. Please try again later.'
 */
export const applyErrorMessage = (error: FlowError, code: string): Message =>
  outcomeMessage(promoOutcome(error, { code }), 'promo');

/**
 * Spec 1 §8: "duplicate_code: the first error is returned, or the second if present is thrown". A duplicate_code
 * alone is no failure: the code is on the cart already, so the apply stands (null). With a second error in the
 * answer, that second error is the refusal; any other error is its own refusal.
 */
export function settledApplyError(error: FlowError): FlowError | null {
  if (error.code !== ErrorCode.duplicate_code) return error;
  return error.more?.[0] ?? null;
}

/** A code error (spec 2 §8's promo errors shown to the user): the blocked-cart form asks for another code. */
export const isCodeError = (error: FlowError): boolean => DISPLAYABLE_PROMO_CODES.has(error.code);

export { blockingRules, promoBoxShown } from './shown';
