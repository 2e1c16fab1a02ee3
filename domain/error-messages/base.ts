/**
 * The one place that turns an error (code, context, status) into what the visitor reads: a message key and
 * its parameters, resolved to text by the strings catalogue (`ui/strings.ts`), where seller portal strings
 * may override it. Spec 1 §8, spec 2 §8, spec 3 §8. Imports only the code table, so machines may use it.
 *
 * This module is what every screen needs (the types, the generic messages, listing, event and cart); each
 * flow's own rules live in a module of their own beside it (reserve, checkout, login, account, membership,
 * order), so the first load does not carry the rules of lazy screens: a bundler places a module whole, with
 * every export any chunk uses. `index.ts` dispatches on the flow for the catalogue test.
 */
import { CODE_INFO, ErrorCode, isErrorCode, isLoggedCode } from '../codes';

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
  | 'verifyEmail'
  | 'account';

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
  | 'walletCancelled'
  | 'captchaError'
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
  | 'emailInUseUnnamed'
  | 'registerEmailInUse'
  | 'limitedSession'
  | 'verifyLinkInvalid'
  | 'giftCodeInvalid'
  | 'giftCodeExpired'
  | 'giftCodeRedeemed'
  | 'giftSelf'
  | 'giftSelfCheckout'
  | 'autoRenewContact'
  | 'renewNotYet'
  | 'memberSessionBeyondTerm'
  | 'noValidTickets'
  | 'cancelContactUs';

/**
 * A message's parameter: text, a number, or a value the view writes in the visitor's locale (issue 26): an
 * instant's time of day in a zone (`{ time: ISO, zone }`, '10:00 AM' in English) or a calendar day
 * (`{ day: 'YYYY-MM-DD' }`, 'Sat, Nov 21, 2026'). Machines carry the value, never its English text.
 */
export type MessageParam = string | number | { time: string; zone: string } | { day: string };
export type MessageParams = Record<string, MessageParam>;

/**
 * The parameters as the outcomes that read one read them: text (the promo code typed, the login mode, the
 * address another account uses), which flows pass as text. Only the type: the first load stays small.
 */
export const textParams = (params: MessageParams) => params as Record<string, string>;

export interface ErrorMessage {
  key: ErrorMessageKey;
  params?: MessageParams;
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

export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

export const show = (key: ErrorMessageKey, params?: MessageParams): ErrorOutcome => ({
  kind: 'message',
  message: params ? { key, params } : { key },
});

/** The server's description, or the flow's generic message when it has none or the code is unknown. */
export function described(error: ErrorLike, generic: ErrorMessageKey): ErrorOutcome {
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

export const providerUnavailable = (error: ErrorLike): boolean =>
  error.code === ErrorCode.payment_provider_unavailable;

export const isNotFound = (error: ErrorLike) => error.status === 404 || error.code === ErrorCode.not_found;

/** Accounts (checkout and login): guest_account and incorrect_password have the spec's texts. */
export function accountOutcome(error: ErrorLike): ErrorOutcome | null {
  if (error.code === ErrorCode.guest_account) return show('guestAccount');
  if (error.code === ErrorCode.incorrect_password) return show('incorrectPassword');
  return null;
}

/** Listing, event and cart: the server's description for spec codes, else the generic message. */
export function generalOutcome(error: ErrorLike, where: 'listing' | 'event' | 'cart'): ErrorOutcome {
  return providerUnavailable(error)
    ? show('providerUnavailable')
    : described(error, genericMessageKey(where));
}

/** An outcome as a message (an ignored error reads as the flow's generic message). */
export const outcomeMessage = (outcome: ErrorOutcome, where: ErrorWhere): ErrorMessage =>
  outcome.kind === 'ignore' ? { key: genericMessageKey(where) } : outcome.message;

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

/** The same filter for an API call's error: a 401 on login and user calls is not reported either (spec 3 §8). */
export const isReportedCall = (error: ErrorLike, path: string): boolean =>
  !(error.status === 401 && /^(my\/)?(login|user)(\/|$)/.test(path)) && isReported(error);
