/**
 * The promo code box and the blocked-cart form at checkout (spec 2 §2, §8; issue 21): get the promoCode actor,
 * select its view model, render the box. Loaded on demand with its strings (a lazy chunk of checkout).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectCartId } from '../../machines/cart/current';
import type { PromoCodeKind } from '../../machines/promoCode/types';
import { selectPromoCodeView } from '../../machines/promoCode/view';
import { PromoCodeBox } from '../../ui/checkout/PromoCodeBox';
import { useCartActor, useServices } from '../app/services';
import { providePromoCode } from './promo-wiring';

export default function PromoCodeFlow({
  kind,
  descriptions,
}: {
  kind: PromoCodeKind;
  descriptions?: string[];
}) {
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
      onCodeChange={(value) => actor.send({ type: 'code.change', value })}
      onApply={() => actor.send({ type: 'apply' })}
    />
  );
}
