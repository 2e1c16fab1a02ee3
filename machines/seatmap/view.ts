/**
 * The seat map's view model: the machine's snapshot (and the loaded map, for seat names) -> what the modal,
 * the picture and the list show. Allocation messages come from the pure rules.
 */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import {
  allocationMessages,
  baseScale,
  countFor,
  EMPTY_TOPOLOGY,
  isAllocationComplete,
  MAX_ZOOM,
  MIN_ZOOM,
  required,
} from './rules';
import type { seatMapMachine } from './seatMap.machine';
import type { SeatTopology, SelectedSeat } from './types';

export type SeatMapStatus = 'closed' | 'rendering' | 'open';

export interface SeatGroupProgress {
  ticketGroupId: string;
  name: string;
  count: number;
  total: number;
}

export interface SeatMapView {
  status: SeatMapStatus;
  zoom: number;
  /** Screen px per map unit (the fit-to-viewport scale times the zoom). */
  scale: number;
  panX: number;
  panY: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  selected: SelectedSeat[];
  progress: SeatGroupProgress[];
  /** The allocation messages (spec 1 §5). */
  messages: Message[];
  canConfirm: boolean;
  /** What the live region says about the last seat event (key of `ui/strings` and its parameters). */
  announcement: {
    key: 'seatAnnounceSelected' | 'seatAnnounceDeselected' | 'seatAnnounceRefused';
    seats: string;
  } | null;
}

const ANNOUNCE = {
  selected: 'seatAnnounceSelected',
  deselected: 'seatAnnounceDeselected',
  refused: 'seatAnnounceRefused',
} as const;

/** A seat's spoken name: section, row and seat. */
export function seatName(map: SeatTopology | null, seatId: string): string {
  const seat = map?.seatById.get(seatId);
  return seat ? `${seat.section} ${seat.row}-${seat.name}` : seatId;
}

export function selectSeatMapView(
  snapshot: SnapshotFrom<typeof seatMapMachine>,
  map: SeatTopology | null = null,
): SeatMapView {
  const { context } = snapshot;
  const status: SeatMapStatus = snapshot.matches('open')
    ? 'open'
    : snapshot.matches('rendering')
      ? 'rendering'
      : 'closed';
  const change = context.lastChange;
  return {
    status,
    zoom: context.zoom,
    scale: baseScale(map ?? EMPTY_TOPOLOGY, context.viewport) * context.zoom,
    panX: context.panX,
    panY: context.panY,
    canZoomIn: status === 'open' && context.zoom < MAX_ZOOM,
    canZoomOut: status === 'open' && context.zoom > MIN_ZOOM,
    selected: context.selected,
    progress: context.needs
      .filter((need) => required(need) > 0 || countFor(context.selected, need.ticketGroupId) > 0)
      .map((need) => ({
        ticketGroupId: need.ticketGroupId,
        name: need.name,
        count: countFor(context.selected, need.ticketGroupId),
        total: required(need),
      })),
    messages: allocationMessages(context.needs, context.selected),
    canConfirm: status === 'open' && isAllocationComplete(context.needs, context.selected),
    announcement:
      change && change.seatIds.length > 0
        ? { key: ANNOUNCE[change.kind], seats: change.seatIds.map((id) => seatName(map, id)).join(', ') }
        : null,
  };
}
