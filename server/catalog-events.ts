/** The event documents: the listing (GET events/available) and one event (GET events/{id}). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type * as w from '../api/schemas';
import { bookableSessions, type EventRow, type SessionRow, type VenueRow } from './catalog-lookup';
import type { AppCtx } from './context';
import {
  coll,
  loadConfig,
  loadGroupsForEvents,
  loadMeta,
  loadTypesForGroups,
  loadVenues,
  PUBLIC_TYPES,
  type Row,
  wConfig,
  wEvent,
  wGroup,
  wMeta,
  wSession,
  wType,
  wVenue,
} from './docs';
import type { ParsedQuery } from './query';
import * as t from './schema';

/** The seller's events of the query's hidden types and categories, optionally only those with sessions in a range. */
export async function eventsDocument(
  ctx: AppCtx,
  seller: Row<typeof t.seller>,
  q: ParsedQuery,
): Promise<w.Document> {
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
    q.has('ticket_group') || q.has('ticket_type') ? await loadGroupsForEvents(ctx.db, ids, PUBLIC_TYPES) : [];
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
  return doc;
}

/** One event (found by the caller) with the query's embeds of its ticket groups. */
export async function eventDocument(
  ctx: AppCtx,
  q: ParsedQuery,
  ev: EventRow,
  venue: VenueRow | undefined,
): Promise<w.Document> {
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
  return doc;
}
