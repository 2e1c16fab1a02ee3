/**
 * What every event layout does after a reserve: give the cart to the app cart and go on. One function, one
 * call site per layout; where to go (the next add-on step of the upsell chain, or `/checkout`) is decided by
 * the chain (`useAfterReserve` in `routes/app/upsell.tsx`).
 */
import type { CartModel } from '../../api';
import { useAfterReserve } from '../app/upsell-steps';

export function useReserved(): (cart: CartModel) => void {
  return useAfterReserve();
}
