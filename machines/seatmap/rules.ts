/**
 * Pure rules of the seat map (spec 1 §4 "Seat map", §5 "Seats", §9 "Seat map zoom 1 to 8; zoom in x2, zoom out
 * x0.75; pan margin 50; opens after 50 ms"). Everything here is data in, data out; the map is an argument.
 */
import type { Message } from '../shared/messages';
import type {
  SeatChange,
  SeatMapContext,
  SeatNeed,
  SeatState,
  SeatTopology,
  SelectedSeat,
  TopologySeat,
  Viewport,
} from './types';

export const RENDER_DELAY_MS = 50;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
export const ZOOM_IN_FACTOR = 2;
export const ZOOM_OUT_FACTOR = 0.75;
export const PAN_MARGIN = 50;

export const EMPTY_TOPOLOGY: SeatTopology = Object.freeze({ width: 1, height: 1, seatById: new Map() });

// ---- the order's seated tickets --------------------------------------------------------------------------

/** Chosen seat ids per ticket group (the reserve forms keep this shape). */
export function seatsByGroup(selected: readonly SelectedSeat[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const s of selected) out[s.ticketGroupId] = [...(out[s.ticketGroupId] ?? []), s.seatId];
  return out;
}

/** The other way round: the forms' seats per group as a selection. */
export function selectionOf(seats: Readonly<Record<string, readonly string[]>>): SelectedSeat[] {
  return Object.entries(seats).flatMap(([ticketGroupId, ids]) =>
    ids.map((seatId) => ({ seatId, ticketGroupId })),
  );
}

// ---- allocation ----------------------------------------------------------------------------------------

export const required = (need: SeatNeed): number =>
  need.types.reduce((sum, type) => sum + Math.max(0, Math.floor(type.quantity)), 0);

export const countFor = (selected: readonly SelectedSeat[], groupId: string): number =>
  selected.reduce((n, s) => n + (s.ticketGroupId === groupId ? 1 : 0), 0);

/**
 * The allocation messages (spec 1 §5): per group, 'Not enough seats for {group} {type}' naming the first ticket
 * type left without a seat (seats go to the group's types in order, one per ticket), or 'Too many seats for
 * {group}'. Groups with nothing to seat and nothing chosen say nothing.
 */
export function allocationMessages(needs: readonly SeatNeed[], selected: readonly SelectedSeat[]): Message[] {
  const out: Message[] = [];
  for (const need of needs) {
    const count = countFor(selected, need.ticketGroupId);
    const total = required(need);
    if (count > total) {
      out.push({ key: 'seatsTooMany', params: { group: need.name } });
    } else if (count < total) {
      let seated = 0;
      for (const type of need.types) {
        seated += Math.max(0, Math.floor(type.quantity));
        if (seated > count) {
          out.push({ key: 'seatsNotEnough', params: { group: need.name, type: type.name } });
          break;
        }
      }
    }
  }
  // Seats chosen in a group the order no longer seats at all.
  const known = new Set(needs.map((n) => n.ticketGroupId));
  for (const id of new Set(selected.map((s) => s.ticketGroupId))) {
    if (!known.has(id)) out.push({ key: 'seatsTooMany', params: { group: id } });
  }
  return out;
}

/** A seat for every seated ticket and none too many: the selection may be confirmed and submitted. */
export const isAllocationComplete = (
  needs: readonly SeatNeed[],
  selected: readonly SelectedSeat[],
): boolean => allocationMessages(needs, selected).length === 0;

// ---- selection -----------------------------------------------------------------------------------------

export const isSelected = (selected: readonly SelectedSeat[], seatId: string): boolean =>
  selected.some((s) => s.seatId === seatId);

/** The seat's state as shown: the machine's selection over the loaded state. */
export function seatState(seat: TopologySeat, selected: ReadonlySet<string>): SeatState {
  return selected.has(seat.id) ? 'selected' : seat.state;
}

/**
 * The ticket group a click on this seat fills: the first of the seat's groups that still needs seats; null
 * when none does (the order seats none of its groups, or each of them has all its seats).
 */
export function groupForSeat(
  seat: TopologySeat,
  needs: readonly SeatNeed[],
  selected: readonly SelectedSeat[],
): string | null {
  return (
    seat.groups.find((g) => {
      const need = needs.find((n) => n.ticketGroupId === g);
      return need !== undefined && countFor(selected, g) < required(need);
    }) ?? null
  );
}

/**
 * Only an available seat, not chosen yet, in a group that still needs seats, can be selected (spec 1 §4: a
 * click assigns seats until the required quantity is assigned; past it, the click is refused and said so,
 * rather than selected and then reported as 'Too many seats').
 */
export function canSelect(
  map: SeatTopology,
  needs: readonly SeatNeed[],
  selected: readonly SelectedSeat[],
  seatId: string,
): boolean {
  const seat = map.seatById.get(seatId);
  return (
    seat !== undefined &&
    seat.state === 'available' &&
    !isSelected(selected, seatId) &&
    groupForSeat(seat, needs, selected) !== null
  );
}

/**
 * Clicking an available seat selects it and then its neighbours, next first then previous, while they are
 * available, sold in the same group and the group still needs seats (spec 1 §4).
 */
export function autoSelect(
  map: SeatTopology,
  needs: readonly SeatNeed[],
  selected: readonly SelectedSeat[],
  seatId: string,
): SelectedSeat[] {
  const seat = map.seatById.get(seatId);
  if (!seat) return [];
  const group = groupForSeat(seat, needs, selected);
  if (group === null) return [];
  const need = needs.find((n) => n.ticketGroupId === group) as SeatNeed;
  const wanted = required(need) - countFor(selected, group);
  const taken = new Set(selected.map((s) => s.seatId));
  const out: SelectedSeat[] = [{ seatId, ticketGroupId: group }];
  taken.add(seatId);
  const fits = (id: string | null): id is string => {
    if (id === null || taken.has(id)) return false;
    const s = map.seatById.get(id);
    return s !== undefined && s.state === 'available' && s.groups.includes(group);
  };
  for (const direction of ['next', 'previous'] as const) {
    let at = seat[direction];
    while (out.length < wanted && fits(at)) {
      out.push({ seatId: at, ticketGroupId: group });
      taken.add(at);
      at = (map.seatById.get(at) as TopologySeat)[direction];
    }
  }
  return out;
}

/** Seats chosen earlier that the (refreshed) map no longer offers are dropped. */
export const stillAvailable = (map: SeatTopology, selected: readonly SelectedSeat[]): SelectedSeat[] =>
  selected.filter((s) => map.seatById.get(s.seatId)?.state === 'available');

export const change = (kind: SeatChange['kind'], seats: SelectedSeat[], seatId?: string): SeatChange => ({
  kind,
  seatIds: seats.length > 0 ? seats.map((s) => s.seatId) : seatId ? [seatId] : [],
  ticketGroupId: seats[0]?.ticketGroupId ?? null,
});

// ---- view: zoom and pan --------------------------------------------------------------------------------

/** Screen px per map unit at zoom 1: the whole map fits the viewport. */
export function baseScale(map: Pick<SeatTopology, 'width' | 'height'>, viewport: Viewport): number {
  if (viewport.width <= 0 || viewport.height <= 0) return 1;
  return Math.min(viewport.width / Math.max(1, map.width), viewport.height / Math.max(1, map.height));
}

export const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The pan range on one axis: the map may leave the viewport's edge by at most the margin (spec 1 §9). */
export function panRange(viewportSize: number, contentSize: number): [number, number] {
  return [
    Math.min(viewportSize - contentSize, 0) - PAN_MARGIN,
    Math.max(viewportSize - contentSize, 0) + PAN_MARGIN,
  ];
}

const clamp = (value: number, [low, high]: [number, number]) => Math.min(high, Math.max(low, value));

type View = Pick<SeatMapContext, 'zoom' | 'panX' | 'panY' | 'viewport'>;

export function clampPan(
  map: Pick<SeatTopology, 'width' | 'height'>,
  view: View,
): { panX: number; panY: number } {
  const scale = baseScale(map, view.viewport) * view.zoom;
  return {
    panX: clamp(view.panX, panRange(view.viewport.width, map.width * scale)),
    panY: clamp(view.panY, panRange(view.viewport.height, map.height * scale)),
  };
}

/** Zoom 1, the map centred. */
export function centred(map: Pick<SeatTopology, 'width' | 'height'>, viewport: Viewport) {
  const scale = baseScale(map, viewport);
  return {
    zoom: MIN_ZOOM,
    panX: (viewport.width - map.width * scale) / 2,
    panY: (viewport.height - map.height * scale) / 2,
  };
}

/** Scales by `factor` (the result clamped to 1..8) keeping the map point under (x, y) in place. */
export function zoomAt(
  map: Pick<SeatTopology, 'width' | 'height'>,
  view: View,
  factor: number,
  x: number,
  y: number,
): { zoom: number; panX: number; panY: number } {
  const zoom = clampZoom(view.zoom * (Number.isFinite(factor) && factor > 0 ? factor : 1));
  const ratio = zoom / view.zoom;
  const next = { ...view, zoom, panX: x - (x - view.panX) * ratio, panY: y - (y - view.panY) * ratio };
  return { zoom, ...clampPan(map, next) };
}

export function panBy(map: Pick<SeatTopology, 'width' | 'height'>, view: View, dx: number, dy: number) {
  return clampPan(map, { ...view, panX: view.panX + (Number(dx) || 0), panY: view.panY + (Number(dy) || 0) });
}
