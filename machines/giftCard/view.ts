/**
 * The gift card field's view model (spec 2 §2, §4 "Gift cards", §5): one selector, the giftCard snapshot -> the
 * props the field needs, and the callbacks it offers, built from `send`. The checkout's lazy gift card chunk
 * renders the field from it (routes/checkout/GiftCardFlow.tsx), as the story viewer does.
 */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { giftCardMachine } from './giftCard.machine';
import { GIFT_CARD_NUMBER_MAX } from './rules';
import type { GiftCardEvent } from './types';

export type GiftCardSnapshot = SnapshotFrom<typeof giftCardMachine>;

/** An applied card as the field shows it: what it pays and what stays on it. */
export interface AppliedGiftCardView {
  cardNumber: string;
  paymentCents: number;
  remainingBalanceCents: number;
}

export interface GiftCardView {
  /** What the visitor typed (kept after a refusal). */
  number: string;
  maxLength: number;
  /** A card is being looked up: Apply waits. */
  applying: boolean;
  /** What is wrong with the number as typed, or null. */
  fieldError: Message | null;
  /** Why the last card was refused (the ledger's answer), or null. */
  error: Message | null;
  /** The applied cards: pending gift card payments (spec 2 §2, §3). */
  cards: AppliedGiftCardView[];
  /** Changes on each refused apply: focus goes back to the field. */
  errorVersion: number;
}

export function selectGiftCardView(snapshot: GiftCardSnapshot): GiftCardView {
  const { context } = snapshot;
  return {
    number: context.number,
    maxLength: GIFT_CARD_NUMBER_MAX,
    applying: snapshot.hasTag('submitting'),
    fieldError: context.fieldError,
    error: context.error,
    cards: context.cards.map(({ cardNumber, paymentCents, remainingBalanceCents }) => ({
      cardNumber,
      paymentCents,
      remainingBalanceCents,
    })),
    errorVersion: context.refusals,
  };
}

/** The field's callbacks: what the route and the story viewer offer it. */
export function giftCardCallbacks(send: (event: GiftCardEvent) => void) {
  return {
    onNumberChange: (value: string) => send({ type: 'number.change', value }),
    onApply: () => send({ type: 'apply' }),
  };
}
