/** The event documents: the listing (GET events/available) and one event (GET events/{id}). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { CITYPASS_CODE_GROUPS_KEY, CITYPASS_EVENT_KEY } from '../../domain/citypass-rule';
import type { MessageRuleWire } from '../../domain/message-rules';
import type { AppCtx } from '../http/context';
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
} from '../http/docs';
import { invalid } from '../http/errors';
import type { ParsedQuery } from '../http/query';
import type { CatalogGate } from '../memberships/access';
import * as t from '../schema';
import { bookableSessions, type EventRow, type SessionRow, type VenueRow } from './lookup';

const META_FILTER = /^meta\.([a-z][a-z0-9_]{0,63})$/;
const MAX_META_FILTERS = 10;

/** The `meta.{key}._in` filters of a listing query (bounded; odd keys are a 400). */
export function metaFilters(q: ParsedQuery): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const [field, filter] of q.filters) {
    if (!field.startsWith('meta.') || !filter.in) continue;
    const key = META_FILTER.exec(field)?.[1];
    if (!key) throw invalid('query', `${field}._in: metadata keys are lower-case names.`);
    out.push([key, filter.in]);
  }
  if (out.length > MAX_META_FILTERS) throw invalid('query', `At most ${MAX_META_FILTERS} metadata filters.`);
  return out;
}

/**
 * Members-only events (`public_member_only`) are listed only with `_withmemberevents=true` and to a member;
 * guests never get them, whatever hidden types they ask for (spec 1 §6).
 */
export function listedHiddenTypes(q: ParsedQuery, member: boolean): string[] {
  const requested = q.in('hidden_type') ?? ['public_browsable'];
  const withMembers = member && q.bool('_withmemberevents') === true;
  return requested.filter((h) => h !== 'public_member_only' || withMembers);
}

/**
 * The seller's events of the query's hidden types, categories and metadata (`meta.{key}._in`, every key must
 * match), optionally only those with sessions in a range (dates in the seller's time zone). `member`: the
 * request comes from a logged-in member (members-only events need it).
 */
export async function eventsDocument(
  ctx: AppCtx,
  seller: Row<typeof t.seller>,
  q: ParsedQuery,
  member = false,
): Promise<w.Document> {
  const hidden = listedHiddenTypes(q, member);
  const cats = q.in('category');
  const metas = metaFilters(q);
  const conds = [eq(t.eventTemplate.sellerId, seller.id), inArray(t.eventTemplate.hiddenType, hidden)];
  if (cats) conds.push(inArray(t.eventTemplate.category, cats.length ? cats : ['']));
  let events = hidden.length
    ? await ctx.db
        .select()
        .from(t.eventTemplate)
        .where(and(...conds))
        .orderBy(asc(t.eventTemplate.rank), asc(t.eventTemplate.name))
    : [];
  for (const [key, values] of metas) {
    if (events.length === 0) break;
    const rows = await ctx.db
      .select({ id: t.meta.resourceId })
      .from(t.meta)
      .where(
        and(
          eq(t.meta.resource, 'event_template'),
          eq(t.meta.key, key),
          inArray(t.meta.value, values.length ? values : ['']),
          inArray(
            t.meta.resourceId,
            events.map((e) => e.id),
          ),
        ),
      );
    const matching = new Set(rows.map((r) => r.id));
    events = events.filter((e) => matching.has(e.id));
  }
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
  /** Members-only groups and types only where the request's membership allows them (memberships/access.ts). */
  gate?: CatalogGate,
): Promise<w.Document> {
  const loaded = await loadGroupsForEvents(
    ctx.db,
    [ev.id],
    q.in('ticket_group.hidden_type') ?? PUBLIC_TYPES,
    q.in('ticket_group.id'),
  );
  const groups = gate ? gate.groups(ev, loaded) : loaded;
  const groupIds = groups.map((g) => g.id);
  const doc: w.Document = { event_template: coll([wEvent(ev)]) };
  if (q.has('venue')) doc.venue = coll(venue ? [wVenue(venue)] : []);
  if (q.has('meta')) doc.meta = coll((await loadMeta(ctx.db, [ev.id, ...groupIds])).map(wMeta));
  if (q.has('config')) {
    const keys = q.in('config.key');
    const rows = await loadConfig(ctx.db, [ev.id, ...groupIds], keys);
    // An event whose groups take city-pass vouchers comes with the seller's voucher formats (spec 1 §3, §5).
    const citypass = rows.some((r) => r.key === CITYPASS_EVENT_KEY && r.resourceId === ev.id);
    if (citypass && (!keys || keys.includes(CITYPASS_CODE_GROUPS_KEY)))
      rows.push(...(await loadConfig(ctx.db, [ev.sellerId], [CITYPASS_CODE_GROUPS_KEY])));
    doc.config = coll(rows.map(wConfig));
  }
  if (q.has('ticket_group')) doc.ticket_group = coll(groups.map((g) => wGroup(g)));
  if (q.has('ticket_type')) {
    const types = await loadTypesForGroups(ctx.db, groupIds);
    doc.ticket_type = coll((gate ? gate.types(ev, groups, types) : types).map(wType));
  }
  // The event's message rules (spec 1 §3, §7 embed message_rule; domain/message-rules.ts), by rank.
  if (q.has('message_rule')) {
    const rules = await ctx.db
      .select()
      .from(t.messageRule)
      .where(eq(t.messageRule.eventTemplateId, ev.id))
      .orderBy(asc(t.messageRule.rank), asc(t.messageRule.id));
    (doc as w.Document & { message_rule?: unknown }).message_rule = coll(rules.map(wMessageRule));
  }
  return doc;
}

/** A message rule on the wire (domain/message-rules.ts MessageRuleWire). */
const wMessageRule = (r: Row<typeof t.messageRule>) =>
  ({
    id: r.id,
    event_template_id: r.eventTemplateId,
    _rank: r.rank,
    actions: r.actions,
    triggers: r.triggers,
  }) as MessageRuleWire;
