/**
 * The analytics port: the tracking step of the cart (tickets newly added compared with the previous cart).
 * The default adapter pushes a GA4-style `add_to_cart` event to `window.dataLayer` when the seller configures
 * one (runtime config `dataLayer`), and does nothing otherwise. No personal data is sent.
 */
import type { AddedTickets } from '../../machines/cart/rules';

export interface AnalyticsPort {
  addToCart(added: AddedTickets[], currency: string): void;
}

export const noAnalytics: AnalyticsPort = { addToCart: () => {} };

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
  };
}

/** The adapter the seller's configuration chooses. */
export const analyticsFor = (
  dataLayer: boolean | undefined,
  target: { dataLayer?: unknown[] },
): AnalyticsPort => (dataLayer ? dataLayerAnalytics(target) : noAnalytics);
