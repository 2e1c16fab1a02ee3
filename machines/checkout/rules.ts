/** Pure rules of the checkout submit (spec 2 §4 "Checkout submit", §5, §8). */

import type { CartModel, GiftCardPayment, PurchaserInput } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { isEmail } from '../../domain/email';
import type { ErrorOutcome } from '../../domain/error-messages/base';
import { checkoutOutcome } from '../../domain/error-messages/checkout';
import { amountToPayNowCents, spreadGiftCards } from '../../domain/gift-card-rule';
import {
  countryCode,
  countryHasStates,
  type IdentityFieldError,
  type IdentityFieldKey,
  type IdentityFormField,
  type IdentityFormValues,
  identityFormErrors,
  identityFormFields,
  identityFormPayload,
  subdivisionLabel,
} from '../../domain/identity-form';
import type { MustMatchError } from '../../domain/must-match';
import { type Message, type MessageKey, message } from '../shared/messages';
import type {
  DetailIdentityField,
  FieldErrors,
  FlowError,
  IdentityField,
  IdentityValues,
  PartialPayment,
  PaymentIntentRef,
} from './types';

export const NAME_MAX = 50;
export { EMAIL_MAX } from '../../domain/email';

export const emptyValues = (): IdentityValues => ({
  firstName: '',
  lastName: '',
  email: '',
  emailConfirm: '',
});

/** The form's fields by their wire keys (spec 2 §3 "Identity form fields"). */
export const WIRE_KEY: Record<IdentityField, IdentityFieldKey> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  emailConfirm: 'email_confirm',
  phone: 'phone',
  country: 'country',
  address: 'address',
  addressMore: 'address_more',
  city: 'city',
  state: 'state',
  zipCode: 'zip_code',
};
const FIELD_OF = Object.fromEntries(Object.entries(WIRE_KEY).map(([f, k]) => [k, f])) as Record<
  IdentityFieldKey,
  IdentityField
>;
export const fieldOf = (key: IdentityFieldKey): IdentityField => FIELD_OF[key];
const DETAIL_FIELDS: readonly DetailIdentityField[] = [
  'phone',
  'country',
  'address',
  'addressMore',
  'city',
  'state',
  'zipCode',
];

/**
 * The identity form of the cart (spec 2 §3): the names and email, and the fields its events' and ticket groups'
 * `identity_form` ask, each required, disabled, bound to another or limited to options as they say.
 */
export const identityFields = (cart: Pick<CartModel, 'identityForm'> | undefined): IdentityFormField[] =>
  identityFormFields([cart?.identityForm ?? []]);

const wireValues = (values: Partial<Record<IdentityField, string>>): IdentityFormValues =>
  Object.fromEntries(Object.entries(values).map(([f, v]) => [WIRE_KEY[f as IdentityField], v]));

/**
 * What the cart already knows of its purchaser (issue 19: back at checkout after a payment that failed, the identity
 * given before is not asked again): the form's values, the email confirmed.
 */
export function cartPrefill(cart: Pick<CartModel, 'purchaser'>): Partial<IdentityValues> | undefined {
  const p = cart.purchaser;
  if (!p) return undefined;
  const details = Object.fromEntries(
    Object.entries(p.details ?? {}).map(([key, value]) => [FIELD_OF[key as IdentityFieldKey], value]),
  );
  return { firstName: p.firstName, lastName: p.lastName, email: p.email, emailConfirm: p.email, ...details };
}

/**
 * The values after a field changed: another country, where either has states, drops the state (the state select
 * offers the new country's own; spec 3 §3).
 */
export function changedValues(values: IdentityValues, field: IdentityField, value: string): IdentityValues {
  const next: IdentityValues = { ...values, [field]: value };
  const before = countryCode(values.country);
  if (
    field === 'country' &&
    next.state &&
    countryCode(value) !== before &&
    (countryHasStates(value) || countryHasStates(before))
  )
    next.state = '';
  return next;
}

export function trimmedValues(values: IdentityValues): IdentityValues {
  return Object.fromEntries(Object.entries(values).map(([f, v]) => [f, (v ?? '').trim()])) as IdentityValues;
}

/**
 * The purchaser to store (spec 2 §4 step 5): the names and email, and the other fields the form shows, trimmed,
 * without disabled fields, fields bound to another and empty ones (spec 1 §5).
 */
export function purchaserOf(values: IdentityValues, fields: readonly IdentityFormField[]): PurchaserInput {
  const v = trimmedValues(values);
  const payload = identityFormPayload(fields, wireValues(v));
  const details = Object.fromEntries(
    DETAIL_FIELDS.flatMap((f) => {
      const value = payload[WIRE_KEY[f]];
      return value ? [[WIRE_KEY[f], value]] : [];
    }),
  ) as PurchaserInput['details'];
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    ...(details && Object.keys(details).length ? { details } : {}),
  };
}

/** A field's message for an error of the identity form rule (domain/identity-form.ts). */
function fieldMessage(field: IdentityField, error: IdentityFieldError, country: string): Message {
  switch (error.key) {
    case 'required':
      if (field === 'state' && subdivisionLabel(country) === 'province') return message('provinceRequired');
      return message(`${field}Required` as MessageKey);
    case 'tooLong':
      return field === 'firstName' || field === 'lastName'
        ? message(`${field}TooLong`, { max: error.max })
        : field === 'email'
          ? message('emailTooLong', { max: error.max })
          : message('fieldTooLong', { max: error.max });
    case 'emailInvalid':
      return message('emailInvalid');
    case 'zipInvalid':
      return message('zipCodeInvalid');
    case 'notAnOption':
      return message('optionInvalid');
    case 'MustMatch':
      return mustMatchMessage(error);
  }
}

/**
 * The confirm-field rule's message (spec 3 §5, key 'MustMatch' naming the input to match): the email's re-entry
 * 'Email addresses must match.', the password's 'Passwords must match.', any other pair the generic one.
 */
export function mustMatchMessage(error: MustMatchError): Message {
  if (error.name === 'email') return message('emailsMustMatch');
  if (error.name === 'password') return message('passwordsMustMatch');
  return message('fieldsMustMatch');
}

/** The identity form's field messages by field (domain/identity-form.ts's rule); empty when valid. */
export function identityErrors(
  fields: readonly IdentityFormField[],
  raw: Partial<Record<IdentityField, string>>,
): Partial<Record<IdentityField, Message>> {
  const errors: Partial<Record<IdentityField, Message>> = {};
  const values = wireValues(raw);
  const found = identityFormErrors(fields, values, isEmail);
  for (const [key, error] of Object.entries(found)) {
    const field = FIELD_OF[key as IdentityFieldKey];
    errors[field] = fieldMessage(field, error, (values.country ?? '').trim());
  }
  return errors;
}

/** Step 1: the identity form (when shown) and the terms (when shown). Empty when valid. */
export function validateCheckout(
  raw: IdentityValues,
  termsAccepted: boolean,
  shown: { identityFormShown: boolean; termsShown: boolean; cart?: Pick<CartModel, 'identityForm'> },
): FieldErrors {
  const errors: FieldErrors = shown.identityFormShown ? identityErrors(identityFields(shown.cart), raw) : {};
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
 * The message of a refused gift card payment (spec 2 §8): a card without balance (or inactive) "Gift Card balance
 * is $0"; 404 "Gift card not found."; else the generic gift card error.
 */
export function giftCardPaymentMessage(error: FlowError): Message {
  if (error.code === ErrorCode.ledger_balance_insufficient || error.code === ErrorCode.ledger_inactive) {
    return message('giftCardEmpty');
  }
  // The gift card texts of spec 2 §8, without the error catalogue (it stays out of checkout's first load).
  return message(error.code === ErrorCode.not_found ? 'giftCardNotFound' : 'giftCardTrouble');
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

/**
 * Spec 2 §4 "Wallets are disabled if a postcode-as-discount-code option is set": wallet payment methods
 * (apple_pay, google_pay) are offered unless the zip-code discount option is on. The zip code's own rules are in
 * ./zip-code (loaded only when the option is on).
 */
export const walletsAllowed = (zipCodeDiscountOn: boolean): boolean => !zipCodeDiscountOn;

/** Stripe's bank-debit payment method types: a payment of one clears later (spec 2 §2, the pending page). */
const DEBIT_METHODS: readonly string[] = [
  'us_bank_account',
  'sepa_debit',
  'bacs_debit',
  'acss_debit',
  'au_becs_debit',
];
export const isDebitMethod = (methodType: string | null): boolean =>
  methodType !== null && DEBIT_METHODS.includes(methodType);

/**
 * The identity a wallet gave (spec 2 §3 "Wallet-derived identity") fills the form's empty fields; what the
 * visitor typed stays. The email is confirmed by the wallet, so the confirmation follows it.
 */
export function walletValues(values: IdentityValues, wallet: Partial<IdentityValues>): IdentityValues {
  const pick = (typed: string, given: string | undefined) =>
    typed.trim() === '' ? (given ?? '').trim() : typed;
  const email = pick(values.email, wallet.email);
  return {
    ...values,
    firstName: pick(values.firstName, wallet.firstName),
    lastName: pick(values.lastName, wallet.lastName),
    email,
    emailConfirm: values.emailConfirm.trim() === '' ? email : values.emailConfirm,
  };
}

/** A wallet payment refused for its postcode: the note that the zip code is the wallet address's (spec 2 §8). */
export const isWalletPostcodeError = (wallet: boolean, error: FlowError | null): boolean =>
  wallet && error !== null && error.code === ErrorCode.incorrect_zip;

/**
 * The amount to pay now (spec 2 §4 "Scheduled payments"): the scheduled payments panel's choice, within the
 * outstanding balance and never below 0, less what this payment's gift cards already paid of it (`paidCents`);
 * without a plan, the outstanding balance (what the gift cards paid has left it already).
 */
export function amountToPayCents(
  cart: CartModel,
  /** The amount the scheduled payments panel chose (spec 2 §4); null: no schedule, the outstanding balance. */
  instalmentCents: number | null = null,
  /** What gift cards posted towards the chosen amount have paid of it (they left the outstanding balance). */
  paidCents = 0,
): number {
  return amountToPayNowCents(cart.totals.outstandingCents, instalmentCents, paidCents);
}

/**
 * What the card pays (spec 2 §4): the amount to pay less what the applied gift cards pay of it, spread over this
 * cart and this amount (not over the total of the moment they were applied), never below 0.
 */
export function cardAmountCents(
  cart: CartModel,
  giftCards: readonly GiftCardPayment[],
  instalmentCents: number | null = null,
  paidCents = 0,
): number {
  const due = amountToPayCents(cart, instalmentCents, paidCents);
  const gifts = spreadGiftCards(giftCards, due).reduce((sum, card) => sum + card.paymentCents, 0);
  return Math.max(0, due - gifts);
}

/** The pending gift card payments of the amount to pay (spec 2 §4): a gift card pays at most what was chosen. */
export const giftCardShares = (
  cart: CartModel,
  giftCards: readonly GiftCardPayment[],
  instalmentCents: number | null = null,
  paidCents = 0,
): GiftCardPayment[] => spreadGiftCards(giftCards, amountToPayCents(cart, instalmentCents, paidCents));

/**
 * A partial payment made (spec 2 §4, §8 "You have successfully made a payment of {amount}. Your next payment of
 * {amount} is due on {date}."): what it paid and the next scheduled payment of the fresh cart (the earliest one
 * left; null: none listed).
 */
export function partialPaymentOf(amountCents: number, fresh: CartModel): PartialPayment {
  const next = [...(fresh.scheduledPayments ?? [])]
    .filter((p) => p.amountCents > 0)
    .sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate))[0];
  return { amountCents, next: next ? { amountCents: next.amountCents, dueDate: next.dueDate } : null };
}
