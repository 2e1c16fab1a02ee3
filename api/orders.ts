/** Orders: confirmation data and QR codes (spec 2 §7). */
import { ErrorCode } from './codes';
import { ApiError } from './errors';
import type { CallOptions } from './events';
import { qrCodeUrl, type UrlSettings } from './join';
import type { ConfirmationPage, OrderModel } from './models';
import { orderJoins } from './on-demand';
import type { ApiRequest } from './request';

export const ORDER_EMBED = [
  'ticket',
  'ticket_group',
  'ticket_type',
  'event_template',
  'event_session',
  'venue',
  'seller',
  'identity',
  'meta',
];

export function createOrders(request: ApiRequest, urls: UrlSettings) {
  return {
    /** Cached GET ticket_order?id._in=…: orders in the order of `ids` (ids not found are left out). */
    async getMany(ids: string[], { signal }: CallOptions = {}): Promise<OrderModel[]> {
      if (ids.length === 0) return [];
      const joins = orderJoins();
      const raw = await request('GET', 'ticket_order', {
        query: { 'id._in': ids },
        embed: ORDER_EMBED,
        cached: true,
        signal,
      });
      const byId = new Map((await joins).toOrders(raw, urls).map((order) => [order.id, order]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The confirmation screen: the orders (as `getMany`) and what the seller configures of the screen, from the
     * orders' seller meta and the seller's `external_urls` configuration (cached GET config), read together.
     */
    async confirmation(
      ids: string[],
      { signal }: CallOptions = {},
    ): Promise<{ orders: OrderModel[]; page: ConfirmationPage }> {
      const joins = orderJoins();
      const [orders, config] = await Promise.all([
        ids.length
          ? request('GET', 'ticket_order', {
              query: { 'id._in': ids },
              embed: ORDER_EMBED,
              cached: true,
              signal,
            })
          : Promise.resolve(null),
        request('GET', 'config', {
          query: { 'resource_id._in': [urls.sellerId], 'key._in': ['external_urls'] },
          cached: true,
          signal,
        }),
      ]);
      const join = await joins;
      const byId = new Map((orders ? join.toOrders(orders, urls) : []).map((order) => [order.id, order]));
      return {
        orders: ids.flatMap((id) => byId.get(id) ?? []),
        page: join.toConfirmationPage(orders, config, urls.sellerId),
      };
    },

    /** Uncached GET ticket_order/{id}. Rejects with ApiError 'not_found' (404) when the order is absent. */
    async get(id: string, { signal }: CallOptions = {}): Promise<OrderModel> {
      const joins = orderJoins();
      const raw = await request('GET', `ticket_order/${encodeURIComponent(id)}`, {
        embed: ORDER_EMBED,
        signal,
      });
      const order = (await joins).toOrders(raw, urls).find((o) => o.id === id);
      if (!order) throw new ApiError({ code: ErrorCode.not_found, status: 404, context: 'ticket_order' });
      return order;
    },

    /** URL of an order's QR code image (cached prefix, margin 4). */
    qrCodeUrl(id: string): string {
      return qrCodeUrl(urls, id);
    },
  };
}

export type OrdersApi = ReturnType<typeof createOrders>;
