/**
 * Gift cards (spec 2 §3 "Ledger / gift card", §5, §7, §9; issue 22): one rule for the checkout's gift card field
 * and the server alike. A leaf module: machines and the server may import it at run time.
 */

/** The ledger type of gift cards (`GET ledger/{ledgerType}/{cardNumber}`; the payment's `ledger_type`). */
export const GIFT_CARD_LEDGER_TYPE = 'gift_card';
/** Spec 2 §5, §9: a gift card number is required and at most 70 characters. */
export const GIFT_CARD_NUMBER_MAX = 70;
/** The number as looked up and paid with: without the spaces and dashes people type between digits. */
export const giftCardNumberOf = (typed: string): string => typed.replace(/[\s-]+/g, '');

/** A pending gift card payment as every layer carries it (spec 2 §3: cardNumber, paymentAmount, remainingBalance). */
export interface GiftCardShare {
  cardNumber: string;
  paymentCents: number;
  remainingBalanceCents: number;
}

/**
 * The pending payments of the applied cards for what is due now: each card, in the order applied, pays what it
 * can of what the earlier ones left (spec 2 §3). Cards are given with their balance, or as payments spread
 * earlier (their balance is payment + remaining): whoever acts re-spreads them over the cart it reads, never
 * over the total of the moment a card was applied.
 */
export function spreadGiftCards(
  cards: readonly ({ cardNumber: string; balanceCents: number } | GiftCardShare)[],
  dueCents: number,
): GiftCardShare[] {
  let left = Math.max(0, dueCents);
  return cards.map((card) => {
    const balance =
      'balanceCents' in card ? card.balanceCents : card.paymentCents + card.remainingBalanceCents;
    const paymentCents = Math.max(0, Math.min(balance, left));
    left -= paymentCents;
    return { cardNumber: card.cardNumber, paymentCents, remainingBalanceCents: balance - paymentCents };
  });
}

/**
 * The amount a payment pays now, before gift cards (spec 2 §4 "Scheduled payments"): the amount chosen (a payment
 * plan's due amount, the outstanding balance or another amount) within the outstanding balance and never below 0,
 * less what this payment's gift cards already paid of it; without a plan (null), the outstanding balance. The
 * applied gift cards are spread over it: a gift card pays at most what will be posted.
 */
export function amountToPayNowCents(
  outstandingCents: number,
  chosenCents: number | null,
  paidCents = 0,
): number {
  const outstanding = Math.max(0, outstandingCents);
  return chosenCents === null
    ? outstanding
    : Math.max(0, Math.min(outstanding, Math.max(0, chosenCents) - paidCents));
}
