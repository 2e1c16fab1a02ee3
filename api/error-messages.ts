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
  | 'membership'
  | 'redeem'
  | 'autoRenew'
  | 'gift'
  | 'forgot'
  | 'setEmail'
  | 'verifyEmail';

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
  | 'paymentUnavailable'
  | 'paymentTooManyAttempts'
  | 'guestAccount'
  | 'incorrectPassword'
  | 'orderNotFound'
  | 'giftCardNotFound'
  | 'giftCardTrouble'
  | 'resendNotFound'
  | 'resetLinkInvalid'
  | 'rescheduleStartAgain'
  | 'memberNotFoundZip'
  | 'memberNotFoundLastName'
  | 'memberNotFoundEmail'
  | 'loginDisabled'
  | 'tooManyAttempts'
  | 'emailInUse'
  | 'limitedSession'
  | 'verifyLinkInvalid'
  | 'giftCodeInvalid'
  | 'giftCodeExpired'
  | 'giftCodeRedeemed'
  | 'giftSelf'
  | 'autoRenewContact'
  | 'renewNotYet'
  | 'memberSessionBeyondTerm';

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

/*
 * One function per flow, so a screen's bundle carries only the rules of its own flow; `errorOutcome` below
 * dispatches on the flow for everything else (and for the catalogue test).
 */

const providerUnavailable = (error: ErrorLike): boolean =>
  error.code === ErrorCode.payment_provider_unavailable;

/** Calendar: validation_failed in event_calendar is the 10-types limit; other errors the generic message. */
export function calendarOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.validation_failed && error.context === 'event_calendar')
    return show('calendarTypesLimit');
  return show(genericMessageKey('calendar'));
}

/**
 * Reserve: sold out reads with the session's time (or the day, when the whole day sold out); a code-required
 * rule block opens the code prompt; the others show the server's description.
 */
export function reserveOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  if (error.code === ErrorCode.event_session_sold_out)
    return params.date !== undefined ? show('dateSoldOut', params) : show('sessionSoldOut', params);
  if (error.code === ErrorCode.rule_blocks_reserve && error.context === 'checkout_rules') {
    if (text(record(error.extra).reason) === 'code_required')
      return { kind: 'codePrompt', message: { key: 'codeRequired' } };
  }
  if (error.code === ErrorCode.membership_ends_before_session) return show('memberSessionBeyondTerm');
  return described(error, genericMessageKey('reserve'));
}

/** Promo codes: displayable codes show their description, or '"{code}" is not a valid promo code.' */
export function promoOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  if (error.code === ErrorCode.duplicate_code || !DISPLAYABLE_PROMO_CODES.has(error.code))
    return show('promoUnknown');
  const description = text(error.description);
  return description
    ? show('errorDescription', { description })
    : show('promoInvalid', { code: params.code ?? '' });
}

/** Accounts (checkout and login): guest_account and incorrect_password have the spec's texts. */
function accountOutcome(error: ErrorLike): ErrorOutcome | null {
  if (error.code === ErrorCode.guest_account) return show('guestAccount');
  if (error.code === ErrorCode.incorrect_password) return show('incorrectPassword');
  return null;
}

/**
 * Checkout: card errors between the spec's prefix and suffix; incorrect_cart_state ignored; a seller that
 * cannot take payments and too many pay attempts have texts of their own.
 */
export function checkoutOutcome(error: ErrorLike): ErrorOutcome {
  if (providerUnavailable(error)) return show('providerUnavailable');
  if (error.code === ErrorCode.payment_unavailable) return show('paymentUnavailable');
  if (error.code === ErrorCode.too_many_attempts) return show('paymentTooManyAttempts');
  if (error.code === ErrorCode.incorrect_cart_state) return { kind: 'ignore' };
  if (isCardError(error)) {
    const message = text(record(error.extra).message) ?? text(error.description);
    return message ? show('cardError', { message }) : show('cardErrorGeneric');
  }
  return accountOutcome(error) ?? described(error, genericMessageKey('checkout'));
}

/** The login modes that identify by member ID (spec 3 §2 "Login screen"); each has its failure text. */
const MEMBER_NOT_FOUND: Readonly<Record<string, ErrorMessageKey>> = {
  scan_code: 'memberNotFoundZip',
  scan_code_last_name: 'memberNotFoundLastName',
  scan_code_password: 'memberNotFoundEmail',
};

/**
 * Login (spec 3 §8). `params.mode` is the login mode (password, scan_code, scan_code_last_name,
 * scan_code_password); `params.invalidCredentialsMessage` the seller's configured text, if any. A 401 without
 * a more precise code shows the configured text, else the mode's 'Member details not found…' text (member-ID
 * modes), else the server's message.
 */
export function loginOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  const account = accountOutcome(error);
  if (account) return account;
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  if (error.code === ErrorCode.login_disabled) return show('loginDisabled');
  if (error.code === ErrorCode.invalid_credentials || error.status === 401) {
    const configured = text(params.invalidCredentialsMessage);
    if (configured) return show('errorDescription', { description: configured });
    const perMode = params.mode === undefined ? undefined : MEMBER_NOT_FOUND[params.mode];
    if (perMode) return show(perMode);
    const description = text(error.description);
    if (description) return show('errorDescription', { description });
  }
  return described(error, genericMessageKey('login'));
}

/**
 * Forgot password and forgot membership (spec 3 §8 "Email-submit"): a 404 counts as success (ignored here,
 * the flow shows its success text); too many requests have their own text; the rest the generic message.
 */
export function forgotOutcome(error: ErrorLike): ErrorOutcome {
  if (isNotFound(error)) return { kind: 'ignore' };
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return show(genericMessageKey('forgot'));
}

/**
 * Set email address (spec 3 §5): a 409 names the address another account uses (`params.email`); a member-ID
 * login may not change a real email (limited_session, issue 18).
 */
export function setEmailOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  if (error.code === ErrorCode.email_in_use || error.status === 409)
    return show('emailInUse', { email: params.email ?? '' });
  if (error.code === ErrorCode.limited_session) return show('limitedSession');
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return described(error, genericMessageKey('setEmail'));
}

/**
 * Email verification links (issue 18): unknown, used or expired read as an invalid link; a 409 (another account
 * verified the address meanwhile) is the spec 3 §5 text the server sends, which names the address.
 */
export function verifyEmailOutcome(error: ErrorLike): ErrorOutcome {
  if (isNotFound(error) || error.code === ErrorCode.validate_failed) return show('verifyLinkInvalid');
  if (error.code === ErrorCode.email_in_use || error.status === 409) {
    const description = text(error.description);
    return description ? show('errorDescription', { description }) : show('emailInUse', { email: '' });
  }
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return show(genericMessageKey('verifyEmail'));
}

const isNotFound = (error: ErrorLike) => error.status === 404 || error.code === ErrorCode.not_found;

/** Order page, gift card and resend: a not-found has its own text; the rest the flow's generic one. */
export function notFoundOutcome(error: ErrorLike, where: 'order' | 'giftCard' | 'resend'): ErrorOutcome {
  const missing = { order: 'orderNotFound', giftCard: 'giftCardNotFound', resend: 'resendNotFound' } as const;
  return show(isNotFound(error) ? missing[where] : genericMessageKey(where));
}

/** Reset links: not_found and validate_failed read as an expired link. */
export function resetLinkOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.not_found || error.code === ErrorCode.validate_failed)
    return show('resetLinkInvalid');
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return show(genericMessageKey('resetLink'));
}

/** Reschedule: an expired cart or tickets that cannot move show the message and a way to start again. */
export function rescheduleOutcome(error: ErrorLike): ErrorOutcome {
  const startAgain =
    error.code === ErrorCode.cart_expired ||
    (error.context === 'cart_remove_tickets' &&
      (error.code === ErrorCode.tickets_too_old ||
        error.code === ErrorCode.ticket_state_incorrect ||
        error.code === ErrorCode.ticket_not_found));
  const description = text(error.description);
  return startAgain && description
    ? show('rescheduleStartAgain', { description })
    : show(genericMessageKey('reschedule'));
}

/** Membership submit ignores rule_blocks_reserve (checkout_rules) and validate_not_email in its display. */
export function membershipOutcome(error: ErrorLike): ErrorOutcome {
  if (
    (error.code === ErrorCode.rule_blocks_reserve && error.context === 'checkout_rules') ||
    error.code === ErrorCode.validate_not_email
  )
    return { kind: 'ignore' };
  if (error.code === ErrorCode.renewal_not_open) {
    // The day renewing opens (YYYY-MM-DD, as the renew form's own notice writes it).
    const opens = text(record(error.extra).renewal_opens_at);
    const day = opens && /^\d{4}-\d{2}-\d{2}/.test(opens) ? opens.slice(0, 10) : null;
    if (day) return show('renewNotYet', { date: day });
  }
  return described(error, genericMessageKey('membership'));
}

/**
 * Redeem (spec 3 §5, §8): an unknown code (not_found, code_not_found) or a malformed one reads 'You must enter a
 * valid code'; expired and exhausted codes their texts; too many unknown codes (429, the server's guessing limit)
 * the too-many-attempts text; the rest the server's description or the generic text.
 */
export function redeemOutcome(error: ErrorLike): ErrorOutcome {
  if (
    isNotFound(error) ||
    error.code === ErrorCode.code_not_found ||
    error.code === ErrorCode.validation_failed
  )
    return show('giftCodeInvalid');
  if (error.code === ErrorCode.code_expired) return show('giftCodeExpired');
  if (error.code === ErrorCode.code_exhausted) return show('giftCodeRedeemed');
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return membershipOutcome(error);
}

/** Gift checkout (spec 3 §5): the giftee is the purchaser: the purchase form's self-gift text. */
export function giftOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.giftee_is_purchaser) return show('giftSelf');
  return membershipOutcome(error);
}

/** Cancel auto-renew (spec 3 §8): not enrolled asks to contact the seller; the rest show the message. */
export function autoRenewOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.auto_renew_not_enrolled) return show('autoRenewContact');
  return described(error, genericMessageKey('autoRenew'));
}

/** Listing, event and cart: the server's description for spec codes, else the generic message. */
export function generalOutcome(error: ErrorLike, where: 'listing' | 'event' | 'cart'): ErrorOutcome {
  return providerUnavailable(error)
    ? show('providerUnavailable')
    : described(error, genericMessageKey(where));
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
  switch (where) {
    case 'calendar':
      return calendarOutcome(error);
    case 'reserve':
      return reserveOutcome(error, params);
    case 'promo':
      return promoOutcome(error, params);
    case 'checkout':
      return checkoutOutcome(error);
    case 'login':
      return loginOutcome(error, params);
    case 'forgot':
      return forgotOutcome(error);
    case 'setEmail':
      return setEmailOutcome(error, params);
    case 'verifyEmail':
      return verifyEmailOutcome(error);
    case 'order':
    case 'giftCard':
    case 'resend':
      return notFoundOutcome(error, where);
    case 'resetLink':
      return resetLinkOutcome(error);
    case 'reschedule':
      return rescheduleOutcome(error);
    case 'membership':
      return membershipOutcome(error);
    case 'redeem':
      return redeemOutcome(error);
    case 'gift':
      return giftOutcome(error);
    case 'autoRenew':
      return autoRenewOutcome(error);
    case 'confirmation':
    case 'cancelOrder':
      return described(error, genericMessageKey(where));
    default:
      return generalOutcome(error, where);
  }
}

/** An outcome as a message (an ignored error reads as the flow's generic message). */
export const outcomeMessage = (outcome: ErrorOutcome, where: ErrorWhere): ErrorMessage =>
  outcome.kind === 'ignore' ? { key: genericMessageKey(where) } : outcome.message;

/** The message for an error in a flow (an ignored error or a code prompt still has a message to fall back on). */
export function errorMessage(
  error: ErrorLike,
  where: ErrorWhere,
  params: Record<string, string> = {},
): ErrorMessage {
  return outcomeMessage(errorOutcome(error, where, params), where);
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
