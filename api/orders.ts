/** Orders: confirmation data and QR codes (spec 2 §7). */
import { ErrorCode } from './codes';
import { ApiError } from './errors';
import type { CallOptions } from './events';
import type { UrlSettings } from './join';
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
    /**
     * The confirmation screen: the orders of `ids` (cached GET ticket_order?id._in=…, in the order of `ids`; ids
     * not found are left out) and what the seller configures of the screen (seller meta, external_urls). Its
     * code is the order joins' (loaded on demand), so no first load carries it.
     */
    async confirmation(
      ids: string[],
      { signal }: CallOptions = {},
    ): Promise<{ orders: OrderModel[]; page: ConfirmationPage }> {
      return (await orderJoins()).loadConfirmation(request, urls, ids, signal);
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
  };
}

export type OrdersApi = ReturnType<typeof createOrders>;
