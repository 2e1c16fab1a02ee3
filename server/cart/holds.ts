/**
 * Holds: capacity taken and given back (conditional updates, never a read-then-write), cart expiry and the
 * sweep of expired carts. Everything lives in the database, so any number of processes may share it.
 */
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ErrorCode } from '../../domain/codes';
import type { AppCtx } from '../http/context';
import { type CartRow, LIVE_TICKET_STATES, type TicketRow } from './document';
import { refusalOf } from './refusal';

/** What expiry needs of the app context (the sweeper of server/main.ts passes just these). */
type Store = Pick<AppCtx, 'db' | 'now'>;

import { releaseCartVouchers } from '../citypass/redeem';
import type { Q, Tx } from '../db';
import type { Row } from '../http/docs';
import { ApiError } from '../http/errors';
import { refundCartLedgerPayments } from '../ledger/ledger';
import { releaseGiftCodes } from '../memberships/codes';
import { releaseCartCodes } from '../promo/codes';
import * as t from '../schema';

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

type SessionRow = Row<typeof t.eventSession>;

/** An event_session row as `row_to_json` writes it. */
interface SessionJson {
  id: string;
  event_template_id: string;
  start_at: string;
  end_at: string;
  capacity: number;
  oversell_capacity: number;
  used_capacity: number;
  sales_start: string | null;
  sales_end: string | null;
}

const date = (v: string | null) => (v === null ? null : new Date(v));
const sessionFromJson = (r: SessionJson): SessionRow => ({
  id: r.id,
  eventTemplateId: r.event_template_id,
  startAt: new Date(r.start_at),
  endAt: new Date(r.end_at),
  capacity: r.capacity,
  oversellCapacity: r.oversell_capacity,
  usedCapacity: r.used_capacity,
  salesStart: date(r.sales_start),
  salesEnd: date(r.sales_end),
});

const dialect = new PgDialect();
/** Names of prepared statements by their text (a reserve has few shapes); bounded. */
const prepared = new Map<string, string>();

/**
 * Runs one statement. On the PostgreSQL pool (no transaction) it runs on a connection of its own, as a
 * prepared statement (parsed and planned once per connection): `pool.query` would close the connection
 * after a refusal (pg-pool drops a client whose query failed), and opening one costs far more than a reserve.
 * In a transaction, or on PGlite, through Drizzle.
 */
async function runStatement(q: Q, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (q as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool))
    return ((await q.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = prepared.get(text);
  if (!name && prepared.size < 100) {
    name = `tix_capacity_${prepared.size + 1}`;
    prepared.set(text, name);
  }
  const connection = await client.connect();
  try {
    return (await connection.query({ name, text, values: params })).rows;
  } finally {
    // A refusal is the statement's error, not the connection's: it goes back to the pool (a broken one
    // is dropped by the pool anyway).
    connection.release();
  }
}

/**
 * Applies capacity changes in one statement (one round trip), together with the given writes (CTEs
 * `name AS (INSERT ...)`, e.g. the cart and tickets of a reserve): a conditional `UPDATE ... WHERE used + n <=
 * cap` per session and per limited ticket group for what is taken, a plain decrement for what is given back.
 * The updates are chained in sorted order (sessions, then ticket groups; each one's WHERE reads the previous
 * one's result), so concurrent transactions lock rows in the same order (no deadlocks) and nothing after a
 * refused increment is locked. All or nothing, even outside a transaction: a refusal (the first, in that
 * order) raises an error in the statement (`tix_refuse`, server/ddl.ts), which undoes all its writes, and is
 * answered 409 (the caller's transaction, if any, rolls back).
 */
export async function changeCapacity(
  q: Q,
  changes: CapacityChange[],
  writes: SQL[] = [],
  /** Further check columns of the final SELECT (e.g. the seats of a reserve: server/seats/seats.ts). */
  checks: SQL[] = [],
) {
  const sessionChanges = sumBy(changes, (c) => c.sessionId);
  const groupChanges = sumBy(changes, (c) => c.groupId);
  if (!sessionChanges.length && !groupChanges.length && !writes.length) return [];
  const ctes: SQL[] = [...writes];
  const cols: SQL[] = [];
  const refusals: SQL[] = [];
  // Whether the previous update went through (a decrement always does), read in the next one's WHERE.
  let previous: SQL | null = null;
  const gate = () => (previous ? sql` AND ${previous}` : sql``);
  sessionChanges.forEach(([sid, n], i) => {
    const name = sql.raw(`s${i}`);
    const room = sql`AND (capacity = -1 OR used_capacity + ${n} <= capacity + oversell_capacity)`;
    ctes.push(
      sql`${name} AS (UPDATE event_session SET used_capacity = greatest(used_capacity + ${n}, 0)
        WHERE id = ${sid} ${n > 0 ? room : sql``}${gate()} RETURNING *)`,
    );
    cols.push(sql`(SELECT row_to_json(x) FROM ${name} x) AS ${name}`);
    const held = sql`EXISTS (SELECT 1 FROM ${name})`;
    if (n > 0) refusals.push(sql`WHEN NOT ${held} THEN tix_refuse('event_session', ${sid})`);
    previous = n > 0 ? held : sql`(SELECT count(*) FROM ${name}) >= 0`;
  });
  // Ticket groups count only when limited (capacity -1 is unlimited, its used_capacity is not kept): a
  // group's row is shared by all its sessions, and an update would lock it until commit for every reserve.
  groupChanges.forEach(([gid, n], i) => {
    const name = sql.raw(`g${i}`);
    const room = sql`AND used_capacity + ${n} <= capacity + oversell_capacity`;
    ctes.push(
      sql`${name} AS (UPDATE ticket_group SET used_capacity = greatest(used_capacity + ${n}, 0)
        WHERE id = ${gid} AND capacity <> -1 ${n > 0 ? room : sql``}${gate()} RETURNING id)`,
    );
    // Refused when not updated and limited (a group that does not exist counts as refused, too).
    const ok = sql`(EXISTS (SELECT 1 FROM ${name})
      OR coalesce((SELECT capacity FROM ticket_group WHERE id = ${gid}), 0) = -1)`;
    if (n > 0) refusals.push(sql`WHEN NOT ${ok} THEN tix_refuse('ticket_group', ${gid})`);
    previous = n > 0 ? ok : sql`(SELECT count(*) FROM ${name}) >= 0`;
  });
  cols.push(refusals.length ? sql`CASE ${sql.join(refusals, sql` `)} ELSE true END AS ok` : sql`true AS ok`);
  cols.push(...checks);
  const query = sql`WITH ${sql.join(ctes, sql`, `)} SELECT ${sql.join(cols, sql`, `)}`;
  let row: Record<string, unknown>;
  try {
    row = (await runStatement(q, query))[0] ?? {};
  } catch (err) {
    const refused = refusalOf(err);
    if (refused?.kind === 'event_session') {
      const start = changes.find((c) => c.sessionId === refused.id)?.sessionStart;
      throw new ApiError(
        409,
        ErrorCode.event_session_sold_out,
        'event_session',
        'Sorry, there are not enough tickets left for this session. Please select another session and try again.',
        { event_session_id: refused.id, start_datetime: start?.toISOString() ?? null },
      );
    }
    if (refused?.kind === 'ticket_group')
      throw new ApiError(
        409,
        ErrorCode.ticket_group_sold_out,
        'ticket_group',
        'Sorry, these tickets have sold out.',
        {
          ticket_group_id: refused.id,
        },
      );
    throw err;
  }
  // The sessions as updated (counters included).
  const sessions: SessionRow[] = [];
  sessionChanges.forEach((_, i) => {
    const held = row[`s${i}`] as SessionJson | null | undefined;
    if (held) sessions.push(sessionFromJson(held));
  });
  return sessions;
}

/** Gives back the capacity held by tickets. */
export async function releaseTickets(tx: Tx, tickets: TicketRow[]) {
  await changeCapacity(
    tx,
    tickets.map((k) => ({ sessionId: k.eventSessionId, groupId: k.ticketGroupId, delta: -1 })),
  );
}

/**
 * Cancels the live tickets of a cart that ends unbooked (expiry, delete) and gives back their capacity, the gift
 * code uses they held and the promo code uses the cart held (inside the caller's transaction).
 */
export async function cancelLiveTickets(tx: Tx, cartId: string) {
  const tickets = await tx
    .update(t.ticket)
    .set({ state: 'cancelled' })
    .where(and(eq(t.ticket.cartId, cartId), inArray(t.ticket.state, LIVE_TICKET_STATES)))
    .returning();
  await releaseTickets(tx, tickets);
  await releaseGiftCodes(
    tx,
    tickets.filter((k) => k.handler === 'membership').map((k) => k.id),
  );
  await releaseCartCodes(tx, cartId);
  await releaseCartVouchers(tx, cartId);
  // Gift card payments of a cart that ends unbooked go back to their cards.
  await refundCartLedgerPayments(tx, cartId);
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
  holdMs: number = CART_TTL_MS,
): { expiresAt: Date; holdExtensions: number } | null {
  if (cart.holdExtensions >= MAX_HOLD_EXTENSIONS) return null;
  return { expiresAt: new Date(nowMs + holdMs), holdExtensions: cart.holdExtensions + 1 };
}
