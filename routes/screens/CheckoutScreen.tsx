import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Api, CartModel, PurchaserInput } from '../../api';
import { selectCart, selectIsLoading } from '../../machines/cart/selectors';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import {
  selectAmountDueCents,
  selectCanSubmit,
  selectFieldErrors,
  selectFormError,
  selectIsSubmitting,
  selectRefusals,
  selectValues,
} from '../../machines/checkout/selectors';
import { CheckoutView } from '../../ui/checkout/CheckoutView';
import { FormSkeleton } from '../../ui/Skeleton';
import type { Strings } from '../../ui/strings';
import { fromApi } from '../actors';
import { useServices } from '../context';
import { useAppNavigate } from '../navigation';
import { createSandboxAdapter } from '../payment/sandbox';
import type { PaymentAdapter } from '../payment/types';
import { CartSidebar } from './CartSidebar';

/** /checkout: guest checkout of the current cart. An empty cart goes home. */
export default function CheckoutScreen() {
  const { cart: cartActor, strings, config } = useServices();
  const { navigate } = useAppNavigate();
  const cart = useSelector(cartActor, selectCart);
  // The form renders in an interruptible background pass once the cart arrives (shorter main-thread tasks).
  const shown = useDeferredValue(cart);
  const loading = useSelector(cartActor, selectIsLoading);
  const settled = useSelector(
    cartActor,
    (s) => !s.matches('starting') && !s.matches('loading') && !s.matches('checking'),
  );
  // Completing the order clears the cart; don't send the visitor home while we leave for the confirmation.
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    document.title = `${strings.paymentInformation} — ${config.sellerName}`;
  }, [strings, config]);
  useEffect(() => {
    if (settled && !cart && !leaving) navigate('/', { replace: true });
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

function usePaymentAdapter(api: Api, strings: Strings, cart: CartModel): PaymentAdapter | null {
  const { config } = useServices();
  const [adapter, setAdapter] = useState<PaymentAdapter | null>(() =>
    config.paymentMode === 'sandbox' ? createSandboxAdapter(api, strings) : null,
  );
  useEffect(() => {
    if (config.paymentMode !== 'stripe' || !config.stripePublishableKey) return;
    let live = true;
    import('../payment/stripe').then(({ createStripeAdapter }) => {
      if (!live || !config.stripePublishableKey) return;
      setAdapter(
        createStripeAdapter({
          publishableKey: config.stripePublishableKey,
          amountCents: cart.totals.outstandingCents,
          currency: cart.currency,
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [config, cart.totals.outstandingCents, cart.currency]);
  return adapter;
}

function CheckoutFlow({ cart, onLeaving }: { cart: CartModel; onLeaving: () => void }) {
  const { api, strings, inspect, cart: cartActor } = useServices();
  const { navigate } = useAppNavigate();
  const adapter = usePaymentAdapter(api, strings, cart);

  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          confirmCard: fromApi(({ input }) =>
            adapter ? adapter.confirmCard(input) : Promise.reject({ code: 'provider_unavailable' }),
          ),
          storePurchaser: fromApi<unknown, { cartId: string; purchaser: PurchaserInput }>(
            ({ input, signal }) => api.cart.setPurchaser(input.cartId, input.purchaser, { signal }),
          ),
          pay: fromApi(({ input, signal }) =>
            api.cart.pay(input.cartId, { amountCents: input.amountCents, source: input.source }, { signal }),
          ),
          freeCheckout: fromApi(({ input, signal }) => api.cart.guestCheckout(input.cartId, { signal })),
          confirmAction: fromApi(({ input }) =>
            adapter ? adapter.confirmAction(input) : Promise.reject({ code: 'provider_unavailable' }),
          ),
        },
        actions: {
          beginCheckout: () => {},
          refreshCart: () => cartActor.send({ type: 'cart.refresh' }),
          completed: (_, { orderIds }) => {
            onLeaving();
            navigate(`/checkout/complete?orderIds=${orderIds.map(encodeURIComponent).join(',')}`);
            cartActor.send({ type: 'cart.clear' });
          },
          pending: (_, { cartId }) => {
            onLeaving();
            navigate(`/checkout/pending/${encodeURIComponent(cartId)}`);
          },
        },
      }),
    [api, adapter, cartActor, navigate, onLeaving],
  );
  const actor = useActorRef(machine, {
    input: { cart, identityFormShown: true, termsShown: false },
    inspect,
  });
  // Keep the machine's cart current (refresh after a card error, removals in the widget).
  useEffect(() => {
    actor.send({ type: 'cart.updated', cart });
  }, [actor, cart]);

  const values = useSelector(actor, selectValues);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const formError = useSelector(actor, selectFormError);
  const submitting = useSelector(actor, selectIsSubmitting);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const amount = useSelector(actor, selectAmountDueCents);
  const refusals = useSelector(actor, selectRefusals);

  return (
    <CheckoutView
      strings={strings}
      currency={cart.currency}
      title={strings.paymentInformation}
      showIdentityForm
      values={values}
      fieldErrors={fieldErrors}
      formError={formError}
      errorVersion={refusals}
      totalCents={amount}
      submitting={submitting}
      canSubmit={canSubmit && (amount === 0 || adapter !== null)}
      cardForm={amount > 0 && adapter ? adapter.renderCardForm({ disabled: submitting }) : null}
      onFieldChange={(name, value) => actor.send({ type: 'field.change', name, value })}
      onFieldFocus={() => actor.send({ type: 'field.focus' })}
      onSubmit={() => actor.send({ type: 'submit' })}
    />
  );
}
