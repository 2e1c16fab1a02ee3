/** Discovery endpoints: events, calendar, sessions, session detail, config. */
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type * as w from '../api/schemas';
import { type AppCtx, type C, type Env, idParam, query } from './context';
import {
  coll,
  isBookable,
  isSoldOut,
  loadConfig,
  loadGroupsForEvents,
  loadMeta,
  loadTypesForGroups,
  loadVenues,
  PUBLIC_TYPES,
  placesLeft,
  priceCents,
  type Row,
  wConfig,
  wEvent,
  wGroup,
  wMeta,
  wSession,
  wType,
  wVenue,
} from './docs';
import { invalid, notFound } from './errors';
import { sweepExpiredCarts } from './holds';
import type { ParsedQuery } from './query';
import * as t from './schema';
import { dayjs, money, percentFee } from './util';
import { body, quantitiesBody } from './validate';

type SessionRow = Row<typeof t.eventSession>;

async function findEvent(ctx: AppCtx, sellerId: string, id: string, hiddenTypes: string[]) {
  const [ev] = await ctx.db
    .select()
    .from(t.eventTemplate)
    .where(and(eq(t.eventTemplate.id, id), eq(t.eventTemplate.sellerId, sellerId)))
    .limit(1);
  if (!ev || !hiddenTypes.includes(ev.hiddenType)) throw notFound('event_template');
  const [venue] = await ctx.db.select().from(t.venue).where(eq(t.venue.id, ev.venueId)).limit(1);
  return { ev, tz: venue?.timezone ?? 'UTC', venue };
}

const groupIdFilter = (q: ParsedQuery) => q.in('ticket_group_id') ?? q.in('ticket_group.id');

/** Future, on-sale sessions of events (optionally bounded). */
async function bookableSessions(ctx: AppCtx, eventIds: string[], from: Date | null, to: Date | null) {
  if (!eventIds.length) return [];
  const nowMs = ctx.now();
  const start = from && from.getTime() > nowMs ? from : new Date(nowMs);
  const conds = [inArray(t.eventSession.eventTemplateId, eventIds), gt(t.eventSession.startAt, start)];
  if (from && from.getTime() > nowMs) conds[1] = gte(t.eventSession.startAt, from);
  if (to) conds.push(lt(t.eventSession.startAt, to));
  const rows = await ctx.db
    .select()
    .from(t.eventSession)
    .where(and(...conds))
    .orderBy(asc(t.eventSession.startAt), asc(t.eventSession.id));
  return rows.filter((s) => isBookable(s, nowMs));
}

function sortSessions(rows: SessionRow[], sort: string | null) {
  if (sort === null || sort === 'start_datetime') return rows;
  if (sort === '-start_datetime') return [...rows].reverse();
  throw invalid('query', '_sort must be start_datetime or -start_datetime.');
}

/** Ticket types a price is quoted from: public groups of the event, optionally restricted to some groups. */
async function priceTypes(ctx: AppCtx, eventId: string, groupIds: string[] | null) {
  const groups = await loadGroupsForEvents(ctx.db, [eventId], PUBLIC_TYPES, groupIds);
  return loadTypesForGroups(
    ctx.db,
    groups.map((g) => g.id),
  );
}

const feeOf = (ty: Row<typeof t.ticketType>) =>
  (ty.feeFixedCents ?? 0) + percentFee(priceCents(ty), ty.feePercentBp);

export function registerCatalog(api: Hono<Env>, ctx: AppCtx) {
  api.get('/events/available', async (c) => {
    const seller = c.get('seller');
    const q = query(c);
    const hidden = q.in('hidden_type') ?? ['public_browsable'];
    const cats = q.in('category');
    const conds = [eq(t.eventTemplate.sellerId, seller.id), inArray(t.eventTemplate.hiddenType, hidden)];
    if (cats) conds.push(inArray(t.eventTemplate.category, cats.length ? cats : ['']));
    let events = hidden.length
      ? await ctx.db
          .select()
          .from(t.eventTemplate)
          .where(and(...conds))
          .orderBy(asc(t.eventTemplate.rank), asc(t.eventTemplate.name))
      : [];
    const range = q.range('event_session.start_datetime', seller.timezone);
    const dated = range.gte !== null || range.lt !== null;
    let sessions: SessionRow[] = [];
    if (dated || q.has('event_session')) {
      sessions = await bookableSessions(
        ctx,
        events.map((e) => e.id),
        range.gte,
        range.lt,
      );
      if (dated) {
        const withSessions = new Set(sessions.map((s) => s.eventTemplateId));
        events = events.filter((e) => withSessions.has(e.id));
      }
    }
    if (q.limit) events = events.slice(0, q.limit);
    const ids = events.map((e) => e.id);
    const doc: w.Document = { event_template: coll(events.map(wEvent)) };
    const groups =
      q.has('ticket_group') || q.has('ticket_type')
        ? await loadGroupsForEvents(ctx.db, ids, PUBLIC_TYPES)
        : [];
    if (q.has('venue'))
      doc.venue = coll(
        (
          await loadVenues(
            ctx.db,
            events.map((e) => e.venueId),
          )
        ).map(wVenue),
      );
    if (q.has('meta')) doc.meta = coll((await loadMeta(ctx.db, ids)).map(wMeta));
    if (q.has('config')) doc.config = coll((await loadConfig(ctx.db, ids, q.in('config.key'))).map(wConfig));
    if (q.has('ticket_group')) doc.ticket_group = coll(groups.map((g) => wGroup(g)));
    if (q.has('ticket_type'))
      doc.ticket_type = coll(
        (
          await loadTypesForGroups(
            ctx.db,
            groups.map((g) => g.id),
          )
        ).map(wType),
      );
    if (q.has('event_session')) {
      const keep = new Set(ids);
      doc.event_session = coll(sessions.filter((s) => keep.has(s.eventTemplateId)).map(wSession));
    }
    return c.json(doc);
  });

  api.get('/events/:id', async (c) => {
    const seller = c.get('seller');
    const q = query(c);
    const id = idParam(c, 'id', 'event_template');
    const { ev, venue } = await findEvent(ctx, seller.id, id, q.in('hidden_type') ?? PUBLIC_TYPES);
    const groups = await loadGroupsForEvents(
      ctx.db,
      [ev.id],
      q.in('ticket_group.hidden_type') ?? PUBLIC_TYPES,
      q.in('ticket_group.id'),
    );
    const groupIds = groups.map((g) => g.id);
    const doc: w.Document = { event_template: coll([wEvent(ev)]) };
    if (q.has('venue')) doc.venue = coll(venue ? [wVenue(venue)] : []);
    if (q.has('meta')) doc.meta = coll((await loadMeta(ctx.db, [ev.id, ...groupIds])).map(wMeta));
    if (q.has('config'))
      doc.config = coll((await loadConfig(ctx.db, [ev.id, ...groupIds], q.in('config.key'))).map(wConfig));
    if (q.has('ticket_group')) doc.ticket_group = coll(groups.map((g) => wGroup(g)));
    if (q.has('ticket_type')) doc.ticket_type = coll((await loadTypesForGroups(ctx.db, groupIds)).map(wType));
    return c.json(doc);
  });

  const calendar = async (c: C, quantities: Record<string, number> | null) => {
    const seller = c.get('seller');
    const q = query(c);
    const fmt = q.raw.get('_format');
    if (fmt !== null && fmt !== 'extended' && fmt !== 'price')
      throw invalid('event_calendar', '_format must be extended or price.');
    const { ev, tz } = await findEvent(ctx, seller.id, idParam(c, 'id', 'event_template'), PUBLIC_TYPES);
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
    let cheapest: Row<typeof t.ticketType> | null = null;
    for (const ty of types) if (!cheapest || priceCents(ty) < priceCents(cheapest)) cheapest = ty;
    const byDay = new Map<string, SessionRow[]>();
    for (const s of sessions) {
      const d = dayjs(s.startAt).tz(tz).format('YYYY-MM-DD');
      const list = byDay.get(d) ?? [];
      list.push(s);
      byDay.set(d, list);
    }
    const out: w.CalendarDay[] = [];
    for (const [date, list] of [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const left = list.map(placesLeft);
      const unlimited = left.some((l) => l === null);
      const total = left.reduce<number>((a, l) => a + (l ?? 0), 0);
      const fits = list.some((x) => (placesLeft(x) ?? Number.POSITIVE_INFINITY) >= Math.max(1, wanted));
      const available = types.length > 0 && fits;
      out.push({
        date,
        status: available ? 'available' : 'sold_out',
        min_price: cheapest ? money(priceCents(cheapest)) : null,
        min_price_fees: cheapest ? { outside: money(feeOf(cheapest)) } : null,
        availability: unlimited ? null : total,
      });
    }
    return c.json({ calendar: coll(out) } satisfies w.Document);
  };

  api.get('/events/:id/calendar', (c) => calendar(c, null));

  /** Calendar for selected quantities: a day is available when one session has room for all of them. */
  api.post('/events/:id/calendar', async (c) => {
    const b = await body(c, quantitiesBody, 'event_calendar');
    const quantities = b.quantities ?? {};
    const positive = Object.entries(quantities).filter(([, n]) => n > 0);
    if (Object.values(quantities).some((n) => !Number.isInteger(n) || n < 0 || n > 1000))
      throw invalid('event_calendar', 'Quantities must be whole numbers from 0 to 1000.');
    if (positive.length > 10)
      throw invalid('event_calendar', 'You can only select up to 10 different types of tickets.');
    return calendar(c, Object.fromEntries(positive));
  });

  const sessionList = async (c: C, quantities: Record<string, number> | null) => {
    const seller = c.get('seller');
    const q = query(c);
    const { ev, tz } = await findEvent(ctx, seller.id, idParam(c, 'id', 'event_template'), PUBLIC_TYPES);
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
    if (soldOutFilter !== null) sessions = sessions.filter((s) => soldOut(s) === soldOutFilter);
    else if (quantities && !q.bool('_include_sold_out')) sessions = sessions.filter((s) => !soldOut(s));
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
      const schedule: w.PriceSchedule[] = [];
      for (const s of sessions)
        for (const ty of quoted)
          schedule.push({ event_session_id: s.id, ticket_type_id: ty.id, price: money(priceCents(ty)) });
      doc.price_schedule = coll(schedule);
    }
    return c.json(doc);
  };

  api.get('/events/:id/sessions', (c) => sessionList(c, null));

  api.post('/events/:id/sessions', async (c) => {
    const b = await body(c, quantitiesBody, 'quantities');
    const quantities = b.quantities ?? {};
    for (const [k, n] of Object.entries(quantities))
      if (!Number.isInteger(n) || n < 0 || n > 1000)
        throw invalid('quantities', `Quantity for ${k} must be a whole number from 0 to 1000.`);
    const positive = Object.fromEntries(Object.entries(quantities).filter(([, n]) => n > 0));
    return sessionList(c, positive);
  });

  api.get('/events/:eventId/sessions/:sessionId', async (c) => {
    const seller = c.get('seller');
    const q = query(c);
    const { ev, venue } = await findEvent(
      ctx,
      seller.id,
      idParam(c, 'eventId', 'event_template'),
      PUBLIC_TYPES,
    );
    const sessionId = idParam(c, 'sessionId', 'event_session');
    await sweepExpiredCarts(ctx);
    const [s] = await ctx.db
      .select()
      .from(t.eventSession)
      .where(and(eq(t.eventSession.id, sessionId), eq(t.eventSession.eventTemplateId, ev.id)))
      .limit(1);
    if (!s) throw notFound('event_session');
    const groups = await loadGroupsForEvents(
      ctx.db,
      [ev.id],
      q.in('ticket_group.hidden_type') ?? q.in('hidden_type') ?? PUBLIC_TYPES,
      q.in('ticket_group.id') ?? q.in('ticket_group_id'),
    );
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
                inArray(
                  t.ticket.ticketGroupId,
                  groups.map((g) => g.id),
                ),
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
      if (q.has('ticket_type'))
        doc.ticket_type = coll(
          (
            await loadTypesForGroups(
              ctx.db,
              groups.map((g) => g.id),
            )
          ).map(wType),
        );
    }
    if (q.has('ticket_group.meta') || q.has('meta'))
      doc.meta = coll((await loadMeta(ctx.db, [ev.id, ...groups.map((g) => g.id)])).map(wMeta));
    if (q.has('ticket_group.config') || q.has('config'))
      doc.config = coll((await loadConfig(ctx.db, [ev.id, ...groups.map((g) => g.id)])).map(wConfig));
    if (q.has('venue')) doc.venue = coll(venue ? [wVenue(venue)] : []);
    if (q.has('event_template')) doc.event_template = coll([wEvent(ev)]);
    return c.json(doc);
  });

  api.get('/config', async (c) => {
    const seller = c.get('seller');
    const q = query(c);
    const ids = q.in('resource_id');
    if (!ids) throw invalid('query', 'resource_id._in is required.');
    // Only configuration of this seller's events, ticket groups and the seller itself.
    const rows = await loadConfig(ctx.db, ids, q.in('key'));
    const events = await ctx.db
      .select({ id: t.eventTemplate.id })
      .from(t.eventTemplate)
      .where(eq(t.eventTemplate.sellerId, seller.id));
    const eventIds = events.map((e) => e.id);
    const groups = eventIds.length
      ? await ctx.db
          .select({ id: t.ticketGroup.id })
          .from(t.ticketGroup)
          .where(inArray(t.ticketGroup.eventTemplateId, eventIds))
      : [];
    const allowed = new Set([seller.id, ...eventIds, ...groups.map((g) => g.id)]);
    const out = rows.filter((r) => allowed.has(r.resourceId));
    return c.json({
      config: coll((q.limit ? out.slice(0, q.limit) : out).map(wConfig)),
    } satisfies w.Document);
  });
}
