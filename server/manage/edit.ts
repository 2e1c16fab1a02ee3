/**
 * The order-bound cart (spec 2 §4 "Edit order", "Reschedule"; issue 24): changing a booked order goes through a
 * cart tied to it (`order_edit`), which expires like any hold.
 * - start: a pending cart of the order's purchaser, with the seller's hold, and its `order_edit` row;
 * - change (POST cart/{id}/modify of that cart): `remove` order tickets, `add` the same ticket types in another
 *   session of the same event. The added tickets take capacity at once (conditional updates, as any reserve);
 *   the removed ones stay booked, listed in `removed`, and what they cost counts as paid towards the cart
 *   (`credit_cents`): a change that costs more leaves something outstanding, one that costs less or the same
 *   leaves nothing (no refund);
 * - confirm (the cart's free checkout or payment, server/payments/completion.ts `book`): under the order's row
 *   lock, the removed tickets are cancelled only if still booked (else 409, nothing changes), their capacity
 *   given back once, and the added ones booked into the same order (its number kept);
 * - discard (DELETE cart/{id}) or expiry: the added tickets give their capacity back; the order is untouched.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { bookLiveTickets, type CartRow, type TicketRow, ticketsCost } from '../cart/document';
import { changeCapacity, releaseTickets } from '../cart/holds';
import { holdsOf } from '../cart/holds-config';
import { lockPending } from '../cart/state';
import { orderLocale } from '../catalog/locales';
import { loadSessionPrices, priceAtSession, type SessionPrices } from '../catalog/session-prices';
import type { Q, Tx } from '../db';
import type { AppCtx } from '../http/context';
import { isBookable, loadEvents, loadSessions, loadTypesById, type Row } from '../http/docs';
import { cartExpired, invalid } from '../http/errors';
import type { EditModifyBody } from '../http/validate';
import * as t from '../schema';
import { SEATED } from '../seats/seats';
import { humanCode, newId } from '../util';
import { type MoveRefusal, moveRefused, noValidTickets, ticketsChanged } from './errors';
import { cancelRefusal, horizonMs, rescheduleRefusal, type SelfEditRules } from './rules';
import { orderEdit } from './schema';

type Order = Row<typeof t.ticketOrder>;
export type EditRow = typeof orderEdit.$inferSelect;

/** The order-bound cart's edit row, or null for an ordinary cart. */
export async function editOf(q: Q, cartId: string): Promise<EditRow | null> {
  const [row] = await q.select().from(orderEdit).where(eq(orderEdit.cartId, cartId)).limit(1);
  return row ?? null;
}

/** A new order-bound cart of `order` (its purchaser's, pending, with the seller's hold or `holdMs`). */
export async function startEdit(ctx: AppCtx, order: Order, holdMs?: number): Promise<CartRow> {
  const nowMs = ctx.now();
  const hold = holdMs ?? (await holdsOf(ctx.db, order.sellerId)).holdMs;
  const cart: CartRow = {
    id: newId(),
    cartNumber: humanCode(8),
    sellerId: order.sellerId,
    identityId: order.identityId,
    state: 'pending',
    expiresAt: new Date(nowMs + hold),
    createdAt: new Date(nowMs),
    holdExtensions: 0,
    moreTime: 0,
    payAttempt: 0,
    payStartedAt: null,
    payAmountCents: null,
    // The order's language (issue 26): the locale its cart kept, until this cart's payment carries one.
    locale: await orderLocale(ctx.db, order),
  };
  await ctx.db.transaction(async (tx) => {
    await tx.insert(t.cart).values(cart);
    await tx.insert(orderEdit).values({
      cartId: cart.id,
      ticketOrderId: order.id,
      removed: [],
      creditCents: 0,
      createdAt: cart.createdAt,
    });
  });
  return cart;
}

/** Locks the order's row: its cancels, changes and confirms take turns (always after the cart's lock). */
const lockOrder = (tx: Tx, orderId: string) =>
  tx.select({ id: t.ticketOrder.id }).from(t.ticketOrder).where(eq(t.ticketOrder.id, orderId)).for('update');

/**
 * Applies a change to the order-bound cart (cart locked, then the order): every ticket to remove must be the
 * order's and changeable (with `add`: rescheduled, `rescheduleRefusal`; without: cancelled, `cancelRefusal`), not
 * already given up by this cart; each added line is a removed ticket's type in a bookable session of the same
 * event (after the horizon, another session than the removed ones); the added tickets take capacity in the same
 * transaction (409 event_session_sold_out when the session is full: nothing changes). A removal alone that is refused
 * answers 400 no_valid_tickets; a reschedule's tickets that cannot move answer in context cart_remove_tickets
 * (`moveRefused`: not the order's, given up or no longer booked, inside the horizon).
 */
export async function changeEdit(
  ctx: AppCtx,
  cart: CartRow,
  edit: EditRow,
  rules: SelfEditRules,
  b: EditModifyBody,
): Promise<CartRow> {
  const nowMs = ctx.now();
  const removes = [...new Set(b.remove.map((id) => id.toLowerCase()))];
  const adds = b.add ?? [];
  const out = await ctx.db.transaction(async (tx) => {
    const locked = await lockPending(ctx, tx, cart.id);
    if (!locked.ok) return null;
    await lockOrder(tx, edit.ticketOrderId);
    const [current] = await tx.select().from(orderEdit).where(eq(orderEdit.cartId, cart.id));
    const already = new Set(current?.removed ?? []);
    const tickets = await tx
      .select()
      .from(t.ticket)
      .where(and(eq(t.ticket.ticketOrderId, edit.ticketOrderId), inArray(t.ticket.id, removes)));
    const [types, sessions, events] = await Promise.all([
      loadTypesById(
        tx,
        tickets.map((k) => k.ticketTypeId),
      ),
      loadSessions(tx, [...tickets.map((k) => k.eventSessionId), ...adds.map((l) => l.event_session_id)]),
      loadEvents(
        tx,
        tickets.map((k) => k.eventTemplateId),
      ),
    ]);
    const sessionOf = (id: string | null) => sessions.find((s) => s.id === id);
    const refused = removes.flatMap((id): { id: string; why: MoveRefusal }[] => {
      const k = tickets.find((x) => x.id === id);
      if (!k) return [{ id, why: 'missing' }];
      if (already.has(id)) return [{ id, why: 'state' }];
      const ev = events.find((e) => e.id === k.eventTemplateId);
      const facts = {
        rules,
        nowMs,
        sessionStart: sessionOf(k.eventSessionId)?.startAt ?? null,
        category: ev?.category ?? null,
      };
      const why = adds.length
        ? rescheduleRefusal(k, { ...facts, eventType: ev?.eventType ?? null })
        : cancelRefusal(k, { ...facts, type: types.find((ty) => ty.id === k.ticketTypeId) });
      if (why === null) return [];
      return [{ id, why: why === 'state' || why === 'too_late' ? why : 'other' }];
    });
    // A removal alone is a cancel (spec 2 §8 "Cancel order"); a reschedule answers in cart_remove_tickets.
    if (refused.length) throw adds.length ? moveRefused(refused) : noValidTickets(refused.map((r) => r.id));
    const prices = adds.length
      ? await loadSessionPrices(
          tx,
          adds.map((l) => l.event_session_id),
        )
      : undefined;
    const added = prices ? pairAdds(cart, tickets, types, sessionOf, prices, adds, rules, nowMs) : [];
    if (added.length) {
      await tx.insert(t.ticket).values(added);
      await changeCapacity(
        tx,
        added.map((k) => ({
          sessionId: k.eventSessionId,
          groupId: k.ticketGroupId,
          delta: 1,
          sessionStart: k.validFrom ?? undefined,
        })),
      );
    }
    await tx
      .update(orderEdit)
      .set({
        removed: [...already, ...removes],
        creditCents: (current?.creditCents ?? 0) + ticketsCost(tickets, types).totalCents,
      })
      .where(eq(orderEdit.cartId, cart.id));
    return locked.cart;
  });
  if (out === null) throw cartExpired();
  return out;
}

/**
 * The tickets a reschedule adds: each line takes the place of a removed ticket of its type (the counts per type
 * must match), in a bookable session of that ticket's event starting after the horizon, other than the removed
 * tickets' sessions; priced at the session's price now (its own price of the type, catalog/session-prices.ts), the
 * attendee kept.
 */
function pairAdds(
  cart: CartRow,
  removed: TicketRow[],
  types: Row<typeof t.ticketType>[],
  sessionOf: (id: string | null) => Row<typeof t.eventSession> | undefined,
  prices: SessionPrices,
  adds: NonNullable<EditModifyBody['add']>,
  rules: SelfEditRules,
  nowMs: number,
): TicketRow[] {
  const left = [...removed];
  const oldSessions = new Set(removed.map((k) => k.eventSessionId));
  const added = adds.map((line, i) => {
    const where = `add.${i}`;
    const at = left.findIndex((k) => k.ticketTypeId === line.ticket_type_id);
    const old = left[at];
    const ty = types.find((x) => x.id === line.ticket_type_id);
    if (!old || !ty)
      throw invalid(
        'ticket_type',
        `${where}: Each added ticket must take the place of a removed one of its type.`,
      );
    left.splice(at, 1);
    if (old.handler === SEATED)
      throw invalid('ticket_type', `${where}: Seated tickets cannot be rescheduled here.`);
    const s = sessionOf(line.event_session_id);
    if (!s || s.eventTemplateId !== old.eventTemplateId || oldSessions.has(s.id))
      throw invalid('event_session', `${where}: Sorry, the selected time is not found.`);
    if (!isBookable(s, nowMs) || s.startAt.getTime() <= nowMs + horizonMs(rules))
      throw invalid('event_session', `${where}: Sorry, tickets are not available at the selected time.`);
    const value = priceAtSession(ty, s.id, prices);
    return {
      ...old,
      id: newId(),
      cartId: cart.id,
      state: 'in_cart',
      eventSessionId: s.id,
      ticketOrderId: null,
      faceValueCents: value,
      adjustedValueCents: value,
      validFrom: s.startAt,
      validTo: s.endAt,
      createdAt: new Date(nowMs),
    } satisfies TicketRow;
  });
  if (left.length)
    throw invalid('add', 'A reschedule adds one ticket in the new session for every ticket it removes.');
  return added;
}

/**
 * Before confirming (the cart locked): locks the order and checks that the tickets the change gives up are still
 * booked; false when a cancel or another change took them meanwhile.
 */
export async function editStillApplies(tx: Tx, edit: EditRow): Promise<boolean> {
  await lockOrder(tx, edit.ticketOrderId);
  if (!edit.removed.length) return true;
  const still = await tx
    .select({ id: t.ticket.id })
    .from(t.ticket)
    .where(
      and(
        eq(t.ticket.ticketOrderId, edit.ticketOrderId),
        inArray(t.ticket.id, edit.removed),
        eq(t.ticket.state, 'booked'),
      ),
    );
  return still.length === edit.removed.length;
}

/**
 * Confirms the change (inside the caller's transaction, the cart locked): the removed tickets are cancelled only
 * while still booked (a cancel or another change that won the order's lock first leaves fewer: 409, the whole
 * transaction rolls back) and give their capacity back once; the added tickets are booked into the order; the
 * payment of the difference, if any, is recorded on it; the cart is completed.
 */
export async function bookEdit(
  ctx: AppCtx,
  tx: Tx,
  cart: CartRow,
  edit: EditRow,
  tickets: TicketRow[],
  pay: { gatewayId: string; amountCents: number; reference: string | null },
): Promise<CartRow> {
  await lockOrder(tx, edit.ticketOrderId);
  const gone = edit.removed.length
    ? await tx
        .update(t.ticket)
        .set({ state: 'cancelled' })
        .where(
          and(
            eq(t.ticket.ticketOrderId, edit.ticketOrderId),
            inArray(t.ticket.id, edit.removed),
            eq(t.ticket.state, 'booked'),
          ),
        )
        .returning()
    : [];
  if (gone.length !== edit.removed.length)
    throw ticketsChanged(edit.removed.filter((id) => !gone.some((k) => k.id === id)));
  await releaseTickets(tx, gone);
  if (tickets.length) await bookLiveTickets(tx, cart.id, tickets, edit.ticketOrderId);
  if (pay.amountCents > 0)
    await tx.insert(t.payment).values({
      id: newId(),
      cartId: cart.id,
      ticketOrderId: edit.ticketOrderId,
      gatewayId: pay.gatewayId,
      amountCents: pay.amountCents,
      reference: pay.reference,
      state: 'succeeded',
      createdAt: new Date(ctx.now()),
    });
  const [done] = await tx
    .update(t.cart)
    .set({ state: 'completed', payStartedAt: null, payAmountCents: null })
    .where(eq(t.cart.id, cart.id))
    .returning();
  return done ?? cart;
}
