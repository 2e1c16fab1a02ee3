/**
 * Checkout's gift card field (spec 2 §2, §4 "Gift cards", §5, §8; issue 22), a lazy chunk of checkout with its
 * strings and its lookup call. It shows when the seller turns `additional_payment_methods_enabled.gift_card` on
 * and the cart is modifiable. The giftCard machine spreads the applied cards over what the cart owes; its
 * pending payments go to the checkout machine (`giftCards.change`: the pay button's amount, the submit) and to
 * the app cart (the widget's gift card, payments and balance lines).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { GiftCardPayment } from '../../api/models';
import { selectCart } from '../../machines/cart/current';
import { isModifiable } from '../../machines/cart/rules';
import { GIFT_CARD_NUMBER_MAX } from '../../machines/giftCard/rules';
import { GiftCardField } from '../../ui/checkout/GiftCardField';
import { useCart, useCartActor, useServices, useSession } from '../app/services';
import { provideGiftCard } from './gift-card-wiring';

export default function GiftCardFlow({
  onCardsChange,
}: {
  onCardsChange: (cards: GiftCardPayment[]) => void;
}) {
  const { config } = useServices();
  const cart = useCart(selectCart);
  const memberIdentityId = useSession((s) => s.context.current?.member.identityId ?? null);
  if (!cart) return null;
  const modifiable = isModifiable(cart, [
    config.publicIdentityId ?? cart.identityId,
    ...(memberIdentityId ? [memberIdentityId] : []),
  ]);
  return modifiable ? <Field dueCents={cart.totals.outstandingCents} onCardsChange={onCardsChange} /> : null;
}

const sameCards = (a: readonly GiftCardPayment[] = [], b: readonly GiftCardPayment[] = []) =>
  a.length === b.length &&
  a.every(
    (card, i) =>
      card.cardNumber === b[i]?.cardNumber &&
      card.paymentCents === b[i]?.paymentCents &&
      card.remainingBalanceCents === b[i]?.remainingBalanceCents,
  );

function Field({
  dueCents,
  onCardsChange,
}: {
  dueCents: number;
  onCardsChange: (cards: GiftCardPayment[]) => void;
}) {
  const { api, strings, inspect } = useServices();
  const cartActor = useCartActor();
  const currency = useCart((s) => selectCart(s)?.currency ?? 'USD');
  const machine = useMemo(
    () =>
      provideGiftCard({
        api,
        cardsChanged: (cards) => {
          onCardsChange(cards);
          const cart = selectCart(cartActor.getSnapshot());
          if (cart && !sameCards(cart.giftCards, cards)) {
            cartActor.send({ type: 'cart.updated', cart: { ...cart, giftCards: cards } });
          }
        },
      }),
    [api, cartActor, onCardsChange],
  );
  const actor = useActorRef(machine, { input: { dueCents }, inspect });
  // What the cart owes changed (a promo code, a removal): the cards are spread again.
  useEffect(() => {
    if (actor.getSnapshot().context.dueCents !== Math.max(0, dueCents)) {
      actor.send({ type: 'due.change', dueCents });
    }
  }, [actor, dueCents]);
  const view = useSelector(actor, (s) => s.context);
  const applying = useSelector(actor, (s) => s.matches('lookingUp'));
  return (
    <GiftCardField
      strings={strings}
      currency={currency}
      number={view.number}
      maxLength={GIFT_CARD_NUMBER_MAX}
      applying={applying}
      fieldError={view.fieldError}
      error={view.error}
      cards={view.cards}
      errorVersion={view.refusals}
      onNumberChange={(value) => actor.send({ type: 'number.change', value })}
      onApply={() => actor.send({ type: 'apply' })}
    />
  );
}
