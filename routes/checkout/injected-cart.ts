import { useEffect, useState } from 'react';
import { ErrorCode, isApiError } from '../../api';
import { selectCartId } from '../../machines/cart/current';
import { useCart, useCartActor, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { NOT_FOUND_PATH } from '../not-found/NotFoundScreen';
import { useLoad } from '../useLoad';

/** Where the cart the route names stands (see `useInjectedCart`). */
export interface InjectedCart {
  /** The named cart is being read: the page waits (an empty app cart must not send it home first). */
  waiting: boolean;
  /** The named cart had expired: the app cart raised `cart_expired` and the page shows it (not home). */
  expired: boolean;
}

/**
 * A cart named by the route (spec 2 §4 "Before entering checkout"): unless it is already the app cart, it is
 * read and handed to the app cart (`cart.inject`), whose rules then apply: an already completed order goes to
 * its confirmation, an expired one raises the expired error (which the page then shows instead of going home),
 * an empty one goes home. Not found (or a malformed id) shows the 404 screen; a 403 (not this visitor's cart)
 * lets the page proceed with the visitor's own cart.
 */
export function useInjectedCart(cartId: string | undefined): InjectedCart {
  const { api } = useServices();
  const cartActor = useCartActor();
  const currentId = useCart(selectCartId);
  // The cart's error (machines/cart/selectors.ts `selectCartError`, read here without the timer's selectors).
  const cartError = useCart((s) => s.context.error);
  const { navigate } = useAppNavigate();
  const named = cartId !== undefined && cartId !== '' && cartId !== currentId ? cartId : null;
  const load = useLoad(
    (signal) => (named === null ? Promise.resolve(null) : api.cart.get(named, { signal })),
    named ?? '',
  );
  // The id handed to the app cart: until then the page waits.
  const [handed, setHanded] = useState<string | null>(null);
  useEffect(() => {
    if (named === null) return;
    if (load.status === 'ready' && load.data) {
      cartActor.send({ type: 'cart.inject', cart: load.data });
      setHanded(named);
    }
    if (load.status === 'error' && isMissingCart(load.error)) {
      navigate(NOT_FOUND_PATH, { replace: true, state: { missingPath: `/checkout/${named}` } });
    }
  }, [named, load, cartActor, navigate]);
  return {
    waiting: named !== null && load.status !== 'error' && handed !== named,
    // The app cart forgot the named cart (no longer current) with the error its injection raised.
    expired: handed !== null && handed === cartId && cartError?.code === ErrorCode.cart_expired,
  };
}

const isMissingCart = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400 || error.code === ErrorCode.not_found);
