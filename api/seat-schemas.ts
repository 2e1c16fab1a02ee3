/**
 * Wire shapes of the seat map (spec 1 §7): GET events/{event_template_id}/sessions/{id}/seat_map?_withgeometry=true
 * answers `{ seat_map: { _data: [ { …, map_geometry, other_elements } ] }, seat: { _data: [...] } }`. Only the
 * seat-map client (loaded on demand, ./seat-map) imports this module at run time; api/schemas.ts re-exports its
 * types for the server.
 */
import * as z from 'zod/mini';
import { collection } from './schemas';

const id = z.string();
const coordinate = z.number().check(z.gte(-1_000_000), z.lte(1_000_000));

export const seatState = z.enum(['available', 'booked', 'unavailable']);

/** One seat of a session: its template id, geometry, ticket groups, state and row neighbours (spec 1 §3). */
export const seat = z.object({
  id,
  seat_template_id: id,
  name: z.string(),
  section: z.string(),
  row: z.string(),
  x: coordinate,
  y: coordinate,
  r: z.number().check(z.gt(0), z.lte(1000)),
  /** Ticket group ids the seat is sold in. */
  groups: z.array(id),
  state: seatState,
  previous: z.nullable(id),
  next: z.nullable(id),
});

/** Elements of the map other than seats: the stage, section and row labels, shapes. */
export const seatMapElement = z.object({
  type: z.enum(['stage', 'section_label', 'row_label', 'label', 'shape']),
  x: coordinate,
  y: coordinate,
  width: z.number(),
  height: z.number(),
  text: z.nullable(z.string()),
  section: z.nullable(z.string()),
});

/** The drawing's extent and its sections in map order (each with its rows in order). */
export const mapGeometry = z.object({
  width: z.number().check(z.gt(0)),
  height: z.number().check(z.gt(0)),
  sections: z.array(z.object({ name: z.string(), rows: z.array(z.string()) })),
});

export const seatMap = z.object({
  id,
  event_template_id: id,
  event_session_id: id,
  width: z.number(),
  height: z.number(),
  /** Present with `_withgeometry=true`. */
  map_geometry: z.optional(z.nullable(mapGeometry)),
  other_elements: z.array(seatMapElement),
});

export const seatMapDocument = z.object({
  seat_map: collection(seatMap),
  seat: collection(seat),
});

/** A seat chosen for a reservation line, sent as the line's `handler_data` (seated groups). */
export const seatHandlerData = z.object({ seat_template_id: id, ticket_group_id: id });

export type SeatWire = z.infer<typeof seat>;
export type SeatMapWire = z.infer<typeof seatMap>;
export type SeatMapElementWire = z.infer<typeof seatMapElement>;
export type MapGeometry = z.infer<typeof mapGeometry>;
export type SeatMapDocument = z.infer<typeof seatMapDocument>;
export type SeatHandlerData = z.infer<typeof seatHandlerData>;
