/**
 * The cart selectors every first load needs (the sidebar's frame, the listing): kept apart from the widget's
 * and timer's selectors (`selectors.ts`, `view.ts`), which load with the filled widget.
 */
import type { SnapshotFrom } from 'xstate';
import type { CartModel } from '../../api/models';
import type { cartMachine } from './cart.machine';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** The current cart (kept visible while removing or refreshing, and while the expiry modal is open). */
export const selectCart = (snapshot: CartSnapshot): CartModel | null =>
  snapshot.matches('active') || snapshot.matches('expired') ? snapshot.context.cart : null;

export const selectTicketCount = (snapshot: CartSnapshot): number => selectCart(snapshot)?.ticketCount ?? 0;

export const selectCartId = (snapshot: CartSnapshot): string | null => snapshot.context.cartId;

export const selectIsLoading = (snapshot: CartSnapshot): boolean => snapshot.matches('loading');
