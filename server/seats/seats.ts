/**
 * Seats (issue 9): the seat map of a session (GET events/{event}/sessions/{id}/seat_map) and the seats of a
 * seated reserve. Tables and their meaning: `server/seats/schema.ts`.
 *
 * A reserve takes its seats in the same statement as its tickets and capacity (`changeCapacity` of cart/holds.ts):
 * an `INSERT … ON CONFLICT DO UPDATE … WHERE the holder's ticket is cancelled or unbooked` per seat, then a
 * check that every seat was taken, which otherwise raises `tix_refuse('seat', …)` and so undoes the whole
 * statement. The primary key (session, seat) makes a concurrent reserve of the same seat wait for the first
 * and then find it taken: exactly one wins, on PostgreSQL as on PGlite. Nothing needs releasing when a ticket
 * goes: its cancelled (or unbooked) state frees its seat for the next reserve and the map.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type * as w from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { sweepExpiredCarts } from '../cart/holds';
import type { EventRow } from '../catalog/lookup';
import type { AppCtx } from '../http/context';
import { coll, loadGroupsForEvents, PUBLIC_TYPES, type Row } from '../http/docs';
import { ApiError, invalid, notFound } from '../http/errors';
import * as t from '../schema';
import * as st from './schema';

export const SEATED = 'seated';
const FREEING = sql.join(
  st.SEAT_FREEING_STATES.map((s) => sql`${s}`),
  sql`, `,
);

/* ---------------------------------------------------------------- the map */

/** A seat template as one array: id, name, section, row, x, y, r, groups, previous, next, blocked. */
type TemplateTuple = [
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  string[],
  string | null,
  string | null,
  boolean,
];

/** Seat templates by map: static catalogue data (like server/catalog/cache.ts), kept a minute, bounded. */
const templateCache = new WeakMap<object, Map<string, { at: number; rows: TemplateTuple[] }>>();
const TEMPLATE_CACHE_MS = 60_000;

/** The seats of a map in map order (one JSON aggregate: 50,000 rows of columns cost PGlite seconds). */
async function seatTemplates(ctx: AppCtx, mapId: string): Promise<TemplateTuple[]> {
  let maps = templateCache.get(ctx.db);
  if (!maps) {
    maps = new Map();
    templateCache.set(ctx.db, maps);
  }
  const hit = maps.get(mapId);
  if (hit && performance.now() - hit.at < TEMPLATE_CACHE_MS) return hit.rows;
  const result = (await ctx.db.execute(sql`
    SELECT coalesce(json_agg(json_build_array(s.id, s.name, s.section, s.row, s.x, s.y, s.r, s.groups,
      s.previous_id, s.next_id, s.blocked) ORDER BY s.rank), '[]')::text AS seats
    FROM seat_template s WHERE s.seat_map_id = ${mapId}`)) as unknown as { rows: { seats: string }[] };
  const rows = JSON.parse(result.rows[0]?.seats ?? '[]') as TemplateTuple[];
  if (maps.size >= 20) maps.clear();
  maps.set(mapId, { at: performance.now(), rows });
  return rows;
}

/**
 * The seat map of a session of `ev`: geometry (with `_withgeometry=true`), other elements and every seat with
 * its state in that session: booked when a live or booked ticket holds it, unavailable when it is never sold,
 * held back for the session or sold only in groups not on public sale, else available.
 */
export async function seatMapDocument(ctx: AppCtx, ev: EventRow, sessionId: string, withGeometry: boolean) {
  const [map] = await ctx.db.select().from(st.seatMap).where(eq(st.seatMap.eventTemplateId, ev.id)).limit(1);
  if (!map) throw notFound('seat_map', 'This event has no seat map.');
  const [session] = await ctx.db
    .select({ id: t.eventSession.id })
    .from(t.eventSession)
    .where(and(eq(t.eventSession.id, sessionId), eq(t.eventSession.eventTemplateId, ev.id)))
    .limit(1);
  if (!session) throw notFound('event_session');
  // Seats of carts whose time is up come back first (as for every availability answer).
  await sweepExpiredCarts(ctx);
  const onSale = new Set((await loadGroupsForEvents(ctx.db, [ev.id], PUBLIC_TYPES, null)).map((g) => g.id));
  const [templates, taken] = await Promise.all([
    seatTemplates(ctx, map.id),
    ctx.db.execute(sql`
      SELECT h.seat_template_id AS id,
        CASE WHEN h.ticket_id IS NULL THEN 'unavailable'
          WHEN k.state IN (${FREEING}) THEN 'available'
          ELSE 'booked' END AS state
      FROM seat_hold h LEFT JOIN ticket k ON k.id = h.ticket_id
      WHERE h.event_session_id = ${session.id}`) as unknown as Promise<{
      rows: { id: string; state: w.SeatWire['state'] }[];
    }>,
  ]);
  const stateById = new Map(taken.rows.map((r) => [r.id, r.state]));
  const seats: w.SeatWire[] = templates.map(
    ([id, name, section, row, x, y, r, groups, previous, next, blocked]) => ({
      id,
      seat_template_id: id,
      name,
      section,
      row,
      x,
      y,
      r,
      groups,
      state:
        blocked || !groups.some((g) => onSale.has(g)) ? 'unavailable' : (stateById.get(id) ?? 'available'),
      previous,
      next,
    }),
  );
  const row: w.SeatMapWire = {
    id: map.id,
    event_template_id: ev.id,
    event_session_id: session.id,
    width: map.width,
    height: map.height,
    map_geometry: withGeometry ? (map.geometry as w.MapGeometry) : null,
    other_elements: map.elements as w.SeatMapElementWire[],
  };
  return { seat_map: coll([row]), seat: coll(seats) } satisfies w.SeatMapDocument;
}

/* ---------------------------------------------------------------- seated reserves */

const idText = z.string().check(z.minLength(1), z.maxLength(100));
/** The seat of a reservation line (`handler_data`), as api/seat-schemas.ts `seatHandlerData`, bounded. */
const seatHandlerData = z.object({ seat_template_id: idText, ticket_group_id: idText });

/** What a seated line needs of its resolved line (cart/modify.ts `resolveLines`). */
interface SeatedLine {
  line: { handler_data?: unknown };
  group: Row<typeof t.ticketGroup>;
  ev: EventRow;
  session: { id: string } | null;
}

/** The seat each line takes (null for lines of groups that are not seated), in line order. */
export type SeatPlan = ({ sessionId: string; seatId: string } | null)[];

const seatTaken = (ids: string[], sessionId: string | null) =>
  new ApiError(
    409,
    ErrorCode.seat_unavailable,
    'seat',
    'Sorry, a seat you chose has just been taken. Please choose another seat.',
    { seat_template_ids: ids, event_session_id: sessionId },
  );

/**
 * Checks the seats of the lines of seated groups (outside the transaction: the map does not change): each has
 * a seat (`handler_data: { seat_template_id, ticket_group_id }`) of its own group, on the map of its event,
 * sold in that group, chosen once per session. A seat never sold is refused as taken (409); the rest is 400.
 */
export async function resolveSeats(ctx: AppCtx, lines: SeatedLine[]): Promise<SeatPlan> {
  const plan: SeatPlan = lines.map(() => null);
  const wanted: { i: number; sessionId: string; seatId: string; groupId: string; eventId: string }[] = [];
  lines.forEach((l, i) => {
    if (l.group.handler !== SEATED) return;
    const where = `add.${i}`;
    const parsed = seatHandlerData.safeParse(l.line.handler_data);
    if (!parsed.success)
      throw invalid('handler_data', `${where}: A seat must be chosen for every seated ticket.`);
    if (!l.session) throw invalid('event_session', `${where}: A session is required.`);
    if (parsed.data.ticket_group_id.toLowerCase() !== l.group.id)
      throw invalid('handler_data', `${where}: The seat's ticket group does not match the ticket type.`);
    wanted.push({
      i,
      sessionId: l.session.id,
      seatId: parsed.data.seat_template_id.toLowerCase(),
      groupId: l.group.id,
      eventId: l.ev.id,
    });
  });
  if (!wanted.length) return plan;
  const seen = new Set<string>();
  for (const s of wanted) {
    const key = `${s.sessionId}/${s.seatId}`;
    if (seen.has(key)) throw invalid('handler_data', `add.${s.i}: The same seat is chosen twice.`);
    seen.add(key);
  }
  const rows = await ctx.db
    .select({
      id: st.seatTemplate.id,
      groups: st.seatTemplate.groups,
      blocked: st.seatTemplate.blocked,
      eventId: st.seatMap.eventTemplateId,
    })
    .from(st.seatTemplate)
    .innerJoin(st.seatMap, eq(st.seatMap.id, st.seatTemplate.seatMapId))
    .where(
      inArray(
        st.seatTemplate.id,
        wanted.map((s) => s.seatId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const blocked: string[] = [];
  for (const s of wanted) {
    const seat = byId.get(s.seatId);
    if (!seat || seat.eventId !== s.eventId)
      throw invalid('handler_data', `add.${s.i}: No such seat in this event.`, {
        seat_template_id: s.seatId,
      });
    if (!(seat.groups as string[]).includes(s.groupId))
      throw invalid('handler_data', `add.${s.i}: This seat is not sold in that ticket group.`, {
        seat_template_id: s.seatId,
      });
    if (seat.blocked) blocked.push(s.seatId);
    plan[s.i] = { sessionId: s.sessionId, seatId: s.seatId };
  }
  if (blocked.length) throw seatTaken(blocked, wanted[0]?.sessionId ?? null);
  return plan;
}

/**
 * The seat takes of a reserve as a CTE of its capacity statement (`writes`) and the check column that refuses
 * the statement when a seat was not taken (`checks`): a seat is taken over only from a cancelled or unbooked
 * ticket, never from a live or booked one, nor from the seller's hold (no ticket).
 */
export function seatTakeSql(plan: SeatPlan, ticketIds: string[]): { writes: SQL[]; checks: SQL[] } {
  const takes = plan.flatMap((p, i) => (p ? [{ ...p, ticketId: ticketIds[i] as string }] : []));
  if (!takes.length) return { writes: [], checks: [] };
  const write = sql`seat_take AS (INSERT INTO seat_hold (event_session_id, seat_template_id, ticket_id) VALUES ${sql.join(
    takes.map((s) => sql`(${s.sessionId}, ${s.seatId}, ${s.ticketId})`),
    sql`, `,
  )} ON CONFLICT (event_session_id, seat_template_id) DO UPDATE SET ticket_id = EXCLUDED.ticket_id
    WHERE seat_hold.ticket_id IS NOT NULL AND EXISTS (SELECT 1 FROM ticket k
      WHERE k.id = seat_hold.ticket_id AND k.state IN (${FREEING}))
    RETURNING event_session_id, seat_template_id)`;
  const wanted = sql.join(
    takes.map((s) => sql`(${s.sessionId}::text, ${s.seatId}::text)`),
    sql`, `,
  );
  const check = sql`(SELECT tix_refuse('seat', v.sess || '/' || v.seat) FROM (VALUES ${wanted}) AS v(sess, seat)
    WHERE NOT EXISTS (SELECT 1 FROM seat_take x WHERE x.event_session_id = v.sess AND x.seat_template_id = v.seat)
    LIMIT 1) AS seats_ok`;
  return { writes: [write], checks: [check] };
}

const SEAT_REFUSED = /tix_refused:seat:([^/\s]+)\/(\S+)/;

/** A seat refusal raised by the statement of `seatTakeSql`, as the 409 seat_unavailable; other errors as they are. */
export function seatRefusal(err: unknown): unknown {
  for (let e = err as { message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    const m = typeof e.message === 'string' ? SEAT_REFUSED.exec(e.message) : null;
    if (m) return seatTaken([m[2] as string], m[1] as string);
    e = e.cause as typeof e;
  }
  return err;
}
