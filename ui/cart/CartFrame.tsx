import type { ReactNode } from 'react';
import type { Strings } from '../strings';

/**
 * The cart sidebar's frame: the landmark and its heading (minimum height 500 px on wide screens), holding the
 * contents, or 'Your cart is empty.' without them. The only part of the cart widget in a first load.
 */
export function CartFrame({ strings, children }: { strings: Strings; children?: ReactNode }) {
  return (
    <aside className="cart-widget" aria-labelledby="cart-title">
      <h2 id="cart-title">{strings.cart}</h2>
      {children ?? <p>{strings.cartEmpty}</p>}
    </aside>
  );
}
