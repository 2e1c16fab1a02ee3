/** Lookups shared by the catalogue documents: an event of the seller, bookable sessions, price types. */
import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { AppCtx } from '../http/context';
import { isBookable, loadGroupsForEvents, loadTypesForGroups, PUBLIC_TYPES, type Row } from '../http/docs';
import { notFound } from '../http/errors';
import type { ParsedQuery } from '../http/query';
import * as t from '../schema';

export type SessionRow = Row<typeof t.eventSession>;
export type EventRow = Row<typeof t.eventTemplate>;
export type VenueRow = Row<typeof t.venue>;

/** An event of the seller among the given hidden types (else 404 event_template), its venue and time zone. */
export async function findEvent(ctx: AppCtx, sellerId: string, id: string, hiddenTypes: string[]) {
  const [ev] = await ctx.db
    .select()
    .from(t.eventTemplate)
    .where(and(eq(t.eventTemplate.id, id), eq(t.eventTemplate.sellerId, sellerId)))
    .limit(1);
  if (!ev || !hiddenTypes.includes(ev.hiddenType)) throw notFound('event_template');
  const [venue] = await ctx.db.select().from(t.venue).where(eq(t.venue.id, ev.venueId)).limit(1);
  return { ev, tz: venue?.timezone ?? 'UTC', venue };
}

export const groupIdFilter = (q: ParsedQuery) => q.in('ticket_group_id') ?? q.in('ticket_group.id');

/** Future, on-sale sessions of events (optionally bounded). */
export async function bookableSessions(ctx: AppCtx, eventIds: string[], from: Date | null, to: Date | null) {
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

/** Ticket types a price is quoted from: public groups of the event, optionally restricted to some groups. */
export async function priceTypes(ctx: AppCtx, eventId: string, groupIds: string[] | null) {
  const groups = await loadGroupsForEvents(ctx.db, [eventId], PUBLIC_TYPES, groupIds);
  return loadTypesForGroups(
    ctx.db,
    groups.map((g) => g.id),
  );
}
