/** Checkout errors: card errors, payment refusals, accounts (spec 2 §8). */
import { ErrorCode } from '../codes';
import {
  accountOutcome,
  described,
  type ErrorLike,
  type ErrorOutcome,
  genericMessageKey,
  providerUnavailable,
  record,
  show,
  text,
} from './base';

/** Expected card errors (spec 2 §8) and the provider error types whose message is shown. */
const PROVIDER_ERROR_TYPES: ReadonlySet<string> = new Set(['card_error', 'invalid_request_error']);
const CARD_CODES: ReadonlySet<string> = new Set<string>([
  ErrorCode.card_declined,
  ErrorCode.incorrect_zip,
  ErrorCode.incorrect_cvc,
  ErrorCode.invalid_cvc,
  ErrorCode.payment_intent_authentication_failure,
  ErrorCode.invalid_bank_account,
  ErrorCode.invalid_bank_account_account_number,
  ErrorCode.card_error,
]);

const CAPTCHA_ERRORS: ReadonlySet<string> = new Set<string>([
  ErrorCode.captcha_closed,
  ErrorCode.captcha_expired,
  ErrorCode.captcha_unavailable,
  ErrorCode.captcha_invalid,
]);

/** A card payment provider error: an expected card code, or a provider error type in extra. */
export function isCardError(error: ErrorLike): boolean {
  if (CARD_CODES.has(error.code)) return true;
  const type = text(record(error.extra).type);
  return type !== null && PROVIDER_ERROR_TYPES.has(type);
}

/**
 * Checkout: card errors between the spec's prefix and suffix; incorrect_cart_state ignored; a gift to oneself
 * has the gift checkout's text (spec 3 §8); a seller that cannot take payments and too many pay attempts have
 * texts of their own.
 */
export function checkoutOutcome(error: ErrorLike): ErrorOutcome {
  if (providerUnavailable(error)) return show('providerUnavailable');
  if (error.code === ErrorCode.payment_unavailable) return show('paymentUnavailable');
  if (error.code === ErrorCode.too_many_attempts) return show('paymentTooManyAttempts');
  if (error.code === ErrorCode.incorrect_cart_state) return { kind: 'ignore' };
  // Spec 2 §8: a dismissed challenge is ignored; closed, expired or refused by the server is a captcha error.
  if (error.code === ErrorCode.captcha_dismissed) return { kind: 'ignore' };
  if (CAPTCHA_ERRORS.has(error.code)) return show('captchaError');
  if (error.code === ErrorCode.giftee_is_purchaser) return show('giftSelfCheckout');
  if (isCardError(error)) {
    const message = text(record(error.extra).message) ?? text(error.description);
    return message ? show('cardError', { message }) : show('cardErrorGeneric');
  }
  return accountOutcome(error) ?? described(error, genericMessageKey('checkout'));
}
