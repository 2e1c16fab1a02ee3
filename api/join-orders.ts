/** The order join: confirmation data (loaded on demand with the order calls; see on-demand.ts). */
import { indexById, parseDocument, qrCodeUrl, rows, type UrlSettings } from './join';
import { isLive, toItems } from './join-cart';
import type { OrderModel } from './models';

/** Groups that admit no one: an order of only these has no block on the confirmation (spec 2 §2). */
const NO_BLOCK_HANDLERS: readonly string[] = ['donation', 'ledger'];

/** Orders of the document, in document order. Kind: any membership group → membership, else codes → gift. */
export function toOrders(raw: unknown, urls: UrlSettings): OrderModel[] {
  const doc = parseDocument(raw);
  const groups = indexById(rows(doc, 'ticket_group'));
  const identities = indexById(rows(doc, 'identity'));
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
      ticketCount: tickets.length,
      kind,
      admits: [...handlers].some((handler) => !NO_BLOCK_HANDLERS.includes(handler)),
      purchaserEmail: identities.get(order.identity_id)?.email ?? null,
      items: toItems(doc, tickets, urls),
    };
  });
}
