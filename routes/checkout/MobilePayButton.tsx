/**
 * The mobile footer's pay button (spec 2 §2: on mobile a footer with a pay button and "Total to pay"): it submits
 * the checkout form from outside it, so what the form does on submit (validation, focus, the payment) is the same
 * as with the form's own button. Its amount is the checkout actor's, read with `useSelector` (no effect copies it):
 * what the pay button charges now, a payment plan's chosen amount less the gift cards (spec 2 §4).
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { CartModel } from '../../api/models';
import { listedDueCents } from '../../domain/listed-due';
import type { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { cardAmountCents } from '../../machines/checkout/rules';
import { selectCardAmountCents } from '../../machines/checkout/selectors';
import { CHECKOUT_FORM_ID } from '../../ui/checkout/CheckoutView';
import { formatMoney } from '../../ui/format';
import { fill, type Strings } from '../../ui/strings';

export type CheckoutActorRef = Pick<ActorRefFrom<typeof checkoutMachine>, 'subscribe' | 'getSnapshot'>;

/**
 * Before the checkout actor runs (the form still rendering): what it will start with, the plan's due amount (spec
 * 2 §4: the default choice) less the applied gift cards, else the outstanding balance less them.
 */
export function startingCardCents(cart: CartModel | null): number {
  if (!cart) return 0;
  const plan = cart.scheduledPayments?.length
    ? listedDueCents(cart.scheduledPayments, cart.totals.outstandingCents)
    : null;
  return cardAmountCents(cart, cart.giftCards ?? [], plan);
}

export function MobilePayButton({
  strings,
  cart,
  checkout,
}: {
  strings: Pick<Strings, 'pay' | 'completeOrder'>;
  cart: CartModel | null;
  /** The checkout actor, once the form runs it; null before. */
  checkout: CheckoutActorRef | null;
}) {
  const fromCheckout = useSelector(checkout ?? undefined, (s) => (s ? selectCardAmountCents(s) : null));
  const dueCents = fromCheckout ?? startingCardCents(cart);
  return (
    <button className="btn" type="submit" form={CHECKOUT_FORM_ID}>
      {dueCents > 0
        ? fill(strings.pay, { amount: formatMoney(dueCents, cart?.currency ?? 'USD') })
        : strings.completeOrder}
    </button>
  );
}
