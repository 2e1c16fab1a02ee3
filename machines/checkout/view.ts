/** The checkout view model: one selector from a checkout snapshot to the props its view needs. */
import type { CartModel } from '../../api/models';
import type { Message } from '../shared/messages';
import { cardAmountCents, isWalletPostcodeError } from './rules';
import type { CheckoutSnapshot } from './selectors';
import type { FieldErrors, IdentityValues, PartialPayment } from './types';

export interface CheckoutViewModel {
  /** The cart as the checkout has it (after a partial payment: the fresh one of the answer). */
  cart: CartModel;
  /** "Your information" is shown: the public identity owns the cart (spec 2 §2). */
  identityFormShown: boolean;
  /** The terms checkbox is shown (the seller's terms are non-empty) and whether it is ticked. */
  termsShown: boolean;
  termsAccepted: boolean;
  values: IdentityValues;
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

export function selectCheckoutView(snapshot: CheckoutSnapshot): CheckoutViewModel {
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
    fieldErrors: context.fieldErrors,
    formError: context.formError,
    errorVersion: context.refusals,
    cardRefused: context.formError !== null && CARD_MESSAGES.includes(context.formError.key),
    status: context.status,
    totalCents,
    cardNeeded: totalCents > 0,
    submitting: snapshot.matches('submitting'),
    busy: snapshot.matches('submitting') || snapshot.hasTag('loading'),
    canSubmit: snapshot.matches('editing'),
    walletPostcodeNote: context.formError !== null && isWalletPostcodeError(context.wallet, context.error),
    partialPayment: context.partialPayment,
    partialPayments: context.partialPayments,
  };
}
