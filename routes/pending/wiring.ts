/**
 * Wiring of the pending order page (issue 19): the cart is read (GET my/cart/{id}) for its number (the page's
 * reference), its order ids and whether its payment is still in flight.
 */
import type { Api, CartModel } from '../../api';
import { pendingOrderMachine } from '../../machines/pendingOrder/pendingOrder.machine';
import { fromPromise } from '../actors';

export interface PendingOrderWiring {
  api: Pick<Api, 'cart'>;
  /** The cart has orders: on to the confirmation. */
  completed: (orderIds: string[]) => void;
  /**
   * The payment failed: back to checkout of the cart (payable again), with the cart as last read (its purchaser:
   * checkout shows what was given, issue 19).
   */
  paymentFailed: (cartId: string, cart: CartModel | null) => void;
}

export function providePendingOrder({ api, completed, paymentFailed }: PendingOrderWiring) {
  let lastRead: CartModel | null = null;
  return pendingOrderMachine.provide({
    actors: {
      checkCart: fromPromise(async ({ input, signal }) => {
        const cart = await api.cart.get(input.cartId, { signal });
        lastRead = cart;
        return { cartNumber: cart.number, orderIds: cart.orderIds, paying: cart.paying === true };
      }),
    },
    actions: {
      completed: (_args, { orderIds }) => completed(orderIds),
      paymentFailed: (_args, { cartId }) => paymentFailed(cartId, lastRead?.id === cartId ? lastRead : null),
    },
  });
}
