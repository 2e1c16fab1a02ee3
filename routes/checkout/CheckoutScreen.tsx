import '../../ui/checkout/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { CartModel } from '../../api';
import { selectCart, selectIsLoading } from '../../machines/cart/selectors';
import { selectCheckoutView } from '../../machines/checkout/view';
import { checkoutPrefill } from '../../machines/session/rules';
import { CheckoutView } from '../../ui/checkout/CheckoutView';
import { FormSkeleton } from '../../ui/skeleton/FormSkeleton';
import { fill } from '../../ui/strings';
import { isLoggedIn, sessionOf } from '../app/root';
import { useCart, useCartActor, useServices } from '../app/services';
import { CartSidebar } from '../cart/CartSidebar';
import { useAppNavigate } from '../navigation';
import type { PaymentAdapter } from '../payment/types';
import { storage } from '../storage';
import { giftApplier, readGiftee } from './gift';
import { ownedByPublicIdentity, provideCheckout, sellerPayment } from './wiring';

/**
 * /checkout: checkout of the current cart. No cart, or a cart left without tickets (the last one removed in the
 * widget), goes home (spec 2 §4 "Before entering checkout": an empty cart goes home; leaving with an empty cart
 * redirects to /).
 */
export default function CheckoutScreen() {
  const { strings, config } = useServices();
  const { navigate } = useAppNavigate();
  const cart = useCart(selectCart);
  // The form renders in an interruptible background pass once the cart arrives (shorter main-thread tasks).
  const shown = useDeferredValue(cart);
  const loading = useCart(selectIsLoading);
  const settled = useCart((s) => !s.matches('starting') && !s.matches('loading') && !s.matches('checking'));
  // Completing the order clears the cart; don't send the visitor home while we leave for the confirmation.
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    document.title = `${strings.paymentInformation} — ${config.sellerName}`;
  }, [strings, config]);
  useEffect(() => {
    if (settled && (!cart || cart.ticketCount === 0) && !leaving) navigate('/', { replace: true });
  }, [settled, cart, leaving, navigate]);

  return (
    <div className="layout-with-cart">
      <div>
        {loading || !shown ? (
          <FormSkeleton label={strings.loading} title={strings.paymentInformation} />
        ) : (
          <CheckoutFlow key={shown.id} cart={shown} onLeaving={() => setLeaving(true)} />
        )}
      </div>
      <CartSidebar showCheckout={false} />
    </div>
  );
}

/** The payment adapter the seller's configuration names, loaded once per checkout. */
function usePayment(cart: CartModel) {
  const { api, strings, config, clock } = useServices();
  const amountCents = cart.totals.outstandingCents;
  const currency = cart.currency;
  // The adapter follows what it is made of (the amount due and currency), not every new cart object.
  const payment = useMemo(
    () =>
      sellerPayment({
        config,
        api,
        strings,
        clock,
        cart: { currency, totals: { outstandingCents: amountCents } },
      }),
    [api, strings, config, clock, amountCents, currency],
  );
  const [adapter, setAdapter] = useState<PaymentAdapter | null>(() => payment.current());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    payment().then(
      (loaded) => live && setAdapter(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [payment]);
  return { payment, adapter, failed };
}

/** The checkout flow: get its actor, select its view model, render the view. */
function CheckoutFlow({ cart, onLeaving }: { cart: CartModel; onLeaving: () => void }) {
  const { api, strings, inspect, app, config } = useServices();
  const cartActor = useCartActor();
  // A gift membership's cart: 'Pay for your Gift to {name}', made a gift before the payment.
  const giftee = useMemo(() => readGiftee(storage, config.sellerId, cart.id), [config.sellerId, cart.id]);
  const gift = useMemo(() => (giftee ? giftApplier(api, giftee) : null), [api, giftee]);
  const { navigate } = useAppNavigate();
  const { payment, adapter, failed } = usePayment(cart);

  const machine = useMemo(
    () =>
      provideCheckout({
        api,
        payment,
        refreshCart: () => cartActor.send({ type: 'cart.refresh' }),
        completed: (orderIds) => {
          onLeaving();
          navigate(`/checkout/complete?orderIds=${orderIds.map(encodeURIComponent).join(',')}`);
          cartActor.send({ type: 'cart.clear' });
        },
        pending: (cartId) => {
          onLeaving();
          navigate(`/checkout/pending/${encodeURIComponent(cartId)}`);
        },
        gift,
      }),
    [api, payment, cartActor, navigate, onLeaving, gift],
  );
  const actor = useActorRef(machine, {
    input: {
      cart,
      // Spec 2 §2: "Your information" only when the seller's public identity owns the cart; a member's own
      // cart is checked out with their account's identity (my/ endpoints), no purchaser is stored on it.
      identityFormShown: ownedByPublicIdentity(cart, config.publicIdentityId ?? null, isLoggedIn(app)),
      gift: giftee !== null,
      termsShown: false,
      prefill: checkoutPrefill(sessionOf(app).getSnapshot().context.current),
    },
    inspect,
  });
  // Keep the machine's cart current (refresh after a card error, removals in the widget).
  useEffect(() => {
    actor.send({ type: 'cart.updated', cart });
  }, [actor, cart]);
  const view = useSelector(actor, selectCheckoutView);

  return (
    <CheckoutView
      strings={strings}
      currency={cart.currency}
      title={
        giftee
          ? fill(strings.giftCheckoutTitle, { name: `${giftee.first} ${giftee.last}`.trim() })
          : strings.paymentInformation
      }
      showIdentityForm={view.identityFormShown}
      values={view.values}
      fieldErrors={view.fieldErrors}
      formError={view.formError}
      status={view.status}
      errorVersion={view.errorVersion}
      totalCents={view.totalCents}
      submitting={view.submitting}
      canSubmit={view.canSubmit}
      cardForm={view.cardNeeded && adapter ? adapter.renderCardForm({ disabled: view.submitting }) : null}
      cardUnavailable={view.cardNeeded && failed ? { key: 'providerUnavailable' } : null}
      onFieldChange={(name, value) => actor.send({ type: 'field.change', name, value })}
      onFieldFocus={() => actor.send({ type: 'field.focus' })}
      onSubmit={() => actor.send({ type: 'submit' })}
    />
  );
}
