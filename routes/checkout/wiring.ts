/**
 * Wiring of the checkout screen: the checkout machine with its real implementations. The payment adapter
 * loads on demand (sandbox, or Stripe by seller configuration); while it loads the pay button stays usable,
 * and a provider that cannot load answers the card step with `payment_provider_unavailable`, whose spec
 * message shows alone (spec 2 §8).
 */
import { fromPromise } from 'xstate';
import type { Api } from '../../api';
import { ErrorCode } from '../../api/codes';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { PaymentAdapter } from '../payment/types';

export interface CheckoutWiring {
  api: Pick<Api, 'cart'>;
  /** The payment adapter, loading or loaded (memoised by the caller). */
  payment: () => Promise<PaymentAdapter>;
  refreshCart: () => void;
  completed: (orderIds: string[]) => void;
  pending: (cartId: string) => void;
}

/** What the card steps reject with when the provider cannot be had. */
export const providerUnavailable = () => ({ code: ErrorCode.payment_provider_unavailable });

async function adapterOf(payment: CheckoutWiring['payment']): Promise<PaymentAdapter> {
  try {
    return await payment();
  } catch {
    throw providerUnavailable();
  }
}

export function provideCheckout({ api, payment, refreshCart, completed, pending }: CheckoutWiring) {
  return checkoutMachine.provide({
    actors: {
      confirmCard: fromPromise(async ({ input }) => (await adapterOf(payment)).confirmCard(input)),
      storePurchaser: fromPromise(({ input, signal }) =>
        api.cart.setPurchaser(input.cartId, input.purchaser, { signal }),
      ),
      pay: fromPromise(({ input, signal }) =>
        api.cart.pay(input.cartId, { amountCents: input.amountCents, source: input.source }, { signal }),
      ),
      freeCheckout: fromPromise(({ input, signal }) => api.cart.guestCheckout(input.cartId, { signal })),
      confirmAction: fromPromise(async ({ input }) => (await adapterOf(payment)).confirmAction(input)),
    },
    actions: {
      beginCheckout: () => {},
      refreshCart: () => refreshCart(),
      completed: (_, { orderIds }) => completed(orderIds),
      pending: (_, { cartId }) => pending(cartId),
    },
  });
}

/** Loads the payment adapter the seller's configuration names, once per checkout. */
export function paymentLoader(load: () => Promise<PaymentAdapter>): () => Promise<PaymentAdapter> {
  let loading: Promise<PaymentAdapter> | null = null;
  return () => {
    loading ??= load();
    return loading;
  };
}
