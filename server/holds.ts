/**
 * Holds: capacity taken and given back (conditional updates, never a read-then-write), cart expiry and the
 * sweep of expired carts. Everything lives in the database, so any number of processes may share it.
 */
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../api/codes';
import { type CartRow, LIVE_TICKET_STATES, type TicketRow } from './cart-document';
import type { AppCtx } from './context';

/** What expiry needs of the app context (the sweeper of server/main.ts passes just these). */
type Store = Pick<AppCtx, 'db' | 'now'>;

import type { Tx } from './db';
import type { Row } from './docs';
import { ApiError } from './errors';
import * as t from './schema';

export const CART_TTL_MS = 15 * 60 * 1000;
/** How many times adding tickets may extend a hold after the cart was created (then the expiry stays). */
export const MAX_HOLD_EXTENSIONS = 3;

/** A change of held capacity: +1 per ticket added, -1 per ticket removed. */
export interface CapacityChange {
  sessionId: string | null;
  groupId: string;
  delta: number;
  sessionStart?: Date;
}

const sumBy = (changes: CapacityChange[], key: (c: CapacityChange) => string | null) => {
  const m = new Map<string, number>();
  for (const c of changes) {
    const k = key(c);
    if (k) m.set(k, (m.get(k) ?? 0) + c.delta);
  }
  // Sorted so concurrent transactions lock rows in the same order (no deadlocks on PostgreSQL).
  return [...m].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b));
};

/**
 * Applies capacity changes in one sorted pass (sessions, then ticket groups): a conditional
 * `UPDATE ... WHERE used + n <= cap` for what is taken, a plain decrement for what is given back; all or
 * nothing (the caller's transaction rolls back on the first refusal).
 */
export async function changeCapacity(tx: Tx, changes: CapacityChange[]) {
  const starts = new Map(changes.map((c) => [c.sessionId, c.sessionStart]));
  const sessions: Row<typeof t.eventSession>[] = [];
  for (const [sid, n] of sumBy(changes, (c) => c.sessionId)) {
    const s = t.eventSession;
    const room = sql`(${s.capacity} = -1 OR ${s.usedCapacity} + ${n} <= ${s.capacity} + ${s.oversellCapacity})`;
    const [held] = await tx
      .update(s)
      .set({ usedCapacity: sql`greatest(${s.usedCapacity} + ${n}, 0)` })
      .where(n > 0 ? and(eq(s.id, sid), room) : eq(s.id, sid))
      .returning();
    if (held) sessions.push(held);
    if (!held && n > 0)
      throw new ApiError(
        409,
        ErrorCode.event_session_sold_out,
        'event_session',
        'Sorry, there are not enough tickets left for this session. Please select another session and try again.',
        { event_session_id: sid, start_datetime: starts.get(sid)?.toISOString() ?? null },
      );
  }
  // Ticket groups count only when limited (capacity -1 is unlimited, its used_capacity is not kept): a
  // group's row is shared by all its sessions, and an update would lock it until commit for every reserve.
  for (const [gid, n] of sumBy(changes, (c) => c.groupId)) {
    const g = t.ticketGroup;
    const room = sql`${g.usedCapacity} + ${n} <= ${g.capacity} + ${g.oversellCapacity}`;
    const limited = and(eq(g.id, gid), ne(g.capacity, -1));
    const [held] = await tx
      .update(g)
      .set({ usedCapacity: sql`greatest(${g.usedCapacity} + ${n}, 0)` })
      .where(n > 0 ? and(limited, room) : limited)
      .returning({ id: g.id });
    const refused =
      !held &&
      n > 0 &&
      (await tx.select({ capacity: g.capacity }).from(g).where(eq(g.id, gid)))[0]?.capacity !== -1;
    if (refused)
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
  // The sessions as updated (counters included).
  return sessions;
}

/** Gives back the capacity held by tickets. */
export async function releaseTickets(tx: Tx, tickets: TicketRow[]) {
  await changeCapacity(
    tx,
    tickets.map((k) => ({ sessionId: k.eventSessionId, groupId: k.ticketGroupId, delta: -1 })),
  );
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
