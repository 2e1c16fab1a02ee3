import type { AnyActorRef, DoneActorEvent } from 'xstate';
import type { GiftCardPayment } from '../../api/models';
import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';

export type { FlowError, GiftCardPayment };

export interface GiftCardInput {
  /** What the cart owes before gift cards (its outstanding balance), in cents. */
  dueCents: number;
  /** The cards applied already (the app cart's pending gift card payments when the field opens again). */
  cards?: GiftCardPayment[];
  /**
   * The app cart (systemId `cart`), followed from inside: its outstanding balance is what the cards are spread
   * over, whenever it changes (a promo code, a donation, a removal, a refresh). Absent in tests and stories.
   */
  cartActor?: AnyActorRef | null;
  /**
   * The amount the checkout pays now, when it is less than what the cart owes (a payment plan's choice: the due
   * amount, the outstanding balance or another amount, spec 2 §4): the cards pay at most this. Null or absent:
   * the cards are spread over what the cart owes.
   */
  limitCents?: number | null;
  /**
   * The checkout (its actor), followed from inside: the amount it pays now (`limit.change`) whenever the
   * scheduled payments panel chooses another, or a gift card's payment is posted. Absent in tests and stories.
   */
  checkoutActor?: AnyActorRef | null;
}

export interface GiftCardContext {
  /** The number as typed (at most 70 characters kept). */
  number: string;
  dueCents: number;
  /** The amount the checkout pays now (a payment plan's choice), or null: the cards pay at most this. */
  limitCents: number | null;
  /** The applied cards: pending gift card payments, in the order applied (spec 2 §3). */
  cards: GiftCardPayment[];
  /** The field's own error (required, duplicate), or null. */
  fieldError: Message | null;
  /** The answer's refusal ($0 or inactive, not found, the generic error), or null. */
  error: Message | null;
  /** Each card's balance as looked up, by number: the payments are spread again when the amount due changes. */
  balances: Record<string, number>;
  /** Refused applies so far: the view moves focus to the field on each. */
  refusals: number;
  cartActor: AnyActorRef | null;
  checkoutActor: AnyActorRef | null;
}

export type GiftCardEvent =
  | { type: 'number.change'; value: string }
  | { type: 'apply' }
  /** The cart's outstanding balance changed (a promo code, a donation, a removal). */
  | { type: 'due.change'; dueCents: number }
  /** The amount the checkout pays now changed (the scheduled payments panel chose; null: no plan). */
  | { type: 'limit.change'; limitCents: number | null }
  /** Checkout posted this card's payment (spec 2 §4): it is spent on the cart and leaves the applied cards. */
  | { type: 'card.spent'; cardNumber: string }
  /** The lookup found the card. */
  | DoneActorEvent<LookupCardOutput, 'lookupCard'>;

/** What the provided `lookupCard` receives (GET ledger/{ledgerType}/{cardNumber}). */
export interface LookupCardInput {
  ledgerType: string;
  number: string;
}

/** `lookupCard` answers the card: number, state, balance (spec 2 §3). */
export interface LookupCardOutput {
  number: string;
  state: string;
  balanceCents: number;
}
