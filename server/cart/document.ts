/** The cart document: tickets, totals (face value, fees, payments, outstanding) and the relational document. */
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { IDENTITY_FORM_META } from '../../domain/identity-form';
import { SURVEY_META } from '../../domain/survey-rule';
import type { Q } from '../db';
import type { AppCtx } from '../http/context';
import {
  coll,
  loadSessions,
  loadTypesById,
  type Row,
  wConfig,
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
import { ledger } from '../ledger/schema';
import { orderEdit } from '../manage/schema';
import { readTokens } from '../payments/access';
import { cartSchedule, wScheduled } from '../payments/schedule';
import { paymentAudit } from '../payments/schema';
import { type AppliedCode, type CartDiscounts, cartDiscounts, type ModRow } from '../promo/codes';
import * as t from '../schema';
import { ticketSeats } from '../seats/ticket-seats';
import { money, percentFee } from '../util';
import { purchaserDetails } from './purchaser';

export type CartRow = Row<typeof t.cart>;
export type TicketRow = Row<typeof t.ticket>;
/** A cart created by this request: its tickets and sessions as just written; no payments or order yet. */
export interface FreshCart {
  tickets: TicketRow[];
  sessions: Row<typeof t.eventSession>[];
}
type TypeRow = Row<typeof t.ticketType>;

/** Tickets that hold capacity and count in the cart. */
export const LIVE_TICKET_STATES = ['held', 'in_cart'];

/**
 * Books the checked live tickets of a cart into an order (inside the caller's transaction, the cart locked):
 * exactly those, else an error (the transaction rolls back).
 */
export async function bookLiveTickets(q: Q, cartId: string, tickets: TicketRow[], orderId: string) {
  const booked = await q
    .update(t.ticket)
    .set({ state: 'booked', ticketOrderId: orderId })
    .where(
      and(
        eq(t.ticket.cartId, cartId),
        inArray(
          t.ticket.id,
          tickets.map((k) => k.id),
        ),
        inArray(t.ticket.state, LIVE_TICKET_STATES),
      ),
    )
    .returning();
  if (booked.length !== tickets.length) throw new Error('booked tickets differ from the checked ones');
  return booked;
}

export interface Totals {
  faceCents: number;
  fixedCents: number;
  percentCents: number;
  /** What the cart mods take off (positive cents; the wire's total_cartmod_amount is its negative). */
  cartmodCents: number;
  paymentsCents: number;
  outstandingCents: number;
}

/** What the given tickets cost: face value plus fixed and percent fees. */
export function ticketsCost(tickets: TicketRow[], types: TypeRow[]) {
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
  return { faceCents, fixedCents, percentCents, totalCents: faceCents + fixedCents + percentCents };
}

/** What was paid towards the cart: its payments, and for an order-bound cart what the tickets it gives up cost. */
async function paymentsOf(q: Q, cartId: string): Promise<number> {
  const [[paid], [edit]] = await Promise.all([
    q
      .select({ total: sql<number>`coalesce(sum(${t.payment.amountCents}), 0)::int` })
      .from(t.payment)
      .where(and(eq(t.payment.cartId, cartId), eq(t.payment.state, 'succeeded'))),
    q.select({ credit: orderEdit.creditCents }).from(orderEdit).where(eq(orderEdit.cartId, cartId)),
  ]);
  return Number(paid?.total ?? 0) + (edit?.credit ?? 0);
}

/** The cart's completed payments (spec 2 §3), oldest first, with a gift card's number for its last digits. */
async function completedPayments(q: Q, cartId: string) {
  return q
    .select({ payment: t.payment, number: ledger.number })
    .from(t.payment)
    .leftJoin(ledger, and(eq(t.payment.gatewayId, 'ledger'), eq(ledger.id, t.payment.reference)))
    .where(and(eq(t.payment.cartId, cartId), eq(t.payment.state, 'succeeded')))
    .orderBy(asc(t.payment.createdAt), asc(t.payment.id));
}

/** The wire row of a completed payment: a gift card shows its last four digits, never its number. */
const wPayment = (r: Awaited<ReturnType<typeof completedPayments>>[number]): w.Payment => ({
  id: r.payment.id,
  cart_id: r.payment.cartId,
  ticket_order_id: r.payment.ticketOrderId,
  gateway_id: r.payment.gatewayId,
  amount: money(r.payment.amountCents),
  status: r.payment.state,
  occurred_on: r.payment.createdAt.toISOString(),
  ledger_ending: r.number ? r.number.slice(-4) : null,
});

/**
 * The gateway audits of the cart's payments (spec 2 §3): each payment's capture, then what the gateway reported
 * later (refunds, disputes: payments/audits.ts), oldest first.
 */
async function gatewayAudits(q: Q, cartId: string, payments: Awaited<ReturnType<typeof completedPayments>>) {
  const later = payments.length
    ? await q
        .select()
        .from(paymentAudit)
        .where(eq(paymentAudit.cartId, cartId))
        .orderBy(asc(paymentAudit.occurredAt), asc(paymentAudit.id))
    : [];
  const audits: w.GatewayAudit[] = [
    ...payments.map((r) => ({
      id: r.payment.id,
      payment_id: r.payment.id,
      occurred_on: r.payment.createdAt.toISOString(),
      audit_action: 'capture',
      amount: money(r.payment.amountCents),
    })),
    ...later.map((a) => ({
      id: a.id,
      payment_id: a.paymentId,
      occurred_on: a.occurredAt.toISOString(),
      audit_action: a.action,
      amount: money(a.amountCents),
    })),
  ];
  return audits.sort((a, b) => a.occurred_on.localeCompare(b.occurred_on));
}

/** What a cart owes: its tickets' cost less its cart mods' discounts (promo/engine.ts) less its payments. */
export async function cartTotals(q: Q, cart: CartRow, tickets: TicketRow[], types: TypeRow[], nowMs: number) {
  const cost = ticketsCost(tickets, types);
  const [paymentsCents, promo] = await Promise.all([
    paymentsOf(q, cart.id),
    cartDiscounts(q, cart, tickets, nowMs),
  ]);
  const cartmodCents = promo.discounts.totalCents;
  const outstandingCents = Math.max(0, cost.totalCents - cartmodCents - paymentsCents);
  return { totals: { ...cost, cartmodCents, paymentsCents, outstandingCents } satisfies Totals, promo };
}

/** The order a cart booked, or the order an order-bound cart changes (server/manage/edit.ts). */
export const ordersOfCart = (q: Q, cartId: string) =>
  q
    .select()
    .from(t.ticketOrder)
    .where(
      or(
        eq(t.ticketOrder.cartId, cartId),
        inArray(
          t.ticketOrder.id,
          q.select({ id: orderEdit.ticketOrderId }).from(orderEdit).where(eq(orderEdit.cartId, cartId)),
        ),
      ),
    );

/** Tickets of the cart that are not cancelled (live or booked), in insertion order. */
export async function cartTickets(q: Q, cartId: string) {
  return q
    .select()
    .from(t.ticket)
    .where(and(eq(t.ticket.cartId, cartId), ne(t.ticket.state, 'cancelled')))
    .orderBy(asc(t.ticket.createdAt), asc(t.ticket.id));
}

/**
 * Live tickets (held or in the cart), what they cost and what the cart mods take off, read with the given
 * connection or transaction.
 */
export async function liveTicketsAndTotals(q: Q, cart: CartRow, nowMs: number) {
  const tickets = await q
    .select()
    .from(t.ticket)
    .where(and(eq(t.ticket.cartId, cart.id), inArray(t.ticket.state, LIVE_TICKET_STATES)))
    .orderBy(asc(t.ticket.createdAt), asc(t.ticket.id));
  const types = await loadTypesById(
    q,
    tickets.map((k) => k.ticketTypeId),
  );
  const { totals, promo } = await cartTotals(q, cart, tickets, types, nowMs);
  return { tickets, types, totals, promo };
}

/** The `cartmod` collection: the mods that apply to the cart or block it (spec 2 §3: id, name, activating_code_groups, blocking_checkout). */
export function wCartMods(promo: CartDiscounts): w.CartMod[] {
  const byId = new Map(promo.mods.map((m) => [m.id, m]));
  return promo.discounts.mods
    .filter((r) => r.active || r.blocking)
    .map((r) => {
      const m = byId.get(r.id) as ModRow;
      return {
        id: m.id,
        name: m.name,
        description: m.description,
        activating_code_groups: m.activatingCodeGroupIds,
        blocking_checkout: r.blocking,
        amount: money(-r.amountCents),
        automatic: m.automatic !== null,
      };
    });
}

/** The `promo_code` collection: the codes applied to the cart. */
export const wAppliedCodes = (cartId: string, codes: AppliedCode[]): w.AppliedPromoCode[] =>
  codes.map((c) => ({
    id: c.id,
    cart_id: cartId,
    code: c.code,
    code_group_id: c.codeGroupId,
    state: c.state,
  }));

export function wCart(cart: CartRow, nowMs: number): w.Cart {
  // A payment in flight is not a state the client knows: it is still pending until it completes.
  const state = cart.state === 'paying' ? 'pending' : cart.state;
  const pending = state === 'pending';
  const timed = cart.expiresAt && state !== 'completed';
  return {
    id: cart.id,
    cart_number: cart.cartNumber,
    identity_id: cart.identityId,
    state,
    expires_at: timed && cart.expiresAt ? cart.expiresAt.toISOString() : null,
    expires_in:
      timed && cart.expiresAt
        ? pending
          ? Math.max(0, Math.ceil((cart.expiresAt.getTime() - nowMs) / 1000))
          : 0
        : null,
    seller_id: cart.sellerId,
    // What the pending page waits on (issue 19): no orders and nothing in flight means the payment failed.
    paying: cart.state === 'paying',
  };
}

async function withReadTokens(ctx: AppCtx, orders: Row<typeof t.ticketOrder>[]): Promise<w.TicketOrder[]> {
  const tokens = await readTokens(ctx, orders);
  return orders.map((o) => ({ ...wOrder(o), access_token: tokens.get(o.id) ?? null }));
}

export async function cartDocument(
  ctx: AppCtx,
  cart: CartRow,
  opts: {
    limit?: number | null;
    embed?: Set<string>;
    configKeys?: string[] | null;
    fresh?: FreshCart | null;
  } = {},
): Promise<w.Document & { order_edit?: { _count: number; _data: w.OrderEdit[] } }> {
  const q = ctx.db;
  let tickets = opts.fresh ? opts.fresh.tickets : await cartTickets(q, cart.id);
  const [allTypes, payments, [identity], orders, promo, [edit]] = await Promise.all([
    ctx.cache.types(
      q,
      tickets.map((k) => k.ticketTypeId),
    ),
    opts.fresh ? [] : completedPayments(q, cart.id),
    opts.fresh
      ? ctx.cache.identity(q, cart.identityId) // the seller's public identity: static
      : q.select().from(t.identity).where(eq(t.identity.id, cart.identityId)).limit(1),
    opts.fresh ? [] : ordersOfCart(q, cart.id),
    cartDiscounts(q, cart, tickets, ctx.now()),
    opts.fresh ? [] : q.select().from(orderEdit).where(eq(orderEdit.cartId, cart.id)),
  ]);
  const cost = ticketsCost(tickets, allTypes);
  // An order-bound cart: what the tickets it gives up cost counts as paid (as paymentsOf has it for the pay).
  const paymentsCents = payments.reduce((a, r) => a + r.payment.amountCents, 0) + (edit?.creditCents ?? 0);
  const cartmodCents = promo.discounts.totalCents;
  const outstandingCents = Math.max(0, cost.totalCents - cartmodCents - paymentsCents);
  const eventIdsInOrder = tickets.map((k) => k.eventTemplateId);
  if (opts.limit) tickets = tickets.slice(0, opts.limit);
  const [groups, events, sessions] = await Promise.all([
    ctx.cache.groupsForDocument(
      q,
      tickets.map((k) => k.ticketGroupId),
    ),
    ctx.cache.events(
      q,
      tickets.map((k) => k.eventTemplateId),
    ),
    opts.fresh
      ? [...opts.fresh.sessions].sort((a, b) => a.startAt.getTime() - b.startAt.getTime())
      : loadSessions(
          q,
          tickets.map((k) => k.eventSessionId),
        ),
  ]);
  const typeIds = new Set(tickets.map((k) => k.ticketTypeId));
  const eventIds = events.map((e) => e.id);
  // The surveys of the groups whose tickets carry answers, so the answers read with their questions.
  const answeredGroupIds = [...new Set(tickets.filter((k) => k.additionalInfo).map((k) => k.ticketGroupId))];
  const groupIds = groups.map((g) => g.id);
  const [venues, meta, seats, groupMeta, purchaser] = await Promise.all([
    ctx.cache.venues(
      q,
      events.map((e) => e.venueId),
    ),
    ctx.cache.meta(q, eventIds),
    ticketSeats(q, tickets),
    groupIds.length ? ctx.cache.meta(q, groupIds) : [],
    // The guest purchaser's other identity form fields (./purchaser), read back with the cart.
    identity?.type === 'guest' ? purchaserDetails(q, identity.id) : [],
  ]);
  // The surveys of the groups whose tickets carry answers, and the identity form the groups ask (spec 1 §3).
  const surveys = groupMeta.filter(
    (m) => (m.key === SURVEY_META && answeredGroupIds.includes(m.resourceId)) || m.key === IDENTITY_FORM_META,
  );
  const doc: w.Document & { order_edit?: { _count: number; _data: w.OrderEdit[] } } = {
    cart: coll([wCart(cart, ctx.now())]),
    ticket: coll(tickets.map(wTicketWithSeat(seats))),
    ticket_type: coll(allTypes.filter((ty) => typeIds.has(ty.id)).map(wType)),
    ticket_group: coll(groups.map((g) => wGroup(g))),
    event_template: coll(events.map(wEvent)),
    event_session: coll(sessions.map(wSession)),
    venue: coll(venues.map(wVenue)),
    meta: coll([...meta, ...surveys, ...purchaser].map(wMeta)),
    cart_fees: coll([
      {
        cart_id: cart.id,
        gateway_id: outstandingCents > 0 ? 'stripe' : 'free',
        account_id: null,
        face_value: money(cost.faceCents),
        grand_totals: {
          total_before_cartmod_price: money(cost.faceCents),
          total_fee_fixed_outside: money(cost.fixedCents),
          total_fee_percent_outside: money(cost.percentCents),
          total_cartmod_amount: money(-cartmodCents),
          total_payments: money(paymentsCents),
          total_outstanding: money(outstandingCents),
        },
      },
    ]),
    identity: coll(identity ? [wIdentity(identity)] : []),
    // The orders of the cart, each with its read token: whoever holds the cart is its purchaser, and reads the
    // order whole with it (payments/access.ts).
    ticket_order: coll(await withReadTokens(ctx, orders)),
    cartmod: coll(wCartMods(promo)),
    promo_code: coll(wAppliedCodes(cart.id, promo.codes)),
    payment: coll(payments.map(wPayment)),
    gateway_audit: coll(opts.fresh ? [] : await gatewayAudits(q, cart.id, payments)),
  };
  // An order-bound cart names the order's tickets it gives up (server/manage/edit.ts).
  if (edit)
    doc.order_edit = coll([{ cart_id: cart.id, ticket_order_id: edit.ticketOrderId, removed: edit.removed }]);
  if (opts.embed?.has('config'))
    doc.config = coll(
      (await ctx.cache.config(q, [...eventIds, ...groups.map((g) => g.id)], opts.configKeys)).map(wConfig),
    );
  // A cart on a payment plan (payments/schedule.ts): what is left to pay, by instalment.
  if (opts.embed?.has('scheduled_payment'))
    doc.scheduled_payment = coll(
      wScheduled(
        await cartSchedule(
          q,
          cart,
          cost.totalCents - cartmodCents,
          paymentsCents,
          eventIdsInOrder,
          ctx.now(),
        ),
        ctx.now(),
      ),
    );
  if (opts.embed?.has('seller')) {
    const s = await ctx.cache.seller(q, cart.sellerId);
    doc.seller = coll(s ? [wSeller(s)] : []);
  }
  return doc;
}
