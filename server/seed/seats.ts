/**
 * Seated events (issue 9). `seedTheatre` (run by `seed`): the demo seller's theatre of 400 seats in four
 * sections (Stalls Left, Centre and Right; Balcony) sold in two seated ticket groups (Stalls, Balcony) with
 * different prices, sessions at 14:30 and 19:30 for the next 14 days; with it `seedStudio`, a 40-seat studio in
 * the quantity-first form (link-only). `seedLargeHall` (only the seat-map
 * benchmark and tests call it): a hall of about 50,000 seats on one session. `planSeatMap` lays out any map of
 * sections of rows of seats (pure), so tests can build their own. Idempotent, stable ids.
 */
import { inArray, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { PRICE_DISPLAY_CONFIG_KEY, type PriceDisplaySetting } from '../../domain/price-display';
import type { Db } from '../db';
import * as t from '../schema';
import * as st from '../seats/schema';
import { dayjs, stableId } from '../util';
import { DEMO_SLUG, seedIdOf } from './ids';

/** One section: rows of seats, placed from (x, y), sold in the given ticket groups. */
export interface SectionPlan {
  name: string;
  rows: string[];
  /** Seats per row (the same for every row, or per row index). */
  seatsPerRow: number | ((rowIndex: number) => number);
  x: number;
  y: number;
  groups: string[];
  /** Seats never sold, as "row:number" (1-based), e.g. restricted view. */
  blocked?: string[];
}

export interface SeatMapPlan {
  width: number;
  height: number;
  geometry: w.MapGeometry;
  elements: w.SeatMapElementWire[];
  seats: (typeof st.seatTemplate.$inferInsert)[];
}

/** Centre-to-centre distance of seats and of rows, and the seat radius (map units). */
export const SEAT_PITCH = 24;
export const SEAT_RADIUS = 9;

const letters = (n: number): string[] =>
  Array.from({ length: n }, (_, i) =>
    i < 26
      ? String.fromCharCode(65 + i)
      : `${String.fromCharCode(65 + Math.floor(i / 26) - 1)}${String.fromCharCode(65 + (i % 26))}`,
  );

/** Lays the sections out (seats centred in each row), with a stage across the top and row labels. */
export function planSeatMap(mapId: string, sections: SectionPlan[], stage = true): SeatMapPlan {
  const seats: SeatMapPlan['seats'] = [];
  const elements: w.SeatMapElementWire[] = [];
  let width = 0;
  let height = 0;
  for (const sec of sections) {
    const counts = sec.rows.map((_, i) =>
      typeof sec.seatsPerRow === 'number' ? sec.seatsPerRow : sec.seatsPerRow(i),
    );
    const widest = Math.max(...counts);
    elements.push({
      type: 'section_label',
      x: sec.x,
      y: sec.y - SEAT_PITCH,
      width: widest * SEAT_PITCH,
      height: SEAT_PITCH,
      text: sec.name,
      section: sec.name,
    });
    const blocked = new Set(sec.blocked ?? []);
    sec.rows.forEach((row, ri) => {
      const n = counts[ri] ?? 0;
      const y = sec.y + ri * SEAT_PITCH + SEAT_PITCH / 2;
      const left = sec.x + ((widest - n) * SEAT_PITCH) / 2;
      elements.push({
        type: 'row_label',
        x: left - SEAT_PITCH,
        y: y - SEAT_PITCH / 2,
        width: SEAT_PITCH,
        height: SEAT_PITCH,
        text: row,
        section: sec.name,
      });
      const ids = Array.from({ length: n }, (_, i) => stableId(`seat:${mapId}:${sec.name}:${row}:${i + 1}`));
      for (let i = 0; i < n; i++) {
        const x = left + i * SEAT_PITCH + SEAT_PITCH / 2;
        seats.push({
          id: ids[i] as string,
          seatMapId: mapId,
          name: `${row}${i + 1}`,
          section: sec.name,
          row,
          x,
          y,
          r: SEAT_RADIUS,
          groups: sec.groups,
          previousId: ids[i - 1] ?? null,
          nextId: ids[i + 1] ?? null,
          blocked: blocked.has(`${row}:${i + 1}`),
          rank: seats.length,
        });
        width = Math.max(width, x + SEAT_PITCH);
        height = Math.max(height, y + SEAT_PITCH);
      }
    });
  }
  if (stage)
    elements.unshift({
      type: 'stage',
      x: 0,
      y: 0,
      width,
      height: SEAT_PITCH * 2,
      text: 'Stage',
      section: null,
    });
  return {
    width,
    height,
    geometry: { width, height, sections: sections.map((s) => ({ name: s.name, rows: s.rows })) },
    elements,
    seats,
  };
}

/** Writes a planned map for an event (once: an existing map of the event is left alone). */
export async function writeSeatMap(db: Db, eventId: string, mapId: string, plan: SeatMapPlan): Promise<void> {
  const existing = await db
    .select({ id: st.seatMap.id })
    .from(st.seatMap)
    .where(inArray(st.seatMap.id, [mapId]));
  if (existing.length) return;
  // In batches of 10,000 as one JSON parameter each (a 50,000-seat hall in a few statements).
  for (let i = 0; i < plan.seats.length; i += 10_000) {
    const batch = plan.seats.slice(i, i + 10_000).map((x) => ({
      id: x.id,
      seat_map_id: x.seatMapId,
      name: x.name,
      section: x.section,
      row: x.row,
      x: x.x,
      y: x.y,
      r: x.r,
      groups: x.groups,
      previous_id: x.previousId ?? null,
      next_id: x.nextId ?? null,
      blocked: x.blocked ?? false,
      rank: x.rank,
    }));
    await db.execute(sql`INSERT INTO seat_template (id, seat_map_id, name, section, row, x, y, r, groups, previous_id,
        next_id, blocked, rank)
      SELECT id, seat_map_id, name, section, row, x, y, r, groups, previous_id, next_id, blocked, rank
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS s(id text, seat_map_id text, name text,
        section text, row text, x real, y real, r real, groups jsonb, previous_id text, next_id text,
        blocked boolean, rank integer)
      ON CONFLICT DO NOTHING`);
  }
  await db
    .insert(st.seatMap)
    .values({
      id: mapId,
      eventTemplateId: eventId,
      width: plan.width,
      height: plan.height,
      geometry: plan.geometry,
      elements: plan.elements,
    })
    .onConflictDoNothing();
}

/* ---------------------------------------------------------------- the demo theatre */

export const THEATRE_KEY = 'museum-theatre';
const TZ = 'America/New_York';
const THEATRE_DAYS = 14;
export const THEATRE_TIMES = ['14:30', '19:30'];

/** The theatre's ids at the seller `slug` (server/seed/ids.ts). */
export function theatreIdsOf(slug: string) {
  const id = seedIdOf(slug);
  const map = id(`seatmap:${THEATRE_KEY}`);
  return {
    event: id(`event:${THEATRE_KEY}`),
    map,
    stalls: id(`group:${THEATRE_KEY}:stalls`),
    balcony: id(`group:${THEATRE_KEY}:balcony`),
    type: (group: 'stalls' | 'balcony', name: string) => id(`type:${THEATRE_KEY}:${group}:${name}`),
    session: (startIso: string) => id(`session:${THEATRE_KEY}:${startIso}`),
    image: (kind: 'profile' | 'cover') => id(`image:${THEATRE_KEY}:${kind}`),
    seat: (section: string, row: string, n: number) => stableId(`seat:${map}:${section}:${row}:${n}`),
  };
}

export const theatreIds = theatreIdsOf(DEMO_SLUG);

/** Stalls Left, Centre and Right (10 rows, 300 seats) and the Balcony (5 rows of 20): 400 seats. */
export function theatrePlan(theatreIds = theatreIdsOf(DEMO_SLUG)): SeatMapPlan {
  const rows = letters(10);
  const top = SEAT_PITCH * 4;
  const balconyTop = top + 12 * SEAT_PITCH + SEAT_PITCH * 2;
  return planSeatMap(theatreIds.map, [
    { name: 'Stalls Left', rows, seatsPerRow: 8, x: 0, y: top, groups: [theatreIds.stalls] },
    { name: 'Stalls Centre', rows, seatsPerRow: 14, x: 10 * SEAT_PITCH, y: top, groups: [theatreIds.stalls] },
    { name: 'Stalls Right', rows, seatsPerRow: 8, x: 26 * SEAT_PITCH, y: top, groups: [theatreIds.stalls] },
    {
      name: 'Balcony',
      rows: letters(5).map((r) => `B${r}`),
      seatsPerRow: 20,
      x: 7 * SEAT_PITCH,
      y: balconyTop,
      groups: [theatreIds.balcony],
      blocked: ['BE:1', 'BE:20'],
    },
  ]);
}

const THEATRE_GROUPS = [
  {
    key: 'stalls' as const,
    name: 'Stalls',
    description: 'Reserved seats in the stalls',
    rank: 0,
    types: [
      { name: 'Adult', cents: 4500 },
      { name: 'Child', cents: 3000, description: 'Ages 3 to 17' },
    ],
  },
  {
    key: 'balcony' as const,
    name: 'Balcony',
    description: 'Reserved seats in the balcony',
    rank: 1,
    types: [
      { name: 'Adult', cents: 3000 },
      { name: 'Child', cents: 2000, description: 'Ages 3 to 17' },
    ],
  },
];

export async function seedTheatre(
  db: Db,
  ids: { seller: string; venue: string; slug?: string },
  nowMs: number,
): Promise<void> {
  const id = seedIdOf(ids.slug ?? DEMO_SLUG);
  const theatreIds = theatreIdsOf(ids.slug ?? DEMO_SLUG);
  const eventId = theatreIds.event;
  const plan = theatrePlan(theatreIds);
  await db
    .insert(t.eventTemplate)
    .values({
      id: eventId,
      sellerId: ids.seller,
      venueId: ids.venue,
      name: 'Museum Theatre: The Tempest',
      subtitle: 'Shakespeare’s island play in our 400-seat theatre',
      summary:
        'Choose your seats in the stalls or the balcony for an evening of magic, storms and reconciliation.',
      description:
        '<p>Our resident company performs <em>The Tempest</em> in the museum’s historic theatre.</p><p>Running time about 2 hours 30 minutes with one interval.</p>',
      category: 'Shows',
      eventType: 'repeating',
      hiddenType: 'public_browsable',
      rank: 50,
    })
    .onConflictDoNothing();
  const profile = theatreIds.image('profile');
  const cover = theatreIds.image('cover');
  await db
    .insert(t.image)
    .values([
      { id: profile, sellerId: ids.seller, title: 'The Tempest', hue: 220, width: 1200, height: 800 },
      { id: cover, sellerId: ids.seller, title: 'The Tempest', hue: 220, width: 1920, height: 640 },
    ])
    .onConflictDoNothing();
  await db
    .insert(t.meta)
    .values(
      [
        ['image_profile', profile],
        ['image_cover', cover],
        ['reserve_flow', 'date_first'],
      ].map(([key, value]) => ({
        id: id(`meta:${THEATRE_KEY}:${key}`),
        resource: 'event_template',
        resourceId: eventId,
        key: key as string,
        value: value as string,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.config)
    .values({
      id: id(`config:${THEATRE_KEY}:image`),
      resource: 'event_template',
      resourceId: eventId,
      key: 'image',
      value: { alt_text: 'Deep blue waves under a storm cloud with the words The Tempest' },
    })
    .onConflictDoNothing();
  for (const g of THEATRE_GROUPS) {
    const groupId = theatreIds[g.key];
    await db
      .insert(t.ticketGroup)
      .values({
        id: groupId,
        eventTemplateId: eventId,
        name: g.name,
        description: g.description,
        handler: 'seated',
        hiddenType: 'public_browsable',
        minTicketsPerOrder: 1,
        maxTicketsPerOrder: 10,
        capacity: -1,
        oversellCapacity: 0,
        usedCapacity: 0,
        excludeFromEventCapacity: false,
        rank: g.rank,
      })
      .onConflictDoNothing();
    await db
      .insert(t.ticketType)
      .values(
        g.types.map((ty, i) => ({
          id: theatreIds.type(g.key, ty.name),
          ticketGroupId: groupId,
          eventTemplateId: eventId,
          name: ty.name,
          description: ty.description ?? null,
          summary: null,
          amountCents: ty.cents,
          feeFixedCents: null,
          rank: i,
        })),
      )
      .onConflictDoNothing();
  }
  await writeSeatMap(db, eventId, theatreIds.map, plan);
  // Sessions for the next days; capacity = the seats on sale (blocked seats are never sold).
  const capacity = plan.seats.filter((s) => !s.blocked).length;
  const today = dayjs(nowMs).tz(TZ).format('YYYY-MM-DD');
  const rows = [];
  for (let d = 0; d < THEATRE_DAYS; d++) {
    const date = dayjs.tz(today, TZ).add(d, 'day').format('YYYY-MM-DD');
    for (const time of THEATRE_TIMES) {
      const start = dayjs.tz(`${date} ${time}`, TZ);
      const startAt = start.toDate();
      rows.push({
        id: theatreIds.session(startAt.toISOString()),
        eventTemplateId: eventId,
        startAt,
        endAt: start.add(150, 'minute').toDate(),
        capacity,
        oversellCapacity: 0,
        usedCapacity: 0,
        salesStart: null,
        salesEnd: startAt,
      });
    }
  }
  await db.insert(t.eventSession).values(rows).onConflictDoNothing();
  await seedStudio(db, ids, nowMs);
}

/* ---------------------------------------------------------------- the studio (quantity-first, seated) */

export const STUDIO_KEY = 'museum-studio';
export const STUDIO_TIMES = ['11:00', '15:00'];
const STUDIO_DAYS = 14;

/** The studio's ids at the seller `slug` (server/seed/ids.ts). */
export function studioIdsOf(slug: string) {
  const id = seedIdOf(slug);
  return {
    event: id(`event:${STUDIO_KEY}`),
    map: id(`seatmap:${STUDIO_KEY}`),
    group: id(`group:${STUDIO_KEY}:studio`),
    type: (name: string) => id(`type:${STUDIO_KEY}:studio:${name}`),
    session: (startIso: string) => id(`session:${STUDIO_KEY}:${startIso}`),
  };
}

export const studioIds = studioIdsOf(DEMO_SLUG);

/** The studio's price display (spec 1 §3, §9): its days read 'Adults $25.00 Children $15.00'. */
export const STUDIO_PRICE_DISPLAY: PriceDisplaySetting = {
  primary_ticket_type: 'Adult',
  primary_prefix: 'Adults',
  secondary_ticket_type: 'Child',
  secondary_prefix: 'Children',
  show: 'all',
};

/** One section of 4 rows of 10 seats. */
export function studioPlan(studioIds = studioIdsOf(DEMO_SLUG)): SeatMapPlan {
  return planSeatMap(studioIds.map, [
    { name: 'Studio', rows: letters(4), seatsPerRow: 10, x: 0, y: SEAT_PITCH * 4, groups: [studioIds.group] },
  ]);
}

/**
 * A small seated event in the quantity-first form (meta reserve_flow quantity_first): 40 seats in one seated
 * group (Adult, Child), sessions at 11:00 and 15:00 for the next 14 days, and a price display on its days
 * (`STUDIO_PRICE_DISPLAY`). A link-only event, so listings are unchanged; reached by its stable id
 * (`studioIds.event`).
 */
export async function seedStudio(
  db: Db,
  ids: { seller: string; venue: string; slug?: string },
  nowMs: number,
): Promise<void> {
  const id = seedIdOf(ids.slug ?? DEMO_SLUG);
  const studioIds = studioIdsOf(ids.slug ?? DEMO_SLUG);
  const eventId = studioIds.event;
  const plan = studioPlan(studioIds);
  await db
    .insert(t.eventTemplate)
    .values({
      id: eventId,
      sellerId: ids.seller,
      venueId: ids.venue,
      name: 'Museum Studio: Chamber Recital',
      subtitle: 'A string quartet in our 40-seat studio',
      summary: 'Choose how many tickets, then a date, a time and your seats.',
      description: '<p>An hour of Haydn and Britten in the museum’s studio.</p>',
      category: 'Shows',
      eventType: 'repeating',
      hiddenType: 'public_link_only',
      rank: 51,
    })
    .onConflictDoNothing();
  await db
    .insert(t.meta)
    .values({
      id: id(`meta:${STUDIO_KEY}:reserve_flow`),
      resource: 'event_template',
      resourceId: eventId,
      key: 'reserve_flow',
      value: 'quantity_first',
    })
    .onConflictDoNothing();
  // What its calendar days show (spec 1 §3 `web.price_display`, issue 25): the Adult price as the day's
  // price line with the prefix 'Adults', the Child price as a badge 'Children'. Link-only: no other event changes.
  await db
    .insert(t.config)
    .values({
      id: id(`config:${STUDIO_KEY}:${PRICE_DISPLAY_CONFIG_KEY}`),
      resource: 'event_template',
      resourceId: eventId,
      key: PRICE_DISPLAY_CONFIG_KEY,
      value: STUDIO_PRICE_DISPLAY,
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketGroup)
    .values({
      id: studioIds.group,
      eventTemplateId: eventId,
      name: 'Studio',
      description: 'Reserved seats in the studio',
      handler: 'seated',
      hiddenType: 'public_browsable',
      minTicketsPerOrder: 1,
      maxTicketsPerOrder: 10,
      capacity: -1,
      oversellCapacity: 0,
      usedCapacity: 0,
      excludeFromEventCapacity: false,
      rank: 0,
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values(
      [
        { name: 'Adult', cents: 2500, description: null },
        { name: 'Child', cents: 1500, description: 'Ages 3 to 17' },
      ].map((ty, i) => ({
        id: studioIds.type(ty.name),
        ticketGroupId: studioIds.group,
        eventTemplateId: eventId,
        name: ty.name,
        description: ty.description,
        summary: null,
        amountCents: ty.cents,
        feeFixedCents: null,
        rank: i,
      })),
    )
    .onConflictDoNothing();
  await writeSeatMap(db, eventId, studioIds.map, plan);
  const today = dayjs(nowMs).tz(TZ).format('YYYY-MM-DD');
  const rows = [];
  for (let d = 0; d < STUDIO_DAYS; d++) {
    const date = dayjs.tz(today, TZ).add(d, 'day').format('YYYY-MM-DD');
    for (const time of STUDIO_TIMES) {
      const start = dayjs.tz(`${date} ${time}`, TZ);
      const startAt = start.toDate();
      rows.push({
        id: studioIds.session(startAt.toISOString()),
        eventTemplateId: eventId,
        startAt,
        endAt: start.add(60, 'minute').toDate(),
        capacity: plan.seats.length,
        oversellCapacity: 0,
        usedCapacity: 0,
        salesStart: null,
        salesEnd: startAt,
      });
    }
  }
  await db.insert(t.eventSession).values(rows).onConflictDoNothing();
}

/* ---------------------------------------------------------------- the benchmark's large hall */

export const LARGE_HALL_KEY = 'large-hall';

export interface LargeHallOptions {
  /** About this many seats (sections of 50 rows of 100; default 50,000). */
  seats?: number;
  /** Ticket groups to spread the sections over (default 4, at most 20: the palette's size). */
  groups?: number;
  /** Start of its one session (epoch ms; default a week from now). */
  startMs?: number;
}

/** What seedLargeHall created: the event, its one session, its groups and the number of seats. */
export interface LargeHall {
  eventId: string;
  sessionId: string;
  groupIds: string[];
  seatCount: number;
}

/**
 * A hall of about 50,000 seats (the seat-map benchmark's): sections of 50 rows of 100 seats in a grid, spread
 * over `groups` seated ticket groups, one session; on the seller `sellerId` (a link-only event, so it is not
 * listed). Idempotent for the same options.
 */
export async function seedLargeHall(
  db: Db,
  ids: { seller: string; venue: string },
  options: LargeHallOptions = {},
): Promise<LargeHall> {
  const total = options.seats ?? 50_000;
  const groupCount = Math.min(Math.max(options.groups ?? 4, 1), 20);
  const key = `${LARGE_HALL_KEY}:${total}:${groupCount}`;
  const eventId = stableId(`event:${key}`);
  const mapId = stableId(`seatmap:${key}`);
  const groupIds = Array.from({ length: groupCount }, (_, i) => stableId(`group:${key}:${i}`));
  const perSection = 50 * 100;
  const sectionCount = Math.ceil(total / perSection);
  const columns = Math.ceil(Math.sqrt(sectionCount));
  const rows = letters(50);
  const sections: SectionPlan[] = Array.from({ length: sectionCount }, (_, i) => {
    const seatsHere = Math.min(perSection, total - i * perSection);
    return {
      name: `Section ${i + 1}`,
      rows: rows.slice(0, Math.ceil(seatsHere / 100)),
      seatsPerRow: (r: number) => Math.min(100, seatsHere - r * 100),
      x: (i % columns) * 104 * SEAT_PITCH,
      y: SEAT_PITCH * 4 + Math.floor(i / columns) * 53 * SEAT_PITCH,
      groups: [groupIds[i % groupCount] as string],
    };
  });
  const plan = planSeatMap(mapId, sections);
  await db
    .insert(t.eventTemplate)
    .values({
      id: eventId,
      sellerId: ids.seller,
      venueId: ids.venue,
      name: `Large Hall (${plan.seats.length} seats)`,
      subtitle: null,
      summary: null,
      description: null,
      category: 'Shows',
      eventType: 'single',
      hiddenType: 'public_link_only',
      rank: 99,
    })
    .onConflictDoNothing();
  for (const [i, groupId] of groupIds.entries()) {
    await db
      .insert(t.ticketGroup)
      .values({
        id: groupId,
        eventTemplateId: eventId,
        name: `Zone ${i + 1}`,
        description: null,
        handler: 'seated',
        hiddenType: 'public_browsable',
        minTicketsPerOrder: 1,
        maxTicketsPerOrder: 10,
        capacity: -1,
        oversellCapacity: 0,
        usedCapacity: 0,
        excludeFromEventCapacity: false,
        rank: i,
      })
      .onConflictDoNothing();
    await db
      .insert(t.ticketType)
      .values({
        id: stableId(`type:${key}:${i}`),
        ticketGroupId: groupId,
        eventTemplateId: eventId,
        name: 'Standard',
        description: null,
        summary: null,
        amountCents: 2000 + i * 500,
        feeFixedCents: null,
        rank: 0,
      })
      .onConflictDoNothing();
  }
  await writeSeatMap(db, eventId, mapId, plan);
  const start = dayjs(options.startMs ?? Date.now() + 7 * 24 * 3600 * 1000).startOf('hour');
  const sessionId = stableId(`session:${key}`);
  await db
    .insert(t.eventSession)
    .values({
      id: sessionId,
      eventTemplateId: eventId,
      startAt: start.toDate(),
      endAt: start.add(3, 'hour').toDate(),
      capacity: plan.seats.length,
      oversellCapacity: 0,
      usedCapacity: 0,
      salesStart: null,
      salesEnd: start.toDate(),
    })
    .onConflictDoNothing();
  return { eventId, sessionId, groupIds, seatCount: plan.seats.length };
}
