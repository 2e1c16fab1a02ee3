/**
 * The API client: `createApi(config)` once at start-up, then `api.events`, `api.cart`, `api.orders`.
 * Everything returned is a view model (./models); every failure is an ApiError (./errors).
 */
import { createCart } from './cart';
import { createConfig } from './config';
import type { EventsClient } from './events-client';
import type { UrlSettings } from './join';
import { lazyClient } from './lazy-client';
import { createMembers } from './members';
import { createMembership } from './membership';
import { memoryOrderTokens, type OrderTokens } from './order-tokens';
import type { OrdersApi } from './orders';
import { createRequest, type Logger, type RequestSettings } from './request';
import type { TicketGroupsApi } from './ticket-groups';

export interface ApiConfig {
  apiPrefix: string;
  cachedApiPrefix: string;
  sellerId: string;
}

export interface ApiDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  logger?: Logger;
  /** Clock for cart expiry and sales windows (epoch ms). Default Date.now. */
  now?: () => number;
  timeoutMs?: number;
  /** Whether a member is logged in now (read at each call): members use the my/ endpoints. */
  isMember?: () => boolean;
  /** Where the read tokens of paid orders are kept (./order-tokens). Default: in memory. */
  orderTokens?: OrderTokens;
  /** Told of every error a call rejects with (error reporting). */
  onError?: RequestSettings['onError'];
  /**
   * The visitor's locale (issue 26; null: the seller names none): a payment carries it for the order's emails, and
   * every call that mails (password reset, resend, forgot membership, account and email changes, the manage
   * page's email) for that email.
   */
  locale?: () => string | null;
}

export function createApi(config: ApiConfig, deps: ApiDeps = {}) {
  const urls: UrlSettings = {
    apiPrefix: config.apiPrefix,
    cachedApiPrefix: config.cachedApiPrefix,
    sellerId: config.sellerId,
  };
  const now = deps.now ?? Date.now;
  const request = createRequest({
    ...urls,
    // Bound so that the browser's fetch is not called with another `this`.
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    sleep: deps.sleep,
    logger: deps.logger,
    timeoutMs: deps.timeoutMs,
    onError: deps.onError,
  });
  const orderTokens = deps.orderTokens ?? memoryOrderTokens();
  return {
    // Loaded on the first call: only the listing and event screens need it (./events-client).
    events: lazyClient<EventsClient>(() =>
      import('./events-client').then((m) => m.createEventsClient(request, urls, now)),
    ),
    cart: createCart(request, urls, now, deps.isMember, orderTokens, undefined, deps.locale),
    // Loaded on the first call: no first load asks for orders or a ticket group on its own.
    orders: lazyClient<OrdersApi>(() =>
      import('./orders').then((m) => m.createOrders(request, urls, orderTokens, deps.locale)),
    ),
    config: createConfig(request, config.sellerId),
    members: createMembers(request, config.sellerId, deps.locale),
    membership: createMembership(request, urls, now, deps.isMember),
    ticketGroups: lazyClient<TicketGroupsApi>(() =>
      import('./ticket-groups').then((m) => m.createTicketGroups(request)),
    ),
    request,
  };
}

export type Api = ReturnType<typeof createApi>;

export { CODE_INFO, ErrorCode, isErrorCode } from '../domain/codes';
export type { ErrorMessage, ErrorWhere } from '../domain/error-messages/base';
export type { CartApi } from './cart';
export { type ConfigApi, PORTAL_STRINGS_KEY } from './config';
export * from './errors';
export type { CallOptions, EventsApi, GetEventOptions, ListAvailableParams } from './events';
export type { UrlSettings } from './join';
export type { MembersApi } from './members';
export type { MembershipApi } from './membership';
export type * from './models';
export { formatMoney, fromCents, toCents } from './money';
export { type OrderTokens, storedOrderTokens } from './order-tokens';
export type { OrdersApi } from './orders';
export type { ApiRequest, HttpMethod, Logger, QueryValue, RequestOptions } from './request';
export type { SeatMapClient } from './seat-map';
export type { GetTicketGroupOptions, TicketGroupsApi } from './ticket-groups';
