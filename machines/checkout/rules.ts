/** Pure rules of the checkout submit (spec 2 §4 "Checkout submit", §5, §8). */
import { ErrorCode } from '../../api/codes';
import { EMAIL_MAX, isEmail } from '../../api/email';
import type { ErrorOutcome } from '../../api/error-messages/base';
import { checkoutOutcome } from '../../api/error-messages/checkout';
import type { CartModel } from '../../api/models';
import { type Message, message } from '../shared/messages';
import type { FieldErrors, FlowError, IdentityValues, PaymentIntentRef } from './types';

export const NAME_MAX = 50;
export { EMAIL_MAX } from '../../api/email';

export const emptyValues = (): IdentityValues => ({
  firstName: '',
  lastName: '',
  email: '',
  emailConfirm: '',
});

export function trimmedValues(values: IdentityValues): IdentityValues {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    emailConfirm: values.emailConfirm.trim(),
  };
}

function nameError(
  value: string,
  required: 'firstNameRequired' | 'lastNameRequired',
  tooLong: 'firstNameTooLong' | 'lastNameTooLong',
): Message | undefined {
  if (value === '') return message(required);
  if (value.length > NAME_MAX) return message(tooLong, { max: NAME_MAX });
  return undefined;
}

/** Step 1: the identity form (when shown) and the terms (when shown). Empty when valid. */
export function validateCheckout(
  raw: IdentityValues,
  termsAccepted: boolean,
  shown: { identityFormShown: boolean; termsShown: boolean },
): FieldErrors {
  const errors: FieldErrors = {};
  if (shown.identityFormShown) {
    const v = trimmedValues(raw);
    const firstName = nameError(v.firstName, 'firstNameRequired', 'firstNameTooLong');
    if (firstName) errors.firstName = firstName;
    const lastName = nameError(v.lastName, 'lastNameRequired', 'lastNameTooLong');
    if (lastName) errors.lastName = lastName;
    if (v.email === '') errors.email = message('emailRequired');
    else if (v.email.length > EMAIL_MAX) errors.email = message('emailTooLong', { max: EMAIL_MAX });
    else if (!isEmail(v.email)) errors.email = message('emailInvalid');
    if (v.email.toLowerCase() !== v.emailConfirm.toLowerCase())
      errors.emailConfirm = message('emailsMustMatch');
  }
  if (shown.termsShown && !termsAccepted) errors.terms = message('termsRequired');
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

export { toFlowError } from '../shared/flow-error';

const extraRecord = (error: FlowError): Record<string, unknown> =>
  typeof error.extra === 'object' && error.extra !== null ? (error.extra as Record<string, unknown>) : {};

const stringField = (record: Record<string, unknown>, ...keys: string[]): string | null => {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
};

/** The payment intent of an HTTP 402 intent_requires_action error, or null. */
export function paymentIntentFrom(error: FlowError): PaymentIntentRef | null {
  if (error.code !== ErrorCode.intent_requires_action || (error.status !== undefined && error.status !== 402))
    return null;
  const extra = extraRecord(error);
  const clientSecret = stringField(extra, 'client_secret', 'clientSecret');
  const paymentIntentId = stringField(extra, 'payment_intent_id', 'paymentIntentId', 'id');
  return clientSecret && paymentIntentId ? { clientSecret, paymentIntentId } : null;
}

/** The order id of a cart_booked error (the cart was already paid), or null. */
export function bookedOrderIdFrom(error: FlowError): string | null {
  if (error.code !== ErrorCode.cart_booked) return null;
  return stringField(extraRecord(error), 'ticket_order_id', 'ticketOrderId');
}

export const isIntentProcessing = (error: FlowError): boolean => error.code === ErrorCode.intent_processing;

/** What the visitor reads after a failed submit step (spec 2 §8), from the one error mapping. */
export const checkoutErrorOutcome = (error: FlowError): ErrorOutcome => checkoutOutcome(error);

/** The card payment provider could not load: its message shows alone, and the cart is not refreshed. */
export const isProviderUnavailable = (error: FlowError): boolean =>
  error.code === ErrorCode.payment_provider_unavailable;

/** A payment provider error (card codes, provider error types): the cart is refreshed (spec 2 §8). */
export function isPaymentProviderError(error: FlowError): boolean {
  const outcome = checkoutErrorOutcome(error);
  return outcome.kind === 'message' && ['cardError', 'cardErrorGeneric'].includes(outcome.message.key);
}

/** The message of a failed submit step; an ignored error (incorrect_cart_state, spec 2 §8) shows none. */
export function submitErrorMessage(error: FlowError): Message | null {
  const outcome = checkoutErrorOutcome(error);
  return outcome.kind === 'ignore' ? null : outcome.message;
}

/**
 * The message of a failed card step (confirmation or customer action): always a card message, "Your card has
 * not been charged." with the provider's message, or the generic one (spec 2 §8).
 */
export function cardStepMessage(error: FlowError): Message {
  const outcome = checkoutErrorOutcome(error);
  if (outcome.kind === 'message' && ['cardError', 'cardErrorGeneric'].includes(outcome.message.key))
    return outcome.message;
  return error.description
    ? message('cardError', { message: error.description })
    : message('cardErrorGeneric');
}

/** A blocking rule holds the cart: checkout waits for a code that clears it (spec 2 §2 "Blocked-cart form", §8). */
export const isBlocked = (cart: Pick<CartModel, 'cartMods'>): boolean =>
  (cart.cartMods ?? []).some((m) => m.blocking);

/*
 * Zip-code discount (spec 2 §4: "A zip code from the member identity is matched against a discount pattern and
 * applied as a code (US five digits; UK postcode pattern; country taken from the first two letters of the
 * default currency code)"; "Wallets are disabled if a postcode-as-discount-code option is set").
 */

/** The country of the seller's default currency: its first two letters (USD → US, GBP → GB). */
export const currencyCountry = (currency: string): string => currency.trim().slice(0, 2).toUpperCase();

/** A US zip code: five digits. */
const US_ZIP = /^\d{5}$/;
/**
 * A UK postcode without its space, upper case: the outward code (A9, A99, AA9, AA99, A9A, AA9A, with the letters
 * each position allows) and the inward code (9AA), or the special GIR 0AA.
 */
const UK_POSTCODE =
  /^(?:GIR0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y])\d[ABD-HJLNP-UW-Z]{2})$/;

/**
 * The code a member's zip code stands for, or null when it does not match the pattern of the currency's country
 * (or the country has none). US: the five digits as written (trimmed). UK: the postcode in capitals with one
 * space before the inward code ("sw1a1aa" → "SW1A 1AA"), however it was spaced.
 */
export function zipDiscountCode(zip: string, currency: string): string | null {
  const country = currencyCountry(currency);
  if (country === 'US') {
    const code = zip.trim();
    return US_ZIP.test(code) ? code : null;
  }
  if (country === 'GB') {
    const compact = zip.replace(/\s+/g, '').toUpperCase();
    return UK_POSTCODE.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : null;
  }
  return null;
}

/**
 * What checkout applies for a member's zip code: with the seller's option on, a logged-in member's identity
 * zip (meta zip_code) that matches the pattern, unless the cart holds that code already; else null.
 */
export function zipCodeToApply(options: {
  optionOn: boolean;
  zip: string | null | undefined;
  currency: string;
  appliedCodes?: readonly string[];
}): string | null {
  if (!options.optionOn || !options.zip) return null;
  const code = zipDiscountCode(options.zip, options.currency);
  if (code === null) return null;
  const held = (options.appliedCodes ?? []).some((c) => c.toLowerCase() === code.toLowerCase());
  return held ? null : code;
}

/** Wallet payment methods (apple_pay, google_pay) are offered unless the zip-code discount option is on. */
export const walletsAllowed = (zipCodeDiscountOn: boolean): boolean => !zipCodeDiscountOn;
