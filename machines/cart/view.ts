/**
 * The cart widget's view model: one selector from the cart snapshot to the props its view needs. Time comes
 * from the expiry watcher's last tick (the provided clock), never from the wall clock of the view.
 */
import type { CartModel } from '../../api/models';
import { type CartSnapshot, type ExpiryTimerView, selectCart, selectExpiryTimer } from './selectors';

export interface CartWidgetViewModel {
  cart: CartModel | null;
  /** Items to show (empty without a cart). */
  items: CartModel['items'];
  totals: CartModel['totals'] | null;
  /** The expiry timer with its 'm:ss' label, or null when hidden (over 20 minutes left, or no cart). */
  timer: ExpiryTimerView | null;
  /** Removing tickets: the remove buttons wait. */
  busy: boolean;
  /** The cart-expiry modal is open (the modal stack renders it). */
  expired: boolean;
  ticketCount: number;
}

export function selectCartWidgetView(snapshot: CartSnapshot): CartWidgetViewModel {
  const cart = selectCart(snapshot);
  const tickedAt = snapshot.context.tickedAt;
  return {
    cart,
    items: cart?.items ?? [],
    totals: cart?.totals ?? null,
    timer: tickedAt === null ? null : selectExpiryTimer(snapshot, tickedAt),
    busy: snapshot.matches({ active: 'removing' }),
    expired: snapshot.matches('expired'),
    ticketCount: cart?.ticketCount ?? 0,
  };
}
