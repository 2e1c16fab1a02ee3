/** Row → wire serialisers and loaders of related collections for relational documents. */
import { and, asc, inArray } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { PASSES_HANDLER } from '../../domain/pass-validity';
import type { Q } from '../db';
import * as t from '../schema';
import { iso, money } from '../util';

export type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export const coll = <T>(items: T[]) => ({ _count: items.length, _data: items });

export const PUBLIC_TYPES = ['public_browsable', 'public_link_only'];

export const placesLeft = (s: { capacity: number; oversellCapacity: number; usedCapacity: number }) =>
  s.capacity === -1 ? null : Math.max(0, s.capacity + s.oversellCapacity - s.usedCapacity);

export const isSoldOut = (s: { capacity: number; oversellCapacity: number; usedCapacity: number }) =>
  placesLeft(s) === 0;

/** Future and within the sales window. */
export const isBookable = (s: Row<typeof t.eventSession>, nowMs: number) =>
  s.startAt.getTime() > nowMs &&
  (!s.salesStart || s.salesStart.getTime() <= nowMs) &&
  (!s.salesEnd || s.salesEnd.getTime() > nowMs);

export const priceCents = (ty: Row<typeof t.ticketType>) => ty.discountedCents ?? ty.amountCents;

export const wEvent = (e: Row<typeof t.eventTemplate>): w.EventTemplate => ({
  id: e.id,
  seller_id: e.sellerId,
  name: e.name,
  subtitle: e.subtitle,
  summary: e.summary,
  description: e.description,
  category: e.category,
  event_type: e.eventType,
  hidden_type: e.hiddenType,
  venue_id: e.venueId,
  _rank: e.rank,
});

export const wVenue = (v: Row<typeof t.venue>): w.Venue => ({ id: v.id, name: v.name, timezone: v.timezone });

export const wMeta = (m: Row<typeof t.meta>): w.Meta => ({
  id: m.id,
  resource: m.resource,
  resource_id: m.resourceId,
  key: m.key,
  value: m.value,
});

export const wConfig = (c: Row<typeof t.config>): w.Config => ({
  id: c.id,
  resource: c.resource,
  resource_id: c.resourceId,
  key: c.key,
  value: c.value,
});

export const wGroup = (
  g: Row<typeof t.ticketGroup>,
  overrideUsed?: number,
  sessionSoldOut = false,
): w.TicketGroup => {
  const used = overrideUsed ?? g.usedCapacity;
  return {
    id: g.id,
    event_template_id: g.eventTemplateId,
    name: g.name,
    description: g.description,
    handler: g.handler as w.TicketGroup['handler'],
    hidden_type: g.hiddenType,
    min_tickets_per_order: g.minTicketsPerOrder,
    max_tickets_per_order: g.maxTicketsPerOrder,
    capacity: g.capacity,
    oversell_capacity: g.oversellCapacity,
    used_capacity: used,
    exclude_from_event_capacity: g.excludeFromEventCapacity,
    sold_out: sessionSoldOut || isSoldOut({ ...g, usedCapacity: used }),
    _rank: g.rank,
    // A pass's validity policy (spec 1 §3; domain/pass-validity.ts): on `passes` groups only.
    ...(g.handler === PASSES_HANDLER
      ? {
          start_policy: g.startPolicy as w.TicketGroup['start_policy'],
          start_policy_date: g.startPolicyDate,
          duration_new: g.durationNew,
        }
      : {}),
  };
};

const m = (c: number | null) => (c === null ? null : money(c));

export const wType = (ty: Row<typeof t.ticketType>): w.TicketType => ({
  id: ty.id,
  ticket_group_id: ty.ticketGroupId,
  event_template_id: ty.eventTemplateId,
  name: ty.name,
  description: ty.description,
  summary: ty.summary,
  currency_amount: money(ty.amountCents),
  currency_amount_min: m(ty.amountMinCents),
  currency_amount_max: m(ty.amountMaxCents),
  discounted_amount: m(ty.discountedCents),
  fee_fixed_outside: m(ty.feeFixedCents),
  fee_percent_outside: m(ty.feePercentBp),
  _rank: ty.rank,
});

export const wSession = (s: Row<typeof t.eventSession>): w.EventSession => ({
  id: s.id,
  event_template_id: s.eventTemplateId,
  start_datetime: s.startAt.toISOString(),
  end_datetime: s.endAt.toISOString(),
  capacity: s.capacity,
  oversell_capacity: s.oversellCapacity,
  used_capacity: s.usedCapacity,
  sold_out: isSoldOut(s),
  sales_start: iso(s.salesStart),
  sales_end: iso(s.salesEnd),
});

export const wSeller = (s: Row<typeof t.seller>): w.Seller => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  timezone: s.timezone,
  currency: s.currency,
});

export const wIdentity = (i: Row<typeof t.identity>): w.Identity => ({
  id: i.id,
  first_name: i.firstName,
  last_name: i.lastName,
  email: i.email,
  type: i.type,
});

export const wTicket = (k: Row<typeof t.ticket>): w.Ticket => ({
  id: k.id,
  cart_id: k.cartId,
  state: k.state,
  event_session_id: k.eventSessionId,
  event_template_id: k.eventTemplateId,
  ticket_type_id: k.ticketTypeId,
  ticket_group_id: k.ticketGroupId,
  ticket_order_id: k.ticketOrderId,
  handler: k.handler,
  face_value: money(k.faceValueCents),
  adjusted_value: money(k.adjustedValueCents),
  valid_from: iso(k.validFrom),
  valid_to: iso(k.validTo),
  admit_name: k.admitName,
  admit_email: k.admitEmail,
  // The survey answers of its group (cart/survey.ts), when the reserve gave any.
  ...(k.additionalInfo ? { additional_info: k.additionalInfo } : {}),
});

/**
 * Tickets as the wire has them, each seated one with its seat (`seat`, null when it has none any more) from
 * `seats` (server/seats/ticket-seats.ts `ticketSeats`); other tickets have no `seat` key.
 */
export const wTicketWithSeat =
  (seats: ReadonlyMap<string, w.TicketSeat>) =>
  (k: Row<typeof t.ticket>): w.Ticket =>
    k.handler === 'seated' ? { ...wTicket(k), seat: seats.get(k.id) ?? null } : wTicket(k);

export const wOrder = (o: Row<typeof t.ticketOrder>): w.TicketOrder => ({
  id: o.id,
  order_number: o.orderNumber,
  cart_id: o.cartId,
  identity_id: o.identityId,
  seller_id: o.sellerId,
  created_at: o.createdAt.toISOString(),
});

/* ---------- loaders ---------- */

const uniq = (xs: Array<string | null | undefined>) => [...new Set(xs.filter((x): x is string => !!x))];

export async function loadVenues(q: Q, ids: Array<string | null | undefined>) {
  const u = uniq(ids);
  return u.length ? q.select().from(t.venue).where(inArray(t.venue.id, u)) : [];
}

export async function loadEvents(q: Q, ids: Array<string | null | undefined>) {
  const u = uniq(ids);
  return u.length
    ? q
        .select()
        .from(t.eventTemplate)
        .where(inArray(t.eventTemplate.id, u))
        .orderBy(asc(t.eventTemplate.rank))
    : [];
}

export async function loadSessions(q: Q, ids: Array<string | null | undefined>) {
  const u = uniq(ids);
  return u.length
    ? q
        .select()
        .from(t.eventSession)
        .where(inArray(t.eventSession.id, u))
        .orderBy(asc(t.eventSession.startAt))
    : [];
}

export async function loadGroupsById(q: Q, ids: Array<string | null | undefined>) {
  const u = uniq(ids);
  return u.length
    ? q.select().from(t.ticketGroup).where(inArray(t.ticketGroup.id, u)).orderBy(asc(t.ticketGroup.rank))
    : [];
}

export async function loadTypesById(q: Q, ids: Array<string | null | undefined>) {
  const u = uniq(ids);
  return u.length
    ? q.select().from(t.ticketType).where(inArray(t.ticketType.id, u)).orderBy(asc(t.ticketType.rank))
    : [];
}

/** Ticket groups of events, filtered by hidden type and optionally by id. */
export async function loadGroupsForEvents(
  q: Q,
  eventIds: string[],
  hiddenTypes: string[],
  groupIds?: string[] | null,
) {
  if (!eventIds.length || !hiddenTypes.length) return [];
  const conds = [
    inArray(t.ticketGroup.eventTemplateId, eventIds),
    inArray(t.ticketGroup.hiddenType, hiddenTypes),
  ];
  if (groupIds) {
    if (!groupIds.length) return [];
    conds.push(inArray(t.ticketGroup.id, groupIds));
  }
  return q
    .select()
    .from(t.ticketGroup)
    .where(and(...conds))
    .orderBy(asc(t.ticketGroup.rank));
}

export async function loadTypesForGroups(q: Q, groupIds: string[]) {
  if (!groupIds.length) return [];
  return q
    .select()
    .from(t.ticketType)
    .where(inArray(t.ticketType.ticketGroupId, groupIds))
    .orderBy(asc(t.ticketType.rank));
}

export async function loadMeta(q: Q, resourceIds: string[]) {
  return resourceIds.length
    ? q
        .select()
        .from(t.meta)
        .where(inArray(t.meta.resourceId, uniq(resourceIds)))
    : [];
}

export async function loadConfig(q: Q, resourceIds: string[], keys?: string[] | null) {
  if (!resourceIds.length) return [];
  const conds = [inArray(t.config.resourceId, uniq(resourceIds))];
  if (keys) {
    if (!keys.length) return [];
    conds.push(inArray(t.config.key, keys));
  }
  return q
    .select()
    .from(t.config)
    .where(and(...conds));
}
