/**
 * Checkout's donation form (spec 2 §2 "Donation form if the cart is modifiable and not a gift"; issue 23), a lazy
 * chunk of checkout with its strings, machine and calls: the screen renders it (and so fetches the chunk) when the
 * seller offers a donation group (`checkout_donation`); it shows when the cart is modifiable and not a gift. The
 * donation machine follows the app cart; its changes go to the app cart, which the checkout follows.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { CartModel } from '../../api/models';
import { selectCart, selectCartId } from '../../machines/cart/current';
import { selectDonationView } from '../../machines/donation/view';
import { DonationForm } from '../../ui/checkout/DonationForm';
import { useCart, useCartActor, useServices } from '../app/services';
import { provideDonation } from './donation-wiring';
import { donationFormShown, useCartModifiable } from './modifiable';

export default function DonationFlow({
  groupId,
  cart,
  gift,
}: {
  groupId: string;
  cart: CartModel;
  /** The cart pays for a gift (a gift membership's checkout). */
  gift: boolean;
}) {
  // Spec 2 §2: "Donation form if the cart is modifiable and not a gift".
  const shown = donationFormShown(groupId, useCartModifiable(cart), gift);
  return shown ? <Donation groupId={groupId} /> : null;
}

function Donation({ groupId }: { groupId: string }) {
  const { api, strings, inspect } = useServices();
  const cartActor = useCartActor();
  const currency = useCart((s) => selectCart(s)?.currency ?? 'USD');
  const machine = useMemo(
    () =>
      provideDonation({
        api,
        currentCartId: () => selectCartId(cartActor.getSnapshot()),
        cartUpdated: (cart) => cartActor.send({ type: 'cart.updated', cart }),
      }),
    [api, cartActor],
  );
  // The cart as it is when the form opens (its donation is the first choice), followed from then on.
  const actor = useActorRef(machine, {
    input: { groupId, cart: selectCart(cartActor.getSnapshot()), cartActor },
    inspect,
  });
  const view = useSelector(actor, selectDonationView);
  if (!view.shown) return null;
  return (
    <DonationForm
      strings={strings}
      currency={currency}
      description={view.description}
      presets={view.presets}
      ownAmount={view.ownAmount}
      inCartCents={view.inCartCents}
      submitKind={view.submitKind}
      canSubmit={view.canSubmit}
      canRemove={view.canRemove}
      busy={view.busy}
      error={view.error}
      notice={view.notice}
      errorVersion={view.errorVersion}
      onChoose={(ticketTypeId) => actor.send({ type: 'amount.choose', ticketTypeId })}
      onAmountChange={(value) => actor.send({ type: 'amount.change', value })}
      onSubmit={() => actor.send({ type: 'submit' })}
      onRemove={() => actor.send({ type: 'remove' })}
    />
  );
}
