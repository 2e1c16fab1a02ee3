/**
 * The seat map's rules held to the spec's formulas (issue 29: inputs that tell the formulas apart): fast-check
 * draws maps, viewports, zooms, pans and pointers of every shape (tall and wide maps, small and large
 * viewports, zoom anywhere in 1..8), and the rules must give the formulas restated in ./seatmap.table.ts (spec 1
 * §9: zoom 1 to 8, pan margin 50, the map fitted and centred at zoom 1), plus the properties a person sees: the
 * point under the pointer stays there, a pan moves the map the way it was dragged, the map never leaves the
 * viewport by more than 50 px. The allocation messages (spec 1 §5) and the neighbour selection (§4) on their
 * own, and the view model's every field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  allocationMessages,
  autoSelect,
  baseScale,
  canSelect,
  centred,
  change,
  clampPan,
  clampZoom,
  groupForSeat,
  panBy,
  panRange,
  seatState,
  seatsByGroup,
  selectionOf,
  stillAvailable,
  zoomAt,
} from '../../machines/seatmap/rules';
import { provideSeatMap } from '../../machines/seatmap/seatMap.machine';
import type { SeatNeed, SelectedSeat } from '../../machines/seatmap/types';
import { seatName, selectSeatMapView } from '../../machines/seatmap/view';
import { centredView, fitScale, kept, MAP, NEEDS, panned, range, SPEC, zoomed } from './seatmap.table';

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
const expectNear = (actual: object, expected: Record<string, number>) => {
  for (const key of Object.keys(expected)) {
    const a = (actual as Record<string, number>)[key] as number;
    expect(near(a, expected[key] as number), `${key}: ${a} against ${expected[key]}`).toBe(true);
  }
};

const size = fc.record({
  width: fc.integer({ min: 1, max: 5000 }),
  height: fc.integer({ min: 1, max: 5000 }),
});
const viewport = fc.record({
  width: fc.integer({ min: 0, max: 3000 }),
  height: fc.integer({ min: 0, max: 3000 }),
});
const zoom = fc.double({ min: 1, max: 8, noNaN: true });
const offset = fc.double({ min: -5000, max: 5000, noNaN: true });
const view = fc.record({ zoom, panX: offset, panY: offset, viewport });

describe('seat map view formulas (spec 1 §9)', () => {
  it('the fit scale: the whole map fits the viewport (an unknown one: 1)', () => {
    fc.assert(
      fc.property(size, viewport, (map, vp) => {
        expect(near(baseScale(map, vp), fitScale(map, vp))).toBe(true);
        if (vp.width > 0 && vp.height > 0) {
          const s = baseScale(map, vp);
          expect(map.width * s).toBeLessThanOrEqual(vp.width + 1e-6);
          expect(map.height * s).toBeLessThanOrEqual(vp.height + 1e-6);
          // …and fills one of its sides.
          expect(near(map.width * s, vp.width) || near(map.height * s, vp.height)).toBe(true);
        }
      }),
    );
    expect(baseScale({ width: 0, height: 0 }, { width: 300, height: 100 })).toBe(100);
  });

  it('the pan range on one axis: 50 px past either edge, whichever is the larger', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.double({ min: 0, max: 30000, noNaN: true }),
        (v, content) => {
          const [low, high] = panRange(v, content);
          const [lo, hi] = range(v, content);
          expect(near(low, lo) && near(high, hi)).toBe(true);
          expect(high - low).toBeGreaterThanOrEqual(2 * SPEC.margin - 1e-6);
        },
      ),
    );
    expect(panRange(500, 200)).toEqual([-50, 350]);
    expect(panRange(200, 500)).toEqual([-350, 50]);
  });

  it('zoom is kept within 1 and 8', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (z) => {
        expect(clampZoom(z)).toBe(Math.max(1, Math.min(8, z)));
      }),
    );
  });

  it('the view is kept so that the map leaves the viewport by at most 50 px; inside, it is not moved', () => {
    fc.assert(
      fc.property(size, view, (map, v) => {
        const out = clampPan(map, v);
        expectNear(out, kept(map, v));
        const again = clampPan(map, { ...v, ...out });
        expectNear(again, out);
      }),
    );
  });

  it('centred: zoom 1, equal space on both sides of the map', () => {
    fc.assert(
      fc.property(size, viewport, (map, vp) => {
        const c = centred(map, vp);
        expectNear(c, centredView(map, vp));
        const s = baseScale(map, vp);
        expect(c.zoom).toBe(1);
        expect(near(c.panX, vp.width - (c.panX + map.width * s))).toBe(true);
        expect(near(c.panY, vp.height - (c.panY + map.height * s))).toBe(true);
      }),
    );
  });

  it('zooming keeps the map point under the pointer in place, within 1..8, then keeps the map in', () => {
    fc.assert(
      fc.property(
        size,
        view,
        fc.double({ min: 0.1, max: 20, noNaN: true }),
        offset,
        offset,
        (map, v, factor, x, y) => {
          const out = zoomAt(map, v, factor, x, y);
          expectNear(out, zoomed(map, v, factor, x, y));
          expect(out.zoom).toBeGreaterThanOrEqual(1);
          expect(out.zoom).toBeLessThanOrEqual(8);
          const unkept = {
            panX: x - ((x - v.panX) * out.zoom) / v.zoom,
            panY: y - ((y - v.panY) * out.zoom) / v.zoom,
          };
          // Where the map did not need keeping in, the point under the pointer is the same map point.
          const k = kept(map, { ...v, zoom: out.zoom, ...unkept });
          if (near(k.panX, unkept.panX))
            expect(near((x - out.panX) / out.zoom, (x - v.panX) / v.zoom)).toBe(true);
          if (near(k.panY, unkept.panY))
            expect(near((y - out.panY) / out.zoom, (y - v.panY) / v.zoom)).toBe(true);
        },
      ),
    );
  });

  it('a bad factor zooms nothing', () => {
    fc.assert(
      fc.property(
        size,
        view,
        fc.constantFrom(0, -2, Number.NaN, Number.POSITIVE_INFINITY),
        (map, v, factor) => {
          const out = zoomAt(map, v, factor, 10, 20);
          expect(out.zoom).toBe(v.zoom);
          expectNear(out, kept(map, v));
        },
      ),
    );
  });

  it('a pan moves the map the way it was dragged, by as much, unless an edge stops it', () => {
    fc.assert(
      fc.property(size, view, offset, offset, (map, v, dx, dy) => {
        const start = { ...v, ...kept(map, v) };
        const out = panBy(map, start, dx, dy);
        expectNear(out, panned(map, start, dx, dy));
        if (dx > 0) expect(out.panX).toBeGreaterThanOrEqual(start.panX - 1e-6);
        if (dx < 0) expect(out.panX).toBeLessThanOrEqual(start.panX + 1e-6);
        if (dy > 0) expect(out.panY).toBeGreaterThanOrEqual(start.panY - 1e-6);
        if (dy < 0) expect(out.panY).toBeLessThanOrEqual(start.panY + 1e-6);
      }),
    );
    expect(panBy(MAP, { zoom: 8, panX: 0, panY: 0, viewport: { width: 500, height: 260 } }, 12, -7)).toEqual({
      panX: 12,
      panY: -7,
    });
    expect(
      panBy(MAP, { zoom: 8, panX: 0, panY: 0, viewport: { width: 500, height: 260 } }, Number.NaN, 3),
    ).toEqual({
      panX: 0,
      panY: 3,
    });
  });
});

// ---- seats -------------------------------------------------------------------------------------------------------

const pick = (group: string, ...ids: string[]): SelectedSeat[] =>
  ids.map((seatId) => ({ seatId, ticketGroupId: group }));
const seatOf = (id: string) => MAP.seatById.get(id) as NonNullable<ReturnType<typeof MAP.seatById.get>>;

describe('seat rules (spec 1 §4, §5)', () => {
  it('the allocation messages: the first ticket type left without a seat, too many, a group not seated', () => {
    const texts = (selected: SelectedSeat[], needs: SeatNeed[] = NEEDS) =>
      allocationMessages(needs, selected);
    expect(texts([])).toEqual([
      { key: 'seatsNotEnough', params: { group: 'Stalls', type: 'Adult' } },
      { key: 'seatsNotEnough', params: { group: 'Boxes', type: 'Box seat' } },
    ]);
    // 2.7 adults are 2: the second seat still lacks an adult; the third seat the child.
    expect(texts(pick('g-stalls', 'A1'))[0]).toEqual({
      key: 'seatsNotEnough',
      params: { group: 'Stalls', type: 'Adult' },
    });
    expect(texts(pick('g-stalls', 'A1', 'A2'))[0]).toEqual({
      key: 'seatsNotEnough',
      params: { group: 'Stalls', type: 'Child' },
    });
    expect(texts([...pick('g-stalls', 'A1', 'A2', 'A3'), ...pick('g-box', 'B3', 'B4')])).toEqual([]);
    expect(texts([...pick('g-stalls', 'A1', 'A2', 'A3', 'A5'), ...pick('g-box', 'B3', 'B4')])).toEqual([
      { key: 'seatsTooMany', params: { group: 'Stalls' } },
    ]);
    expect(
      texts([...pick('g-stalls', 'A1', 'A2', 'A3'), ...pick('g-box', 'B3', 'B4'), ...pick('g-old', 'C1')]),
    ).toEqual([{ key: 'seatsTooMany', params: { group: 'g-old' } }]);
    // A group with nothing to seat and nothing chosen says nothing.
    const none: SeatNeed[] = [
      { ticketGroupId: 'g-x', name: 'X', types: [{ ticketTypeId: 't', name: 'T', quantity: 0 }] },
    ];
    expect(texts([], none)).toEqual([]);
  });

  it('only an available seat not chosen yet, in a group that still needs seats, can be chosen', () => {
    expect(canSelect(MAP, NEEDS, [], 'A1')).toBe(true);
    expect(canSelect(MAP, NEEDS, [], 'A4')).toBe(false); // booked
    expect(canSelect(MAP, NEEDS, [], 'B2')).toBe(false); // unavailable
    expect(canSelect(MAP, NEEDS, [], 'C1')).toBe(false); // a group the order does not seat
    expect(canSelect(MAP, NEEDS, [], 'Z9')).toBe(false); // not on the map
    expect(canSelect(MAP, NEEDS, pick('g-stalls', 'A1'), 'A1')).toBe(false); // chosen
    // B seats fill boxes first, then stalls once the boxes have their two.
    expect(groupForSeat(seatOf('B1'), NEEDS, [])).toBe('g-box');
    expect(groupForSeat(seatOf('B1'), NEEDS, pick('g-box', 'B3', 'B4'))).toBe('g-stalls');
    expect(
      groupForSeat(seatOf('B1'), NEEDS, [
        ...pick('g-box', 'B3', 'B4'),
        ...pick('g-stalls', 'A1', 'A2', 'A3'),
      ]),
    ).toBe(null);
  });

  it('a click chooses the seat and its neighbours, next first then previous, up to what the group needs', () => {
    expect(autoSelect(MAP, NEEDS, [], 'A2')).toEqual(pick('g-stalls', 'A2', 'A3', 'A1'));
    // The booked A4 stops the row: A5 then only goes back (A4 booked: alone).
    expect(autoSelect(MAP, NEEDS, [], 'A5')).toEqual(pick('g-stalls', 'A5'));
    expect(autoSelect(MAP, NEEDS, pick('g-stalls', 'A1'), 'A3')).toEqual(pick('g-stalls', 'A3', 'A2'));
    expect(autoSelect(MAP, NEEDS, [], 'B3')).toEqual(pick('g-box', 'B3', 'B4'));
    expect(autoSelect(MAP, NEEDS, [], 'Z9')).toEqual([]);
    expect(autoSelect(MAP, NEEDS, [], 'C1')).toEqual([]);
  });

  it('reopened, seats the map no longer offers are dropped; the selection by group and back', () => {
    expect(stillAvailable(MAP, [...pick('g-stalls', 'A4', 'A5'), ...pick('g-box', 'B2', 'Z9')])).toEqual(
      pick('g-stalls', 'A5'),
    );
    const selected = [...pick('g-stalls', 'A1', 'A2'), ...pick('g-box', 'B3')];
    expect(seatsByGroup(selected)).toEqual({ 'g-stalls': ['A1', 'A2'], 'g-box': ['B3'] });
    expect(selectionOf(seatsByGroup(selected))).toEqual(selected);
    expect(seatState(seatOf('A4'), new Set(['A1']))).toBe('booked');
    expect(seatState(seatOf('A1'), new Set(['A1']))).toBe('selected');
    expect(change('refused', [], 'A4')).toEqual({ kind: 'refused', seatIds: ['A4'], ticketGroupId: null });
    expect(change('refused', [])).toEqual({ kind: 'refused', seatIds: [], ticketGroupId: null });
    expect(change('selected', pick('g-box', 'B3', 'B4'))).toEqual({
      kind: 'selected',
      seatIds: ['B3', 'B4'],
      ticketGroupId: 'g-box',
    });
  });
});

describe('seat map view model', () => {
  it('every field a person sees, closed, rendering and open', () => {
    const clock = new SimulatedClock();
    const actor = createActor(provideSeatMap(MAP), {
      clock,
      input: { needs: NEEDS, selected: pick('g-stalls', 'A5') },
    });
    actor.start();
    actor.send({ type: 'viewport.resize', width: 500, height: 260 });
    const closed = selectSeatMapView(actor.getSnapshot(), MAP);
    const s = fitScale(MAP, { width: 500, height: 260 });
    expect(closed).toEqual({
      status: 'closed',
      zoom: 1,
      scale: s,
      panX: closed.panX,
      panY: closed.panY,
      canZoomIn: false,
      canZoomOut: false,
      selected: pick('g-stalls', 'A5'),
      progress: [
        { ticketGroupId: 'g-stalls', name: 'Stalls', count: 1, total: 3 },
        { ticketGroupId: 'g-box', name: 'Boxes', count: 0, total: 2 },
      ],
      messages: [
        { key: 'seatsNotEnough', params: { group: 'Stalls', type: 'Adult' } },
        { key: 'seatsNotEnough', params: { group: 'Boxes', type: 'Box seat' } },
      ],
      canConfirm: false,
      announcement: null,
    });
    expectNear(closed, centredView(MAP, { width: 500, height: 260 }));
    actor.send({ type: 'open' });
    expect(selectSeatMapView(actor.getSnapshot(), MAP)).toMatchObject({
      status: 'rendering',
      canZoomIn: false,
    });
    clock.increment(SPEC.renderMs - 1);
    expect(selectSeatMapView(actor.getSnapshot(), MAP).status).toBe('rendering');
    clock.increment(1);
    expect(selectSeatMapView(actor.getSnapshot(), MAP)).toMatchObject({
      status: 'open',
      canZoomIn: true,
      canZoomOut: false,
    });
    actor.send({ type: 'seat.toggle', seatId: 'A2' });
    actor.send({ type: 'zoom.in' });
    actor.send({ type: 'zoom.in' });
    actor.send({ type: 'zoom.in' });
    const open = selectSeatMapView(actor.getSnapshot(), MAP);
    expect(open).toMatchObject({
      zoom: 8,
      canZoomIn: false,
      canZoomOut: true,
      announcement: { key: 'seatAnnounceSelected', seats: 'Stalls A-2, Stalls A-3' },
      progress: [
        { ticketGroupId: 'g-stalls', name: 'Stalls', count: 3, total: 3 },
        { ticketGroupId: 'g-box', name: 'Boxes', count: 0, total: 2 },
      ],
      canConfirm: false,
    });
    expect(near(open.scale, s * 8)).toBe(true);
    actor.send({ type: 'seat.toggle', seatId: 'A4' });
    expect(selectSeatMapView(actor.getSnapshot(), MAP).announcement).toEqual({
      key: 'seatAnnounceRefused',
      seats: 'Stalls A-4',
    });
    actor.send({ type: 'seat.toggle', seatId: 'A5' });
    expect(selectSeatMapView(actor.getSnapshot(), MAP).announcement).toEqual({
      key: 'seatAnnounceDeselected',
      seats: 'Stalls A-5',
    });
    actor.send({ type: 'seat.toggle', seatId: 'B3' });
    actor.send({ type: 'seat.toggle', seatId: 'A1' });
    const full = selectSeatMapView(actor.getSnapshot(), MAP);
    expect(full).toMatchObject({ messages: [], canConfirm: true });
    // A group with nothing to seat shows no progress unless seats were chosen in it.
    expect(selectSeatMapView(actor.getSnapshot(), null).announcement).toEqual({
      key: 'seatAnnounceSelected',
      seats: 'A1',
    });
    expect(seatName(MAP, 'Z9')).toBe('Z9');
    // A change that names no seat says nothing in the live region.
    const quiet = provideSeatMap(MAP).resolveState({
      value: 'open',
      context: { ...actor.getSnapshot().context, lastChange: change('refused', []) },
    });
    expect(selectSeatMapView(quiet, MAP).announcement).toBeNull();
    // Confirmed and closed, every seat chosen and the picture still zoomed in: nothing to confirm or zoom.
    actor.send({ type: 'confirm' });
    expect(selectSeatMapView(actor.getSnapshot(), MAP)).toMatchObject({
      status: 'closed',
      zoom: 8,
      messages: [],
      canConfirm: false,
      canZoomIn: false,
      canZoomOut: false,
    });
    actor.stop();
    const other = createActor(provideSeatMap(MAP), {
      input: {
        needs: [
          ...NEEDS,
          { ticketGroupId: 'g-x', name: 'X', types: [] },
          { ticketGroupId: 'g-y', name: 'Y', types: [] },
        ],
        selected: pick('g-y', 'C1'),
      },
    }).start();
    expect(selectSeatMapView(other.getSnapshot()).progress.map((p) => p.ticketGroupId)).toEqual([
      'g-stalls',
      'g-box',
      'g-y',
    ]);
    expect(selectSeatMapView(other.getSnapshot()).scale).toBe(1);
    other.stop();
  });
});
