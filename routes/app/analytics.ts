/**
 * The analytics port: the tracking step of the cart (tickets newly added compared with the previous cart), the
 * checkout's "begin checkout" (once, on the first input focus: spec 2 §4) and the purchase. The default adapter
 * pushes GA4-style ecommerce events (`add_to_cart`, `begin_checkout`, `purchase`) to `window.dataLayer` when the
 * seller configures one (runtime config `dataLayer`), and does nothing otherwise. No personal data is sent:
 * ticket types, events, amounts and order ids only.
 */
import type { CartModel } from '../../api/models';
import type { AddedTickets } from '../../machines/cart/rules';

export interface AnalyticsPort {
  addToCart(added: AddedTickets[], currency: string): void;
  beginCheckout?(cart: CartModel): void;
  purchase?(orderIds: string[], cart: CartModel): void;
}

export const noAnalytics: AnalyticsPort = { addToCart: () => {} };

/** A cart's lines as GA4 items, and their value in the currency's units. */
function cartItems(cart: CartModel) {
  const items = cart.items.flatMap((item) =>
    item.lines.map((line) => ({
      item_id: line.ticketTypeId,
      item_name: line.name,
      item_category: item.eventName,
      price: line.unitCents / 100,
      quantity: line.count,
    })),
  );
  const value = cart.items.reduce((sum, item) => sum + item.lines.reduce((s, l) => s + l.totalCents, 0), 0);
  return { items, value: value / 100 };
}

/** Pushes to `target.dataLayer` (created when missing). */
export function dataLayerAnalytics(target: { dataLayer?: unknown[] }): AnalyticsPort {
  return {
    addToCart(added, currency) {
      if (added.length === 0) return;
      const items = added.map((a) => ({
        item_id: a.ticketTypeId,
        item_name: a.name,
        item_category: a.eventName,
        price: a.unitCents / 100,
        quantity: a.count,
      }));
      const value = added.reduce((sum, a) => sum + a.unitCents * a.count, 0) / 100;
      target.dataLayer ??= [];
      target.dataLayer.push({ event: 'add_to_cart', ecommerce: { currency, value, items } });
    },
    beginCheckout(cart) {
      target.dataLayer ??= [];
      target.dataLayer.push({
        event: 'begin_checkout',
        ecommerce: { currency: cart.currency, ...cartItems(cart) },
      });
    },
    purchase(orderIds, cart) {
      target.dataLayer ??= [];
      target.dataLayer.push({
        event: 'purchase',
        ecommerce: { transaction_id: orderIds.join(','), currency: cart.currency, ...cartItems(cart) },
      });
    },
  };
}

/** The adapter the seller's configuration chooses. */
export const analyticsFor = (
  dataLayer: boolean | undefined,
  target: { dataLayer?: unknown[] },
): AnalyticsPort => (dataLayer ? dataLayerAnalytics(target) : noAnalytics);
