/** Types of the single-event form (spec 1 §4 "Single-event flow"). */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CartModel, EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { QuantityEvent, ReserveCoreEvent, SeatsSetEvent } from './core/types';
import type { Quantities } from './quantities';
import type { SeatChoice } from './seats';
import type { ReserveNotice } from './types';

export interface SingleEventReserveInput {
  event: EventDetail;
  /** The query's `select`: a ticket type id to preselect. */
  select?: string | null;
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
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type SingleEventReserveActorEvent =
  | DoneActorEvent<SessionModel | null, 'loadSession'>
  | ErrorActorEvent<unknown, 'loadSession'>
  | DoneActorEvent<TicketGroupModel[], 'loadSessionGroups'>
  | ErrorActorEvent<unknown, 'loadSessionGroups'>;

export type SingleEventReserveEvent =
  | SingleEventReserveActorEvent
  | ReserveCoreEvent
  | QuantityEvent
  | SeatsSetEvent;

export interface LoadSingleSessionInput {
  eventId: string;
}

export interface LoadSingleGroupsInput {
  eventId: string;
  sessionId: string;
}
