/**
 * The session documents of one event (found by the caller): the calendar of days (events/{id}/calendar), the
 * session list (events/{id}/sessions, with a price schedule for selected quantities) and one session.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { sweepExpiredCarts } from '../cart/holds';
import type { AppCtx } from '../http/context';
import {
  coll,
  isBookable,
  isSoldOut,
  loadConfig,
  loadGroupsForEvents,
  loadMeta,
  loadTypesForGroups,
  PUBLIC_TYPES,
  placesLeft,
  type Row,
  wConfig,
  wEvent,
  wGroup,
  wMeta,
  wSession,
  wType,
  wVenue,
} from '../http/docs';
import { invalid, notFound } from '../http/errors';
import type { ParsedQuery } from '../http/query';
import type { CatalogGate } from '../memberships/access';
import * as t from '../schema';
import { dayjs, money, percentFee } from '../util';
import {
  bookableSessions,
  type EventRow,
  groupIdFilter,
  priceTypes,
  type SessionRow,
  type VenueRow,
} from './lookup';
import { loadSessionPrices, priceAtSession, typeAtSession } from './session-prices';

type Quantities = Record<string, number>;

/** The fees outside the price of a ticket of `ty` costing `cents`. */
const feeOf = (ty: Row<typeof t.ticketType>, cents: number) =>
  (ty.feeFixedCents ?? 0) + percentFee(cents, ty.feePercentBp);

function sortSessions(rows: SessionRow[], sort: string | null) {
  if (sort === null || sort === 'start_datetime') return rows;
  if (sort === '-start_datetime') return [...rows].reverse();
  throw invalid('query', '_sort must be start_datetime or -start_datetime.');
}

/** `_format` of the calendar: extended or price (checked before the event is looked up). */
export function checkCalendarFormat(q: ParsedQuery) {
  const fmt = q.raw.get('_format');
  if (fmt !== null && fmt !== 'extended' && fmt !== 'price')
    throw invalid('event_calendar', '_format must be extended or price.');
}

/** The positive quantities of a calendar request body (whole numbers 0..1000, at most 10 types). */
export function calendarQuantities(quantities: Quantities): Quantities {
  const positive = Object.entries(quantities).filter(([, n]) => n > 0);
  if (Object.values(quantities).some((n) => !Number.isInteger(n) || n < 0 || n > 1000))
    throw invalid('event_calendar', 'Quantities must be whole numbers from 0 to 1000.');
  if (positive.length > 10)
    throw invalid('event_calendar', 'You can only select up to 10 different types of tickets.');
  return Object.fromEntries(positive);
}

/** The positive quantities of a sessions request body (whole numbers 0..1000). */
export function sessionQuantities(quantities: Quantities): Quantities {
  for (const [k, n] of Object.entries(quantities))
    if (!Number.isInteger(n) || n < 0 || n > 1000)
      throw invalid('quantities', `Quantity for ${k} must be a whole number from 0 to 1000.`);
  return Object.fromEntries(Object.entries(quantities).filter(([, n]) => n > 0));
}

/** Days with bookable sessions; with quantities, a day is available when one session has room for all of them. */
export async function calendarDocument(
  ctx: AppCtx,
  q: ParsedQuery,
  ev: EventRow,
  tz: string,
  quantities: Quantities | null,
): Promise<w.Document> {
  await sweepExpiredCarts(ctx);
  const dr = q.dateRange('date');
  const today = dayjs(ctx.now()).tz(tz).format('YYYY-MM-DD');
  const fromDate = dr.gte ?? today;
  const toDate = dr.lt ?? dayjs.tz(fromDate, tz).add(60, 'day').format('YYYY-MM-DD');
  const days = dayjs(toDate).diff(dayjs(fromDate), 'day');
  if (days > 400) throw invalid('event_calendar', 'The calendar range may span at most 400 days.');
  const sessions = await bookableSessions(
    ctx,
    [ev.id],
    dayjs.tz(fromDate, tz).toDate(),
    dayjs.tz(toDate, tz).toDate(),
  );
  const allTypes = await priceTypes(ctx, ev.id, groupIdFilter(q));
  const wanted = quantities ? Object.values(quantities).reduce((a, n) => a + n, 0) : 0;
  if (quantities) {
    const known = new Set(allTypes.map((ty) => ty.id));
    if (Object.keys(quantities).some((k) => !known.has(k)))
      throw invalid('event_calendar', 'A ticket type in quantities is not available for this event.');
  }
  const types = wanted > 0 && quantities ? allTypes.filter((ty) => ty.id in quantities) : allTypes;
  const prices = await loadSessionPrices(
    ctx.db,
    sessions.map((s) => s.id),
  );
  const byDay = new Map<string, SessionRow[]>();
  for (const s of sessions) {
    const d = dayjs(s.startAt).tz(tz).format('YYYY-MM-DD');
    const list = byDay.get(d) ?? [];
    list.push(s);
    byDay.set(d, list);
  }
  const priceOnly = q.raw.get('_format') === 'price';
  const out: w.CalendarDay[] = [];
  for (const [date, list] of [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const left = list.map(placesLeft);
    const unlimited = left.some((l) => l === null);
    const total = left.reduce<number>((a, l) => a + (l ?? 0), 0);
    const fits = list.some((x) => (placesLeft(x) ?? Number.POSITIVE_INFINITY) >= Math.max(1, wanted));
    const available = types.length > 0 && fits;
    // The day's lowest price: of its sessions' prices (a session may price a type its own way).
    let cheapest: Row<typeof t.ticketType> | null = null;
    let cheapestCents = Number.POSITIVE_INFINITY;
    for (const x of list)
      for (const ty of types) {
        const cents = priceAtSession(ty, x.id, prices);
        if (cents < cheapestCents) [cheapest, cheapestCents] = [ty, cents];
      }
    out.push({
      date,
      status: available ? 'available' : 'sold_out',
      min_price: cheapest ? money(cheapestCents) : null,
      min_price_fees: cheapest ? { outside: money(feeOf(cheapest, cheapestCents)) } : null,
      // `_format=price` answers prices only; extended (and no format) adds the places left that day.
      availability: priceOnly || unlimited ? null : total,
    });
  }
  return { calendar: coll(out) };
}

/** Bookable sessions of the event; with quantities, those with room for them (or all) and a price schedule. */
export async function sessionsDocument(
  ctx: AppCtx,
  q: ParsedQuery,
  ev: EventRow,
  tz: string,
  quantities: Quantities | null,
): Promise<w.Document> {
  await sweepExpiredCarts(ctx);
  let { gte: from, lt: to } = q.range('start_datetime', tz);
  if (q.ondate) {
    const dayStart = dayjs.tz(q.ondate, tz);
    const a = dayStart.toDate();
    const b = dayStart.add(1, 'day').toDate();
    from = from && from > a ? from : a;
    to = to && to < b ? to : b;
  }
  const groupIds = groupIdFilter(q);
  const types = await priceTypes(ctx, ev.id, groupIds);
  let sessions = await bookableSessions(ctx, [ev.id], from, to);
  const wanted = quantities ? Object.values(quantities).reduce((a, n) => a + n, 0) : 0;
  const soldOut = (s: SessionRow) =>
    isSoldOut(s) || (wanted > 0 && (placesLeft(s) ?? Number.POSITIVE_INFINITY) < wanted);
  const soldOutFilter = q.bool('sold_out');
  // Sold-out sessions: GET lists them unless `_include_sold_out=false`; POST leaves them out unless true.
  const includeSoldOut = q.bool('_include_sold_out') ?? quantities === null;
  if (soldOutFilter !== null) sessions = sessions.filter((s) => soldOut(s) === soldOutFilter);
  else if (!includeSoldOut) sessions = sessions.filter((s) => !soldOut(s));
  sessions = sortSessions(sessions, q.sort);
  if (q.limit) sessions = sessions.slice(0, q.limit);
  const doc: w.Document = {
    event_session: coll(sessions.map((s) => ({ ...wSession(s), sold_out: soldOut(s) }))),
  };
  if (quantities) {
    const typeIds = new Set(types.map((ty) => ty.id));
    for (const key of Object.keys(quantities))
      if (!typeIds.has(key))
        throw invalid('quantities', 'A ticket type in quantities is not available for this event.');
    const quoted = Object.keys(quantities).length ? types.filter((ty) => ty.id in quantities) : types;
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
    doc.price_schedule = coll(schedule);
  }
  return doc;
}

/** One session of the event (else 404 event_session); a group's `used_capacity` counts its tickets in it. */
export async function sessionDocument(
  ctx: AppCtx,
  q: ParsedQuery,
  ev: EventRow,
  venue: VenueRow | undefined,
  sessionId: string,
  /** Members-only groups and types only where the request's membership allows them (memberships/access.ts). */
  gate?: CatalogGate,
): Promise<w.Document> {
  await sweepExpiredCarts(ctx);
  const [s] = await ctx.db
    .select()
    .from(t.eventSession)
    .where(and(eq(t.eventSession.id, sessionId), eq(t.eventSession.eventTemplateId, ev.id)))
    .limit(1);
  if (!s) throw notFound('event_session');
  const loaded = await loadGroupsForEvents(
    ctx.db,
    [ev.id],
    q.in('ticket_group.hidden_type') ?? q.in('hidden_type') ?? PUBLIC_TYPES,
    q.in('ticket_group.id') ?? q.in('ticket_group_id'),
  );
  const groups = gate ? gate.groups(ev, loaded) : loaded;
  const groupIds = groups.map((g) => g.id);
  const doc: w.Document = { event_session: coll([wSession(s)]) };
  if (q.has('ticket_group') || q.has('ticket_type')) {
    const used = groups.length
      ? await ctx.db
          .select({ groupId: t.ticket.ticketGroupId, n: sql<number>`count(*)::int` })
          .from(t.ticket)
          .where(
            and(
              eq(t.ticket.eventSessionId, s.id),
              inArray(t.ticket.state, ['held', 'in_cart', 'booked', 'redeemed']),
              inArray(t.ticket.ticketGroupId, groupIds),
            ),
          )
          .groupBy(t.ticket.ticketGroupId)
      : [];
    const usedBy = new Map(used.map((u) => [u.groupId, Number(u.n)]));
    const sessionOut = isSoldOut(s) || !isBookable(s, ctx.now());
    if (q.has('ticket_group'))
      doc.ticket_group = coll(
        groups.map((g) => wGroup(g, usedBy.get(g.id) ?? 0, sessionOut && !g.excludeFromEventCapacity)),
      );
    if (q.has('ticket_type')) {
      const [types, prices] = await Promise.all([
        loadTypesForGroups(ctx.db, groupIds),
        loadSessionPrices(ctx.db, [s.id]),
      ]);
      // Priced as this session sells them (its own prices, catalog/session-prices.ts).
      doc.ticket_type = coll(
        (gate ? gate.types(ev, groups, types) : types).map((ty) => wType(typeAtSession(ty, s.id, prices))),
      );
    }
  }
  if (q.has('ticket_group.meta') || q.has('meta'))
    doc.meta = coll((await loadMeta(ctx.db, [ev.id, ...groupIds])).map(wMeta));
  if (q.has('ticket_group.config') || q.has('config'))
    doc.config = coll((await loadConfig(ctx.db, [ev.id, ...groupIds])).map(wConfig));
  if (q.has('venue')) doc.venue = coll(venue ? [wVenue(venue)] : []);
  if (q.has('event_template')) doc.event_template = coll([wEvent(ev)]);
  return doc;
}
