import type { AnyActorRef, DoneActorEvent } from 'xstate';
import type { CardPaymentResult, CartModel, GiftCardPayment, PurchaserInput } from '../../api/models';

import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';

export type { FlowError };

/** The fields every identity form has (spec 2 §5). */
export type CoreIdentityField = 'firstName' | 'lastName' | 'email' | 'emailConfirm';
/** The fields a seller's identity form may add (spec 2 §3; wire keys in rules.ts WIRE_KEY). */
export type DetailIdentityField =
  | 'phone'
  | 'country'
  | 'address'
  | 'addressMore'
  | 'city'
  | 'state'
  | 'zipCode';
export type IdentityField = CoreIdentityField | DetailIdentityField;
/** The form's values: the core fields always, the others once given. */
export type IdentityValues = Record<CoreIdentityField, string> & Partial<Record<DetailIdentityField, string>>;
/** Field errors by identity field, plus 'terms'. */
export type FieldErrors = Partial<Record<IdentityField | 'terms', Message>>;

export interface CheckoutInput {
  cart: CartModel;
  /** The identity form ("Your information") is shown: the cart is owned by the public identity. */
  identityFormShown: boolean;
  /** The terms checkbox is shown: the terms dialog content is non-empty. */
  termsShown: boolean;
  /** A logged-in member's identity prefills the form (spec 2 §6 "identity from the account"). */
  prefill?: Partial<IdentityValues>;
  /** A gift (a membership for someone else): the cart is made the recipient's before any card step. */
  gift?: boolean;
  /** The app cart (systemId `cart`), followed while editing: removals and refreshes reach the form. */
  cartActor?: AnyActorRef | null;
  /**
   * The code a logged-in member's zip code stands for (spec 2 §4, `zipCodeToApply`), applied before the form
   * is used; null or absent: none (option off, a guest, no zip, no match, or the cart holds it already).
   */
  zipCode?: string | null;
  /**
   * Back from the pending page: the payment that was processing failed (issue 19). The form opens with the
   * card error (spec 2 §8, the generic one), the cart payable again.
   */
  paymentFailed?: boolean;
  /** Pending gift card payments applied before the checkout started (the gift card field sends later ones). */
  giftCards?: GiftCardPayment[];
  /**
   * A cart with scheduled payments (spec 2 §4): the amount to pay until the scheduled payments panel chooses
   * (its default, the due amount); null or absent: no schedule, the outstanding balance.
   */
  instalmentCents?: number | null;
  /**
   * A captcha before paying (spec 2 §5, §6): a guest's checkout while the seller configures a captcha; never a
   * logged-in member's. Absent: none.
   */
  captcha?: boolean;
}

/** A partial payment made: what it paid, and the next scheduled payment left (null: none listed). */
export interface PartialPayment {
  amountCents: number;
  next: { amountCents: number; dueDate: string } | null;
}

export interface PaymentIntentRef {
  clientSecret: string;
  paymentIntentId: string;
}

export interface CheckoutContext {
  cart: CartModel;
  identityFormShown: boolean;
  /** A gift: the gift-recipient check (step 2) makes the cart the recipient's before any card step. */
  gift: boolean;
  /** The app cart it follows (null: none, e.g. in tests and stories). */
  cartActor: AnyActorRef | null;
  termsShown: boolean;
  /** The member's zip code as a discount code (spec 2 §4), or null. */
  zipCode: string | null;
  values: IdentityValues;
  termsAccepted: boolean;
  fieldErrors: FieldErrors;
  /** Form-level error shown above the pay button. */
  formError: Message | null;
  /** Live-region status message (processing, confirming, done). */
  status: Message | null;
  /** Card source from confirmCard, or the payment-intent id when retrying after customer confirmation. */
  source: string | null;
  /** The payment method type confirmCard reported (a bank debit gets the pending page's debit wording). */
  methodType: string | null;
  /** This submit pays with a wallet (Apple Pay, Google Pay) the customer approved: no card step. */
  wallet: boolean;
  /** The payment intent that needs customer confirmation (HTTP 402 intent_requires_action). */
  paymentIntent: PaymentIntentRef | null;
  /** The customer confirmed a payment intent during this submit (a second 402 is then an error). */
  actionConfirmed: boolean;
  orderIds: string[];
  /** The analytics "begin checkout" event was sent. */
  checkoutBegun: boolean;
  /** How many submits were refused (validation or payment errors): the view moves focus on each change. */
  refusals: number;
  /** The last error of a submit. */
  error: FlowError | null;
  /**
   * The pending gift card payments (spec 2 §3, §4): posted first at submit, each one removed once paid; the card
   * pays what they leave.
   */
  giftCards: GiftCardPayment[];
  /** The amount the scheduled payments panel chose (spec 2 §4), or null without a schedule. */
  instalmentCents: number | null;
  /**
   * What the gift cards posted towards the amount to pay have paid of it (spec 2 §4): the card pays what they
   * leave of the chosen amount, and a partial payment's message counts them. Back to 0 when the panel chooses
   * again or a partial payment is made.
   */
  paidNowCents: number;
  /** The last partial payment made (spec 2 §4: the success message), or null. */
  partialPayment: PartialPayment | null;
  /** How many partial payments were made here: the card element is cleared on each (spec 2 §4). */
  partialPayments: number;
  /** A captcha is solved before paying (a guest, the seller configures one; spec 2 §5, §6). */
  captchaRequired: boolean;
  /**
   * The captcha's token of this submit, not yet sent; null once the last payment took it (one token per payment),
   * when it expired, or before the captcha was solved.
   */
  captchaToken: string | null;
  /** The captcha of this submit answered with a token (it may have expired since): step (3) waits for it. */
  captchaAnswered: boolean;
}

export type CheckoutEvent =
  | { type: 'field.change'; name: IdentityField; value: string }
  | { type: 'field.focus'; name?: string }
  | { type: 'terms.change'; accepted: boolean }
  | { type: 'submit' }
  /** The cart changed while editing (promo code, donation, removal, refresh after a card error). */
  | { type: 'cart.updated'; cart: CartModel }
  /**
   * The customer approved a wallet payment (Express Checkout Element): its payment method, and the identity
   * the wallet gave (spec 2 §3 "Wallet-derived identity"), which fills the identity form's empty fields.
   */
  | { type: 'wallet.approve'; source: string; identity: Partial<IdentityValues> }
  /** The customer closed the wallet without paying (spec 2 §4: a cancellation error). */
  | { type: 'wallet.cancel' }
  /** The gift card field's pending payments changed (a card applied, the amount due spread again). */
  | { type: 'giftCards.change'; cards: GiftCardPayment[] }
  /** The scheduled payments panel chose an amount to pay (due, outstanding or a custom amount; spec 2 §4). */
  | { type: 'instalment.change'; amountCents: number }
  /** The captcha's token expired before it was sent (hCaptcha's onExpire): the captcha runs again (step 4). */
  | { type: 'captcha.expired' }
  /** The actors' answers the flow reads: the zip code's cart, the card's source, the captcha's token, a payment's result. */
  | DoneActorEvent<CartModel, 'applyZipCode'>
  | DoneActorEvent<ConfirmCardOutput, 'confirmCard'>
  | DoneActorEvent<SolveCaptchaOutput, 'solveCaptcha'>
  | DoneActorEvent<CheckoutResult, 'pay'>
  | DoneActorEvent<CheckoutResult, 'payGiftCard'>
  | DoneActorEvent<CheckoutResult, 'freeCheckout'>;

/** What `applyZipCode` receives: the zip code as a code; it answers the fresh cart (errors ignored). */
export interface ApplyZipCodeInput {
  cartId: string;
  code: string;
}

export interface ConfirmCardInput {
  amountCents: number;
}
export type ConfirmCardOutput = CardPaymentResult;
export interface ApplyGiftInput {
  cartId: string;
}

export interface StorePurchaserInput {
  cartId: string;
  purchaser: PurchaserInput;
}
export interface PayInput {
  cartId: string;
  amountCents: number;
  source: string;
  /** The captcha token the payment carries (spec 2 §4: the last payment), or null. */
  captchaToken: string | null;
}
export interface CheckoutResult {
  orderIds: string[];
  /**
   * A payment that left something outstanding (a deposit or an instalment of a payment plan, spec 2 §4): the
   * fresh cart; the checkout stays on the page.
   */
  partial?: CartModel;
}
export interface FreeCheckoutInput {
  cartId: string;
  /** The captcha token the free checkout carries, or null. */
  captchaToken: string | null;
}
/** What `solveCaptcha` receives: the cart (the challenge is about this checkout). */
export interface SolveCaptchaInput {
  cartId: string;
}
/**
 * What `solveCaptcha` answers: the token; it rejects with captcha_dismissed (ignored), captcha_closed,
 * captcha_expired or captcha_unavailable (a captcha error).
 */
export interface SolveCaptchaOutput {
  token: string;
}
export type ConfirmActionInput = PaymentIntentRef;

/** What `payGiftCard` receives: one pending gift card payment (POST pay, gateway ledger). */
export interface PayGiftCardInput {
  cartId: string;
  cardNumber: string;
  amountCents: number;
  /** The captcha token when this gift card is the submit's last payment (it pays all that is left), or null. */
  captchaToken: string | null;
}
