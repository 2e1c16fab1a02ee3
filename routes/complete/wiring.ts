/** Wiring of the confirmation screen: which orders to show and how they load (spec 2 §2 "Confirmation"). */
import { type Api, isApiError } from '../../api';
import { ErrorCode } from '../../api/codes';

/** The order ids of `?orderIds=a,b` (trimmed, empty ones dropped). */
export const orderIdsFrom = (search: string): string[] =>
  (new URLSearchParams(search).get('orderIds') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Cached GET ticket_order?id._in=… of the ids (none: nothing to load). */
export const loadOrders = (api: Pick<Api, 'orders'>, ids: string[], signal: AbortSignal) =>
  ids.length ? api.orders.getMany(ids, { signal }) : Promise.resolve([]);

/** A 404, a 400 bad_field_value, or no order found go to not-found (spec 2 §8 "Confirmation"). */
export const isMissingOrder = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.code === ErrorCode.bad_field_value);
