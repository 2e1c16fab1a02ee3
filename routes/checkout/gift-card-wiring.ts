/**
 * Wiring of checkout's gift card field (issue 22): the giftCard machine with its real implementations.
 * `lookupCard` is GET ledger/{ledgerType}/{cardNumber} (api/gift-card.ts, loaded with the field); the pending
 * gift card payments go to whoever shows and posts them (`cardsChanged`: the app cart's widget lines, the
 * checkout's submit).
 */
import type { Api, CartModel, GiftCardPayment } from '../../api';
import { lookupGiftCard } from '../../api/gift-card';
import { giftCardMachine } from '../../machines/giftCard/giftCard.machine';
import { fromPromise } from '../actors';

export interface GiftCardWiring {
  api: Pick<Api, 'request'>;
  /**
   * The applied cards' pending payments changed; `limitCents`: the checkout's amount to pay they are spread over
   * at most (a payment plan's choice), or null.
   */
  cardsChanged: (cards: GiftCardPayment[], limitCents: number | null) => void;
}

export function provideGiftCard({ api, cardsChanged }: GiftCardWiring) {
  return giftCardMachine.provide({
    actors: {
      lookupCard: fromPromise(({ input, signal }) =>
        lookupGiftCard(api.request, input.ledgerType, input.number, { signal }),
      ),
    },
    actions: {
      cardsChanged: (_, { cards, limitCents }) => cardsChanged(cards, limitCents),
    },
  });
}

const sameCards = (a: readonly GiftCardPayment[] = [], b: readonly GiftCardPayment[] = []) =>
  a.length === b.length &&
  a.every(
    (card, i) =>
      card.cardNumber === b[i]?.cardNumber &&
      card.paymentCents === b[i]?.paymentCents &&
      card.remainingBalanceCents === b[i]?.remainingBalanceCents,
  );

/**
 * The app cart with the applied cards as its local values (the widget's lines) and the amount they are spread
 * over at most, so the widget shows what the checkout will post; null when the widget would show nothing new.
 * The limit matters only while cards are applied: a `cart.updated` re-enters the cart's checking state (it drops a
 * removal on its way and restarts the timer), so none goes for a limit alone, as when a removal changes the
 * amount to pay.
 */
export function cartWithGiftCards(
  cart: CartModel,
  cards: GiftCardPayment[],
  limitCents: number | null,
): CartModel | null {
  const limit = limitCents ?? undefined;
  const limitShown = cards.length > 0 && cart.giftCardLimitCents !== limit;
  if (sameCards(cart.giftCards, cards) && !limitShown) return null;
  const { giftCardLimitCents: _old, ...rest } = cart;
  return { ...rest, giftCards: cards, ...(limit === undefined ? {} : { giftCardLimitCents: limit }) };
}
