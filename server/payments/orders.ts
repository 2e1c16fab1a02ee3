/** Orders: fetch one or many, the QR code image, the calendar file and the wallet pass. */

import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import type * as w from '../../api/schemas';
import { SURVEY_META } from '../../domain/survey-rule';
import { mailLocaleOf, orderLocale } from '../catalog/locales';
import { type AppCtx, type C, type Env, idParam, query } from '../http/context';
import {
  coll,
  loadEvents,
  loadGroupsById,
  loadMeta,
  loadSessions,
  loadTypesById,
  loadVenues,
  type Row,
  wEvent,
  wGroup,
  wIdentity,
  wMeta,
  wOrder,
  wSeller,
  wSession,
  wTicketWithSeat,
  wType,
  wVenue,
} from '../http/docs';
import { invalid, notFound } from '../http/errors';
import { ledgersOf, wLedger } from '../ledger/ledger';
import { brandOf } from '../mail/layout';
import { loadOrderMail, orderCalendar, orderQrText, qrPng } from '../mail/order-mail';
import { orderTexts } from '../mail/order-texts';
import { withOrderMemberships } from '../memberships/routes';
import { issuedCodesOf, wIssuedCode } from '../promo/issued';
import * as t from '../schema';
import { ticketSeats } from '../seats/ticket-seats';
import { orderPass } from '../wallet/pass';
import { readableOrders, withoutPrivate } from './access';

/**
 * The order document of `orders`. The purchaser, attendees, cart ids and bought discount codes
 * (`issued_promo_code`) only of the orders in `readable` (payments/access.ts).
 */
async function orderDocument(
  ctx: AppCtx,
  orders: Row<typeof t.ticketOrder>[],
  readable: ReadonlySet<string>,
): Promise<w.Document> {
  const q = ctx.db;
  const ids = orders.map((o) => o.id);
  const tickets = ids.length
    ? await q.select().from(t.ticket).where(inArray(t.ticket.ticketOrderId, ids))
    : [];
  const [types, groups, events, sessions] = await Promise.all([
    loadTypesById(
      q,
      tickets.map((k) => k.ticketTypeId),
    ),
    loadGroupsById(
      q,
      tickets.map((k) => k.ticketGroupId),
    ),
    loadEvents(
      q,
      tickets.map((k) => k.eventTemplateId),
    ),
    loadSessions(
      q,
      tickets.map((k) => k.eventSessionId),
    ),
  ]);
  const [venues, seats] = await Promise.all([
    loadVenues(
      q,
      events.map((e) => e.venueId),
    ),
    ticketSeats(q, tickets),
  ]);
  const identityIds = [...new Set(orders.map((o) => o.identityId))];
  const identities = identityIds.length
    ? await q.select().from(t.identity).where(inArray(t.identity.id, identityIds))
    : [];
  const sellerIds = [...new Set(orders.map((o) => o.sellerId))];
  const sellers = sellerIds.length
    ? await q.select().from(t.seller).where(inArray(t.seller.id, sellerIds))
    : [];
  // The events' meta, and the sellers' (the confirmation's message, links and images: spec 2 §2, §3).
  // The surveys of the groups whose tickets carry answers, so the answers read with their questions.
  const answeredGroupIds = [...new Set(tickets.filter((k) => k.additionalInfo).map((k) => k.ticketGroupId))];
  const meta = [
    ...(await loadMeta(q, [...events.map((e) => e.id), ...sellerIds])),
    ...(answeredGroupIds.length ? await loadMeta(q, answeredGroupIds) : []).filter(
      (m) => m.key === SURVEY_META,
    ),
  ];
  return {
    ticket_order: coll(orders.map(wOrder)),
    ticket: coll(tickets.map(wTicketWithSeat(seats))),
    ticket_type: coll(types.map(wType)),
    ticket_group: coll(groups.map((g) => wGroup(g))),
    event_template: coll(events.map(wEvent)),
    event_session: coll(sessions.map(wSession)),
    venue: coll(venues.map(wVenue)),
    seller: coll(sellers.map(wSeller)),
    identity: coll(identities.map(wIdentity)),
    meta: coll(meta.map(wMeta)),
    issued_promo_code: coll((await issuedCodesOf(q, [...readable])).map(wIssuedCode)),
    // A card number is money: only to who may read the order whole (payments/access.ts).
    ledger: coll((await ledgersOf(q, [...readable])).map(wLedger)),
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerOrders(api: Hono<Env>, ctx: AppCtx) {
  api.get('/ticket_order', async (c) => {
    const seller = c.get('seller');
    const q = query(c);
    const ids = q.in('id');
    if (!ids) throw invalid('query', 'id._in is required.');
    if (ids.length > 100) throw invalid('query', 'id._in takes at most 100 ids.');
    const valid = ids.filter((id) => UUID_RE.test(id)).map((id) => id.toLowerCase());
    const orders = valid.length
      ? await ctx.db.select().from(t.ticketOrder).where(inArray(t.ticketOrder.id, valid))
      : [];
    const own = orders.filter((o) => o.sellerId === seller.id);
    const readable = await readableOrders(ctx, c, own);
    return c.json(
      withWalletPass(c, withoutPrivate(await orderDocument(ctx, own, readable), readable), readable),
    );
  });

  /** Marks the readable orders `wallet_pass` when the seller has a pass certificate (the links' cue). */
  const withWalletPass = (c: C, doc: w.Document, readable: ReadonlySet<string>): w.Document =>
    ctx.walletPasses?.has(c.get('seller').slug) && doc.ticket_order
      ? {
          ...doc,
          ticket_order: {
            ...doc.ticket_order,
            _data: doc.ticket_order._data.map((o) => (readable.has(o.id) ? { ...o, wallet_pass: true } : o)),
          },
        }
      : doc;

  const loadOrder = async (id: string, sellerId: string) => {
    const [order] = await ctx.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.id, id)).limit(1);
    if (!order || order.sellerId !== sellerId) throw notFound('ticket_order');
    return order;
  };

  api.get('/ticket_order/:id', async (c) => {
    const order = await loadOrder(idParam(c, 'id', 'ticket_order'), c.get('seller').id);
    const readable = await readableOrders(ctx, c, [order]);
    // Filters (ticket.state, ticket_group.handler) and the membership embed (server/memberships/routes.ts): the
    // memberships' scan codes and named members only to who may read the order whole.
    const doc = withWalletPass(
      c,
      withoutPrivate(await orderDocument(ctx, [order], readable), readable),
      readable,
    );
    return c.json(
      await withOrderMemberships(ctx.db, query(c), doc, readable.has(order.id) ? order.id : null),
    );
  });

  api.get('/ticket_order/:id/qrcode', async (c) => {
    const order = await loadOrder(idParam(c, 'id', 'ticket_order'), c.get('seller').id);
    const marginRaw = c.req.query('margin') ?? '4';
    if (!/^\d{1,2}$/.test(marginRaw) || Number(marginRaw) > 16)
      throw invalid('query', 'margin must be a whole number from 0 to 16.');
    const png = await qrPng(orderQrText(order), Number(marginRaw));
    return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png' });
  });

  /**
   * What the calendar file and the wallet pass show of an order: its booked (or redeemed) tickets with a session,
   * read as the confirmation email reads them, without the purchaser's name and with the order link without its
   * token. 404 when the order has no dated visit.
   */
  const visitsOf = async (c: C, order: Row<typeof t.ticketOrder>, what: string) => {
    const seller = c.get('seller');
    const tickets = await ctx.db
      .select()
      .from(t.ticket)
      .where(
        and(
          eq(t.ticket.ticketOrderId, order.id),
          inArray(t.ticket.state, ['booked', 'redeemed']),
          isNotNull(t.ticket.eventSessionId),
        ),
      );
    if (!tickets.length) throw notFound('event_session', `This order has no dated visit to add to ${what}.`);
    return loadOrderMail(ctx.db, {
      order,
      seller,
      tickets,
      firstName: null,
      totalCents: 0,
      origin: ctx.publicUrl ?? new URL(c.req.url).origin,
    });
  };

  /**
   * Ours (issue 20): the order's sessions as one calendar file (the confirmation email attaches one per session),
   * for an "Add to calendar" link. The same access as GET ticket_order/{id}: the order id of the seller.
   */
  api.get('/ticket_order/:id/calendar.ics', async (c) => {
    const order = await loadOrder(idParam(c, 'id', 'ticket_order'), c.get('seller').id);
    const data = await visitsOf(c, order, 'a calendar');
    // In the buyer's language (issue 26): the locale the order's cart kept, else the seller's default.
    const tx = orderTexts(await mailLocaleOf(ctx.db, order.sellerId, await orderLocale(ctx.db, order)));
    return c.body(orderCalendar(data, data.sessions, tx), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="order-${order.orderNumber}.ics"`,
    });
  });

  /**
   * Ours (issue 20): the order's Apple Wallet pass (server/wallet/pass.ts), when the seller has a pass type
   * certificate (APPLE_WALLET_SELLERS); else 404. Only to who may read the order whole (payments/access.ts: the
   * read token or the owner's session): an order id alone, or a wrong token, is a 404 that tells nothing; a
   * malformed id or token a 400.
   */
  api.get('/ticket_order/:id/wallet.pkpass', async (c) => {
    const seller = c.get('seller');
    const id = c.req.param('id');
    if (!UUID_RE.test(id)) throw invalid('id', 'The order id is not an order id.');
    const settings = ctx.walletPasses?.get(seller.slug);
    if (!settings) throw notFound('ticket_order');
    const order = await loadOrder(id.toLowerCase(), seller.id);
    if (!(await readableOrders(ctx, c, [order])).has(order.id)) throw notFound('ticket_order');
    const data = await visitsOf(c, order, 'a wallet');
    // In the buyer's language (issue 26), as the confirmation that links to it.
    const locale = await mailLocaleOf(ctx.db, seller.id, await orderLocale(ctx.db, order));
    const pass = orderPass(settings, await brandOf(ctx.db, seller), data, locale);
    return c.body(new Uint8Array(pass), 200, {
      'Content-Type': 'application/vnd.apple.pkpass',
      'Content-Disposition': `attachment; filename="order-${order.orderNumber}.pkpass"`,
    });
  });
}
