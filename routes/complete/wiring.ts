/** Wiring of the confirmation screen: which orders to show and how they load (spec 2 §2 "Confirmation"). */
import { type Api, isApiError } from '../../api';
import { ErrorCode } from '../../domain/codes';

/** The order ids of `?orderIds=a,b` (trimmed, empty ones dropped). */
export const orderIdsFrom = (search: string): string[] =>
  (new URLSearchParams(search).get('orderIds') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The orders of the ids with the seller's settings of the screen (cached GET ticket_order?id._in=… with seller
 * meta, and the seller's external_urls); no ids: nothing to load.
 */
export const loadConfirmation = (api: Pick<Api, 'orders'>, ids: string[], signal: AbortSignal) =>
  ids.length ? api.orders.confirmation(ids, { signal }) : Promise.resolve(null);

/** Where an external completed-order URL sends the visitor: the URL with ?orderIds=a,b (spec 2 §2). */
export function externalConfirmationUrl(url: string, ids: string[]): string {
  const target = new URL(url);
  target.searchParams.set('orderIds', ids.join(','));
  return target.href;
}

/**
 * Where the confirmation sends the visitor instead of showing itself (spec 2 §2): the seller's external
 * completed-order URL with ?orderIds=a,b (the ids asked for), once an order of them was found; else null (no URL,
 * still loading, or no order: the not-found screen).
 */
export function externalRedirect(
  loaded: { orders: readonly unknown[]; page: { externalUrl: string | null } | null } | null | undefined,
  ids: string[],
): string | null {
  const url = loaded?.orders.length ? loaded.page?.externalUrl : null;
  return url ? externalConfirmationUrl(url, ids) : null;
}

/** `{{email}}` of the seller's message, as the purchaser's address (escaped: the message is HTML). */
export const withEmail = (html: string, email: string | null): string =>
  html.replaceAll(
    '{{email}}',
    (email ?? '').replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    ),
  );

/** A 404, a 400 bad_field_value, or no order found go to not-found (spec 2 §8 "Confirmation"). */
export const isMissingOrder = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.code === ErrorCode.bad_field_value);
