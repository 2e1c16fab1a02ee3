/** The seat-map seam: the call, the immutable model, seats split per ticket type, and seats on reserve lines. */
import { describe, expect, it } from 'vitest';
import { reservationLines } from '../../api/cart';
import { createApi } from '../../api/index';
import { createSeatMapClient, seatsByType, toSeatMap } from '../../api/seat-map';
import { fakeFetch, json } from './helpers';

const seat = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  seat_template_id: id,
  name: id.toUpperCase(),
  section: 'Stalls',
  row: 'A',
  x: 10,
  y: 20,
  r: 4,
  groups: ['g1'],
  state: 'available',
  previous: null,
  next: null,
  ...over,
});

const document = {
  seat_map: {
    _count: 1,
    _data: [
      {
        id: 'm1',
        event_template_id: 'e1',
        event_session_id: 's1',
        width: 400,
        height: 300,
        map_geometry: { width: 400, height: 300, sections: [{ name: 'Stalls', rows: ['A', 'B'] }] },
        other_elements: [{ type: 'stage', x: 0, y: 0, width: 400, height: 30, text: 'Stage', section: null }],
      },
    ],
  },
  seat: {
    _count: 3,
    _data: [
      seat('b1', { row: 'B', state: 'booked' }),
      seat('a1', { next: 'a2' }),
      seat('a2', { previous: 'a1', state: 'unavailable', groups: ['g1', 'g2'] }),
    ],
  },
};

describe('GET events/{id}/sessions/{id}/seat_map', () => {
  it('asks with _withgeometry=true, uncached, and returns the joined model', async () => {
    const { fetch, calls } = fakeFetch(json(document));
    const api = createApi({ apiPrefix: '/api/', cachedApiPrefix: '/cached/api/', sellerId: 'x' }, { fetch });
    const map = await createSeatMapClient(api.request).get('e1', 's1');
    const url = new URL(calls[0]?.url ?? '', 'http://h');
    expect(url.pathname).toBe('/api/events/e1/sessions/s1/seat_map');
    expect(url.searchParams.get('_withgeometry')).toBe('true');
    expect(map.sessionId).toBe('s1');
    expect(map.width).toBe(400);
    expect(map.seatById.get('a2')).toMatchObject({
      state: 'unavailable',
      previous: 'a1',
      groups: ['g1', 'g2'],
    });
    // Sections and rows in the geometry's order, seats in the document's order within a row.
    expect(map.sections).toEqual([
      {
        name: 'Stalls',
        rows: [
          { name: 'A', seatIds: ['a1', 'a2'] },
          { name: 'B', seatIds: ['b1'] },
        ],
      },
    ]);
    expect(map.elements[0]).toMatchObject({ type: 'stage', text: 'Stage' });
  });

  it('is immutable', () => {
    const map = toSeatMap(document);
    expect(Object.isFrozen(map)).toBe(true);
    expect(Object.isFrozen(map.seats)).toBe(true);
    expect(Object.isFrozen(map.seats[0])).toBe(true);
  });

  it('rejects a malformed document as unexpected, and an empty one as not found', () => {
    expect(() => toSeatMap({ seat_map: { _count: 1, _data: [] } })).toThrow(
      expect.objectContaining({ code: 'unexpected' }),
    );
    expect(() => toSeatMap({ ...document, seat_map: { _count: 0, _data: [] } })).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    const bad = { ...document, seat: { _count: 1, _data: [seat('x', { state: 'selected' })] } };
    expect(() => toSeatMap(bad)).toThrow(expect.objectContaining({ code: 'unexpected' }));
  });
});

describe('seated reserve lines', () => {
  it('splits a group selection among its types in order', () => {
    const byType = seatsByType(
      { g1: ['a1', 'a2', 'a3'] },
      { adult: 2, child: 1, other: 1 },
      { adult: 'g1', child: 'g1', other: 'g9' },
    );
    expect(byType).toEqual({
      adult: [
        { seat_template_id: 'a1', ticket_group_id: 'g1' },
        { seat_template_id: 'a2', ticket_group_id: 'g1' },
      ],
      child: [{ seat_template_id: 'a3', ticket_group_id: 'g1' }],
    });
  });

  it('sends each seat with its template id and ticket group id as the line handler data', () => {
    const lines = reservationLines({
      eventId: 'e1',
      sessionId: 's1',
      quantities: { adult: 2, plain: 1 },
      admits: { adult: [{ name: 'Ada L' }] },
      seats: seatsByType({ g1: ['a1', 'a2'] }, { adult: 2, plain: 1 }, { adult: 'g1', plain: 'g2' }),
    });
    expect(lines).toEqual([
      {
        event_session_id: 's1',
        ticket_type_id: 'adult',
        admit_name: 'Ada L',
        handler_data: { seat_template_id: 'a1', ticket_group_id: 'g1' },
      },
      {
        event_session_id: 's1',
        ticket_type_id: 'adult',
        handler_data: { seat_template_id: 'a2', ticket_group_id: 'g1' },
      },
      { event_session_id: 's1', ticket_type_id: 'plain' },
    ]);
  });
});

describe('a seat taken by another buyer', () => {
  it('is an expected 409 of the code table (part of the flow, not logged)', async () => {
    const { CODE_INFO, ErrorCode, isLoggedCode } = await import('../../domain/codes');
    expect(CODE_INFO[ErrorCode.seat_unavailable]).toMatchObject({ status: 409, expected: true });
    expect(isLoggedCode(ErrorCode.seat_unavailable)).toBe(false);
  });
});
