/** The order join: confirmation data (loaded on demand with the order calls; see on-demand.ts). */
import { indexById, parseDocument, qrCodeUrl, rows, type UrlSettings } from './join';
import { isLive, toItems } from './join-cart';
import type { ConfirmationLink, ConfirmationPage, OrderModel } from './models';
import { type OrderTokens, tokenQuery } from './order-tokens';
import { ORDER_EMBED } from './orders';
import type { ApiRequest } from './request';

/**
 * URL of an order's calendar file (GET ticket_order/{id}/calendar.ics, uncached: one event per session, in the
 * venue's zone); a plain link opens it.
 */
export function calendarUrl(urls: UrlSettings, orderId: string): string {
  return `${urls.apiPrefix}ticket_order/${encodeURIComponent(orderId)}/calendar.ics?seller_id=${encodeURIComponent(urls.sellerId)}`;
}

/**
 * URL of an order's Apple Wallet pass (GET ticket_order/{id}/wallet.pkpass, ours): with the order's read token when
 * this browser knows it (else the owner's session cookie is what lets it through).
 */
export function walletPassUrl(urls: UrlSettings, orderId: string, token: string | null): string {
  return `${urls.apiPrefix}ticket_order/${encodeURIComponent(orderId)}/wallet.pkpass?seller_id=${encodeURIComponent(urls.sellerId)}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
}

/** Groups that admit no one: an order of only these has no block on the confirmation (spec 2 §2). */
const NO_BLOCK_HANDLERS: readonly string[] = ['donation', 'ledger'];

/**
 * Orders of the document, in document order. Kind: any membership group → membership, else codes → gift. The
 * wallet pass link where the server says `wallet_pass` (the request reads the order whole and the seller has
 * passes) and the order has a dated visit, with the read token `tokenOf` knows.
 */
export function toOrders(
  raw: unknown,
  urls: UrlSettings,
  tokenOf: (orderId: string) => string | null = () => null,
): OrderModel[] {
  const doc = parseDocument(raw);
  const groups = indexById(rows(doc, 'ticket_group'));
  const identities = indexById(rows(doc, 'identity'));
  const codes = rows(doc, 'issued_promo_code');
  return rows(doc, 'ticket_order').map((order) => {
    const tickets = rows(doc, 'ticket').filter((t) => t.ticket_order_id === order.id && isLive(t));
    const handlers = new Set(tickets.map((t) => groups.get(t.ticket_group_id)?.handler ?? t.handler));
    const kind: OrderModel['kind'] = handlers.has('membership')
      ? 'membership'
      : handlers.has('codes')
        ? 'gift'
        : 'tickets';
    return {
      id: order.id,
      number: order.order_number,
      cartId: order.cart_id,
      qrCodeUrl: qrCodeUrl(urls, order.id),
      calendarUrl: tickets.some((t) => t.event_session_id) ? calendarUrl(urls, order.id) : null,
      walletUrl:
        order.wallet_pass && tickets.some((t) => t.event_session_id)
          ? walletPassUrl(urls, order.id, tokenOf(order.id))
          : null,
      ticketCount: tickets.length,
      kind,
      admits: [...handlers].some((handler) => !NO_BLOCK_HANDLERS.includes(handler)),
      purchaserEmail: identities.get(order.identity_id)?.email ?? null,
      items: toItems(doc, tickets, urls),
      codes: codes
        .filter((c) => c.ticket_order_id === order.id)
        .map((c) => ({ code: c.code, description: c.description })),
    };
  });
}

/** A CSS length a seller may give as a content offset: a number with px, em, rem or % (negative allowed). */
const CSS_LENGTH = /^-?\d{1,4}(\.\d{1,3})?(px|em|rem|%)$/;

/** An http(s) URL, or a path on this site; anything else (javascript:, data:…) is dropped. */
function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A meta or config value stored as JSON text is read as JSON; other values as they are. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** completed_order_links: a list of { text (or label), url }; entries without text or a safe URL are dropped. */
function linksOf(value: unknown): ConfirmationLink[] {
  const list = jsonValue(value);
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const record = entry as Record<string, unknown>;
    const text = textOf(record.text) ?? textOf(record.label);
    const url = safeUrl(record.url);
    return text && url ? [{ text, url }] : [];
  });
}

/**
 * The confirmation screen's seller settings (spec 2 §2): the seller meta of the orders' document (the order
 * answer embeds it) and external_urls.completed_order from the configuration answer. Either may be null.
 */
export function toConfirmationPage(orders: unknown, config: unknown, sellerId: string): ConfirmationPage {
  const meta = orders === null ? [] : rows(parseDocument(orders), 'meta');
  const value = (key: string) =>
    meta.find((row) => row.resource === 'seller' && row.resource_id === sellerId && row.key === key)?.value;
  const desktop = safeUrl(value('completed_image'));
  const offset = (key: string) => {
    const text = textOf(value(key));
    return text && CSS_LENGTH.test(text) ? text : null;
  };
  const configRows = config === null ? [] : rows(parseDocument(config), 'config');
  const external = jsonValue(
    configRows.find((row) => row.resource_id === sellerId && row.key === 'external_urls')?.value,
  );
  const externalUrl =
    typeof external === 'object' && external !== null
      ? safeUrl((external as Record<string, unknown>).completed_order)
      : null;
  return {
    message: textOf(value('completed_order_message')),
    links: linksOf(value('completed_order_links')),
    image: desktop
      ? {
          desktop,
          mobile: safeUrl(value('completed_mobile_image')),
          alt: textOf(value('completed_image_alternate_text')) ?? '',
        }
      : null,
    contentOffset: offset('completed_content_offset'),
    contentMobileOffset: offset('completed_content_mobile_offset'),
    externalUrl: externalUrl && !externalUrl.startsWith('/') ? externalUrl : null,
    showTicketsLink: jsonValue(value('show_tickets_link')) === true,
  };
}

/**
 * The confirmation's calls (api.orders.confirmation): the orders with their seller meta and the seller's
 * external_urls configuration, read together, joined in the order of `ids`.
 */
export async function loadConfirmation(
  request: ApiRequest,
  urls: UrlSettings,
  ids: string[],
  /** The read tokens known (./order-tokens): those of `ids` are sent as `token`. */
  tokens: OrderTokens,
  signal?: AbortSignal,
): Promise<{ orders: OrderModel[]; page: ConfirmationPage }> {
  const [orders, config] = await Promise.all([
    ids.length
      ? request('GET', 'ticket_order', {
          query: { 'id._in': ids, ...tokenQuery(tokens, ids) },
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
  const byId = new Map((orders ? toOrders(orders, urls, tokens.get) : []).map((order) => [order.id, order]));
  return {
    orders: ids.flatMap((id) => byId.get(id) ?? []),
    page: toConfirmationPage(orders, config, urls.sellerId),
  };
}
