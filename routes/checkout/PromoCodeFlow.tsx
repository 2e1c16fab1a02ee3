/**
 * The promo code box and the blocked-cart form at checkout (spec 2 §2, §8; issue 21), a lazy chunk of checkout
 * with its strings. Each place decides from the app cart whether it shows: the blocked-cart form while a
 * blocking rule holds the cart; the promo box when the cart is modifiable, the seller shows promo codes and a
 * card amount is due. Then: get the promoCode actor, select its view model, render the box.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectCart, selectCartId } from '../../machines/cart/current';
import { blockingRules, promoBoxShown } from '../../machines/promoCode/shown';
import type { PromoCodeKind } from '../../machines/promoCode/types';
import { promoCodeCallbacks, selectPromoCodeView } from '../../machines/promoCode/view';
import { PromoCodeBox } from '../../ui/checkout/PromoCodeBox';
import { useCart, useCartActor, useServices } from '../app/services';
import { useCartModifiable } from './modifiable';
import { providePromoCode } from './promo-wiring';

export default function PromoCodeFlow({
  place,
  showPromoCodes,
  cardAmountCents,
}: {
  place: PromoCodeKind;
  showPromoCodes: boolean;
  cardAmountCents: number;
}) {
  const cart = useCart(selectCart);
  const modifiable = useCartModifiable(cart);
  if (!cart) return null;
  if (place === 'blocked') {
    const rules = blockingRules(cart);
    return rules.length ? (
      <CodeBox kind="blocked" descriptions={rules.map((r) => r.description ?? r.name)} />
    ) : null;
  }
  return promoBoxShown(modifiable, showPromoCodes, cardAmountCents) ? <CodeBox kind="promo" /> : null;
}

function CodeBox({ kind, descriptions }: { kind: PromoCodeKind; descriptions?: string[] }) {
  const { api, strings, inspect } = useServices();
  const cartActor = useCartActor();
  const machine = useMemo(
    () =>
      providePromoCode({
        api,
        currentCartId: () => selectCartId(cartActor.getSnapshot()),
        cartUpdated: (cart) => cartActor.send({ type: 'cart.updated', cart }),
      }),
    [api, cartActor],
  );
  const actor = useActorRef(machine, { input: { kind }, inspect });
  const view = useSelector(actor, selectPromoCodeView);
  return (
    <PromoCodeBox
      strings={strings}
      {...view}
      {...(descriptions ? { descriptions } : {})}
      {...promoCodeCallbacks(actor.send)}
    />
  );
}
