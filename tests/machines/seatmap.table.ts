/**
 * The seat map's independent transition table and formulas (issue 29; seatmap.table.test.ts holds the machine
 * to it, seatmap.rules.test.ts the rules to the formulas), written from spec 1 §2 "Seat-map modal", §4 "Seat
 * map", §5 "Seats" and §9 (zoom 1 to 8, in ×2, out ×0.75, pan margin 50, opens after 50 ms), not read from the
 * machine: closed → rendering (50 ms) → open → closed on confirm (a seat for every seated ticket, none too
 * many; the route told the selection) or back (the route told). Only an available seat in a group that still needs seats is
 * selected, with its neighbours (next first, then previous) until the group has its seats; a selected seat is
 * deselected; anything else is refused, and the live region is told each time. At zoom 1 the map fits the
 * viewport and is centred; zooming keeps the point under the pointer (the centre for the buttons) in place;
 * the map never leaves the viewport's edges by more than 50 px.
 *
 * The fixture map is tall (300 × 700) in a wide viewport (500 × 260): the fit scale is the height's, and min
 * against max, width against height, × against ÷ all give other numbers.
 */
import type {
  SeatMapContext,
  SeatMapEvent,
  SeatNeed,
  SelectedSeat,
  TopologySeat,
} from '../../machines/seatmap/types';
import type { EventSample, Table, World } from './transition-table';

type C = SeatMapContext;
const AFTER = 'xstate.after.render.seatMap.rendering';
type E = SeatMapEvent | { type: typeof AFTER };
type S = 'closed' | 'rendering' | 'open';

// ---- the map -------------------------------------------------------------------------------------------------

const seat = (
  id: string,
  groups: string[],
  state: TopologySeat['state'],
  previous: string | null,
  next: string | null,
): TopologySeat => ({
  id,
  name: id.slice(1),
  section: 'Stalls',
  row: id[0] as string,
  groups,
  state,
  previous,
  next,
});

/**
 * Row A (stalls): A1 A2 A3 A4(booked) A5. Row B (boxes first, stalls too): B1 B2(unavailable) B3 B4. Row C
 * sells a group the order does not seat.
 */
export const SEATS: TopologySeat[] = [
  seat('A1', ['g-stalls'], 'available', null, 'A2'),
  seat('A2', ['g-stalls'], 'available', 'A1', 'A3'),
  seat('A3', ['g-stalls'], 'available', 'A2', 'A4'),
  seat('A4', ['g-stalls'], 'booked', 'A3', 'A5'),
  seat('A5', ['g-stalls'], 'available', 'A4', null),
  seat('B1', ['g-box', 'g-stalls'], 'available', null, 'B2'),
  seat('B2', ['g-box', 'g-stalls'], 'unavailable', 'B1', 'B3'),
  seat('B3', ['g-box', 'g-stalls'], 'available', 'B2', 'B4'),
  seat('B4', ['g-box', 'g-stalls'], 'available', 'B3', null),
  seat('C1', ['g-gallery'], 'available', null, null),
];
export const MAP = { width: 300, height: 700, seatById: new Map(SEATS.map((s) => [s.id, s])) };

/** Three stalls tickets (two adults, a child; a fraction and a negative count as nothing) and two box seats. */
export const NEEDS: SeatNeed[] = [
  {
    ticketGroupId: 'g-stalls',
    name: 'Stalls',
    types: [
      { ticketTypeId: 't-adult', name: 'Adult', quantity: 2.7 },
      { ticketTypeId: 't-child', name: 'Child', quantity: 1 },
      { ticketTypeId: 't-none', name: 'Nobody', quantity: -3 },
    ],
  },
  {
    ticketGroupId: 'g-box',
    name: 'Boxes',
    types: [{ ticketTypeId: 't-box', name: 'Box seat', quantity: 2 }],
  },
];

// ---- the spec's formulas ---------------------------------------------------------------------------------------

export const SPEC = { minZoom: 1, maxZoom: 8, zoomIn: 2, zoomOut: 0.75, margin: 50, renderMs: 50 };
type Size = { width: number; height: number };
type View = Pick<C, 'zoom' | 'panX' | 'panY' | 'viewport'>;

/** Screen px per map unit at zoom 1: the whole map fits (an unknown viewport: 1). */
export const fitScale = (map: Size, vp: Size) =>
  vp.width <= 0 || vp.height <= 0
    ? 1
    : Math.min(vp.width / Math.max(1, map.width), vp.height / Math.max(1, map.height));
/** The map (content px wide) may leave the viewport (v px) by at most the margin on either side. */
export const range = (v: number, content: number): [number, number] =>
  content <= v ? [-SPEC.margin, v - content + SPEC.margin] : [v - content - SPEC.margin, SPEC.margin];
const within = (value: number, [low, high]: [number, number]) =>
  value < low ? low : value > high ? high : value;
export function kept(map: Size, view: View) {
  const s = fitScale(map, view.viewport) * view.zoom;
  return {
    panX: within(view.panX, range(view.viewport.width, map.width * s)),
    panY: within(view.panY, range(view.viewport.height, map.height * s)),
  };
}
export function centredView(map: Size, vp: Size) {
  const s = fitScale(map, vp);
  return { zoom: 1, panX: vp.width / 2 - (map.width * s) / 2, panY: vp.height / 2 - (map.height * s) / 2 };
}
/** Zoom by `factor` (a bad factor: none) around (x, y), within 1..8, the point under (x, y) kept, then kept in. */
export function zoomed(map: Size, view: View, factor: number, x: number, y: number) {
  const f = Number.isFinite(factor) && factor > 0 ? factor : 1;
  const zoom = Math.max(SPEC.minZoom, Math.min(SPEC.maxZoom, view.zoom * f));
  // The map point under (x, y): (x - panX) / (scale · zoom); it stays under (x, y) at the new zoom.
  const panX = x - ((x - view.panX) / view.zoom) * zoom;
  const panY = y - ((y - view.panY) / view.zoom) * zoom;
  return { zoom, ...kept(map, { ...view, zoom, panX, panY }) };
}
export const panned = (map: Size, view: View, dx: number, dy: number) =>
  kept(map, {
    ...view,
    panX: view.panX + (Number.isNaN(dx) ? 0 : dx),
    panY: view.panY + (Number.isNaN(dy) ? 0 : dy),
  });

// ---- the spec's seat rules -------------------------------------------------------------------------------------

const tickets = (need: SeatNeed) =>
  need.types.reduce((n, t) => n + (t.quantity > 0 ? Math.floor(t.quantity) : 0), 0);
const chosen = (selected: readonly SelectedSeat[], group: string) =>
  selected.filter((s) => s.ticketGroupId === group).length;
export const complete = (needs: readonly SeatNeed[], selected: readonly SelectedSeat[]) =>
  needs.every((n) => chosen(selected, n.ticketGroupId) === tickets(n)) &&
  selected.every((s) => needs.some((n) => n.ticketGroupId === s.ticketGroupId));
const groupToFill = (seatId: string, needs: readonly SeatNeed[], selected: readonly SelectedSeat[]) =>
  MAP.seatById.get(seatId)?.groups.find((g) => {
    const need = needs.find((n) => n.ticketGroupId === g);
    return need !== undefined && chosen(selected, g) < tickets(need);
  });
const isChosen = (c: C, seatId: string) => c.selected.some((s) => s.seatId === seatId);
const selectable = (c: C, seatId: string) =>
  MAP.seatById.get(seatId)?.state === 'available' &&
  !isChosen(c, seatId) &&
  groupToFill(seatId, c.needs, c.selected) !== undefined;
/** The seat and its neighbours, next first then previous, while free, sold in the group, and still needed. */
function withNeighbours(c: C, seatId: string): SelectedSeat[] {
  const group = groupToFill(seatId, c.needs, c.selected) as string;
  const need = c.needs.find((n) => n.ticketGroupId === group) as SeatNeed;
  const wanted = tickets(need) - chosen(c.selected, group);
  const out = [seatId];
  const free = (id: string | null): id is string =>
    id !== null &&
    !out.includes(id) &&
    !isChosen(c, id) &&
    MAP.seatById.get(id)?.state === 'available' &&
    (MAP.seatById.get(id)?.groups.includes(group) ?? false);
  for (const side of ['next', 'previous'] as const) {
    let at = MAP.seatById.get(seatId)?.[side] ?? null;
    while (out.length < wanted && free(at)) {
      out.push(at);
      at = MAP.seatById.get(at)?.[side] ?? null;
    }
  }
  return out.map((id) => ({ seatId: id, ticketGroupId: group }));
}

// ---- the table -------------------------------------------------------------------------------------------------

const centre = (c: C) => [c.viewport.width / 2, c.viewport.height / 2] as const;

export const table: Table<C, E, S> = {
  initial: 'closed',
  states: {
    closed: {},
    rendering: { entry: { calls: () => [{ after: SPEC.renderMs, event: AFTER }] } },
    open: {},
  },
  on: {
    'viewport.resize': {
      '*': [
        {
          target: null,
          effect: (c, e) => {
            const viewport = { width: Math.max(0, e.width), height: Math.max(0, e.height) };
            // At zoom 1 the map is fitted and centred again; zoomed in, the view is only kept within the edges.
            return c.zoom === 1
              ? { viewport, ...centredView(MAP, viewport) }
              : { viewport, ...kept(MAP, { ...c, viewport }) };
          },
        },
      ],
    },
    open: {
      closed: [
        {
          target: 'rendering',
          // Seats chosen earlier that the map no longer offers are dropped.
          effect: (c) => ({
            selected: c.selected.filter((s) => MAP.seatById.get(s.seatId)?.state === 'available'),
            lastChange: null,
          }),
        },
      ],
    },
    [AFTER]: { rendering: [{ target: 'open' }] },
    back: {
      rendering: [{ target: 'closed', calls: () => [{ action: 'seatsBack' }] }],
      open: [{ target: 'closed', calls: () => [{ action: 'seatsBack' }] }],
    },
    confirm: {
      open: [
        {
          when: (c) => complete(c.needs, c.selected),
          target: 'closed',
          calls: (c) => [{ action: 'seatsConfirmed', params: { selected: c.selected } }],
        },
      ],
    },
    'seat.toggle': {
      open: [
        {
          when: (c, e) => isChosen(c, e.seatId),
          target: null,
          effect: (c, e) => {
            const seat = c.selected.find((s) => s.seatId === e.seatId) as SelectedSeat;
            return {
              selected: c.selected.filter((s) => s.seatId !== e.seatId),
              lastChange: { kind: 'deselected', seatIds: [e.seatId], ticketGroupId: seat.ticketGroupId },
            };
          },
        },
        {
          when: (c, e) => selectable(c, e.seatId),
          target: null,
          effect: (c, e) => {
            const seats = withNeighbours(c, e.seatId);
            return {
              selected: [...c.selected, ...seats],
              lastChange: {
                kind: 'selected',
                seatIds: seats.map((s) => s.seatId),
                ticketGroupId: seats[0]?.ticketGroupId ?? null,
              },
            };
          },
        },
        {
          target: null,
          effect: (_, e) => ({ lastChange: { kind: 'refused', seatIds: [e.seatId], ticketGroupId: null } }),
        },
      ],
    },
    'zoom.in': { open: [{ target: null, effect: (c) => zoomed(MAP, c, SPEC.zoomIn, ...centre(c)) }] },
    'zoom.out': { open: [{ target: null, effect: (c) => zoomed(MAP, c, SPEC.zoomOut, ...centre(c)) }] },
    'zoom.by': { open: [{ target: null, effect: (c, e) => zoomed(MAP, c, e.factor, e.x, e.y) }] },
    'pan.by': { open: [{ target: null, effect: (c, e) => panned(MAP, c, e.dx, e.dy) }] },
    'view.reset': { open: [{ target: null, effect: (c) => centredView(MAP, c.viewport) }] },
  },
};

// ---- worlds and events -----------------------------------------------------------------------------------------

const pick = (...ids: string[]): SelectedSeat[] =>
  ids.map((id) => ({
    seatId: id,
    ticketGroupId: id.startsWith('A') ? 'g-stalls' : id.startsWith('B') ? 'g-box' : 'g-gallery',
  }));
const VP = { width: 500, height: 260 };
const context = (over: Partial<C>): C => ({
  needs: NEEDS,
  selected: [],
  ...centredView(MAP, VP),
  viewport: VP,
  lastChange: null,
  ...over,
});
export const worlds: World<C>[] = [
  { name: 'nothing chosen, zoom 1, centred', context: context({}) },
  {
    name: 'A2 chosen, zoom 3, panned',
    context: context({
      selected: pick('A2'),
      zoom: 3,
      panX: -120,
      panY: 40,
      lastChange: { kind: 'selected', seatIds: ['A2'], ticketGroupId: 'g-stalls' },
    }),
  },
  {
    name: 'every seat chosen, zoom 8, at a corner',
    context: context({ selected: pick('A1', 'A2', 'A3', 'B3', 'B4'), zoom: 8, panX: -1500, panY: 50 }),
  },
  {
    name: 'the viewport unknown',
    context: context({ viewport: { width: 0, height: 0 }, zoom: 1, panX: 0, panY: 0 }),
  },
  {
    name: 'a booked seat and a seat of a group the order does not seat chosen, zoom 1.5',
    context: context({
      selected: [...pick('A4', 'A5'), { seatId: 'C1', ticketGroupId: 'g-gallery' }],
      zoom: 1.5,
      panX: 10,
      panY: -30,
    }),
  },
  {
    name: 'stalls over-chosen, boxes short, zoom 1 off centre',
    context: context({ selected: pick('A1', 'A2', 'A3', 'A5', 'B1'), panX: 7, panY: 3 }),
  },
  {
    name: 'B3 chosen as stalls',
    context: context({ selected: [{ seatId: 'B3', ticketGroupId: 'g-stalls' }] }),
  },
];

const toggle = (seatId: string): EventSample<E> => ({
  name: `toggle ${seatId}`,
  event: { type: 'seat.toggle', seatId },
});
export const events: EventSample<E>[] = [
  { name: 'open', event: { type: 'open' } },
  { name: 'rendered', event: { type: AFTER } },
  { name: 'back', event: { type: 'back' } },
  { name: 'confirm', event: { type: 'confirm' } },
  { name: 'reset', event: { type: 'view.reset' } },
  { name: 'zoom in', event: { type: 'zoom.in' } },
  { name: 'zoom out', event: { type: 'zoom.out' } },
  { name: 'a wheel ×1.7 at (120, 33)', event: { type: 'zoom.by', factor: 1.7, x: 120, y: 33 } },
  { name: 'a pinch ×0.6 at (400, 200)', event: { type: 'zoom.by', factor: 0.6, x: 400, y: 200 } },
  {
    name: 'a wheel far past the maximum at (10, 250)',
    event: { type: 'zoom.by', factor: 100, x: 10, y: 250 },
  },
  { name: 'a zero factor', event: { type: 'zoom.by', factor: 0, x: 50, y: 50 } },
  { name: 'a NaN factor', event: { type: 'zoom.by', factor: Number.NaN, x: 50, y: 50 } },
  { name: 'pan (37, -23)', event: { type: 'pan.by', dx: 37, dy: -23 } },
  { name: 'pan far (-2000, 3000)', event: { type: 'pan.by', dx: -2000, dy: 3000 } },
  { name: 'pan (NaN, 5)', event: { type: 'pan.by', dx: Number.NaN, dy: 5 } },
  { name: 'resize to 640 × 180', event: { type: 'viewport.resize', width: 640, height: 180 } },
  { name: 'resize to -5 × 300', event: { type: 'viewport.resize', width: -5, height: 300 } },
  ...['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'C1', 'Z9'].map(toggle),
];
