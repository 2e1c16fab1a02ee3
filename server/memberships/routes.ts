/**
 * Membership endpoints (issue 11; spec 3 §7, spec 2 §7): membership rules, gift code lookup, the member's
 * memberships and remaining member tickets, the saved card, giftee and gift checkout, auto-renew cancellation,
 * and the membership part of an order document. Wire shapes: `api/membership-schemas.ts`.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import type * as w from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import type { CartRow } from '../cart/document';
import { documentResponse } from '../cart/routes';
import { loadCart, lockPending, requirePending } from '../cart/state';
import type { Q, Tx } from '../db';
import { type AppCtx, type C, type Env, idParam, query } from '../http/context';
import {
  coll,
  loadEvents,
  loadGroupsById,
  loadTypesById,
  type Row,
  wEvent,
  wGroup,
  wIdentity,
  wOrder,
  wTicket,
  wType,
} from '../http/docs';
import { ApiError, cartExpired, invalid, notFound } from '../http/errors';
import type { ParsedQuery } from '../http/query';
import { body, giftCheckoutBody, gifteeBody } from '../http/validate';
import { emailKey } from '../members/auth';
import { memberMembership } from '../members/schema';
import { currentMember, requireMember } from '../members/session';
import * as t from '../schema';
import { newId } from '../util';
import { accessOf, memberRemaining } from './access';
import { guardGiftCode } from './guess';
import { normalCode } from './reserve';
import {
  cartGift,
  cartMembership,
  giftCode,
  membershipBenefit,
  membershipMember,
  membershipRule,
  savedPaymentMethod,
} from './schema';

type MembershipRow = Row<typeof memberMembership>;

export const wMembershipDetail = (m: MembershipRow): w.MembershipDetail => ({
  id: m.id,
  identity_id: m.identityId,
  scan_code: m.scanCode,
  role: m.role,
  level_name: m.levelName,
  auto_renew_state: m.autoRenewState,
  valid_from: m.validFrom.toISOString(),
  valid_to: m.validTo.toISOString(),
  member_event_purchase_limit: m.purchaseLimit,
  ticket_order_id: m.ticketOrderId,
  ticket_group_id: m.ticketGroupId,
  ticket_type_id: m.ticketTypeId,
  event_template_id: m.eventTemplateId,
  unnamed_count: m.unnamedCount,
});

/** The named members of memberships, as the `identity_link` embed. */
async function identityLinks(q: Q, membershipIds: string[]): Promise<w.IdentityLink[]> {
  if (!membershipIds.length) return [];
  const rows = await q
    .select()
    .from(membershipMember)
    .where(inArray(membershipMember.membershipId, membershipIds))
    .orderBy(asc(membershipMember.rank));
  return rows.map((r) => ({
    id: r.id,
    membership_id: r.membershipId,
    role: r.role,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
  }));
}

/**
 * GET my/membership: the member's memberships (by valid_to) with their named members (`identity_link`),
 * orders, level tickets and their types, events and groups (spec 3 §7 embeds).
 */
export async function myMembershipDocument(q: Q, identityId: string) {
  const rows = await q
    .select()
    .from(memberMembership)
    .where(eq(memberMembership.identityId, identityId))
    .orderBy(asc(memberMembership.validTo));
  const orderIds = rows.map((m) => m.ticketOrderId).filter((id): id is string => !!id);
  const [orders, tickets] = orderIds.length
    ? await Promise.all([
        q.select().from(t.ticketOrder).where(inArray(t.ticketOrder.id, orderIds)),
        q
          .select()
          .from(t.ticket)
          .where(and(inArray(t.ticket.ticketOrderId, orderIds), eq(t.ticket.handler, 'membership'))),
      ])
    : [[], []];
  const typeIds = [...rows.map((m) => m.ticketTypeId), ...tickets.map((k) => k.ticketTypeId)];
  const [types, groups, events] = await Promise.all([
    loadTypesById(q, typeIds),
    loadGroupsById(q, [...rows.map((m) => m.ticketGroupId), ...tickets.map((k) => k.ticketGroupId)]),
    loadEvents(q, [...rows.map((m) => m.eventTemplateId), ...tickets.map((k) => k.eventTemplateId)]),
  ]);
  return {
    membership: coll(rows.map(wMembershipDetail)),
    identity_link: coll(
      await identityLinks(
        q,
        rows.map((m) => m.id),
      ),
    ),
    ticket_order: coll(orders.map(wOrder)),
    ticket: coll(tickets.map(wTicket)),
    ticket_type: coll(types.map(wType)),
    ticket_group: coll(groups.map((g) => wGroup(g))),
    event_template: coll(events.map(wEvent)),
  };
}

/**
 * The membership part of GET ticket_order/{id} (spec 3 §7): tickets filtered by `ticket.state._in` and
 * `ticket_group.handler._in`; with the `membership` embed, the order's memberships and their named members.
 */
export async function withOrderMemberships(
  q: Q,
  query: ParsedQuery,
  doc: w.Document,
  /** The order whose memberships to embed; null: the request may not read them (payments/access.ts). */
  orderId: string | null,
): Promise<w.Document & { membership?: unknown; identity_link?: unknown }> {
  const states = query.in('ticket.state');
  const handlers = query.in('ticket_group.handler');
  const out: w.Document & { membership?: unknown; identity_link?: unknown } = { ...doc };
  if ((states || handlers) && doc.ticket) {
    const handlerOf = new Map((doc.ticket_group?._data ?? []).map((g) => [g.id, g.handler as string]));
    const kept = doc.ticket._data.filter(
      (k) =>
        (!states || states.includes(k.state)) &&
        (!handlers || handlers.includes(handlerOf.get(k.ticket_group_id) ?? k.handler)),
    );
    out.ticket = coll(kept);
    const groupIds = new Set(kept.map((k) => k.ticket_group_id));
    if (doc.ticket_group) out.ticket_group = coll(doc.ticket_group._data.filter((g) => groupIds.has(g.id)));
  }
  if (query.has('membership')) {
    const rows =
      orderId === null
        ? []
        : await q.select().from(memberMembership).where(eq(memberMembership.ticketOrderId, orderId));
    out.membership = coll(rows.map(wMembershipDetail));
    out.identity_link = coll(
      await identityLinks(
        q,
        rows.map((m) => m.id),
      ),
    );
  }
  return out;
}

/** Self gifting (spec 3 §5): the giftee's email is the purchaser's (the cart's identity, or the member's). */
export async function checkNotSelfGift(
  q: Q,
  cart: CartRow,
  gifteeEmail: string | null,
  memberIdentityId: string | null,
) {
  if (!gifteeEmail) return;
  const ids = [cart.identityId, memberIdentityId].filter((id): id is string => !!id);
  const purchasers = await q.select().from(t.identity).where(inArray(t.identity.id, ids));
  if (purchasers.some((p) => p.type !== 'public' && p.email && emailKey(p.email) === emailKey(gifteeEmail)))
    throw new ApiError(
      400,
      ErrorCode.giftee_is_purchaser,
      'giftee',
      'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
    );
}

/**
 * Before a gift cart is paid (payments/completion.ts): its giftee is still not its purchaser (the guest purchaser is
 * stored after the gift checkout).
 */
export async function checkGiftPayable(q: Q | Tx, cart: CartRow): Promise<void> {
  const [gift] = await q.select().from(cartGift).where(eq(cartGift.cartId, cart.id)).limit(1);
  if (!gift) return;
  const [giftee] = await q.select().from(t.identity).where(eq(t.identity.id, gift.gifteeIdentityId)).limit(1);
  await checkNotSelfGift(q, cart, giftee?.email ?? null, null);
}

/**
 * Makes the pending cart a gift to the identity (gift_checkout, and a member's free gift checkout,
 * payments/routes.ts): its memberships become the giftee's, without auto-renew. 400 without a membership in it,
 * cart_expired when it is no longer pending.
 */
export async function makeGift(ctx: AppCtx, cartId: string, gifteeIdentityId: string): Promise<void> {
  const ok = await ctx.db.transaction(async (tx) => {
    const lock = await lockPending(ctx, tx, cartId);
    if (!lock.ok) return false;
    const levels = await tx
      .select({ id: t.ticket.id })
      .from(t.ticket)
      .where(
        and(
          eq(t.ticket.cartId, cartId),
          eq(t.ticket.handler, 'membership'),
          inArray(t.ticket.state, ['held', 'in_cart']),
        ),
      );
    if (!levels.length) throw invalid('cart', 'Only a membership can be given as a gift.');
    await tx
      .insert(cartGift)
      .values({ cartId, gifteeIdentityId })
      .onConflictDoUpdate({ target: cartGift.cartId, set: { gifteeIdentityId } });
    await tx
      .update(cartMembership)
      .set({ autoRenew: false, gift: true })
      .where(eq(cartMembership.cartId, cartId));
    return true;
  });
  if (!ok) throw cartExpired();
}

const GIFT_CODE_PARAM = /^[A-Za-z0-9]{1,50}$/;

export function registerMemberships(api: Hono<Env>, ctx: AppCtx) {
  /** Level rules and member benefits of the seller (public catalogue data). */
  api.get('/membership_rules', async (c) => {
    const sellerId = c.get('seller').id;
    const q = query(c);
    const limit = Math.min(q.limit ?? 1000, 1000);
    const [rules, benefits] = await Promise.all([
      ctx.db
        .select()
        .from(membershipRule)
        .where(eq(membershipRule.sellerId, sellerId))
        .orderBy(asc(membershipRule.ticketTypeId), asc(membershipRule.rank))
        .limit(limit),
      ctx.db.select().from(membershipBenefit).where(eq(membershipBenefit.sellerId, sellerId)).limit(limit),
    ]);
    const doc: Record<string, unknown> = {
      membership_rules: coll(
        rules.map(
          (r): w.MembershipRule => ({
            id: r.id,
            ticket_group_id: r.ticketGroupId,
            ticket_type_id: r.ticketTypeId,
            party_role: r.partyRole,
            named: r.named as w.MembershipRule['named'],
            emailed: r.emailed as w.MembershipRule['emailed'],
            min: r.min,
            max: r.max,
          }),
        ),
      ),
      membership_benefit: coll(
        benefits.map(
          (b): w.MembershipBenefit => ({
            id: b.id,
            membership_type_id: b.membershipTypeId,
            ticket_group_id: b.ticketGroupId,
            ticket_type_id: b.ticketTypeId,
            limit: b.limit,
          }),
        ),
      ),
    };
    if (q.has('ticket_type'))
      doc.ticket_type = coll(
        (
          await loadTypesById(ctx.db, [
            ...rules.map((r) => r.ticketTypeId),
            ...benefits.map((b) => b.membershipTypeId),
            ...benefits.map((b) => b.ticketTypeId),
          ])
        ).map(wType),
      );
    return c.json(doc);
  });

  /** Gift code lookup (path ours): validity and whether it is used up; the client judges (spec 3 §5). */
  api.get('/gift_code/:code', async (c) => {
    const raw = c.req.param('code');
    if (!GIFT_CODE_PARAM.test(raw)) throw invalid('gift_code', 'A gift code is letters and digits only.');
    // Unknown codes count against the address (memberships/guess.ts).
    const row = await guardGiftCode(ctx, c, null, async () => {
      const [found] = await ctx.db
        .select()
        .from(giftCode)
        .where(and(eq(giftCode.sellerId, c.get('seller').id), eq(giftCode.code, normalCode(raw))))
        .limit(1);
      if (!found) throw notFound('gift_code', 'You must enter a valid code');
      return found;
    });
    return c.json({
      gift_code: coll([
        {
          code: row.code,
          valid_from: row.validFrom?.toISOString() ?? null,
          valid_to: row.validTo?.toISOString() ?? null,
          exhausted: row.redeemedCount >= row.maxRedemptions,
          ticket_type_ids: row.ticketTypeIds ?? null,
        } satisfies w.GiftCode,
      ]),
    });
  });

  /** The member's remaining member tickets of one event, per benefit (spec 1 §4). */
  api.get('/my/membership/remaining', async (c) => {
    const { user } = await requireMember(ctx, c);
    const eventId = query(c).eq('event_template_id');
    if (typeof eventId !== 'string' || eventId.length > 100)
      throw invalid('query', 'event_template_id is required.');
    const [ev] = await ctx.db
      .select()
      .from(t.eventTemplate)
      .where(and(eq(t.eventTemplate.id, eventId), eq(t.eventTemplate.sellerId, c.get('seller').id)))
      .limit(1);
    if (!ev) throw notFound('event_template');
    const groups = await ctx.db
      .select({ id: t.ticketGroup.id })
      .from(t.ticketGroup)
      .where(eq(t.ticketGroup.eventTemplateId, ev.id));
    const access = await accessOf(ctx.db, user.identityId, ctx.now());
    return c.json({
      member_remaining: coll(
        await memberRemaining(
          ctx.db,
          access,
          ev.id,
          groups.map((g) => g.id),
        ),
      ),
    });
  });

  /** The member's saved card for auto-renew (an empty collection: none). */
  api.get('/my/identity/saved_payment_method', async (c) => {
    const { user } = await requireMember(ctx, c);
    const rows = await ctx.db
      .select()
      .from(savedPaymentMethod)
      .where(eq(savedPaymentMethod.identityId, user.identityId))
      .orderBy(asc(savedPaymentMethod.createdAt));
    return c.json({
      saved_payment_method: coll(
        rows.map((r): w.SavedPaymentMethod => ({ id: r.id, identifier: r.identifier })),
      ),
    });
  });

  /** A gift's recipient: a new identity (its id answers; spec 3 §7). */
  api.post('/giftee', async (c) => {
    const b = await body(c, gifteeBody, 'giftee');
    const member = await currentMember(ctx, c);
    if (member) {
      const [me] = await ctx.db.select().from(t.identity).where(eq(t.identity.id, member.user.identityId));
      if (me?.email && emailKey(me.email) === emailKey(b.email))
        throw new ApiError(
          400,
          ErrorCode.giftee_is_purchaser,
          'giftee',
          'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?',
        );
    }
    const row = {
      id: newId(),
      sellerId: c.get('seller').id,
      type: 'guest',
      firstName: b.first_name,
      lastName: b.last_name,
      email: b.email,
      createdAt: new Date(ctx.now()),
    };
    await ctx.db.insert(t.identity).values(row);
    return c.json({ identity: coll([wIdentity(row)]) });
  });

  /** The cart becomes a gift to the giftee (its memberships are theirs; no auto-renew), then is paid as usual. */
  const giftCheckout = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, false);
    const b = await body(c, giftCheckoutBody, 'gift_checkout');
    const [giftee] = await ctx.db
      .select()
      .from(t.identity)
      .where(and(eq(t.identity.id, b.giftee_identity_id), eq(t.identity.sellerId, cart.sellerId)))
      .limit(1);
    if (!giftee || giftee.type === 'public') throw notFound('identity', 'The gift recipient was not found.');
    const member = await currentMember(ctx, c);
    await checkNotSelfGift(ctx.db, cart, giftee.email, member?.user.identityId ?? null);
    await makeGift(ctx, cart.id, giftee.id);
    return documentResponse(ctx, c, await loadCart(ctx, c));
  };
  api.post('/cart/:id/gift_checkout', giftCheckout);
  api.post('/my/cart/:id/gift_checkout', giftCheckout);

  /**
   * Cancels auto-renew of the order's memberships (scheduled → cancelled), for the member they belong to, with
   * their session: an order id is no secret (it is in the order's QR code), so it alone changes nothing. No
   * session: 401 login_required (the page says 'not authenticated', spec 3 §4); another member's order: 404.
   * 409 auto_renew_not_enrolled when none is scheduled.
   */
  api.delete('/ticket_order/:id/auto_renew', async (c) => {
    const orderId = idParam(c, 'id', 'ticket_order');
    const [order] = await ctx.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.id, orderId)).limit(1);
    if (!order || order.sellerId !== c.get('seller').id) throw notFound('ticket_order');
    const member = await requireMember(ctx, c);
    const rows = await ctx.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.ticketOrderId, order.id));
    if (rows.some((m) => m.identityId !== member.user.identityId)) throw notFound('ticket_order');
    const scheduled = rows.filter((m) => m.autoRenewState === 'scheduled');
    if (!scheduled.length)
      throw new ApiError(
        409,
        ErrorCode.auto_renew_not_enrolled,
        'membership',
        'Please contact us to enrol your membership for auto-renew.',
      );
    await ctx.db
      .update(memberMembership)
      .set({ autoRenewState: 'cancelled' })
      .where(
        and(
          inArray(
            memberMembership.id,
            scheduled.map((m) => m.id),
          ),
          eq(memberMembership.autoRenewState, 'scheduled'),
        ),
      );
    const after = await ctx.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.ticketOrderId, order.id));
    return c.json({
      membership: coll(after.map(wMembershipDetail)),
      identity_link: coll(
        await identityLinks(
          ctx.db,
          after.map((m) => m.id),
        ),
      ),
    });
  });
}
