/** Pure rules of the checkout submit (spec 2 §4 "Checkout submit", §5, §8). */
import type { FieldErrors, FlowError, IdentityValues, PaymentIntentRef } from './types';

export const NAME_MAX = 50;
export const EMAIL_MAX = 254;

/** User-facing strings of the checkout submit. Spec strings are verbatim. */
export const checkoutStrings = {
  // spec 2 §8
  validation:
    'There were errors found in the information you submitted. Please address the errors and re-submit the form.',
  unexpected: 'Sorry, something unexpected happened. Please try again later.',
  cardNotCharged: 'Your card has not been charged.',
  editPaymentDetails: 'Please edit your payment details and try again.',
  providerUnavailable:
    'Credit card payment can not be processed because the card payment provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
  // spec 2 §5
  emailsMustMatch: 'Email addresses must match.',
  // ours
  cardGeneric: 'Your payment could not be processed.',
  firstNameRequired: 'Please enter your first name.',
  firstNameTooLong: `First name must be ${NAME_MAX} characters or fewer.`,
  lastNameRequired: 'Please enter your last name.',
  lastNameTooLong: `Last name must be ${NAME_MAX} characters or fewer.`,
  emailRequired: 'Please enter your email address.',
  emailTooLong: `Email must be ${EMAIL_MAX} characters or fewer.`,
  emailInvalid: 'Please enter a valid email address.',
  termsRequired: 'Please accept the terms and conditions.',
  statusProcessing: 'Processing payment…',
  statusConfirming: 'Waiting for your card issuer to confirm the payment…',
  statusCompleted: 'Payment complete.',
  statusPending: 'Your payment is processing.',
} as const;

/** Codes a card adapter rejects with when the payment provider could not load. */
export const PROVIDER_UNAVAILABLE_CODE = 'payment_provider_unavailable';

/** Expected card errors (spec 2 §8) plus the usual card error codes. */
const CARD_ERROR_CODES: ReadonlySet<string> = new Set([
  'card_declined',
  'incorrect_zip',
  'incorrect_cvc',
  'invalid_cvc',
  'incorrect_number',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'expired_card',
  'processing_error',
  'payment_intent_authentication_failure',
  'invalid_bank_account',
  'invalid_bank_account_account_number',
  'card_error',
]);
const PROVIDER_ERROR_TYPES: ReadonlySet<string> = new Set(['card_error', 'invalid_request_error']);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

function nameError(value: string, required: string, tooLong: string): string | undefined {
  if (value === '') return required;
  if (value.length > NAME_MAX) return tooLong;
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
    const s = checkoutStrings;
    const firstName = nameError(v.firstName, s.firstNameRequired, s.firstNameTooLong);
    if (firstName) errors.firstName = firstName;
    const lastName = nameError(v.lastName, s.lastNameRequired, s.lastNameTooLong);
    if (lastName) errors.lastName = lastName;
    if (v.email === '') errors.email = s.emailRequired;
    else if (v.email.length > EMAIL_MAX) errors.email = s.emailTooLong;
    else if (!EMAIL_PATTERN.test(v.email)) errors.email = s.emailInvalid;
    if (v.email.toLowerCase() !== v.emailConfirm.toLowerCase()) errors.emailConfirm = s.emailsMustMatch;
  }
  if (shown.termsShown && !termsAccepted) errors.terms = checkoutStrings.termsRequired;
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
  if (error.code !== 'intent_requires_action' || (error.status !== undefined && error.status !== 402))
    return null;
  const extra = extraRecord(error);
  const clientSecret = stringField(extra, 'client_secret', 'clientSecret');
  const paymentIntentId = stringField(extra, 'payment_intent_id', 'paymentIntentId', 'id');
  return clientSecret && paymentIntentId ? { clientSecret, paymentIntentId } : null;
}

/** The order id of a cart_booked error (the cart was already paid), or null. */
export function bookedOrderIdFrom(error: FlowError): string | null {
  if (error.code !== 'cart_booked') return null;
  return stringField(extraRecord(error), 'ticket_order_id', 'ticketOrderId');
}

export const isIntentProcessing = (error: FlowError): boolean => error.code === 'intent_processing';

export const isProviderUnavailable = (error: FlowError): boolean => error.code === PROVIDER_UNAVAILABLE_CODE;

/** A payment provider error: a card error code, or a provider error type in extra. */
export function isPaymentProviderError(error: FlowError): boolean {
  if (CARD_ERROR_CODES.has(error.code)) return true;
  const type = stringField(extraRecord(error), 'type');
  return type !== null && PROVIDER_ERROR_TYPES.has(type);
}

/** 'Your card has not been charged. {provider message or generic} Please edit your payment details and try again.' */
export function cardErrorMessage(error: FlowError): string {
  const provider =
    stringField(extraRecord(error), 'message') ?? (error.description || checkoutStrings.cardGeneric);
  return `${checkoutStrings.cardNotCharged} ${provider} ${checkoutStrings.editPaymentDetails}`;
}

/** Other errors: the API description, or the generic unexpected message. */
export function otherErrorMessage(error: FlowError): string {
  return error.description || checkoutStrings.unexpected;
}
