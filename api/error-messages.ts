/**
 * The one place that turns an error (code, context, status) into what the visitor reads: a message key and
 * its parameters, resolved to text by the strings catalogue (`ui/strings.ts`), where seller portal strings
 * may override it. Spec 1 §8, spec 2 §8, spec 3 §8. Imports only the code table, so machines may use it.
 */
import { CODE_INFO, ErrorCode, isErrorCode, isLoggedCode } from './codes';

/** Where the error happened: the same code reads differently in different flows. */
export type ErrorWhere =
  | 'listing'
  | 'event'
  | 'reserve'
  | 'calendar'
  | 'cart'
  | 'checkout'
  | 'promo'
  | 'giftCard'
  | 'order'
  | 'confirmation'
  | 'resend'
  | 'cancelOrder'
  | 'reschedule'
  | 'login'
  | 'resetLink'
  | 'membership';

/** Keys of the strings catalogue that error messages use. */
export type ErrorMessageKey =
  | 'errorUnexpected'
  | 'errorUnexpectedLater'
  | 'errorDescription'
  | 'errorOops'
  | 'calendarTypesLimit'
  | 'sessionSoldOut'
  | 'dateSoldOut'
  | 'promoUnknown'
  | 'promoInvalid'
  | 'codeRequired'
  | 'providerUnavailable'
  | 'cardError'
  | 'cardErrorGeneric'
  | 'guestAccount'
  | 'incorrectPassword'
  | 'orderNotFound'
  | 'giftCardNotFound'
  | 'giftCardTrouble'
  | 'resendNotFound'
  | 'resetLinkInvalid'
  | 'rescheduleStartAgain';

export interface ErrorMessage {
  key: ErrorMessageKey;
  params?: Record<string, string>;
}

/** What an API call or an adapter rejected with, structurally (machines never see the ApiError class). */
export interface ErrorLike {
  code: string;
  context?: string | null;
  description?: string | null;
  status?: number;
  extra?: unknown;
}

/** What to do with an error in a flow: show a message, open the promo-code prompt, or ignore it. */
export type ErrorOutcome =
  | { kind: 'message'; message: ErrorMessage }
  | { kind: 'codePrompt'; message: ErrorMessage }
  | { kind: 'ignore' };

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

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

/** Promo code errors shown to the visitor (spec 1 §8, spec 2 §8). */
export const DISPLAYABLE_PROMO_CODES: ReadonlySet<string> = new Set<string>([
  ErrorCode.code_exhausted,
  ErrorCode.code_not_found,
  ErrorCode.additional_info_validation_failed,
  ErrorCode.validation_failed,
  ErrorCode.invalid_citypass,
  ErrorCode.citypass_failure,
  ErrorCode.no_code_benefit,
]);

/** A card payment provider error: an expected card code, or a provider error type in extra. */
export function isCardError(error: ErrorLike): boolean {
  if (CARD_CODES.has(error.code)) return true;
  const type = text(record(error.extra).type);
  return type !== null && PROVIDER_ERROR_TYPES.has(type);
}

const show = (key: ErrorMessageKey, params?: Record<string, string>): ErrorOutcome => ({
  kind: 'message',
  message: params ? { key, params } : { key },
});

/** The server's description, or the flow's generic message when it has none or the code is unknown. */
function described(error: ErrorLike, generic: ErrorMessageKey): ErrorOutcome {
  const description = text(error.description);
  if (!isErrorCode(error.code) || CODE_INFO[error.code].origin !== 'spec' || description === null)
    return show(generic);
  return show('errorDescription', { description });
}

/** The spec's generic message for a flow (spec 1 §8 for discovery and reserve; spec 2 and 3 §8 elsewhere). */
export function genericMessageKey(where: ErrorWhere): ErrorMessageKey {
  switch (where) {
    case 'listing':
    case 'event':
    case 'reserve':
    case 'calendar':
    case 'cart':
      return 'errorUnexpected';
    case 'order':
    case 'reschedule':
      return 'errorOops';
    case 'giftCard':
      return 'giftCardTrouble';
    case 'promo':
      return 'promoUnknown';
    default:
      return 'errorUnexpectedLater';
  }
}

/**
 * What the visitor sees for `error` in the flow `where`. `params` carries what only the flow knows (the
 * sold-out session's time or date, the promo code typed).
 */
export function errorOutcome(
  error: ErrorLike,
  where: ErrorWhere,
  params: Record<string, string> = {},
): ErrorOutcome {
  const generic = genericMessageKey(where);
  const { code } = error;

  if (code === ErrorCode.payment_provider_unavailable) return show('providerUnavailable');

  switch (where) {
    case 'calendar':
      if (code === ErrorCode.validation_failed && error.context === 'event_calendar')
        return show('calendarTypesLimit');
      return show(generic);
    case 'reserve':
      if (code === ErrorCode.event_session_sold_out)
        return params.date !== undefined ? show('dateSoldOut', params) : show('sessionSoldOut', params);
      if (code === ErrorCode.rule_blocks_reserve && error.context === 'checkout_rules') {
        const reason = text(record(error.extra).reason);
        if (reason === 'code_required') return { kind: 'codePrompt', message: { key: 'codeRequired' } };
      }
      return described(error, generic);
    case 'promo': {
      if (code === ErrorCode.duplicate_code || !DISPLAYABLE_PROMO_CODES.has(code))
        return show('promoUnknown');
      const description = text(error.description);
      return description
        ? show('errorDescription', { description })
        : show('promoInvalid', { code: params.code ?? '' });
    }
    case 'checkout':
      if (code === ErrorCode.incorrect_cart_state) return { kind: 'ignore' };
      if (isCardError(error)) {
        const message = text(record(error.extra).message) ?? text(error.description);
        return message ? show('cardError', { message }) : show('cardErrorGeneric');
      }
      if (code === ErrorCode.guest_account) return show('guestAccount');
      if (code === ErrorCode.incorrect_password) return show('incorrectPassword');
      return described(error, generic);
    case 'login':
      if (code === ErrorCode.guest_account) return show('guestAccount');
      if (code === ErrorCode.incorrect_password) return show('incorrectPassword');
      return described(error, generic);
    case 'order':
      if (error.status === 404 || code === ErrorCode.not_found) return show('orderNotFound');
      return show(generic);
    case 'giftCard':
      if (error.status === 404 || code === ErrorCode.not_found) return show('giftCardNotFound');
      return show(generic);
    case 'resend':
      if (error.status === 404 || code === ErrorCode.not_found) return show('resendNotFound');
      return show(generic);
    case 'resetLink':
      if (code === ErrorCode.not_found || code === ErrorCode.validate_failed) return show('resetLinkInvalid');
      return show(generic);
    case 'reschedule':
      if (
        code === ErrorCode.cart_expired ||
        (error.context === 'cart_remove_tickets' &&
          (code === ErrorCode.tickets_too_old ||
            code === ErrorCode.ticket_state_incorrect ||
            code === ErrorCode.ticket_not_found))
      ) {
        const description = text(error.description);
        return description ? show('rescheduleStartAgain', { description }) : show(generic);
      }
      return show(generic);
    case 'membership':
      if (
        (code === ErrorCode.rule_blocks_reserve && error.context === 'checkout_rules') ||
        code === ErrorCode.validate_not_email
      )
        return { kind: 'ignore' };
      return described(error, generic);
    default:
      return described(error, generic);
  }
}

/** The message for an error in a flow (an ignored error or a code prompt still has a message to fall back on). */
export function errorMessage(
  error: ErrorLike,
  where: ErrorWhere,
  params: Record<string, string> = {},
): ErrorMessage {
  const outcome = errorOutcome(error, where, params);
  return outcome.kind === 'ignore' ? { key: genericMessageKey(where) } : outcome.message;
}

/** Whether a code reaching the client is logged, redacted (spec 1 §8): see `isLoggedCode` in the table. */
export { isLoggedCode };

/**
 * Whether an error goes to error reporting: not the statuses the spec's error-reporting filter ignores
 * (402, 404, 409, 410, 422 — spec 2 §8, spec 3 §8), nor codes the table calls expected.
 */
export function isReported(error: ErrorLike): boolean {
  if (error.status !== undefined && [402, 404, 409, 410, 422].includes(error.status)) return false;
  return isLoggedCode(error.code);
}
