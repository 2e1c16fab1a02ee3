/**
 * Wiring of the promo code box and the blocked-cart form: the promoCode machine with its real implementations.
 * `applyCode` posts to the cart read when it acts (the app cart's id, never one copied at start); the fresh
 * cart it answers goes to the app cart (`cart.updated`), which checkout and the cart widget follow.
 */
import type { Api, CartModel } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { promoCodeMachine } from '../../machines/promoCode/promoCode.machine';
import { fromPromise } from '../actors';

export interface PromoCodeWiring {
  api: Pick<Api, 'cart'>;
  /** The app cart's id now, or null when there is none. */
  currentCartId: () => string | null;
  /** Hands the fresh cart to the app cart. */
  cartUpdated: (cart: CartModel) => void;
}

export function providePromoCode({ api, currentCartId, cartUpdated }: PromoCodeWiring) {
  return promoCodeMachine.provide({
    actors: {
      applyCode: fromPromise(async ({ input, signal }) => {
        const cartId = currentCartId();
        if (cartId === null) throw { code: ErrorCode.not_found, status: 404 };
        return api.cart.applyCode(cartId, input.codes, {
          requireBenefit: input.requireBenefit,
          ignoreErrors: false,
          signal,
        });
      }),
    },
    actions: {
      cartApplied: (_, { cart }) => cartUpdated(cart),
    },
  });
}
