/** Pure rules of the gift card field (spec 2 §4 "Gift cards", §5, §8). */
import { outcomeMessage } from '../../domain/error-messages/base';
import { errorOutcome } from '../../domain/error-messages/index';
import { GIFT_CARD_NUMBER_MAX, giftCardNumberOf, spreadGiftCards } from '../../domain/gift-card-rule';
import { type Message, message } from '../shared/messages';
import type { FlowError, GiftCardPayment, LookupCardOutput } from './types';

export { GIFT_CARD_NUMBER_MAX };

/** The number as typed, at most 70 characters kept (spec 2 §5). */
export const keptNumber = (typed: string): string => typed.slice(0, GIFT_CARD_NUMBER_MAX);
/** The number looked up and compared: without spaces and dashes people type between digits. */
export const cardNumberOf = giftCardNumberOf;

/** Spec 2 §5: the number is required; a card applied already: "Oops! You already applied this gift card". */
export function numberFieldError(typed: string, cards: readonly GiftCardPayment[]): Message | null {
  const number = cardNumberOf(typed);
  if (number === '') return message('giftCardRequired');
  if (cards.some((c) => c.cardNumber === number)) return message('giftCardDuplicate');
  return null;
}

/** Spec 2 §4: a card with balance 0 or less, or a state other than active, is rejected. */
export const cardUsable = (card: LookupCardOutput): boolean =>
  card.balanceCents > 0 && card.state === 'active';

/**
 * The pending payments of the applied cards for what is due: each card, in the order applied, pays what it can
 * of what the earlier ones left (spec 2 §3: paymentAmount, remainingBalance; domain/gift-card-rule).
 */
export function spreadPayments(
  numbers: readonly string[],
  balances: Readonly<Record<string, number>>,
  dueCents: number,
): GiftCardPayment[] {
  return spreadGiftCards(
    numbers.map((cardNumber) => ({ cardNumber, balanceCents: balances[cardNumber] ?? 0 })),
    dueCents,
  );
}

/**
 * What the applied cards are spread over (spec 2 §4): what the cart owes, or less when the checkout pays less now
 * (a payment plan's chosen amount): a gift card pays at most what will be posted.
 */
export const spreadOverCents = (dueCents: number, limitCents: number | null): number =>
  Math.max(0, limitCents === null ? dueCents : Math.min(dueCents, limitCents));

/** Spec 2 §8: 404 "Gift card not found."; other errors "We are having trouble with that sorry. …" (domain/error-messages). */
export const lookupErrorMessage = (error: FlowError): Message =>
  outcomeMessage(errorOutcome(error, 'giftCard'), 'giftCard');
