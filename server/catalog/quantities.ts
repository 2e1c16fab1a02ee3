/**
 * The quantity-first documents (spec 1 §7): `POST events/{id}/calendar` and `POST events/{id}/sessions` for
 * chosen quantities, and `POST events/{id}/pricecheck`. A session fits the quantities when every rule of a
 * reserve would let them through: each group's sum within its min and max per order, the session's places
 * (capacity + oversell - used) for the groups that count against it, and each group's own capacity in that
 * session (tickets held, in carts or booked). A day is available when one of its sessions fits.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { sweepExpiredCarts } from '../cart/holds';
import type { AppCtx } from '../http/context';
import {
  coll,
  loadGroupsForEvents,
  loadTypesForGroups,
  PUBLIC_TYPES,
  placesLeft,
  type Row,
  wSession,
  wType,
} from '../http/docs';
import { invalid } from '../http/errors';
import type { ParsedQuery } from '../http/query';
import { type CatalogGate, MEMBER_ONLY } from '../memberships/access';
import * as t from '../schema';
import { dayjs, money, percentFee } from '../util';
import { bookableSessions, type EventRow, groupIdFilter, type SessionRow } from './lookup';
import { loadSessionPrices, priceAtSession } from './session-prices';

type Quantities = Record<string, number>;
type GroupRow = Row<typeof t.ticketGroup>;
type TypeRow = Row<typeof t.ticketType>;

/** Spec 1 §9: the calendar supports at most 10 distinct ticket types. */
export const MAX_CALENDAR_TYPES = 10;
/** Ticket states that take a place. */
const TAKING = ['held', 'in_cart', 'booked', 'redeemed'] as const;

export interface QuantityPlan {
  groups: GroupRow[];
  types: TypeRow[];
  /** The positive counts by ticket type id. */
  quantities: Quantities;
  /** The counts summed per group. */
  perGroup: Map<string, number>;
  /** Every group's sum lies within its min and max per order. */
  withinLimits: boolean;
}

/**
 * Checks the quantities against the event's public ticket types (optionally the `ticket_group_id._in`
 * groups): unknown types and more than 10 distinct types are 400 validation_failed in `context`. With a
 * `gate` (the request's member access, memberships/access.ts), the members-only groups and types it allows
 * count too (a member's quantity-first form); without one they are unknown, as for a guest.
 */
export async function quantityPlan(
  ctx: AppCtx,
  q: ParsedQuery,
  ev: EventRow,
  raw: Quantities,
  context: string,
  gate?: CatalogGate,
): Promise<QuantityPlan> {
  const loaded = await loadGroupsForEvents(
    ctx.db,
    [ev.id],
    gate ? [...PUBLIC_TYPES, MEMBER_ONLY] : PUBLIC_TYPES,
    groupIdFilter(q),
  );
  const groups = gate ? gate.groups(ev, loaded) : loaded;
  const allTypes = await loadTypesForGroups(
    ctx.db,
    groups.map((g) => g.id),
  );
  const types = gate ? gate.types(ev, groups, allTypes) : allTypes;
  const quantities = Object.fromEntries(Object.entries(raw).filter(([, n]) => n > 0));
  const known = new Map(types.map((ty) => [ty.id, ty]));
  if (Object.keys(raw).some((id) => !known.has(id)))
    throw invalid(context, 'A ticket type in quantities is not available for this event.');
  if (Object.keys(quantities).length > MAX_CALENDAR_TYPES)
    throw invalid(context, 'You can only select up to 10 different types of tickets.');
  const perGroup = new Map<string, number>();
  for (const [id, n] of Object.entries(quantities)) {
    const groupId = known.get(id)?.ticketGroupId ?? '';
    perGroup.set(groupId, (perGroup.get(groupId) ?? 0) + n);
  }
  const withinLimits = groups.every((g) => {
    const n = perGroup.get(g.id) ?? 0;
    if (n === 0) return true;
    if (g.minTicketsPerOrder !== null && n < g.minTicketsPerOrder) return false;
    return g.maxTicketsPerOrder === null || n <= g.maxTicketsPerOrder;
  });
  return { groups, types, quantities, perGroup, withinLimits };
}

/** Places each group already takes in each session: session id -> group id -> tickets. */
async function groupUsage(ctx: AppCtx, sessionIds: string[], groupIds: string[]) {
  const usage = new Map<string, Map<string, number>>();
  if (!sessionIds.length || !groupIds.length) return usage;
  const rows = await ctx.db
    .select({
      sessionId: t.ticket.eventSessionId,
      groupId: t.ticket.ticketGroupId,
      n: sql<number>`count(*)::int`,
    })
    .from(t.ticket)
    .where(
      and(
        inArray(t.ticket.eventSessionId, sessionIds),
        inArray(t.ticket.ticketGroupId, groupIds),
        inArray(t.ticket.state, [...TAKING]),
      ),
    )
    .groupBy(t.ticket.eventSessionId, t.ticket.ticketGroupId);
  for (const r of rows) {
    if (!r.sessionId) continue;
    const m = usage.get(r.sessionId) ?? new Map<string, number>();
    m.set(r.groupId, Number(r.n));
    usage.set(r.sessionId, m);
  }
  return usage;
}

/** Whether the session has room for the plan: its places for the counted groups and each group's capacity. */
export function fitsSession(
  plan: QuantityPlan,
  s: SessionRow,
  used: Map<string, number> | undefined,
): boolean {
  if (!plan.withinLimits) return false;
  const wanted = Object.values(plan.quantities).reduce((a, n) => a + n, 0);
  const left = placesLeft(s);
  if (left === 0) return false;
  let counted = 0;
  for (const g of plan.groups) {
    const n = plan.perGroup.get(g.id) ?? 0;
    if (n === 0) continue;
    if (!g.excludeFromEventCapacity) counted += n;
    if (g.capacity !== -1 && g.capacity + g.oversellCapacity - (used?.get(g.id) ?? 0) < n) return false;
  }
  return left === null || left >= Math.max(counted, wanted === 0 ? 1 : 0);
}

/** The fees outside the price of a ticket of `ty` costing `cents`. */
const feeOf = (ty: TypeRow, cents: number) => (ty.feeFixedCents ?? 0) + percentFee(cents, ty.feePercentBp);

/** POST events/{id}/calendar: days whose sessions have room for the quantities (`_format` price or extended). */
export async function quantityCalendarDocument(
  ctx: AppCtx,
  q: ParsedQuery,
  ev: EventRow,
  tz: string,
  raw: Quantities,
  gate?: CatalogGate,
): Promise<w.Document> {
  await sweepExpiredCarts(ctx);
  const plan = await quantityPlan(ctx, q, ev, raw, 'event_calendar', gate);
  const dr = q.dateRange('date');
  const today = dayjs(ctx.now()).tz(tz).format('YYYY-MM-DD');
  const fromDate = dr.gte ?? today;
  const toDate = dr.lt ?? dayjs.tz(fromDate, tz).add(60, 'day').format('YYYY-MM-DD');
  if (dayjs(toDate).diff(dayjs(fromDate), 'day') > 400)
    throw invalid('event_calendar', 'The calendar range may span at most 400 days.');
  const sessions = await bookableSessions(
    ctx,
    [ev.id],
    dayjs.tz(fromDate, tz).toDate(),
    dayjs.tz(toDate, tz).toDate(),
  );
  const usage = await groupUsage(
    ctx,
    sessions.map((s) => s.id),
    plan.groups.map((g) => g.id),
  );
  const chosen = Object.keys(plan.quantities).length
    ? plan.types.filter((ty) => ty.id in plan.quantities)
    : plan.types;
  const prices = await loadSessionPrices(
    ctx.db,
    sessions.map((s) => s.id),
  );
  const priceOnly = q.raw.get('_format') === 'price';
  const byDay = new Map<string, SessionRow[]>();
  for (const s of sessions) {
    const d = dayjs(s.startAt).tz(tz).format('YYYY-MM-DD');
    byDay.set(d, [...(byDay.get(d) ?? []), s]);
  }
  const out: w.CalendarDay[] = [];
  for (const [date, list] of [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const fitting = list.filter((s) => fitsSession(plan, s, usage.get(s.id)));
    let cheapest: TypeRow | null = null;
    let cheapestCents = Number.POSITIVE_INFINITY;
    for (const s of fitting.length ? fitting : list)
      for (const ty of chosen) {
        const cents = priceAtSession(ty, s.id, prices);
        if (cents < cheapestCents) [cheapest, cheapestCents] = [ty, cents];
      }
    const left = fitting.map(placesLeft);
    out.push({
      date,
      status: fitting.length > 0 && chosen.length > 0 ? 'available' : 'sold_out',
      min_price: cheapest ? money(cheapestCents) : null,
      min_price_fees: cheapest ? { outside: money(feeOf(cheapest, cheapestCents)) } : null,
      availability:
        priceOnly || left.some((l) => l === null) ? null : left.reduce<number>((a, l) => a + (l ?? 0), 0),
    });
  }
  return { calendar: coll(out) };
}

/**
 * POST events/{id}/sessions: the sessions that have room for the quantities (sold-out and too-small ones
 * only with `_include_sold_out=true`, then marked sold out), each with a price schedule row per ticket type.
 */
export async function quantitySessionsDocument(
  ctx: AppCtx,
  q: ParsedQuery,
  ev: EventRow,
  tz: string,
  raw: Quantities,
  gate?: CatalogGate,
): Promise<w.Document> {
  await sweepExpiredCarts(ctx);
  const plan = await quantityPlan(ctx, q, ev, raw, 'quantities', gate);
  let { gte: from, lt: to } = q.range('start_datetime', tz);
  if (q.ondate) {
    const a = dayjs.tz(q.ondate, tz).toDate();
    const b = dayjs.tz(q.ondate, tz).add(1, 'day').toDate();
    from = from && from > a ? from : a;
    to = to && to < b ? to : b;
  }
  const all = await bookableSessions(ctx, [ev.id], from, to);
  const usage = await groupUsage(
    ctx,
    all.map((s) => s.id),
    plan.groups.map((g) => g.id),
  );
  const fits = new Map(all.map((s) => [s.id, fitsSession(plan, s, usage.get(s.id))]));
  let sessions = q.bool('_include_sold_out') === true ? all : all.filter((s) => fits.get(s.id));
  if (q.sort === '-start_datetime') sessions = [...sessions].reverse();
  else if (q.sort !== null && q.sort !== 'start_datetime')
    throw invalid('query', '_sort must be start_datetime or -start_datetime.');
  if (q.limit) sessions = sessions.slice(0, q.limit);
  const quoted = Object.keys(plan.quantities).length
    ? plan.types.filter((ty) => ty.id in plan.quantities)
    : plan.types;
  const prices = await loadSessionPrices(
    ctx.db,
    sessions.map((s) => s.id),
  );
  const schedule: w.PriceSchedule[] = [];
  for (const s of sessions)
    for (const ty of quoted)
      schedule.push({
        event_session_id: s.id,
        ticket_type_id: ty.id,
        price: money(priceAtSession(ty, s.id, prices)),
      });
  return {
    event_session: coll(sessions.map((s) => ({ ...wSession(s), sold_out: !fits.get(s.id) }))),
    price_schedule: coll(schedule),
  };
}

/** POST events/{id}/pricecheck: the asked ticket types of the event with their group (400 for others). */
export async function priceCheckDocument(
  ctx: AppCtx,
  ev: EventRow,
  required: { ticket_type_id: string }[],
): Promise<w.Document> {
  const groups = await loadGroupsForEvents(ctx.db, [ev.id], PUBLIC_TYPES);
  const types = await loadTypesForGroups(
    ctx.db,
    groups.map((g) => g.id),
  );
  const byId = new Map(types.map((ty) => [ty.id, ty]));
  const asked = [...new Set(required.map((r) => r.ticket_type_id))];
  if (asked.some((id) => !byId.has(id)))
    throw invalid('pricecheck', 'A ticket type in ticket_types_required is not available for this event.');
  return { ticket_type: coll(asked.map((id) => wType(byId.get(id) as TypeRow))) };
}
