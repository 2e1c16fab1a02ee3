/**
 * Order self-service (spec 2 §2 "Cancel-free-order page", §4, §6, §7; issue 24), under the access rule of
 * server/README.md "Managing an order":
 * - POST ticket_order/{id}/manage (ours): whether the request may manage the order, and the seller's self-edit rules;
 * - POST ticket_order/{id}/cancel `{ gateway_data?, tickets, token? }`: cancels free tickets, all or nothing;
 * - POST ticket_order/{id}/email `{ log_context, token? }`: queues the order_cancel or order_update email.
 * The token (server/manage/token.ts) is the manage link's; the owner's member session needs none. Never logs
 * the token or personal data.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import { releaseTickets } from '../cart/holds';
import { documentResponse, testHoldMs } from '../cart/routes';
import { mailLocaleOf, orderLocale } from '../catalog/locales';
import { clientAddress } from '../http/client-address';
import { type AppCtx, type C, type Env, idParam, withRequestOrigin } from '../http/context';
import { coll, loadEvents, loadSessions, loadTypesById, type Row } from '../http/docs';
import { notFound } from '../http/errors';
import { body, cancelOrderBody, manageAccessBody, orderEmailBody } from '../http/validate';
import { brandOf } from '../mail/layout';
import { queueMail } from '../mail/message';
import { orderChangeMail } from '../mail/order-change-mail';
import { loadOrderMail } from '../mail/order-mail';
import { giveBack, LIMITS, take } from '../members/rate';
import { currentMember } from '../members/session';
import * as t from '../schema';
import { startEdit } from './edit';
import { notManageable, noValidTickets } from './errors';
import { cancelRefusal, type SelfEditRules, selfEditRulesOf, wSelfEditRules } from './rules';
import { linkKey, manageLink, orderToken, tokenMatches } from './token';

type Order = Row<typeof t.ticketOrder>;
export type ManageVia = 'session' | 'token';

async function loadOrder(ctx: AppCtx, c: C): Promise<Order> {
  const id = idParam(c, 'id', 'ticket_order');
  const [order] = await ctx.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.id, id)).limit(1);
  if (!order || order.sellerId !== c.get('seller').id) throw notFound('ticket_order');
  return order;
}

/**
 * Who may manage the order: the member whose order it is, with their session; anyone holding the manage link's
 * token. A wrong token takes a slot of the address's guessing limit (a right one gives it back). With self-edit
 * on and anon_editing off, a token alone is not enough.
 */
async function accessOf(
  ctx: AppCtx,
  c: C,
  order: Order,
  token: string | undefined,
  rules: SelfEditRules,
): Promise<ManageVia> {
  const member = await currentMember(ctx, c);
  if (member && member.user.identityId === order.identityId) return 'session';
  if (!token) throw notManageable();
  const slot = await take(
    ctx.db,
    LIMITS.manageTokenAddress,
    order.sellerId,
    clientAddress(c, ctx.trustProxy ?? 0),
    ctx.now(),
  );
  const key = await linkKey(ctx.db, ctx.linkSecret);
  if (!tokenMatches(key, 'manage', order.id, token)) throw notManageable();
  await giveBack(ctx.db, slot);
  if (rules.enabled && !rules.anonEditing) throw notManageable();
  return 'token';
}

/** Cancels the order's `ticketIds` (all or nothing); returns the tickets cancelled. */
async function cancelTickets(ctx: AppCtx, order: Order, ticketIds: string[], rules: SelfEditRules) {
  const nowMs = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The order's row first: cancels of one order take turns (and will with its edits), so a ticket is read
    // after any cancel before it committed.
    await tx
      .select({ id: t.ticketOrder.id })
      .from(t.ticketOrder)
      .where(eq(t.ticketOrder.id, order.id))
      .for('update');
    const tickets = await tx
      .select()
      .from(t.ticket)
      .where(and(eq(t.ticket.ticketOrderId, order.id), inArray(t.ticket.id, ticketIds)));
    const [types, sessions, events] = await Promise.all([
      loadTypesById(
        tx,
        tickets.map((k) => k.ticketTypeId),
      ),
      loadSessions(
        tx,
        tickets.map((k) => k.eventSessionId),
      ),
      loadEvents(
        tx,
        tickets.map((k) => k.eventTemplateId),
      ),
    ]);
    const refused = ticketIds.filter((id) => {
      const k = tickets.find((x) => x.id === id);
      if (!k) return true;
      return (
        cancelRefusal(k, {
          rules,
          nowMs,
          sessionStart: sessions.find((s) => s.id === k.eventSessionId)?.startAt ?? null,
          category: events.find((e) => e.id === k.eventTemplateId)?.category ?? null,
          type: types.find((ty) => ty.id === k.ticketTypeId),
        }) !== null
      );
    });
    if (refused.length) throw noValidTickets(refused);
    // Only tickets still booked move (a cancel that raced this one matched nothing), and only those give back
    // their places: capacity comes back once per ticket. Their seats are free once they are cancelled.
    const cancelled = await tx
      .update(t.ticket)
      .set({ state: 'cancelled' })
      .where(
        and(
          eq(t.ticket.ticketOrderId, order.id),
          inArray(t.ticket.id, ticketIds),
          eq(t.ticket.state, 'booked'),
        ),
      )
      .returning();
    if (cancelled.length !== ticketIds.length) throw noValidTickets(ticketIds);
    await releaseTickets(tx, cancelled);
    return cancelled;
  });
}

export function registerManage(api: Hono<Env>, ctx: AppCtx) {
  api.post('/ticket_order/:id/manage', async (c) => {
    const order = await loadOrder(ctx, c);
    const b = await body(c, manageAccessBody, 'ticket_order_manage');
    const rules = await selfEditRulesOf(ctx.db, order.sellerId);
    const via = await accessOf(ctx, c, order, b.token, rules);
    return c.json({
      manage_access: coll([{ ticket_order_id: order.id, via, self_edit_rules: wSelfEditRules(rules) }]),
    });
  });

  /**
   * Ours (spec 2 §4 "Edit order"): a new order-bound cart of the order (server/manage/edit.ts), with self-edit on;
   * the cart document. Changes go through POST cart/{cartId}/modify, the confirm through its checkout.
   */
  api.post('/ticket_order/:id/edit', async (c) => {
    const order = await loadOrder(ctx, c);
    const b = await body(c, manageAccessBody, 'ticket_order_edit');
    const rules = await selfEditRulesOf(ctx.db, order.sellerId);
    await accessOf(ctx, c, order, b.token, rules);
    if (!rules.enabled) throw notManageable();
    return documentResponse(ctx, c, await startEdit(ctx, order, testHoldMs(ctx, c)));
  });

  api.post('/ticket_order/:id/cancel', async (c) => {
    const order = await loadOrder(ctx, c);
    const b = await body(c, cancelOrderBody, 'ticket_order_cancel');
    const rules = await selfEditRulesOf(ctx.db, order.sellerId);
    await accessOf(ctx, c, order, b.token, rules);
    const ids = [...new Set(b.tickets.map((id) => id.toLowerCase()))];
    const cancelled = await cancelTickets(ctx, order, ids, rules);
    return c.json({
      ticket_order: coll([{ id: order.id, order_number: order.orderNumber }]),
      ticket: coll(cancelled.map((k) => ({ id: k.id, state: k.state, ticket_order_id: k.ticketOrderId }))),
    });
  });

  api.post('/ticket_order/:id/email', async (c) => {
    const order = await loadOrder(ctx, c);
    const b = await body(c, orderEmailBody, 'ticket_order_email');
    const rules = await selfEditRulesOf(ctx.db, order.sellerId);
    await accessOf(ctx, c, order, b.token, rules);
    await take(ctx.db, LIMITS.orderEmail, order.sellerId, order.id, ctx.now());
    const seller = c.get('seller');
    const [who] = await ctx.db.select().from(t.identity).where(eq(t.identity.id, order.identityId));
    if (who?.email) {
      const nowMs = ctx.now();
      const origin = withRequestOrigin(ctx, c).publicUrl ?? '';
      const key = await linkKey(ctx.db, ctx.linkSecret);
      const tickets = await ctx.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, order.id));
      const base = {
        order,
        seller,
        firstName: who.firstName,
        totalCents: 0,
        origin,
        manageLink: manageLink(origin, seller.slug, order.id, orderToken(key, 'manage', order.id)),
        readToken: orderToken(key, 'order', order.id),
      };
      const [cancelled, remaining] = await Promise.all([
        loadOrderMail(ctx.db, { ...base, tickets: tickets.filter((k) => k.state === 'cancelled') }),
        loadOrderMail(ctx.db, {
          ...base,
          tickets: tickets.filter((k) => k.state === 'booked' || k.state === 'redeemed'),
        }),
      ]);
      await queueMail(
        ctx.db,
        {
          sellerId: seller.id,
          to: who.email,
          // In the request's language, else the one the order's cart kept (issue 26).
          ...orderChangeMail(
            await brandOf(ctx.db, seller),
            { kind: b.log_context, cancelled, remaining },
            await mailLocaleOf(ctx.db, seller.id, b.locale, await orderLocale(ctx.db, order)),
          ),
        },
        nowMs,
      );
    }
    return c.json({});
  });
}
