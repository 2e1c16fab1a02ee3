/**
 * Who may read an order whole (server/README.md "Reading an order"). An order id is no secret: it is printed in
 * the order's QR code and sent to another site by the completed-order redirect. So an order id alone reads only
 * what the ticket shows anyway (events, sessions, ticket types, prices, the QR code). The purchaser (`identity`),
 * the attendees' names and emails, the cart id (which opens the cart, and with it the purchaser), the bought
 * discount codes and the memberships (their scan codes and named members) need one of:
 * - the session of the member whose order it is;
 * - the order's read token (server/manage/token.ts, purpose `order`), which the purchaser gets with the paid cart
 *   (`ticket_order.access_token` in the cart's and the payment's answers) and in the confirmation email's link;
 * - the order's manage token (the emailed manage link), which already lets its holder change the order.
 * A wrong token reads nothing more, and is not counted: it is an HMAC-SHA256 (256 bits), not something to guess.
 */
import type * as w from '../../api/schemas';
import type { AppCtx, C } from '../http/context';
import type { Row } from '../http/docs';
import { invalid } from '../http/errors';
import { linkKey, orderToken, tokenMatches } from '../manage/token';
import { currentMember } from '../members/session';
import type * as t from '../schema';

type Order = Row<typeof t.ticketOrder>;

/** A token as orderToken writes it: base64url of 32 bytes. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const MAX_TOKENS = 100;

/**
 * The tokens a request offers: `token` (one, or several separated by commas, repeatable) and `token._in`. At most
 * 100, each of the token's shape; anything else is a 400.
 */
export function offeredTokens(c: C): string[] {
  const url = new URL(c.req.url);
  const tokens = [...url.searchParams.getAll('token'), ...url.searchParams.getAll('token._in')]
    .flatMap((value) => value.split(','))
    .filter(Boolean);
  if (tokens.length > MAX_TOKENS) throw invalid('query', `token takes at most ${MAX_TOKENS} tokens.`);
  if (tokens.some((token) => !TOKEN_RE.test(token)))
    throw invalid('query', 'token must be the token of an order link.');
  return tokens;
}

/** The ids of `orders` this request may read whole (see above). */
export async function readableOrders(ctx: AppCtx, c: C, orders: readonly Order[]): Promise<Set<string>> {
  const readable = new Set<string>();
  if (!orders.length) return readable;
  const tokens = offeredTokens(c);
  const member = await currentMember(ctx, c);
  const key = tokens.length ? await linkKey(ctx.db, ctx.linkSecret) : null;
  for (const order of orders) {
    if (member && member.user.identityId === order.identityId) readable.add(order.id);
    else if (
      key &&
      tokens.some(
        (token) =>
          tokenMatches(key, 'order', order.id, token) || tokenMatches(key, 'manage', order.id, token),
      )
    )
      readable.add(order.id);
  }
  return readable;
}

/** The read token of each of `orders` (for the answers that go to the purchaser: the paid cart's). */
export async function readTokens(ctx: AppCtx, orders: readonly Order[]): Promise<Map<string, string>> {
  if (!orders.length) return new Map();
  const key = await linkKey(ctx.db, ctx.linkSecret);
  return new Map(orders.map((order) => [order.id, orderToken(key, 'order', order.id)]));
}

/**
 * What an order id alone reads of the order document: the orders not in `readable` lose their cart id, their
 * tickets' cart id and attendees; identities are kept only of readable orders. (Bought codes and memberships are
 * left out by their loaders: payments/orders.ts.)
 */
/** A ticket without its survey answers (personal data, like the attendee's name). */
function withoutAnswers<T extends { additional_info?: unknown }>(k: T): Omit<T, 'additional_info'> {
  const { additional_info: _, ...rest } = k;
  return rest;
}

export function withoutPrivate(doc: w.Document, readable: ReadonlySet<string>): w.Document {
  const orders = doc.ticket_order?._data ?? [];
  const readableIdentities = new Set(orders.filter((o) => readable.has(o.id)).map((o) => o.identity_id));
  const hidden = (orderId: string | null) => orderId !== null && !readable.has(orderId);
  return {
    ...doc,
    ticket_order: doc.ticket_order && {
      ...doc.ticket_order,
      _data: orders.map((o) => (readable.has(o.id) ? o : { ...o, cart_id: null })),
    },
    ticket: doc.ticket && {
      ...doc.ticket,
      _data: doc.ticket._data.map((k) =>
        hidden(k.ticket_order_id)
          ? { ...withoutAnswers(k), cart_id: null, admit_name: null, admit_email: null }
          : k,
      ),
    },
    identity: doc.identity && {
      ...doc.identity,
      _data: doc.identity._data.filter((i) => readableIdentities.has(i.id)),
    },
  };
}
