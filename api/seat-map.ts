/**
 * The seat map (spec 1 §7): GET events/{event_template_id}/sessions/{id}/seat_map?_withgeometry=true, parsed and
 * joined into an immutable SeatMapModel the renderer reads (tens of thousands of seats stay out of machine
 * context). Nothing imports this module statically: the seat map's wiring loads it on demand
 * (`import('../../api/seat-map')`, then `createSeatMapClient(api.request).get(eventId, sessionId)`), so no
 * first-load chunk carries it or its schemas (/events is at its 120 KB budget).
 */
import * as z from 'zod/mini';
import { ErrorCode } from '../domain/codes';
import { ApiError } from './errors';
import type { CallOptions } from './events';
import type { SeatLineData, SeatMapModel, SeatModel, SeatSelection } from './models';
import type { ApiRequest } from './request';
import { seatMapDocument } from './seat-schemas';

const enc = encodeURIComponent;

/** Parses a seat_map document into the immutable model (ApiError 'unexpected' when it is malformed). */
export function toSeatMap(raw: unknown): SeatMapModel {
  const parsed = z.safeParse(seatMapDocument, raw);
  if (!parsed.success)
    throw new ApiError({
      code: ErrorCode.unexpected,
      status: 200,
      context: 'invalid_document',
      extra: {
        issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code })),
      },
    });
  const map = parsed.data.seat_map._data[0];
  if (!map) throw new ApiError({ code: ErrorCode.not_found, status: 404, context: 'seat_map' });
  const seats: SeatModel[] = parsed.data.seat._data.map((s) =>
    Object.freeze({
      id: s.seat_template_id,
      name: s.name,
      section: s.section,
      row: s.row,
      x: s.x,
      y: s.y,
      r: s.r,
      groups: Object.freeze(s.groups),
      state: s.state,
      previous: s.previous,
      next: s.next,
    }),
  );
  const seatById = new Map(seats.map((s) => [s.id, s]));
  // Sections and rows in map order: the geometry's order first, then any the seats name that it does not.
  const sectionRows = new Map<string, Map<string, string[]>>();
  for (const sec of map.map_geometry?.sections ?? []) {
    const rows = new Map<string, string[]>();
    for (const row of sec.rows) rows.set(row, []);
    sectionRows.set(sec.name, rows);
  }
  for (const s of seats) {
    let rows = sectionRows.get(s.section);
    if (!rows) {
      rows = new Map();
      sectionRows.set(s.section, rows);
    }
    let ids = rows.get(s.row);
    if (!ids) {
      ids = [];
      rows.set(s.row, ids);
    }
    ids.push(s.id);
  }
  const sections = [...sectionRows].map(([name, rows]) =>
    Object.freeze({
      name,
      rows: Object.freeze(
        [...rows]
          .filter(([, ids]) => ids.length > 0)
          .map(([row, ids]) => Object.freeze({ name: row, seatIds: Object.freeze(ids) })),
      ),
    }),
  );
  return Object.freeze({
    id: map.id,
    eventId: map.event_template_id,
    sessionId: map.event_session_id,
    width: map.map_geometry?.width ?? map.width,
    height: map.map_geometry?.height ?? map.height,
    seats: Object.freeze(seats),
    seatById,
    elements: Object.freeze(map.other_elements.map((e) => Object.freeze({ ...e }))),
    sections: Object.freeze(sections.filter((s) => s.rows.length > 0)),
  });
}

export function createSeatMapClient(request: ApiRequest) {
  return {
    /** GET events/{eventId}/sessions/{sessionId}/seat_map?_withgeometry=true (uncached: seat states change). */
    async get(eventId: string, sessionId: string, { signal }: CallOptions = {}): Promise<SeatMapModel> {
      const raw = await request('GET', `events/${enc(eventId)}/sessions/${enc(sessionId)}/seat_map`, {
        query: { _withgeometry: 'true' },
        signal,
      });
      return toSeatMap(raw);
    },
  };
}

export type SeatMapClient = ReturnType<typeof createSeatMapClient>;

/**
 * Splits the seats chosen per ticket group among the group's ticket types, in the order of `quantities`
 * (one seat per ticket), as ReserveRequest.seats (the lines' handler data). `groupOfType` maps ticket type id to its group id; types of
 * groups without seats get none. Seats left over (more than the tickets) are not assigned.
 */
export function seatsByType(
  seatsByGroup: Readonly<Record<string, readonly string[]>>,
  quantities: Readonly<Record<string, number>>,
  groupOfType: Readonly<Record<string, string>>,
): Record<string, SeatLineData[]> {
  const used = new Map<string, number>();
  const out: Record<string, SeatLineData[]> = {};
  for (const [typeId, quantity] of Object.entries(quantities)) {
    const groupId = groupOfType[typeId];
    const seats = groupId ? seatsByGroup[groupId] : undefined;
    if (!groupId || !seats?.length || !(quantity > 0)) continue;
    const from = used.get(groupId) ?? 0;
    const take = seats.slice(from, from + Math.floor(quantity));
    used.set(groupId, from + take.length);
    if (take.length) out[typeId] = take.map((id) => toSeatLine({ templateID: id, ticketGroupID: groupId }));
  }
  return out;
}

/** A chosen seat as its reservation line sends it. */
export const toSeatLine = (seat: SeatSelection): SeatLineData => ({
  seat_template_id: seat.templateID,
  ticket_group_id: seat.ticketGroupID,
});
