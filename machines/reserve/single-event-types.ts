/** Types of the single-event form (spec 1 §4 "Single-event flow"). */
import type { CartModel, EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { Quantities } from './quantities';
import type { SeatChoice } from './seats';
import type { ReserveInput, ReserveNotice } from './types';

export interface SingleEventReserveInput {
  event: EventDetail;
  /** The query's `select`: a ticket type id to preselect. */
  select?: string | null;
}

export interface SingleEventReserveOutput {
  cart: CartModel;
}

export interface SingleEventReserveContext {
  event: EventDetail;
  select: string | null;
  /** The event's one session; null while loading, and for discount-code purchases (no session needed). */
  session: SessionModel | null;
  groups: TicketGroupModel[];
  quantities: Quantities;
  /** Seats chosen per seated group (filled by the seat map, which comes later). */
  seats: SeatChoice;
  messages: ReserveNotice[];
  /** Blocking message: no session on sale, or the load failed. */
  blocking: Message | null;
  cart: CartModel | null;
  retriedInNewCart: boolean;
}

export type SingleEventReserveEvent =
  /** The seat map's confirmed selection: seat ids per seated group. */
  | { type: 'seats.set'; seats: SeatChoice }
  | { type: 'quantity.increment'; ticketTypeId: string }
  | { type: 'quantity.decrement'; ticketTypeId: string }
  | { type: 'quantity.set'; ticketTypeId: string; quantity: number }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'message.dismiss'; key: string };

export interface LoadSingleSessionInput {
  eventId: string;
}

export interface LoadSingleGroupsInput {
  eventId: string;
  sessionId: string;
}

export type { ReserveInput };
