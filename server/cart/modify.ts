/** Reserve: adding and removing tickets (POST my/cart/modify), with per-order limits and capacity holds. */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { ADMIT_EMAILS_META, ADMIT_NAMES_META, admitAskOf, strongerAsk } from '../../domain/admit-rule';
import { ErrorCode } from '../../domain/codes';
import { amountCents, FACE_VALUE_CONTEXT, fitsBounds, isFlexiblePrice } from '../../domain/flexible-price';
import { SESSIONLESS_HANDLERS } from '../catalog/groups';
import { PASSES_HANDLER, passTicketValidity } from '../catalog/passes';
import { priceAtSession } from '../catalog/session-prices';
import { type PreparedVouchers, prepareVouchers, releaseTicketVouchers } from '../citypass/redeem';
import type { Q } from '../db';
import type { AppCtx } from '../http/context';
import { isBookable, PUBLIC_TYPES, priceCents, type Row } from '../http/docs';
import { ApiError, cartExpired, invalid } from '../http/errors';
import type { ModifyBody } from '../http/validate';
import { MEMBER_ONLY } from '../memberships/access';
import { releaseGiftCodes } from '../memberships/codes';
import { applyMembership, prepareMembership } from '../memberships/reserve';
import { type PreparedCodes, prepareReserveCodes } from '../promo/apply';
import * as t from '../schema';
import { resolveSeats, type SeatPlan, seatRefusal, seatTakeSql } from '../seats/seats';
import { humanCode, iso, newId } from '../util';
import { type CartRow, type FreshCart, LIVE_TICKET_STATES, type TicketRow } from './document';
import { changeCapacity, extendedHold } from './holds';
import { holdsOf } from './holds-config';
import { lockPending } from './state';
import { answersByGroup, assertSurveyAnswers, surveysOf } from './survey';

type Seller = Row<typeof t.seller>;
type Group = Row<typeof t.ticketGroup>;

/** Checks each added line against the catalogue (outside the transaction: catalogue rows do not change here). */
async function resolveLines(ctx: AppCtx, seller: Seller, adds: NonNullable<w.CartModifyBody['add']>) {
  const nowMs = ctx.now();
  // Sessions for their times and sales window only (capacity is taken in the database); pay re-checks them.
  const [sessions, types, sessionPrices] = await Promise.all([
    ctx.cache.sessions(
      ctx.db,
      adds.map((l) => l.event_session_id),
    ),
    ctx.cache.types(
      ctx.db,
      adds.map((l) => l.ticket_type_id),
    ),
    ctx.cache.sessionPrices(
      ctx.db,
      adds.map((l) => l.event_session_id),
    ),
  ]);
  const [groups, events] = await Promise.all([
    ctx.cache.groups(
      ctx.db,
      types.map((ty) => ty.ticketGroupId),
    ),
    ctx.cache.events(
      ctx.db,
      types.map((ty) => ty.eventTemplateId),
    ),
  ]);
  // Group and event meta: flexible (any-date) ticket groups take lines without a session (group meta
  // flexible_date); attendee names and emails required by the group's or the event's meta (admit_names,
  // admit_emails).
  const meta = await ctx.cache.meta(ctx.db, [...groups.map((g) => g.id), ...events.map((e) => e.id)]);
  const flexibleGroups = new Set(
    meta.filter((m) => m.key === FLEXIBLE_DATE_META && isFlagTrue(m.value)).map((m) => m.resourceId),
  );
  const metaValue = (resourceId: string, key: string) =>
    meta.find((m) => m.resourceId === resourceId && m.key === key)?.value;
  const admitRule = (group: Group, eventId: string) => ({
    names: strongerAsk(
      admitAskOf(metaValue(group.id, ADMIT_NAMES_META)),
      admitAskOf(metaValue(eventId, ADMIT_NAMES_META)),
    ),
    emails: strongerAsk(
      admitAskOf(metaValue(group.id, ADMIT_EMAILS_META)),
      admitAskOf(metaValue(eventId, ADMIT_EMAILS_META)),
    ),
  });
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const typeById = new Map(types.map((ty) => [ty.id, ty]));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const eventById = new Map(events.map((e) => [e.id, e]));

  return adds.map((line, i) => {
    const where = `add.${i}`;
    const ty = typeById.get(line.ticket_type_id);
    const group = ty ? groupById.get(ty.ticketGroupId) : undefined;
    const ev = ty ? eventById.get(ty.eventTemplateId) : undefined;
    // Members-only events and groups are checked against the member's access (memberships/reserve.ts).
    if (!ty || !group || !ev || ev.sellerId !== seller.id || !RESERVABLE_TYPES.includes(ev.hiddenType))
      throw invalid('ticket_type', `${where}: Sorry, these ticket types are not available.`);
    if (!RESERVABLE_TYPES.includes(group.hiddenType))
      throw invalid('ticket_type', `${where}: Sorry, these ticket types are not available.`);
    // Spec 1 §5: a name required by the meta must be given ('Input must not be empty'), an email likewise.
    const admit = admitRule(group, ev.id);
    if (admit.names === 'required' && !line.admit_name)
      throw invalid(ADMIT_NAME_CONTEXT, `${where}: Input must not be empty`);
    if (admit.emails === 'required' && !line.admit_email)
      throw invalid(ADMIT_EMAIL_CONTEXT, `${where}: Input must not be empty`);
    // Flexible (any-date) groups, donations, ledger and discount-code purchases are not for a session;
    // every other ticket is.
    if (line.event_session_id === null) {
      if (!flexibleGroups.has(group.id) && !SESSIONLESS_HANDLERS.includes(group.handler))
        throw invalid('event_session', `${where}: A session is required.`);
      // A pass is valid on the days its group's policy gives, from today in the seller's zone.
      const pass =
        group.handler === PASSES_HANDLER ? passTicketValidity(group, nowMs, seller.timezone, where) : null;
      return { line, ty, group, ev, session: null, pass, value: lineValue(ty, priceCents(ty), line, where) };
    }
    const session = sessionById.get(line.event_session_id);
    if (!session || session.eventTemplateId !== ev.id)
      throw invalid('event_session', `${where}: Sorry, the selected time is not found.`);
    if (!isBookable(session, nowMs))
      throw invalid('event_session', `${where}: Sorry, tickets are not available at the selected time.`);
    if (group.handler === PASSES_HANDLER)
      throw invalid('event_session', `${where}: A pass is not for a session.`);
    const price = priceAtSession(ty, session.id, sessionPrices);
    return { line, ty, group, ev, session, pass: null, value: lineValue(ty, price, line, where) };
  });
}

const RESERVABLE_TYPES = [...PUBLIC_TYPES, MEMBER_ONLY];

/** The contexts of a refused attendee (400 validation_failed): the reservation line's field. */
export const ADMIT_NAME_CONTEXT = 'admit_name';
export const ADMIT_EMAIL_CONTEXT = 'admit_email';

/** Group meta marking a flexible (any-date) ticket group: its tickets are reserved without a session. */
export const FLEXIBLE_DATE_META = 'flexible_date';

const isFlagTrue = (value: unknown) =>
  value === true || (typeof value === 'string' && TRUE_WORDS.has(value.trim().toLowerCase()));
const TRUE_WORDS = new Set(['1', 'on', 'enabled', 'true', 't', 'yes', 'y']);

/**
 * The face value of a line (what the ticket costs, and what the cart's totals and the pay sum): the type's
 * price at the line's session (`price`, catalog/session-prices.ts); a flexible price's amount when it lies within the type's bounds (domain/flexible-price.ts, the rule
 * the storefront checks with); a fixed price given back unchanged. Anything else is refused (400
 * validation_failed, context face_value): the client's amount is never taken on trust.
 */
function lineValue(
  ty: Row<typeof t.ticketType>,
  price: number,
  line: NonNullable<w.CartModifyBody['add']>[number],
  where: string,
) {
  if (line.face_value === undefined || line.face_value === null) return price;
  const amount = amountCents(line.face_value);
  if (amount !== null && (isFlexiblePrice(ty) ? fitsBounds(ty, amount) : amount === price)) return amount;
  throw invalid(FACE_VALUE_CONTEXT, `${where}: face_value does not match the ticket price.`);
}
type Line = Awaited<ReturnType<typeof resolveLines>>[number];

/** Per-order limits per ticket group, counting what stays in the cart plus what is added (cart locked). */
async function checkOrderLimits(q: Q, cartId: string, lines: Line[], isNew: boolean) {
  const groups = new Map<string, Group>(lines.map((l) => [l.group.id, l.group]));
  if (!groups.size) return;
  const current = isNew
    ? []
    : await q
        .select({ groupId: t.ticket.ticketGroupId, n: sql<number>`count(*)::int` })
        .from(t.ticket)
        .where(
          and(
            eq(t.ticket.cartId, cartId),
            inArray(t.ticket.state, LIVE_TICKET_STATES),
            inArray(t.ticket.ticketGroupId, [...groups.keys()]),
          ),
        )
        .groupBy(t.ticket.ticketGroupId);
  const count = new Map(current.map((r) => [r.groupId, Number(r.n)]));
  for (const l of lines) count.set(l.group.id, (count.get(l.group.id) ?? 0) + 1);
  for (const g of groups.values()) {
    const n = count.get(g.id) ?? 0;
    if (g.maxTicketsPerOrder !== null && n > g.maxTicketsPerOrder)
      throw new ApiError(
        400,
        ErrorCode.max_tickets_per_order_exceeded,
        'ticket_group',
        `You can buy at most ${g.maxTicketsPerOrder} ${g.name} tickets per order.`,
        { ticket_group_id: g.id, max_tickets_per_order: g.maxTicketsPerOrder },
      );
    if (g.minTicketsPerOrder !== null && n < g.minTicketsPerOrder)
      throw new ApiError(
        400,
        ErrorCode.min_tickets_per_order_not_met,
        'ticket_group',
        `You need at least ${g.minTicketsPerOrder} ${g.name} tickets per order.`,
        { ticket_group_id: g.id, min_tickets_per_order: g.minTicketsPerOrder },
      );
  }
}

/** Cancels the tickets to remove (their capacity is given back with the caller's other changes). */
async function removeTickets(q: Q, cartId: string, removes: string[]) {
  if (!removes.length) return [];
  const removed = await q
    .update(t.ticket)
    .set({ state: 'cancelled' })
    .where(
      and(
        eq(t.ticket.cartId, cartId),
        inArray(t.ticket.id, removes),
        inArray(t.ticket.state, LIVE_TICKET_STATES),
      ),
    )
    .returning();
  if (removed.length !== removes.length)
    throw invalid('ticket', 'Some tickets to remove are not in this cart.', {
      ticket_ids: removes.filter((id) => !removed.some((r) => r.id === id)),
    });
  // A removed membership level gives its gift code's use back (server/memberships/codes.ts).
  await releaseGiftCodes(
    q,
    removed.filter((k) => k.handler === 'membership').map((k) => k.id),
  );
  // So does a removed city-pass ticket its voucher (server/citypass/redeem.ts).
  await releaseTicketVouchers(
    q,
    removed.map((k) => k.id),
  );
  return removed;
}

/*
 * The writes of a reserve as CTEs of its capacity statement, in plain SQL with plain parameters (Drizzle's
 * insert builder cost more CPU than the statement itself); the columns are those of server/ddl.ts.
 */
const insertCart = (c: CartRow) =>
  sql`new_cart AS (INSERT INTO cart (id, cart_number, seller_id, identity_id, state, expires_at, created_at,
    hold_extensions, pay_attempt, pay_started_at, pay_amount_cents) VALUES (${c.id}, ${c.cartNumber},
    ${c.sellerId}, ${c.identityId}, ${c.state}, ${iso(c.expiresAt)}, ${c.createdAt.toISOString()},
    ${c.holdExtensions}, ${c.payAttempt}, ${iso(c.payStartedAt)}, ${c.payAmountCents}))`;

const insertTickets = (tickets: TicketRow[]) =>
  sql`new_tickets AS (INSERT INTO ticket (id, cart_id, state, event_session_id, event_template_id, ticket_type_id,
    ticket_group_id, ticket_order_id, handler, face_value_cents, adjusted_value_cents, valid_from, valid_to,
    admit_name, admit_email, additional_info, created_at) VALUES ${sql.join(
      tickets.map(
        (k) =>
          sql`(${k.id}, ${k.cartId}, ${k.state}, ${k.eventSessionId}, ${k.eventTemplateId}, ${k.ticketTypeId},
            ${k.ticketGroupId}, ${k.ticketOrderId}, ${k.handler}, ${k.faceValueCents}, ${k.adjustedValueCents},
            ${iso(k.validFrom)}, ${iso(k.validTo)}, ${k.admitName}, ${k.admitEmail},
            ${k.additionalInfo === null ? null : JSON.stringify(k.additionalInfo)}::jsonb, ${k.createdAt.toISOString()})`,
      ),
      sql`, `,
    )})`;

/**
 * Applies one modification. A new cart is created only when tickets are added; an existing cart is locked
 * (so a payment in flight, another modify or an expiry cannot interleave) and its hold is extended, a bounded
 * number of times, only when tickets are added.
 */
export async function modify(
  ctx: AppCtx,
  seller: Seller,
  existing: CartRow | null,
  b: ModifyBody,
  /** The identity a new cart belongs to (a logged-in member's); default the seller's public identity. */
  ownerIdentityId?: string,
  /** The logged-in member's identity (members-only tickets and their limits are theirs); default the cart's. */
  memberIdentityId?: string,
  /** A new cart's hold in ms instead of the seller's (outside production only: `testHoldMs` in cart-routes). */
  holdOverrideMs?: number,
  /** Told of each unknown promo code of the reserve (the guessing limit, promo/guess.ts). */
  onCodeMiss?: () => void,
): Promise<Modified> {
  const adds = b.add ?? [];
  const removes = [...new Set((b.remove ?? []).map((id) => id.toLowerCase()))];
  if (!existing && !adds.length) throw invalid('cart', 'Nothing to reserve: add at least one ticket.');
  const anyCodes = !!(b.preReservePromoCodes || b.postReservePromoCodes || b.preloadedPromoCodes);
  if (existing && !adds.length && !removes.length && !anyCodes) return { cart: existing, fresh: null };
  const lines = await resolveLines(ctx, seller, adds);
  // Survey answers of the ticket groups added (cart/survey.ts); a membership level checks its own below.
  const surveyed = lines.filter((l) => l.group.handler !== 'membership').map((l) => l.group.id);
  assertSurveyAnswers(b.additionalInfo ?? [], await surveysOf(ctx, ctx.db, surveyed));
  const answers = answersByGroup(b.additionalInfo ?? [], surveyed);
  // Membership levels and members-only tickets (issue 11); a redeem's gift code is checked here, taken below.
  const membership = await prepareMembership(
    ctx,
    seller.id,
    lines,
    b.membership,
    memberIdentityId ?? existing?.identityId ?? ownerIdentityId ?? seller.publicIdentityId,
  );
  // Promo codes of the reserve and code-required groups (promo/apply.ts): checked here, taken by the statement.
  const codes = await prepareReserveCodes(
    ctx,
    seller.id,
    existing,
    b,
    lines.map((l) => l.group.id),
    onCodeMiss,
  );
  // City-pass vouchers of the lines that take them (citypass/redeem.ts): checked here, redeemed by the statement.
  const vouchers = await prepareVouchers(ctx, seller.id, lines, b, onCodeMiss);
  try {
    return await modifyLines(
      ctx,
      seller,
      existing,
      lines,
      removes,
      membership,
      codes,
      vouchers,
      ownerIdentityId,
      holdOverrideMs,
      answers,
    );
  } catch (e) {
    const refused = vouchers ? vouchers.refusal(e) : e;
    const why = codes ? codes.refusal(refused) : refused;
    throw membership ? await membership.refusal(why) : why;
  }
}

async function modifyLines(
  ctx: AppCtx,
  seller: Seller,
  existing: CartRow | null,
  lines: Line[],
  removes: string[],
  membership: Awaited<ReturnType<typeof prepareMembership>>,
  codes: PreparedCodes | null,
  vouchers: PreparedVouchers | null,
  ownerIdentityId: string | undefined,
  holdOverrideMs: number | undefined,
  answers: ReadonlyMap<string, Record<string, string | number>>,
): Promise<Modified> {
  const nowMs = ctx.now();
  // The seller's hold duration (config row `holds`), for a new cart and for an extension on adding.
  const holdMs = holdOverrideMs ?? (await holdsOf(ctx.db, seller.id)).holdMs;
  const seats: SeatPlan = await resolveSeats(ctx, lines);

  // The tickets added, removed and the capacity they take or give back, written with `writes` in one statement.
  const apply = async (q: Q, cart: CartRow, writes: SQL[]): Promise<Modified> => {
    const removed = await removeTickets(q, cart.id, removes);
    await checkOrderLimits(q, cart.id, lines, !existing);
    const tickets: TicketRow[] = lines.map((l, i) => ({
      id: newId(),
      cartId: cart.id,
      state: 'in_cart',
      eventSessionId: l.session?.id ?? null,
      eventTemplateId: l.ev.id,
      ticketTypeId: l.ty.id,
      ticketGroupId: l.group.id,
      ticketOrderId: null,
      handler: l.group.handler,
      faceValueCents: l.value,
      adjustedValueCents: l.value,
      validFrom: l.pass?.validFrom ?? l.session?.startAt ?? null,
      validTo: l.pass?.validTo ?? l.session?.endAt ?? null,
      admitName: l.line.admit_name || null,
      admitEmail: l.line.admit_email || null,
      // The validated survey answers of its group (cart/survey.ts), kept on each of the group's tickets.
      additionalInfo: answers.get(l.group.id) ?? null,
      // Keeps insertion order stable within one request.
      createdAt: new Date(nowMs + i),
    }));
    const membershipChecks: SQL[] = [];
    await applyMembership(ctx, q, membership, tickets, writes, membershipChecks);
    // The codes' uses, taken with the tickets or not at all (a used-up code aborts the statement).
    if (codes) {
      const takes = codes.takes(cart.id, cart.sellerId, nowMs);
      writes.push(...takes.writes);
      membershipChecks.push(...takes.checks);
    }
    // The vouchers, redeemed with their tickets or not at all (one held elsewhere aborts the statement).
    if (vouchers) {
      const takes = vouchers.takes(
        cart.id,
        cart.sellerId,
        nowMs,
        tickets.map((k) => k.id),
      );
      writes.push(...takes.writes);
      membershipChecks.push(...takes.checks);
    }
    // A cart that takes member tickets is the member's (started logged out, filled logged in): their limits
    // count it from now on, and its order is theirs (memberships/access.ts). Under the cart and member locks.
    // (A statement of its own: the reserve statement may update the cart row already, for the hold.)
    const memberId = existing && membership?.memberLines.length ? membership.identityId : null;
    const linked = memberId !== null && memberId !== cart.identityId ? memberId : null;
    if (linked) await q.update(t.cart).set({ identityId: linked }).where(eq(t.cart.id, cart.id));
    if (tickets.length) writes.push(insertTickets(tickets));
    // The hold is extended (a bounded number of times) only when tickets are added to an existing cart.
    const extension = existing && lines.length ? extendedHold(cart, nowMs, holdMs) : null;
    if (extension)
      writes.push(
        sql`hold AS (UPDATE cart SET expires_at = ${extension.expiresAt.toISOString()},
          hold_extensions = ${extension.holdExtensions} WHERE id = ${cart.id})`,
      );
    // Seats with the tickets that take them, refused together (server/seats/seats.ts).
    const seatTakes = seatTakeSql(
      seats,
      tickets.map((k) => k.id),
    );
    writes.push(...seatTakes.writes);
    // Capacity last (the hottest rows: locked for the shortest time), in one sorted pass.
    const sessions = await changeCapacity(
      q,
      [
        ...removed.map((k) => ({ sessionId: k.eventSessionId, groupId: k.ticketGroupId, delta: -1 })),
        ...lines.map((l) => ({
          sessionId: l.session?.id ?? null,
          groupId: l.group.id,
          delta: 1,
          sessionStart: l.session?.startAt,
        })),
      ],
      writes,
      [...seatTakes.checks, ...membershipChecks],
    ).catch((e: unknown) => {
      throw seatRefusal(e);
    });
    if (!existing) return { cart, fresh: { tickets, sessions } };
    // The cart row is locked by this transaction: as updated, it is the locked row plus the extension (and owner).
    return {
      cart: { ...cart, ...(extension ?? {}), ...(linked ? { identityId: linked } : {}) },
      fresh: null,
    };
  };

  if (!existing) {
    const cart: CartRow = {
      id: newId(),
      cartNumber: humanCode(8),
      sellerId: seller.id,
      identityId: ownerIdentityId ?? seller.publicIdentityId,
      state: 'pending',
      expiresAt: new Date(nowMs + holdMs),
      createdAt: new Date(nowMs),
      holdExtensions: 0,
      moreTime: 0,
      payAttempt: 0,
      payStartedAt: null,
      payAmountCents: null,
      locale: null,
    };
    // No transaction needed: nobody else knows this cart yet, and the cart, its tickets and the capacity they
    // take are written by one statement, all or nothing (a refusal aborts it).
    // Members-only tickets count against the member's limits: one member's reserves take turns (a transaction
    // holding the member's lock, memberships/reserve.ts).
    if (membership?.memberLines.length)
      return ctx.db.transaction((tx) => apply(tx, cart, [insertCart(cart)]));
    return apply(ctx.db, cart, [insertCart(cart)]);
  }
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockPending(ctx, tx, existing.id);
    if (!locked.ok) return null;
    return apply(tx, locked.cart, []);
  });
  if (result === null) throw cartExpired();
  return result;
}

/** The cart after a modify; for a cart created by it, its tickets and sessions as written (no re-read). */
export interface Modified {
  cart: CartRow;
  fresh: FreshCart | null;
}
