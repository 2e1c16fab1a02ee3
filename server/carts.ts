/** Carts: reserve (modify), load, delete, purchaser, payment and free checkout. */
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type * as w from '../api/schemas';
import { cartModifyBody, guestCheckoutBody, paymentBody, purchaserBody } from '../api/schemas';
import { type AppCtx, body, type C, type Env, idParam, query } from './context';
import type { Q, Tx } from './db';
import {
  coll,
  isBookable,
  loadConfig,
  loadEvents,
  loadGroupsById,
  loadMeta,
  loadSessions,
  loadTypesById,
  loadVenues,
  PUBLIC_TYPES,
  priceCents,
  type Row,
  wConfig,
  wEvent,
  wGroup,
  wIdentity,
  wMeta,
  wOrder,
  wSeller,
  wSession,
  wTicket,
  wType,
  wVenue,
} from './docs';
import { ApiError, invalid, notFound } from './errors';
import * as t from './schema';
import { dayjs, humanCode, money, newId, parseMoney, percentFee } from './util';

export const CART_TTL_MS = 15 * 60 * 1000;
const LIVE_TICKET_STATES = ['held', 'in_cart'];

type CartRow = Row<typeof t.cart>;
type TicketRow = Row<typeof t.ticket>;

/* ---------- capacity ---------- */

/** Gives back the capacity held by tickets (grouped per session and per ticket group). */
async function releaseTickets(tx: Tx, tickets: TicketRow[]) {
  const bySession = new Map<string, number>();
  const byGroup = new Map<string, number>();
  for (const k of tickets) {
    if (k.eventSessionId) bySession.set(k.eventSessionId, (bySession.get(k.eventSessionId) ?? 0) + 1);
    byGroup.set(k.ticketGroupId, (byGroup.get(k.ticketGroupId) ?? 0) + 1);
  }
  // Sorted so concurrent transactions lock rows in the same order (no deadlocks on PostgreSQL).
  for (const [id, n] of [...bySession].sort(([a], [b]) => a.localeCompare(b)))
    await tx
      .update(t.eventSession)
      .set({ usedCapacity: sql`greatest(${t.eventSession.usedCapacity} - ${n}, 0)` })
      .where(eq(t.eventSession.id, id));
  for (const [id, n] of [...byGroup].sort(([a], [b]) => a.localeCompare(b)))
    await tx
      .update(t.ticketGroup)
      .set({ usedCapacity: sql`greatest(${t.ticketGroup.usedCapacity} - ${n}, 0)` })
      .where(eq(t.ticketGroup.id, id));
}

/** Expires one pending cart (exactly once), releasing its holds. Returns whether this call expired it. */
export async function expireCart(ctx: AppCtx, cartId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(t.cart)
      .set({ state: 'expired' })
      .where(
        and(eq(t.cart.id, cartId), eq(t.cart.state, 'pending'), lte(t.cart.expiresAt, new Date(ctx.now()))),
      )
      .returning({ id: t.cart.id });
    if (!row) return false;
    const tickets = await tx
      .update(t.ticket)
      .set({ state: 'cancelled' })
      .where(and(eq(t.ticket.cartId, cartId), inArray(t.ticket.state, LIVE_TICKET_STATES)))
      .returning();
    await releaseTickets(tx, tickets);
    return true;
  });
}

/** Lazily expires carts whose time is up (also run on a timer by `server/main.ts`). */
export async function sweepExpiredCarts(ctx: AppCtx): Promise<number> {
  const due = await ctx.db
    .select({ id: t.cart.id })
    .from(t.cart)
    .where(and(eq(t.cart.state, 'pending'), lte(t.cart.expiresAt, new Date(ctx.now()))))
    .limit(200);
  let n = 0;
  for (const { id } of due) if (await expireCart(ctx, id)) n++;
  return n;
}

/* ---------- cart document ---------- */

interface Totals {
  faceCents: number;
  fixedCents: number;
  percentCents: number;
  paymentsCents: number;
  outstandingCents: number;
}

async function cartTotals(
  q: Q,
  cartId: string,
  tickets: TicketRow[],
  types: Row<typeof t.ticketType>[],
): Promise<Totals> {
  const typeById = new Map(types.map((ty) => [ty.id, ty]));
  let faceCents = 0;
  let fixedCents = 0;
  let percentCents = 0;
  for (const k of tickets) {
    const ty = typeById.get(k.ticketTypeId);
    faceCents += k.adjustedValueCents;
    fixedCents += ty?.feeFixedCents ?? 0;
    percentCents += percentFee(k.adjustedValueCents, ty?.feePercentBp ?? null);
  }
  const [paid] = await q
    .select({ total: sql<number>`coalesce(sum(${t.payment.amountCents}), 0)::int` })
    .from(t.payment)
    .where(and(eq(t.payment.cartId, cartId), eq(t.payment.state, 'succeeded')));
  const paymentsCents = Number(paid?.total ?? 0);
  const outstandingCents = Math.max(0, faceCents + fixedCents + percentCents - paymentsCents);
  return { faceCents, fixedCents, percentCents, paymentsCents, outstandingCents };
}

async function cartTickets(q: Q, cartId: string) {
  return q
    .select()
    .from(t.ticket)
    .where(and(eq(t.ticket.cartId, cartId), ne(t.ticket.state, 'cancelled')))
    .orderBy(asc(t.ticket.createdAt), asc(t.ticket.id));
}

export async function computeTotals(q: Q, cartId: string) {
  const tickets = await cartTickets(q, cartId);
  const types = await loadTypesById(
    q,
    tickets.map((k) => k.ticketTypeId),
  );
  return { tickets, totals: await cartTotals(q, cartId, tickets, types) };
}

export function wCart(cart: CartRow, nowMs: number): w.Cart {
  const pending = cart.state === 'pending';
  return {
    id: cart.id,
    cart_number: cart.cartNumber,
    identity_id: cart.identityId,
    state: cart.state,
    expires_at: cart.expiresAt && cart.state !== 'completed' ? cart.expiresAt.toISOString() : null,
    expires_in:
      cart.expiresAt && cart.state !== 'completed'
        ? pending
          ? Math.max(0, Math.ceil((cart.expiresAt.getTime() - nowMs) / 1000))
          : 0
        : null,
    seller_id: cart.sellerId,
  };
}

export async function cartDocument(
  ctx: AppCtx,
  cart: CartRow,
  opts: { limit?: number | null; embed?: Set<string>; configKeys?: string[] | null } = {},
): Promise<w.Document> {
  const q = ctx.db;
  let tickets = await cartTickets(q, cart.id);
  const allTypes = await loadTypesById(
    q,
    tickets.map((k) => k.ticketTypeId),
  );
  const totals = await cartTotals(q, cart.id, tickets, allTypes);
  if (opts.limit) tickets = tickets.slice(0, opts.limit);
  const [groups, events, sessions] = await Promise.all([
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
  const typeIds = new Set(tickets.map((k) => k.ticketTypeId));
  const venues = await loadVenues(
    q,
    events.map((e) => e.venueId),
  );
  const eventIds = events.map((e) => e.id);
  const meta = await loadMeta(q, eventIds);
  const [identity] = await q.select().from(t.identity).where(eq(t.identity.id, cart.identityId)).limit(1);
  const orders = await q.select().from(t.ticketOrder).where(eq(t.ticketOrder.cartId, cart.id));
  const doc: w.Document = {
    cart: coll([wCart(cart, ctx.now())]),
    ticket: coll(tickets.map(wTicket)),
    ticket_type: coll(allTypes.filter((ty) => typeIds.has(ty.id)).map(wType)),
    ticket_group: coll(groups.map((g) => wGroup(g))),
    event_template: coll(events.map(wEvent)),
    event_session: coll(sessions.map(wSession)),
    venue: coll(venues.map(wVenue)),
    meta: coll(meta.map(wMeta)),
    cart_fees: coll([
      {
        cart_id: cart.id,
        gateway_id: totals.outstandingCents > 0 ? 'stripe' : 'free',
        account_id: null,
        face_value: money(totals.faceCents),
        grand_totals: {
          total_before_cartmod_price: money(totals.faceCents),
          total_fee_fixed_outside: money(totals.fixedCents),
          total_fee_percent_outside: money(totals.percentCents),
          total_cartmod_amount: money(0),
          total_payments: money(totals.paymentsCents),
          total_outstanding: money(totals.outstandingCents),
        },
      },
    ]),
    identity: coll(identity ? [wIdentity(identity)] : []),
    ticket_order: coll(orders.map(wOrder)),
  };
  if (opts.embed?.has('config'))
    doc.config = coll(
      (await loadConfig(q, [...eventIds, ...groups.map((g) => g.id)], opts.configKeys)).map(wConfig),
    );
  if (opts.embed?.has('seller')) {
    const [s] = await q.select().from(t.seller).where(eq(t.seller.id, cart.sellerId)).limit(1);
    doc.seller = coll(s ? [wSeller(s)] : []);
  }
  return doc;
}

/* ---------- loading and state checks ---------- */

async function loadCart(ctx: AppCtx, c: C, param = 'id'): Promise<CartRow> {
  const id = idParam(c, param, 'cart');
  const [cart] = await ctx.db.select().from(t.cart).where(eq(t.cart.id, id)).limit(1);
  if (!cart || cart.sellerId !== c.get('seller').id || cart.state === 'deleted') throw notFound('cart');
  return cart;
}

async function orderIdOf(q: Q, cartId: string) {
  const [o] = await q
    .select({ id: t.ticketOrder.id })
    .from(t.ticketOrder)
    .where(eq(t.ticketOrder.cartId, cartId));
  return o?.id ?? null;
}

const cartExpired = () =>
  new ApiError(410, 'cart_expired', 'cart', 'Unfortunately your cart has timed out. Please start over.');

/** Expires the cart first if its time is up, then requires it to be pending. */
async function requirePending(ctx: AppCtx, cart: CartRow, forPayment: boolean): Promise<void> {
  if (cart.state === 'completed') {
    const ticket_order_id = await orderIdOf(ctx.db, cart.id);
    if (forPayment)
      throw new ApiError(409, 'cart_booked', 'cart', 'This cart has already been booked.', {
        ticket_order_id,
      });
    throw new ApiError(409, 'incorrect_cart_state', 'cart', 'This cart can no longer be changed.', {
      state: cart.state,
      ticket_order_id,
    });
  }
  if (cart.state === 'pending' && cart.expiresAt && cart.expiresAt.getTime() <= ctx.now()) {
    await expireCart(ctx, cart.id);
    throw cartExpired();
  }
  if (cart.state === 'expired') throw cartExpired();
  if (cart.state !== 'pending')
    throw new ApiError(409, 'incorrect_cart_state', 'cart', 'This cart can no longer be changed.', {
      state: cart.state,
    });
}

/** Re-checks the cart inside a transaction, locking its row. */
async function lockPendingCart(ctx: AppCtx, tx: Tx, cartId: string): Promise<CartRow> {
  const [cart] = await tx.select().from(t.cart).where(eq(t.cart.id, cartId)).for('update');
  if (!cart) throw notFound('cart');
  if (cart.state === 'completed') {
    const ticket_order_id = await orderIdOf(tx, cart.id);
    throw new ApiError(409, 'cart_booked', 'cart', 'This cart has already been booked.', { ticket_order_id });
  }
  if (cart.state === 'expired' || (cart.expiresAt && cart.expiresAt.getTime() <= ctx.now()))
    throw cartExpired();
  if (cart.state !== 'pending')
    throw new ApiError(409, 'incorrect_cart_state', 'cart', 'This cart can no longer be changed.', {
      state: cart.state,
    });
  return cart;
}

/* ---------- modify ---------- */

type ModifyBody = w.CartModifyBody;

async function modify(ctx: AppCtx, seller: Row<typeof t.seller>, existing: CartRow | null, b: ModifyBody) {
  const nowMs = ctx.now();
  const adds = b.add ?? [];
  const removes = [...new Set(b.remove ?? [])];

  // Resolve what is being added (outside the transaction: catalogue rows do not change here).
  const sessionIds = adds.map((l) => l.event_session_id);
  const [sessions, types] = await Promise.all([
    loadSessions(ctx.db, sessionIds),
    loadTypesById(
      ctx.db,
      adds.map((l) => l.ticket_type_id),
    ),
  ]);
  const groups = await loadGroupsById(
    ctx.db,
    types.map((ty) => ty.ticketGroupId),
  );
  const events = await loadEvents(
    ctx.db,
    types.map((ty) => ty.eventTemplateId),
  );
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const typeById = new Map(types.map((ty) => [ty.id, ty]));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const eventById = new Map(events.map((e) => [e.id, e]));

  const lines = adds.map((line, i) => {
    const where = `add.${i}`;
    const ty = typeById.get(line.ticket_type_id);
    const group = ty ? groupById.get(ty.ticketGroupId) : undefined;
    const ev = ty ? eventById.get(ty.eventTemplateId) : undefined;
    if (!ty || !group || !ev || ev.sellerId !== seller.id || !PUBLIC_TYPES.includes(ev.hiddenType))
      throw invalid('ticket_type', `${where}: Sorry, these ticket types are not available.`);
    if (!PUBLIC_TYPES.includes(group.hiddenType))
      throw invalid('ticket_type', `${where}: Sorry, these ticket types are not available.`);
    if (line.event_session_id === null) throw invalid('event_session', `${where}: A session is required.`);
    const session = sessionById.get(line.event_session_id);
    if (!session || session.eventTemplateId !== ev.id)
      throw invalid('event_session', `${where}: Sorry, the selected time is not found.`);
    if (!isBookable(session, nowMs))
      throw invalid('event_session', `${where}: Sorry, tickets are not available at the selected time.`);
    let value = priceCents(ty);
    if (line.face_value !== undefined && line.face_value !== null) {
      const v = parseMoney(line.face_value);
      const flexible = ty.amountMinCents !== null || ty.amountMaxCents !== null;
      const okFlexible =
        flexible && v >= (ty.amountMinCents ?? 0) && v <= (ty.amountMaxCents ?? Number.POSITIVE_INFINITY);
      if (Number.isNaN(v) || (!okFlexible && v !== value))
        throw invalid('face_value', `${where}: face_value does not match the ticket price.`);
      value = v;
    }
    return { line, ty, group, ev, session, value };
  });

  const cartId = await ctx.db.transaction(async (tx) => {
    let cart: CartRow;
    if (existing) cart = await lockPendingCart(ctx, tx, existing.id);
    else {
      const [created] = await tx
        .insert(t.cart)
        .values({
          id: newId(),
          cartNumber: humanCode(8),
          sellerId: seller.id,
          identityId: seller.publicIdentityId,
          state: 'pending',
          expiresAt: new Date(nowMs + CART_TTL_MS),
          createdAt: new Date(nowMs),
        })
        .returning();
      if (!created) throw new Error('cart insert failed');
      cart = created;
    }

    if (removes.length) {
      const removed = await tx
        .update(t.ticket)
        .set({ state: 'cancelled' })
        .where(
          and(
            eq(t.ticket.cartId, cart.id),
            inArray(t.ticket.id, removes),
            inArray(t.ticket.state, LIVE_TICKET_STATES),
          ),
        )
        .returning();
      if (removed.length !== removes.length)
        throw invalid('ticket', 'Some tickets to remove are not in this cart.', {
          ticket_ids: removes.filter((id) => !removed.some((r) => r.id === id)),
        });
      await releaseTickets(tx, removed);
    }

    // Per-order limits per ticket group, counting what stays in the cart plus what is added.
    const touched = new Set(lines.map((l) => l.group.id));
    if (touched.size) {
      const current = await tx
        .select({ groupId: t.ticket.ticketGroupId, n: sql<number>`count(*)::int` })
        .from(t.ticket)
        .where(
          and(
            eq(t.ticket.cartId, cart.id),
            inArray(t.ticket.state, LIVE_TICKET_STATES),
            inArray(t.ticket.ticketGroupId, [...touched]),
          ),
        )
        .groupBy(t.ticket.ticketGroupId);
      const count = new Map(current.map((r) => [r.groupId, Number(r.n)]));
      for (const l of lines) count.set(l.group.id, (count.get(l.group.id) ?? 0) + 1);
      for (const gid of touched) {
        const g = groupById.get(gid);
        const n = count.get(gid) ?? 0;
        if (!g || n === 0) continue;
        if (g.maxTicketsPerOrder !== null && n > g.maxTicketsPerOrder)
          throw new ApiError(
            400,
            'max_tickets_per_order_exceeded',
            'ticket_group',
            `You can buy at most ${g.maxTicketsPerOrder} ${g.name} tickets per order.`,
            { ticket_group_id: g.id, max_tickets_per_order: g.maxTicketsPerOrder },
          );
        if (g.minTicketsPerOrder !== null && n < g.minTicketsPerOrder)
          throw new ApiError(
            400,
            'min_tickets_per_order_not_met',
            'ticket_group',
            `You need at least ${g.minTicketsPerOrder} ${g.name} tickets per order.`,
            { ticket_group_id: g.id, min_tickets_per_order: g.minTicketsPerOrder },
          );
      }
    }

    // Hold capacity: conditional updates, all or nothing (the transaction rolls back on failure).
    const perSession = new Map<string, number>();
    const perGroup = new Map<string, number>();
    for (const l of lines) {
      perSession.set(l.session.id, (perSession.get(l.session.id) ?? 0) + 1);
      perGroup.set(l.group.id, (perGroup.get(l.group.id) ?? 0) + 1);
    }
    for (const [sid, n] of [...perSession].sort(([a], [b]) => a.localeCompare(b))) {
      const s = t.eventSession;
      const [held] = await tx
        .update(s)
        .set({ usedCapacity: sql`${s.usedCapacity} + ${n}` })
        .where(
          and(
            eq(s.id, sid),
            sql`(${s.capacity} = -1 OR ${s.usedCapacity} + ${n} <= ${s.capacity} + ${s.oversellCapacity})`,
          ),
        )
        .returning({ id: s.id });
      if (!held) {
        const session = sessionById.get(sid);
        throw new ApiError(
          409,
          'event_session_sold_out',
          'event_session',
          'Sorry, there are not enough tickets left for this session. Please select another session and try again.',
          { event_session_id: sid, start_datetime: session?.startAt.toISOString() ?? null },
        );
      }
    }
    for (const [gid, n] of [...perGroup].sort(([a], [b]) => a.localeCompare(b))) {
      const g = t.ticketGroup;
      const [held] = await tx
        .update(g)
        .set({ usedCapacity: sql`${g.usedCapacity} + ${n}` })
        .where(
          and(
            eq(g.id, gid),
            sql`(${g.capacity} = -1 OR ${g.usedCapacity} + ${n} <= ${g.capacity} + ${g.oversellCapacity})`,
          ),
        )
        .returning({ id: g.id });
      if (!held)
        throw new ApiError(
          409,
          'ticket_group_sold_out',
          'ticket_group',
          'Sorry, these tickets have sold out.',
          {
            ticket_group_id: gid,
          },
        );
    }

    if (lines.length)
      await tx.insert(t.ticket).values(
        lines.map((l, i) => ({
          id: newId(),
          cartId: cart.id,
          state: 'in_cart',
          eventSessionId: l.session.id,
          eventTemplateId: l.ev.id,
          ticketTypeId: l.ty.id,
          ticketGroupId: l.group.id,
          ticketOrderId: null,
          handler: l.group.handler,
          faceValueCents: l.value,
          adjustedValueCents: l.value,
          validFrom: l.session.startAt,
          validTo: l.session.endAt,
          admitName: l.line.admit_name ?? null,
          admitEmail: l.line.admit_email ?? null,
          // Keeps insertion order stable within one request.
          createdAt: new Date(nowMs + i),
        })),
      );

    await tx
      .update(t.cart)
      .set({ expiresAt: new Date(nowMs + CART_TTL_MS) })
      .where(eq(t.cart.id, cart.id));
    return cart.id;
  });
  const [cart] = await ctx.db.select().from(t.cart).where(eq(t.cart.id, cartId));
  if (!cart) throw notFound('cart');
  return cart;
}

/* ---------- completion (payment or free checkout) ---------- */

async function completeCart(
  ctx: AppCtx,
  cartId: string,
  pay: {
    gatewayId: string;
    amountCents: number;
    reference: string | null;
    intentId: string | null;
    sendEmail: boolean;
  },
) {
  const nowMs = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(t.cart)
      .set({ state: 'completed' })
      .where(and(eq(t.cart.id, cartId), eq(t.cart.state, 'pending')))
      .returning();
    if (!done) {
      const ticket_order_id = await orderIdOf(tx, cartId);
      if (ticket_order_id)
        throw new ApiError(409, 'cart_booked', 'cart', 'This cart has already been booked.', {
          ticket_order_id,
        });
      throw new ApiError(409, 'incorrect_cart_state', 'cart', 'This cart can no longer be paid.');
    }
    if (pay.intentId) {
      const [used] = await tx
        .update(t.paymentIntent)
        .set({ status: 'consumed' })
        .where(and(eq(t.paymentIntent.id, pay.intentId), eq(t.paymentIntent.status, 'succeeded')))
        .returning({ id: t.paymentIntent.id });
      if (!used) throw invalid('payment', 'This payment has already been used.');
    }
    const orderId = newId();
    const [order] = await tx
      .insert(t.ticketOrder)
      .values({
        id: orderId,
        orderNumber: humanCode(8),
        cartId,
        identityId: done.identityId,
        sellerId: done.sellerId,
        createdAt: new Date(nowMs),
      })
      .returning();
    const booked = await tx
      .update(t.ticket)
      .set({ state: 'booked', ticketOrderId: orderId })
      .where(and(eq(t.ticket.cartId, cartId), inArray(t.ticket.state, LIVE_TICKET_STATES)))
      .returning();
    await tx.insert(t.payment).values({
      id: newId(),
      cartId,
      ticketOrderId: orderId,
      gatewayId: pay.gatewayId,
      amountCents: pay.amountCents,
      reference: pay.reference,
      state: 'succeeded',
      createdAt: new Date(nowMs),
    });
    if (!order) throw new Error('order insert failed');
    if (pay.sendEmail) await queueConfirmation(tx, done, order, booked, pay.amountCents, nowMs);
    return done;
  });
  return result;
}

async function queueConfirmation(
  tx: Tx,
  cart: CartRow,
  order: Row<typeof t.ticketOrder>,
  tickets: TicketRow[],
  amountCents: number,
  nowMs: number,
) {
  const [who] = await tx.select().from(t.identity).where(eq(t.identity.id, cart.identityId));
  if (!who?.email) return;
  const [seller] = await tx.select().from(t.seller).where(eq(t.seller.id, cart.sellerId));
  const types = await loadTypesById(
    tx,
    tickets.map((k) => k.ticketTypeId),
  );
  const events = await loadEvents(
    tx,
    tickets.map((k) => k.eventTemplateId),
  );
  const sessions = await loadSessions(
    tx,
    tickets.map((k) => k.eventSessionId),
  );
  const venues = await loadVenues(
    tx,
    events.map((e) => e.venueId),
  );
  const lines = new Map<string, number>();
  for (const k of tickets) {
    const ev = events.find((e) => e.id === k.eventTemplateId);
    const s = sessions.find((x) => x.id === k.eventSessionId);
    const tz = venues.find((v) => v.id === ev?.venueId)?.timezone ?? 'UTC';
    const when = s ? dayjs(s.startAt).tz(tz).format('ddd D MMM YYYY, h:mm A') : '';
    const ty = types.find((x) => x.id === k.ticketTypeId);
    const key = `${ev?.name ?? 'Event'}, ${when}: ${ty?.name ?? 'Ticket'}`;
    lines.set(key, (lines.get(key) ?? 0) + 1);
  }
  const sellerName = seller?.name ?? 'Tickets';
  const body = [
    `Hello ${who.firstName ?? ''},`.trim(),
    '',
    `Thank you for your order ${order.orderNumber} with ${sellerName}.`,
    '',
    ...[...lines.entries()].map(([k, n]) => `${n} × ${k}`),
    '',
    `Total paid: ${money(amountCents)} ${seller?.currency ?? ''}`.trim(),
    `Order reference: ${order.id}`,
    '',
    'Show the QR code on your confirmation page at the entrance.',
  ].join('\n');
  await tx.insert(t.outbox).values({
    id: newId(),
    sellerId: cart.sellerId,
    to: who.email,
    subject: `Your tickets: order ${order.orderNumber}`,
    body,
    createdAt: new Date(nowMs),
  });
}

/* ---------- sandbox payment gateway (Stripe test-mode semantics) ---------- */

const DECLINES: Record<string, string> = {
  pm_card_chargeDeclined: 'Your card was declined.',
  pm_card_visa_chargeDeclined: 'Your card was declined.',
  pm_card_chargeDeclinedInsufficientFunds: 'Your card has insufficient funds.',
  pm_card_chargeDeclinedExpiredCard: 'Your card has expired.',
  pm_card_chargeDeclinedIncorrectCvc: "Your card's security code is incorrect.",
};
const NEEDS_ACTION = new Set([
  'pm_card_authenticationRequired',
  'pm_card_threeDSecure2Required',
  'pm_card_authenticationRequiredOnSetup',
]);

/* ---------- routes ---------- */

async function documentResponse(ctx: AppCtx, c: C, cart: CartRow) {
  const q = query(c);
  return c.json(
    await cartDocument(ctx, cart, { limit: q.limit, embed: q.embed, configKeys: q.in('config.key') }),
  );
}

export function registerCarts(api: Hono<Env>, ctx: AppCtx) {
  const modifyRoute = async (c: C, withId: boolean) => {
    const seller = c.get('seller');
    let existing: CartRow | null = null;
    if (withId) {
      existing = await loadCart(ctx, c);
      await requirePending(ctx, existing, false);
    }
    const b = await body(c, cartModifyBody, 'cart');
    await sweepExpiredCarts(ctx);
    const cart = await modify(ctx, seller, existing, b);
    return documentResponse(ctx, c, cart);
  };
  api.post('/my/cart/modify', (c) => modifyRoute(c, false));
  api.post('/my/cart/:id/modify', (c) => modifyRoute(c, true));
  api.post('/cart/:id/modify', (c) => modifyRoute(c, true));

  const getRoute = async (c: C) => {
    let cart = await loadCart(ctx, c);
    if (cart.state === 'pending' && cart.expiresAt && cart.expiresAt.getTime() <= ctx.now()) {
      await expireCart(ctx, cart.id);
      cart = await loadCart(ctx, c);
    }
    return documentResponse(ctx, c, cart);
  };
  api.get('/my/cart/:id', getRoute);
  api.get('/cart/:id', getRoute);

  const deleteRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    if (cart.state === 'completed') {
      const ticket_order_id = await orderIdOf(ctx.db, cart.id);
      throw new ApiError(409, 'cart_booked', 'cart', 'This cart has already been booked.', {
        ticket_order_id,
      });
    }
    await ctx.db.transaction(async (tx) => {
      const [gone] = await tx
        .update(t.cart)
        .set({ state: 'deleted' })
        .where(and(eq(t.cart.id, cart.id), inArray(t.cart.state, ['pending', 'expired'])))
        .returning({ id: t.cart.id });
      if (!gone) return;
      const tickets = await tx
        .update(t.ticket)
        .set({ state: 'cancelled' })
        .where(and(eq(t.ticket.cartId, cart.id), inArray(t.ticket.state, LIVE_TICKET_STATES)))
        .returning();
      await releaseTickets(tx, tickets);
    });
    return c.json({});
  };
  api.delete('/cart/:id', deleteRoute);
  api.delete('/my/cart/:id', deleteRoute);

  const purchaserRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, false);
    const p = await body(c, purchaserBody, 'purchaser');
    const nowMs = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const locked = await lockPendingCart(ctx, tx, cart.id);
      const [current] = await tx.select().from(t.identity).where(eq(t.identity.id, locked.identityId));
      if (current?.type === 'guest') {
        await tx
          .update(t.identity)
          .set({ firstName: p.first_name, lastName: p.last_name, email: p.email })
          .where(eq(t.identity.id, current.id));
      } else {
        const id = newId();
        await tx.insert(t.identity).values({
          id,
          sellerId: locked.sellerId,
          type: 'guest',
          firstName: p.first_name,
          lastName: p.last_name,
          email: p.email,
          createdAt: new Date(nowMs),
        });
        await tx.update(t.cart).set({ identityId: id }).where(eq(t.cart.id, locked.id));
      }
    });
    return documentResponse(ctx, c, await loadCart(ctx, c));
  };
  api.post('/cart/:id/purchaser', purchaserRoute);
  api.post('/my/cart/:id/purchaser', purchaserRoute);

  const payRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, true);
    const p = await body(c, paymentBody, 'payment');
    const { tickets, totals } = await computeTotals(ctx.db, cart.id);
    if (tickets.length === 0) throw invalid('cart', 'The cart is empty.');
    const [who] = await ctx.db.select().from(t.identity).where(eq(t.identity.id, cart.identityId));
    if (!who || who.type === 'public')
      throw invalid('purchaser', 'Please enter the purchaser’s name and email before paying.');
    const amount = parseMoney(p.amount);
    if (amount !== totals.outstandingCents)
      throw invalid(
        'payment',
        `The amount must equal the outstanding balance of ${money(totals.outstandingCents)}.`,
        {
          total_outstanding: money(totals.outstandingCents),
        },
      );
    let reference: string | null = null;
    let intentId: string | null = null;
    if (amount === 0) {
      if (p.gateway_id === 'ledger') throw invalid('payment', 'Nothing to pay with a gift card.');
    } else if (p.gateway_id === 'free') {
      throw invalid('payment', 'This cart is not free.');
    } else if (p.gateway_id === 'ledger') {
      throw invalid('payment', 'Gift cards are not accepted in this store.');
    } else {
      const source = p.gateway_data?.source;
      if (!source) throw invalid('payment', 'gateway_data.source is required for card payments.');
      if (source.startsWith('pi_')) {
        const [intent] = await ctx.db.select().from(t.paymentIntent).where(eq(t.paymentIntent.id, source));
        if (!intent || intent.cartId !== cart.id) throw invalid('payment', 'Unknown payment intent.');
        if (intent.amountCents !== amount)
          throw invalid('payment', 'The payment intent amount does not match.');
        if (intent.status === 'requires_action')
          throw new ApiError(402, 'intent_requires_action', 'payment', 'The payment needs to be confirmed.', {
            payment_intent_id: intent.id,
            client_secret: intent.clientSecret,
          });
        if (intent.status !== 'succeeded') throw invalid('payment', 'This payment has already been used.');
        reference = intent.id;
        intentId = intent.id;
      } else if (DECLINES[source]) {
        throw new ApiError(400, 'card_declined', 'payment', DECLINES[source], {
          type: 'card_error',
          message: DECLINES[source],
        });
      } else if (NEEDS_ACTION.has(source)) {
        const id = `pi_sandbox_${newId().replace(/-/g, '').slice(0, 24)}`;
        const clientSecret = `${id}_secret_${newId().replace(/-/g, '').slice(0, 24)}`;
        await ctx.db.insert(t.paymentIntent).values({
          id,
          cartId: cart.id,
          amountCents: amount,
          clientSecret,
          status: 'requires_action',
          createdAt: new Date(ctx.now()),
        });
        throw new ApiError(402, 'intent_requires_action', 'payment', 'The payment needs to be confirmed.', {
          payment_intent_id: id,
          client_secret: clientSecret,
        });
      } else {
        reference = `ch_sandbox_${newId().replace(/-/g, '').slice(0, 24)}`;
      }
    }
    const done = await completeCart(ctx, cart.id, {
      gatewayId: amount === 0 ? 'free' : p.gateway_id,
      amountCents: amount,
      reference,
      intentId,
      sendEmail: true,
    });
    return documentResponse(ctx, c, done);
  };
  api.post('/cart/:id/pay', payRoute);
  api.post('/my/cart/:id/pay', payRoute);

  const guestCheckoutRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, true);
    const p = await body(c, guestCheckoutBody, 'guest_checkout');
    const { tickets, totals } = await computeTotals(ctx.db, cart.id);
    if (tickets.length === 0) throw invalid('cart', 'The cart is empty.');
    if (totals.outstandingCents !== 0)
      throw invalid('guest_checkout', 'Only free carts can be checked out without payment.', {
        total_outstanding: money(totals.outstandingCents),
      });
    const done = await completeCart(ctx, cart.id, {
      gatewayId: 'free',
      amountCents: 0,
      reference: null,
      intentId: null,
      sendEmail: p.send_email !== false,
    });
    return documentResponse(ctx, c, done);
  };
  api.post('/cart/:id/guest_checkout', guestCheckoutRoute);
  api.post('/my/cart/:id/guest_checkout', guestCheckoutRoute);

  api.post('/sandbox/payment_intents/:id/confirm', async (c) => {
    const id = c.req.param('id');
    const [intent] = await ctx.db.select().from(t.paymentIntent).where(eq(t.paymentIntent.id, id));
    if (!intent) throw notFound('payment_intent');
    const [cart] = await ctx.db.select().from(t.cart).where(eq(t.cart.id, intent.cartId));
    if (!cart || cart.sellerId !== c.get('seller').id) throw notFound('payment_intent');
    if (intent.status === 'requires_action')
      await ctx.db
        .update(t.paymentIntent)
        .set({ status: 'succeeded' })
        .where(and(eq(t.paymentIntent.id, id), eq(t.paymentIntent.status, 'requires_action')));
    const status = intent.status === 'requires_action' ? 'succeeded' : intent.status;
    return c.json({ payment_intent: coll([{ id, status }]) });
  });
}
