/**
 * The seat-map modal's screen (a lazy chunk: it, the machine, the renderer and the list load only when a
 * seated event opens the map). Loads the session's map (always fresh: seat states change), starts the seat-map
 * machine for that map (./wiring: the map stays out of context), selects its view model and renders
 * the dialog. Confirm hands the seats (per group, with their names) to the form; back closes.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SeatMapModel, SeatModel } from '../../../api/models';
import { createSeatMapClient } from '../../../api/seat-map';
import { canSelect } from '../../../machines/seatmap/rules';
import type { SeatNeed, SelectedSeat } from '../../../machines/seatmap/types';
import { selectSeatMapView } from '../../../machines/seatmap/view';
import { groupColours } from '../../../ui/seatmap/palette';
import { SeatMapDialog } from '../../../ui/seatmap/SeatMapDialog';
import { type SeatMapStrings, seatMapStrings } from '../../../ui/seatmap/strings';
import { fill } from '../../../ui/strings';
import { useServices } from '../../app/services';
import { useLoad } from '../../useLoad';
import { provideSeatMapModal } from './wiring';

export interface SeatMapModalProps {
  eventId: string;
  sessionId: string;
  needs: SeatNeed[];
  /** Seats chosen earlier: seat ids per group. */
  seats: Readonly<Record<string, readonly string[]>>;
  /** Ticket group names by id (the legend). */
  groupNames: Readonly<Record<string, string>>;
  closing: boolean;
  onConfirm: (seats: Record<string, string[]>, names: Record<string, string>) => void;
  onBack: () => void;
}

/** The catalogue plus the modal's own texts, with the seller's portal strings over them. */
function useSeatMapStrings(): SeatMapStrings {
  const { api, strings, locale } = useServices();
  const portal = useLoad((signal) => api.config.portalStrings({ signal, ...locale }), 'portal-strings');
  return useMemo(() => seatMapStrings(strings, portal.data ?? {}), [strings, portal.data]);
}

export default function SeatMapModal(props: SeatMapModalProps) {
  const { api } = useServices();
  const strings = useSeatMapStrings();
  const [attempt, setAttempt] = useState(0);
  const load = useLoad(
    (signal) => createSeatMapClient(api.request).get(props.eventId, props.sessionId, { signal }),
    `${props.eventId}/${props.sessionId}/${attempt}`,
  );
  if (load.status === 'ready') return <LoadedSeatMap {...props} map={load.data} />;
  return (
    <SeatMapDialog
      {...EMPTY_DIALOG}
      strings={strings}
      status={load.status === 'error' ? 'failed' : 'loading'}
      closing={props.closing}
      onBack={props.onBack}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

const noop = () => {};
const EMPTY_DIALOG = {
  map: null,
  colours: new Map<string, string>(),
  groups: [],
  selectedIds: new Set<string>(),
  selectedSeats: [],
  transform: { scale: 1, x: 0, y: 0 },
  zoom: 1,
  canZoomIn: false,
  canZoomOut: false,
  progress: [],
  messages: [],
  announcement: '',
  canConfirm: false,
  canSelect: () => false,
  onSeat: noop,
  onZoomIn: noop,
  onZoomOut: noop,
  onZoomBy: noop,
  onPan: noop,
  onReset: noop,
  onResize: noop,
  onConfirm: noop,
};

function LoadedSeatMap(props: SeatMapModalProps & { map: SeatMapModel }) {
  const { inspect } = useServices();
  const strings = useSeatMapStrings();
  const { map } = props;
  // The machine is made once per map; what it tells the route reaches the latest props when it acts.
  const latest = useRef(props);
  latest.current = props;
  const machine = useMemo(
    () =>
      provideSeatMapModal(map, {
        confirmed: (seats, names) => latest.current.onConfirm(seats, names),
        back: () => latest.current.onBack(),
      }),
    [map],
  );
  const selected: SelectedSeat[] = useMemo(
    () =>
      Object.entries(props.seats).flatMap(([ticketGroupId, ids]) =>
        ids.map((seatId) => ({ seatId, ticketGroupId })),
      ),
    [props.seats],
  );
  const actor = useActorRef(machine, { input: { needs: props.needs, selected }, inspect });
  const view = useSelector(actor, (s) => selectSeatMapView(s, map));
  const needs = useSelector(actor, (s) => s.context.needs);
  const chosen = useSelector(actor, (s) => s.context.selected);
  const canSelectSeat = useCallback(
    (seatId: string) => canSelect(map, needs, chosen, seatId),
    [map, needs, chosen],
  );
  const onSeat = useCallback((seatId: string) => actor.send({ type: 'seat.toggle', seatId }), [actor]);

  useEffect(() => {
    actor.send({ type: 'open' });
  }, [actor]);

  const groupIds = useMemo(() => [...new Set(map.seats.flatMap((s) => s.groups))], [map]);
  const colours = useMemo(() => groupColours(groupIds), [groupIds]);
  const selectedIds = useMemo(() => new Set(view.selected.map((s) => s.seatId)), [view.selected]);
  const selectedSeats = useMemo(
    () => view.selected.map((s) => map.seatById.get(s.seatId)).filter((s): s is SeatModel => s !== undefined),
    [view.selected, map],
  );
  const transform = useMemo(
    () => ({ scale: view.scale, x: view.panX, y: view.panY }),
    [view.scale, view.panX, view.panY],
  );
  const announcement = view.announcement
    ? fill(strings[view.announcement.key], { seats: view.announcement.seats })
    : '';

  return (
    <SeatMapDialog
      strings={strings}
      status={view.status}
      closing={props.closing}
      map={map}
      colours={colours}
      groups={groupIds.map((id) => ({ id, name: props.groupNames[id] ?? id, colour: colours.get(id) ?? '' }))}
      selectedIds={selectedIds}
      selectedSeats={selectedSeats}
      transform={transform}
      zoom={view.zoom}
      canZoomIn={view.canZoomIn}
      canZoomOut={view.canZoomOut}
      progress={view.progress}
      messages={view.messages}
      announcement={announcement}
      canConfirm={view.canConfirm}
      canSelect={canSelectSeat}
      onSeat={onSeat}
      onZoomIn={() => actor.send({ type: 'zoom.in' })}
      onZoomOut={() => actor.send({ type: 'zoom.out' })}
      onZoomBy={(factor, x, y) => actor.send({ type: 'zoom.by', factor, x, y })}
      onPan={(dx, dy) => actor.send({ type: 'pan.by', dx, dy })}
      onReset={() => actor.send({ type: 'view.reset' })}
      onResize={(width, height) => actor.send({ type: 'viewport.resize', width, height })}
      onConfirm={() => actor.send({ type: 'confirm' })}
      onBack={() => actor.send({ type: 'back' })}
      onRetry={noop}
    />
  );
}
