/**
 * Wiring of checkout's gift card field (issue 22): the giftCard machine with its real implementations.
 * `lookupCard` is GET ledger/{ledgerType}/{cardNumber} (api/gift-card.ts, loaded with the field); the pending
 * gift card payments go to whoever shows and posts them (`cardsChanged`: the app cart's widget lines, the
 * checkout's submit).
 */
import type { Api, GiftCardPayment } from '../../api';
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
