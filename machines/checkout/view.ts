/** The checkout view model: one selector from a checkout snapshot to the props its view needs. */
import type { CartModel } from '../../api/models';
import {
  countryCode,
  countryHasStates,
  FIELD_MAX,
  type IdentityFieldKey,
  type LookupCountry,
  lookupCountryOf,
  type Places,
  subdivisionLabel,
} from '../../domain/identity-form';
import type { Message } from '../shared/messages';
import { cardAmountCents, fieldOf, identityFields, isWalletPostcodeError } from './rules';
import type { CheckoutSnapshot } from './selectors';
import type { FieldErrors, IdentityField, IdentityValues, PartialPayment } from './types';

/** One field of the identity form as the view draws it (spec 2 §3, spec 1 §5: radios under 4 options). */
export interface IdentityFieldView {
  name: IdentityField;
  /** Its label's key in the catalogue. */
  label: IdentityField | 'province' | 'postalCode';
  input: 'text' | 'email' | 'tel' | 'select' | 'radio';
  autoComplete: string;
  maxLength: number;
  required: boolean;
  disabled: boolean;
  /** The choices of a select or radio group, or null. */
  options: { value: string; label: string }[] | null;
}

const AUTOCOMPLETE: Record<IdentityFieldKey, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  email_confirm: 'email',
  phone: 'tel',
  country: 'country',
  address: 'address-line1',
  address_more: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip_code: 'postal-code',
};

const countryOptions = new WeakMap<Places, { value: string; label: string }[]>();
/** The countries by their English names (the browser's Intl.DisplayNames), computed once; none until loaded. */
function countries(places: Places | null): { value: string; label: string }[] {
  if (!places) return [];
  const known = countryOptions.get(places);
  if (known) return known;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const options = places.COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort(
    (a, b) => a.label.localeCompare(b.label, 'en'),
  );
  countryOptions.set(places, options);
  return options;
}

/** The identity form's fields as drawn, for the values of the moment (the state follows the country). */
export function identityFieldViews(
  cart: Pick<CartModel, 'identityForm'>,
  values: IdentityValues,
  /** The country and subdivision lists (domain/places, loaded on demand); null: not yet, the selects empty. */
  places: Places | null = null,
): IdentityFieldView[] {
  const country = countryCode(values.country);
  return identityFields(cart).map((f) => {
    const name = fieldOf(f.key);
    const subdivisions =
      f.key === 'state' && countryHasStates(country) ? (places?.SUBDIVISIONS[country] ?? []) : undefined;
    const options =
      f.key === 'country'
        ? countries(places).filter((c) => !f.options || f.options.includes(c.value))
        : subdivisions
          ? subdivisions.map(([value, label]) => ({ value, label }))
          : (f.options?.map((o) => ({ value: o, label: o })) ?? null);
    return {
      name,
      label:
        f.key === 'state' && subdivisionLabel(country) === 'province'
          ? 'province'
          : f.key === 'zip_code'
            ? 'postalCode'
            : name,
      input:
        options && f.key !== 'country' && f.key !== 'state' && options.length < 4
          ? 'radio'
          : options
            ? 'select'
            : f.key === 'email' || f.key === 'email_confirm'
              ? 'email'
              : f.key === 'phone'
                ? 'tel'
                : 'text',
      autoComplete: AUTOCOMPLETE[f.key],
      maxLength: FIELD_MAX[f.key],
      // The state is asked only when its country has states (spec 3 §5).
      required: f.key === 'state' ? f.required && subdivisions !== undefined : f.required,
      disabled: f.disabled,
      options,
    };
  });
}

export interface CheckoutViewModel {
  /** The cart as the checkout has it (after a partial payment: the fresh one of the answer). */
  cart: CartModel;
  /** "Your information" is shown: the public identity owns the cart (spec 2 §2). */
  identityFormShown: boolean;
  /** The terms checkbox is shown (the seller's terms are non-empty) and whether it is ticked. */
  termsShown: boolean;
  termsAccepted: boolean;
  values: IdentityValues;
  /** The identity form's fields, as the seller configured them (spec 2 §3). */
  fields: IdentityFieldView[];
  /**
   * The country addresses may be looked up in (spec 1 §4 "Address input": the form has an address field and the
   * chosen country is one the lookup covers), or null.
   */
  addressLookupCountry: LookupCountry | null;
  fieldErrors: FieldErrors;
  /** The form-level error of the last refused submit, or null. */
  formError: Message | null;
  /** Changes on every refused submit (also when the message repeats): the view moves focus then. */
  errorVersion: number;
  /** The refusal is the card's (declined, not authenticated): the view scrolls to the card form (spec 2 §5). */
  cardRefused: boolean;
  /** Live-region status: processing, confirming with the card issuer, complete, pending. */
  status: Message | null;
  /** The amount due in cents; 0 means no card is needed (gateway free). */
  totalCents: number;
  /** The card form is shown: something is due. */
  cardNeeded: boolean;
  submitting: boolean;
  /** Something is under way (a submit, or the member's zip code applied first): the pay button is aria-busy. */
  busy: boolean;
  /** The pay button is enabled: editing, never disabled without a message telling why. */
  canSubmit: boolean;
  /** A wallet payment was refused for its postcode: the note that the zip code is the wallet address's. */
  walletPostcodeNote: boolean;
  /** The last partial payment made (spec 2 §4, §8: the success message), or null. */
  partialPayment: PartialPayment | null;
  /** Changes on every partial payment: the page scrolls to the top and the card element is cleared. */
  partialPayments: number;
}

/** The messages of a refused card (spec 2 §8's card errors). */
const CARD_MESSAGES: readonly string[] = ['cardError', 'cardErrorGeneric', 'walletCancelled'];

export function selectCheckoutView(
  snapshot: CheckoutSnapshot,
  /** The country and subdivision lists for the selects (domain/places, loaded on demand), or null. */
  places: Places | null = null,
): CheckoutViewModel {
  const { context } = snapshot;
  // The pay button's amount is what the gift cards leave for the card of the amount to pay (spec 2 §4: the
  // scheduled payments panel's choice less what gift cards already paid of it, else the outstanding balance).
  const totalCents = cardAmountCents(
    context.cart,
    context.giftCards,
    context.instalmentCents,
    context.paidNowCents,
  );
  return {
    cart: context.cart,
    identityFormShown: context.identityFormShown,
    termsShown: context.termsShown,
    termsAccepted: context.termsAccepted,
    values: context.values,
    fields: context.identityFormShown ? identityFieldViews(context.cart, context.values, places) : [],
    addressLookupCountry:
      context.identityFormShown &&
      identityFields(context.cart).some((f) => f.key === 'address' && !f.disabled)
        ? lookupCountryOf(countryCode(context.values.country))
        : null,
    fieldErrors: context.fieldErrors,
    formError: context.formError,
    errorVersion: context.refusals,
    cardRefused: context.formError !== null && CARD_MESSAGES.includes(context.formError.key),
    status: context.status,
    totalCents,
    cardNeeded: totalCents > 0,
    submitting: snapshot.hasTag('submitting'),
    busy: snapshot.hasTag('submitting') || snapshot.hasTag('loading'),
    canSubmit: snapshot.matches('editing'),
    walletPostcodeNote: context.formError !== null && isWalletPostcodeError(context.wallet, context.error),
    partialPayment: context.partialPayment,
    partialPayments: context.partialPayments,
  };
}
