/**
 * The seat-map modal (spec 1 §2): the picture (canvas, ./SeatCanvas) with zoom and pan buttons as the
 * single-pointer alternative to dragging (WCAG 2.5.7), a key of the seat states (shape and colour), the
 * allocation messages and each group's progress, the list path (./SeatList) that works without the picture,
 * a live region announcing each selection, and Back and Confirm seats. Presentational: props in, callbacks out.
 */
import './strings';
import { Modal } from '../modal/Modal';
import type { UiMessage } from '../strings';
import { fill, resolveMessage, text } from '../strings';
import type { DrawMap, DrawSeat, Transform } from './draw';
import { SeatCanvas } from './SeatCanvas';
import { type ListMap, SeatList } from './SeatList';
import type { SeatMapStrings } from './strings';
import './seatmap.css';

export interface SeatMapDialogProps {
  strings: SeatMapStrings;
  /** loading: the map is on its way; rendering: the modal opens (about 50 ms); failed: the load failed. */
  status: 'loading' | 'failed' | 'rendering' | 'open' | 'closed';
  closing?: boolean;
  map: (DrawMap & ListMap) | null;
  colours: ReadonlyMap<string, string>;
  /** Legend of the ticket groups: name and colour. */
  groups: readonly { id: string; name: string; colour: string }[];
  selectedIds: ReadonlySet<string>;
  selectedSeats: readonly DrawSeat[];
  transform: Transform;
  zoom: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  progress: readonly { ticketGroupId: string; name: string; count: number; total: number }[];
  messages: readonly UiMessage[];
  announcement: string;
  canConfirm: boolean;
  canSelect: (seatId: string) => boolean;
  onSeat: (seatId: string) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onZoomBy: (factor: number, x: number, y: number) => void;
  onPan: (dx: number, dy: number) => void;
  onReset: () => void;
  onResize: (width: number, height: number) => void;
  onConfirm: () => void;
  onBack: () => void;
  onRetry: () => void;
}

const PAN_STEP = 80;

export function SeatMapDialog(props: SeatMapDialogProps) {
  const { strings, status, map } = props;
  const ready = status === 'open' || status === 'rendering';
  return (
    <Modal
      name="seatMap"
      title={strings.seatMapTitle}
      size="lg"
      closeable
      closing={props.closing ?? false}
      onDismiss={props.onBack}
    >
      <div className="seatmap" data-status={status}>
        {status === 'loading' ? <p role="status">{strings.seatMapLoading}</p> : null}
        {status === 'failed' ? (
          <div role="alert">
            <p>{strings.seatMapLoadFailed}</p>
            <button type="button" className="btn btn--secondary" onClick={props.onRetry}>
              {strings.tryAgain}
            </button>
          </div>
        ) : null}
        {map && ready ? (
          <>
            <fieldset className="seatmap__toolbar">
              <legend className="visually-hidden">{strings.seatMapPicture}</legend>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={props.onZoomIn}
                disabled={!props.canZoomIn}
              >
                {strings.seatZoomIn}
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={props.onZoomOut}
                disabled={!props.canZoomOut}
              >
                {strings.seatZoomOut}
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => props.onPan(PAN_STEP, 0)}
              >
                {strings.seatPanLeft}
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => props.onPan(-PAN_STEP, 0)}
              >
                {strings.seatPanRight}
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => props.onPan(0, PAN_STEP)}
              >
                {strings.seatPanUp}
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => props.onPan(0, -PAN_STEP)}
              >
                {strings.seatPanDown}
              </button>
              <button type="button" className="btn btn--secondary btn--small" onClick={props.onReset}>
                {strings.seatResetView}
              </button>
              <span className="seatmap__zoom">
                {fill(strings.seatZoomLevel, { zoom: Math.round(props.zoom * 100) / 100 })}
              </span>
            </fieldset>
            <SeatCanvas
              map={map}
              colours={props.colours}
              selected={props.selectedSeats}
              transform={props.transform}
              label={strings.seatMapPicture}
              onSeat={props.onSeat}
              onPan={props.onPan}
              onZoomBy={props.onZoomBy}
              onResize={props.onResize}
            />
            <ul className="seatmap__progress" aria-label={strings.seatSeats}>
              {props.progress.map((p) => (
                <li key={p.ticketGroupId}>
                  {text(strings, 'seatProgress', { group: p.name, count: p.count, total: p.total }, 'total')}
                </li>
              ))}
            </ul>
            <div className="seatmap__messages" aria-live="polite">
              {props.messages.map((m) => (
                <p key={`${m.key}:${JSON.stringify(m.params)}`} className="message message--warning">
                  {resolveMessage(strings, m)}
                </p>
              ))}
            </div>
            <dl className="seatmap__legend" aria-label={strings.seatLegend}>
              <div>
                <dt>
                  <span className="seat-key seat-key--available" aria-hidden="true" />
                  {strings.seatLegendAvailable}
                </dt>
                <dd>
                  {props.groups.map((g) => (
                    <span key={g.id} className="seat-key-group">
                      <span
                        className="seat-key seat-key--available"
                        style={{ background: g.colour }}
                        aria-hidden="true"
                      />
                      {g.name}
                    </span>
                  ))}
                </dd>
              </div>
              <div>
                <dt>
                  <span className="seat-key seat-key--selected" aria-hidden="true" />
                  {strings.seatLegendSelected}
                </dt>
              </div>
              <div>
                <dt>
                  <span className="seat-key seat-key--booked" aria-hidden="true" />
                  {strings.seatLegendBooked}
                </dt>
              </div>
              <div>
                <dt>
                  <span className="seat-key seat-key--unavailable" aria-hidden="true" />
                  {strings.seatLegendUnavailable}
                </dt>
              </div>
            </dl>
            <SeatList
              strings={strings}
              map={map}
              selectedIds={props.selectedIds}
              canSelect={props.canSelect}
              onSeat={props.onSeat}
            />
          </>
        ) : null}
        <p className="visually-hidden" role="status" aria-live="polite">
          {props.announcement}
        </p>
        <div className="seatmap__actions">
          <button type="button" className="btn btn--secondary" onClick={props.onBack}>
            {strings.seatBack}
          </button>
          <button type="button" className="btn" onClick={props.onConfirm} disabled={!props.canConfirm}>
            {strings.seatConfirm}
          </button>
        </div>
      </div>
    </Modal>
  );
}
