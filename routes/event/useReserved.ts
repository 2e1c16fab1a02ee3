/**
 * What every event layout does after a reserve: give the cart to the app cart and go on (today to
 * `/checkout`). One function, one call site per layout, so the next step (an upsell chain) changes here only.
 */
import { useCallback } from 'react';
import type { CartModel } from '../../api';
import { cartOf } from '../app/root';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';

export function useReserved(): (cart: CartModel) => void {
  const { app } = useServices();
  const { navigate } = useAppNavigate();
  return useCallback(
    (cart: CartModel) => {
      cartOf(app).send({ type: 'cart.updated', cart });
      navigate('/checkout');
    },
    [app, navigate],
  );
}
