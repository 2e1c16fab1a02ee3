/**
 * Types of the seat map (spec 1 §2 "Seat-map modal", §3 "Seat", §4 "Seat map", §5 seats, §9 constants).
 *
 * The machine's context holds only the selection and the view state (plain data). The seats themselves, tens
 * of thousands of them, live in the loaded immutable map (`SeatTopology`, structurally the api's SeatMapModel)
 * that the renderer draws and that the machine's guards and actions read through a closure
 * (`provideSeatMap(map)`), never through context.
 */

/** A seat's state as loaded; `selected` is the machine's own (the selection). */
export type LoadedSeatState = 'available' | 'booked' | 'unavailable';
export type SeatState = LoadedSeatState | 'selected';

/** What the machine reads of one seat (a subset of the api's SeatModel). */
export interface TopologySeat {
  readonly id: string;
  readonly name: string;
  readonly section: string;
  readonly row: string;
  /** Ticket group ids this seat can be sold in (the first is its colour group). */
  readonly groups: readonly string[];
  readonly state: LoadedSeatState;
  /** Neighbouring seats in the row, or null at a row's end. */
  readonly previous: string | null;
  readonly next: string | null;
}

/** What the machine reads of the loaded map: its size and its seats by id. */
export interface SeatTopology {
  readonly width: number;
  readonly height: number;
  readonly seatById: ReadonlyMap<string, TopologySeat>;
}

/** One ticket type of a seated group and how many tickets of it the form holds. */
export interface SeatNeedType {
  ticketTypeId: string;
  name: string;
  quantity: number;
}

/** A seated ticket group of the order: one seat per ticket of its types. */
export interface SeatNeed {
  ticketGroupId: string;
  name: string;
  types: SeatNeedType[];
}

/** One chosen seat: the seat (template) id and the ticket group it is sold in. */
export interface SelectedSeat {
  seatId: string;
  ticketGroupId: string;
}

/** What the last seat event did, for the live region ('announcing each selection'). */
export interface SeatChange {
  kind: 'selected' | 'deselected' | 'refused';
  seatIds: string[];
  ticketGroupId: string | null;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface SeatMapInput {
  needs: SeatNeed[];
  /** Seats already chosen (reopening the map keeps them while they stay available). */
  selected?: SelectedSeat[];
}

export interface SeatMapContext {
  needs: SeatNeed[];
  /** In selection order. */
  selected: SelectedSeat[];
  /** 1 to 8 (spec 1 §9). */
  zoom: number;
  /** Screen offset of the map's origin, CSS px. */
  panX: number;
  panY: number;
  viewport: Viewport;
  lastChange: SeatChange | null;
}

export type SeatMapEvent =
  | { type: 'open' }
  /** A click on the picture or Enter on the list: select (with neighbours) or deselect. */
  | { type: 'seat.toggle'; seatId: string }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  /** Wheel or pinch: scale by `factor` around the screen point (x, y). */
  | { type: 'zoom.by'; factor: number; x: number; y: number }
  /** Drag or a pan button: move the map by (dx, dy) screen px. */
  | { type: 'pan.by'; dx: number; dy: number }
  | { type: 'view.reset' }
  | { type: 'viewport.resize'; width: number; height: number }
  | { type: 'confirm' }
  | { type: 'back' };

/** The params of the injected `seatsConfirmed`: the seats chosen, in selection order. */
export interface SeatsConfirmed {
  selected: SelectedSeat[];
}
