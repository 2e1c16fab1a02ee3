/**
 * Tables of seated events (issue 9): one seat map per event template (its drawing and other elements), its
 * seat templates (the seats, shared by every session of the event), and the seats taken per session. The DDL is
 * `SEATS_DDL` below (run with `server/ddl.ts` at startup).
 *
 * A seat is taken in a session by one `seat_hold` row (primary key: session and seat), so two reserves of the
 * same seat cannot both commit: the second waits for the first and then finds the seat taken. The row keeps
 * the ticket that took it; when that ticket is cancelled or unbooked (removed, cart discarded or expired,
 * order cancelled) the seat is free again and the next reserve takes the row over. A row without a ticket is a
 * seat the seller holds back for that session (state unavailable).
 */
import { boolean, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';

/** One map per seated event: its extent, the sections (with their rows) in order, and the other elements. */
export const seatMap = pgTable('seat_map', {
  id: text('id').primaryKey(),
  eventTemplateId: text('event_template_id').notNull(),
  width: real('width').notNull(),
  height: real('height').notNull(),
  /** `{ width, height, sections: [{ name, rows: [...] }] }` (api/seat-schemas.ts mapGeometry). */
  geometry: jsonb('geometry').notNull(),
  /** The stage, section and row labels, shapes (api/seat-schemas.ts seatMapElement). */
  elements: jsonb('elements').notNull(),
});

/** A seat of a map: its place, row neighbours, the ticket groups it is sold in, and its order in the map. */
export const seatTemplate = pgTable('seat_template', {
  id: text('id').primaryKey(),
  seatMapId: text('seat_map_id').notNull(),
  name: text('name').notNull(),
  section: text('section').notNull(),
  row: text('row').notNull(),
  x: real('x').notNull(),
  y: real('y').notNull(),
  r: real('r').notNull(),
  /** Ticket group ids (jsonb array of strings). */
  groups: jsonb('groups').notNull(),
  previousId: text('previous_id'),
  nextId: text('next_id'),
  /** Never sold (e.g. restricted view): unavailable in every session. */
  blocked: boolean('blocked').notNull().default(false),
  rank: integer('rank').notNull(),
});

/** A seat taken in a session: by a ticket, or (ticket null) held back by the seller. */
export const seatHold = pgTable(
  'seat_hold',
  {
    eventSessionId: text('event_session_id').notNull(),
    seatTemplateId: text('seat_template_id').notNull(),
    ticketId: text('ticket_id'),
  },
  (table) => [primaryKey({ columns: [table.eventSessionId, table.seatTemplateId] })],
);

/** Ticket states whose seat is free again. */
export const SEAT_FREEING_STATES = ['cancelled', 'unbooked'];

export const SEATS_DDL = `
CREATE TABLE IF NOT EXISTS seat_map (
  id text PRIMARY KEY,
  event_template_id text NOT NULL UNIQUE,
  width real NOT NULL,
  height real NOT NULL,
  geometry jsonb NOT NULL,
  elements jsonb NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_template (
  id text PRIMARY KEY,
  seat_map_id text NOT NULL,
  name text NOT NULL,
  section text NOT NULL,
  row text NOT NULL,
  x real NOT NULL,
  y real NOT NULL,
  r real NOT NULL,
  groups jsonb NOT NULL,
  previous_id text,
  next_id text,
  blocked boolean NOT NULL DEFAULT false,
  rank integer NOT NULL
);
CREATE INDEX IF NOT EXISTS seat_template_map_idx ON seat_template (seat_map_id, rank);
CREATE TABLE IF NOT EXISTS seat_hold (
  event_session_id text NOT NULL,
  seat_template_id text NOT NULL,
  ticket_id text,
  PRIMARY KEY (event_session_id, seat_template_id)
);
CREATE INDEX IF NOT EXISTS seat_hold_ticket_idx ON seat_hold (ticket_id);
`;
