/** Orders: confirmation data and QR codes (spec 2 §7). */
import { ErrorCode } from '../domain/codes';
import { ApiError } from './errors';
import type { CallOptions } from './events';
import type { UrlSettings } from './join';
import { localeOf } from './locale-field';
import type { ConfirmationPage, EditCart, ManageAccess, ManageOrder, OrderModel } from './models';
import { manageJoins, orderJoins } from './on-demand';
import { memoryOrderTokens, type OrderTokens, tokenQuery } from './order-tokens';
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

/** Spec 2 §7 GET ticket_order/{id} (uncached): ticket, ticket_group, event_template, ticket_type, event_session. */
export const MANAGE_EMBED = [
  'ticket',
  'ticket_group',
  'event_template',
  'ticket_type',
  'event_session',
  'venue',
];

export function createOrders(
  request: ApiRequest,
  urls: UrlSettings,
  tokens: OrderTokens = memoryOrderTokens(),
  /** The visitor's locale (issue 26), read when the manage page asks for an email: the email's language. */
  locale: () => string | null = () => null,
) {
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
      return (await orderJoins()).loadConfirmation(request, urls, ids, tokens, signal);
    },

    /**
     * Keeps the read token an order link brought (the printable order's `?token=`, from the confirmation email),
     * so the order's calls read it whole (./order-tokens).
     */
    async keepToken(orderId: string, token: string): Promise<void> {
      tokens.set(orderId, token);
    },

    /** Uncached GET ticket_order/{id}. Rejects with ApiError 'not_found' (404) when the order is absent. */
    async get(id: string, { signal }: CallOptions = {}): Promise<OrderModel> {
      const joins = orderJoins();
      const raw = await request('GET', `ticket_order/${encodeURIComponent(id)}`, {
        query: tokenQuery(tokens, [id]),
        embed: ORDER_EMBED,
        signal,
      });
      const order = (await joins).toOrders(raw, urls, tokens.get).find((o) => o.id === id);
      if (!order) throw new ApiError({ code: ErrorCode.not_found, status: 404, context: 'ticket_order' });
      return order;
    },

    /**
     * The manage page's order (uncached GET ticket_order/{id} with the spec's embeds, every ticket). Rejects with
     * ApiError 'not_found' (404) when the order is absent.
     */
    async manageOrder(id: string, { signal }: CallOptions = {}): Promise<ManageOrder> {
      const joins = manageJoins();
      const raw = await request('GET', `ticket_order/${encodeURIComponent(id)}`, {
        query: tokenQuery(tokens, [id]),
        embed: MANAGE_EMBED,
        signal,
      });
      return (await joins).toManageOrder(raw, id);
    },

    /**
     * Whether this request may manage the order (POST ticket_order/{id}/manage, ours): the manage link's token, or
     * the owner's session (token null); with the seller's self-edit rules. 403 order_not_manageable otherwise.
     */
    async manageAccess(
      id: string,
      token: string | null,
      { signal }: CallOptions = {},
    ): Promise<ManageAccess> {
      const joins = manageJoins();
      const raw = await request('POST', `ticket_order/${encodeURIComponent(id)}/manage`, {
        body: token ? { token } : {},
        signal,
      });
      return (await joins).toManageAccess(raw);
    },

    /** Cancels free tickets of the order (POST ticket_order/{id}/cancel, spec 2 §7). */
    async cancel(
      id: string,
      tickets: readonly string[],
      token: string | null,
      { signal }: CallOptions = {},
    ): Promise<void> {
      await request('POST', `ticket_order/${encodeURIComponent(id)}/cancel`, {
        body: { gateway_data: {}, tickets: [...tickets], ...(token ? { token } : {}) },
        signal,
      });
    },

    /** Asks for the order's email (POST ticket_order/{id}/email, spec 2 §7). */
    async email(
      id: string,
      logContext: 'order_update' | 'order_cancel',
      token: string | null,
      { signal }: CallOptions = {},
    ): Promise<void> {
      await request('POST', `ticket_order/${encodeURIComponent(id)}/email`, {
        body: { log_context: logContext, ...(token ? { token } : {}), ...localeOf(locale) },
        signal,
      });
    },

    /** A new order-bound cart of the order (POST ticket_order/{id}/edit, ours; issue 24). */
    async startEdit(id: string, token: string | null, { signal }: CallOptions = {}): Promise<EditCart> {
      const joins = manageJoins();
      const raw = await request('POST', `ticket_order/${encodeURIComponent(id)}/edit`, {
        body: token ? { token } : {},
        signal,
      });
      return (await joins).toEditCart(raw);
    },

    /** The order-bound cart (uncached GET cart/{cartId}). */
    async editCart(cartId: string, { signal }: CallOptions = {}): Promise<EditCart> {
      const joins = manageJoins();
      const raw = await request('GET', `cart/${encodeURIComponent(cartId)}`, { limit: 1000, signal });
      return (await joins).toEditCart(raw);
    },

    /**
     * Changes the order through its order-bound cart in one cart modification (spec 2 §4 "Reschedule", §7 POST
     * cart/{cartId}/modify): `remove` the order's tickets, `add` their types in another session.
     */
    async changeOrder(
      cartId: string,
      change: { remove: readonly string[]; add: readonly { sessionId: string; ticketTypeId: string }[] },
      { signal }: CallOptions = {},
    ): Promise<EditCart> {
      const joins = manageJoins();
      const raw = await request('POST', `cart/${encodeURIComponent(cartId)}/modify`, {
        body: {
          remove: [...change.remove],
          ...(change.add.length
            ? {
                add: change.add.map((l) => ({
                  event_session_id: l.sessionId,
                  ticket_type_id: l.ticketTypeId,
                })),
              }
            : {}),
        },
        signal,
      });
      return (await joins).toEditCart(raw);
    },

    /** Confirms a change with nothing to pay (spec 2 §7 POST cart/{cartId}/guest_checkout, gateway free). */
    async confirmFree(cartId: string, { signal }: CallOptions = {}): Promise<void> {
      await request('POST', `cart/${encodeURIComponent(cartId)}/guest_checkout`, {
        body: { send_email: false, gateway_id: 'free', gateway_data: {} },
        signal,
      });
    },

    /** Discards a change (spec 2 §4 "Discard deletes the cart"; DELETE cart/{cartId}). */
    async discard(cartId: string, { signal }: CallOptions = {}): Promise<void> {
      await request('DELETE', `cart/${encodeURIComponent(cartId)}`, { signal });
    },
  };
}

export type OrdersApi = ReturnType<typeof createOrders>;
