/**
 * Holds: capacity taken and given back (conditional updates, never a read-then-write), cart expiry and the
 * sweep of expired carts. Everything lives in the database, so any number of processes may share it.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { ErrorCode } from '../api/codes';
import { type CartRow, LIVE_TICKET_STATES, type TicketRow } from './cart-document';
import type { AppCtx } from './context';

/** What expiry needs of the app context (the sweeper of server/main.ts passes just these). */
type Store = Pick<AppCtx, 'db' | 'now'>;

import type { Tx } from './db';
import { ApiError } from './errors';
import * as t from './schema';

export const CART_TTL_MS = 15 * 60 * 1000;
/** How many times adding tickets may extend a hold after the cart was created (then the expiry stays). */
export const MAX_HOLD_EXTENSIONS = 3;

const countBy = (ids: Array<string | null>) => {
  const m = new Map<string, number>();
  for (const id of ids) if (id) m.set(id, (m.get(id) ?? 0) + 1);
  // Sorted so concurrent transactions lock rows in the same order (no deadlocks on PostgreSQL).
  return [...m].sort(([a], [b]) => a.localeCompare(b));
};

/** Gives back the capacity held by tickets (per session and per ticket group). */
export async function releaseTickets(tx: Tx, tickets: TicketRow[]) {
  for (const [id, n] of countBy(tickets.map((k) => k.eventSessionId)))
    await tx
      .update(t.eventSession)
      .set({ usedCapacity: sql`greatest(${t.eventSession.usedCapacity} - ${n}, 0)` })
      .where(eq(t.eventSession.id, id));
  for (const [id, n] of countBy(tickets.map((k) => k.ticketGroupId)))
    await tx
      .update(t.ticketGroup)
      .set({ usedCapacity: sql`greatest(${t.ticketGroup.usedCapacity} - ${n}, 0)` })
      .where(eq(t.ticketGroup.id, id));
}

/**
 * Takes capacity for new tickets: one conditional `UPDATE ... WHERE used + n <= cap` per session and group,
 * all or nothing (the caller's transaction rolls back on the first refusal).
 */
export async function holdCapacity(
  tx: Tx,
  lines: Array<{ sessionId: string; groupId: string; sessionStart: Date }>,
) {
  const starts = new Map(lines.map((l) => [l.sessionId, l.sessionStart]));
  for (const [sid, n] of countBy(lines.map((l) => l.sessionId))) {
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
    if (!held)
      throw new ApiError(
        409,
        ErrorCode.event_session_sold_out,
        'event_session',
        'Sorry, there are not enough tickets left for this session. Please select another session and try again.',
        { event_session_id: sid, start_datetime: starts.get(sid)?.toISOString() ?? null },
      );
  }
  for (const [gid, n] of countBy(lines.map((l) => l.groupId))) {
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
        ErrorCode.ticket_group_sold_out,
        'ticket_group',
        'Sorry, these tickets have sold out.',
        {
          ticket_group_id: gid,
        },
      );
  }
}

/** Cancels the live tickets of a cart and gives back their capacity (inside the caller's transaction). */
export async function cancelLiveTickets(tx: Tx, cartId: string) {
  const tickets = await tx
    .update(t.ticket)
    .set({ state: 'cancelled' })
    .where(and(eq(t.ticket.cartId, cartId), inArray(t.ticket.state, LIVE_TICKET_STATES)))
    .returning();
  await releaseTickets(tx, tickets);
}

/** Expires one pending cart whose time is up (exactly once), releasing its holds. */
export async function expireCart(ctx: Store, cartId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => expireInTx(ctx, tx, cartId));
}

export async function expireInTx(ctx: Store, tx: Tx, cartId: string): Promise<boolean> {
  const [row] = await tx
    .update(t.cart)
    .set({ state: 'expired' })
    .where(
      and(eq(t.cart.id, cartId), eq(t.cart.state, 'pending'), lte(t.cart.expiresAt, new Date(ctx.now()))),
    )
    .returning({ id: t.cart.id });
  if (!row) return false;
  await cancelLiveTickets(tx, cartId);
  return true;
}

/**
 * Expires pending carts whose time is up (lazily on requests and on a timer). Carts another process is
 * expiring right now are skipped (`SKIP LOCKED`), so several processes may sweep at once.
 */
export async function sweepExpiredCarts(ctx: Store): Promise<number> {
  const nowDate = new Date(ctx.now());
  const due = await ctx.db
    .select({ id: t.cart.id })
    .from(t.cart)
    .where(and(eq(t.cart.state, 'pending'), lte(t.cart.expiresAt, nowDate)))
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const done = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: t.cart.id })
        .from(t.cart)
        .where(and(eq(t.cart.id, id), eq(t.cart.state, 'pending'), lte(t.cart.expiresAt, nowDate)))
        .for('update', { skipLocked: true });
      return locked ? expireInTx(ctx, tx, id) : false;
    });
    if (done) n++;
  }
  return n;
}

/** The expiry after tickets were added: extended at most MAX_HOLD_EXTENSIONS times after creation. */
export function extendedHold(
  cart: CartRow,
  nowMs: number,
): { expiresAt: Date; holdExtensions: number } | null {
  if (cart.holdExtensions >= MAX_HOLD_EXTENSIONS) return null;
  return { expiresAt: new Date(nowMs + CART_TTL_MS), holdExtensions: cart.holdExtensions + 1 };
}
