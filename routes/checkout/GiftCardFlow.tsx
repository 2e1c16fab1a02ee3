/**
 * Checkout's gift card field (spec 2 §2, §4 "Gift cards", §5, §8; issue 22), a lazy chunk of checkout with its
 * strings, its machine and its lookup call: the screen renders it (and so fetches the chunk) only when the seller
 * turns `additional_payment_methods_enabled.gift_card` on and the cart is modifiable. The giftCard machine
 * follows the app cart and spreads the applied cards over what it owes now, and at most over what the checkout
 * pays now (it follows the checkout actor: a payment plan's chosen amount); its pending payments go to the
 * checkout machine (`giftCards.change`: the pay button's amount, the submit) and to the app cart (the widget's
 * gift card, payments and balance lines). A card checkout has posted is spent: `control.spent` drops it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type RefObject, useEffect, useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import type { GiftCardPayment } from '../../api/models';
import { selectCart } from '../../machines/cart/current';
import type { CheckoutSnapshot } from '../../machines/checkout/selectors';
import { checkoutLimitCents } from '../../machines/giftCard/giftCard.machine';
import { giftCardCallbacks, selectGiftCardView } from '../../machines/giftCard/view';
import { GiftCardField } from '../../ui/checkout/GiftCardField';
import { useCart, useCartActor, useServices } from '../app/services';
import { cartWithGiftCards, provideGiftCard } from './gift-card-wiring';

/** What the checkout screen may tell the field: a card's payment was posted. */
export interface GiftCardControl {
  spent: (cardNumber: string) => void;
}

export default function GiftCardFlow({
  onCardsChange,
  control,
  checkoutActor,
}: {
  onCardsChange: (cards: GiftCardPayment[]) => void;
  control: RefObject<GiftCardControl | null>;
  /** The checkout actor: its amount to pay now (a payment plan's choice) is what the cards pay at most. */
  checkoutActor: AnyActorRef;
}) {
  const { api, strings, inspect } = useServices();
  const cartActor = useCartActor();
  const currency = useCart((s) => selectCart(s)?.currency ?? 'USD');
  const machine = useMemo(
    () =>
      provideGiftCard({
        api,
        cardsChanged: (cards, limitCents) => {
          onCardsChange(cards);
          // The app cart keeps them as its local values (the widget's lines), read when they change: the cards
          // and the amount they are spread over at most, so the widget shows what the checkout will post.
          const cart = selectCart(cartActor.getSnapshot());
          const updated = cart ? cartWithGiftCards(cart, cards, limitCents) : null;
          if (updated) cartActor.send({ type: 'cart.updated', cart: updated });
        },
      }),
    [api, cartActor, onCardsChange],
  );
  // Read when the actor starts: the cards applied before (the app cart keeps them), over what it owes now and at
  // most what the checkout pays now; both followed from then on.
  const cart = selectCart(cartActor.getSnapshot());
  const actor = useActorRef(machine, {
    input: {
      dueCents: cart?.totals.outstandingCents ?? 0,
      limitCents: checkoutLimitCents(checkoutActor.getSnapshot() as CheckoutSnapshot),
      cards: cart?.giftCards ?? [],
      cartActor,
      checkoutActor,
    },
    inspect,
  });
  useEffect(() => {
    control.current = { spent: (cardNumber) => actor.send({ type: 'card.spent', cardNumber }) };
    return () => {
      control.current = null;
    };
  }, [actor, control]);
  const view = useSelector(actor, selectGiftCardView);
  return <GiftCardField strings={strings} currency={currency} {...view} {...giftCardCallbacks(actor.send)} />;
}
