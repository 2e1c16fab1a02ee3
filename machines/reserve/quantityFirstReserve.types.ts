import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CalendarDayModel, CartModel, EventDetail, PricedSessionModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { SoldOutSession } from './core/sold-out';
import type { QuantityEvent, ReserveCoreEvent, SeatsSetEvent } from './core/types';
import type { Quantities } from './quantities';
import type { ReserveNotice } from './types';

export interface QuantityFirstReserveInput {
  event: EventDetail;
  /** Ticket type preselected by the query (`select`): starts at its group minimum. */
  select?: string | null;
  /** Preset flexible amount in cents (`price`), carried for flexible prices. */
  presetPriceCents?: number | null;
}

/** The session whose reservation failed with event_session_sold_out, kept while sessions reload. */
export type QuantityFirstSoldOut = SoldOutSession;

export interface QuantityFirstReserveContext {
  event: EventDetail;
  presetPriceCents: number | null;
  quantities: Quantities;
  days: CalendarDayModel[];
  selectedDate: string | null;
  sessions: PricedSessionModel[];
  selectedSessionId: string | null;
  messages: ReserveNotice[];
  soldOut: QuantityFirstSoldOut | null;
  cart: CartModel | null;
  /** Seats chosen per seated ticket group for the chosen session (the seat map fills it; spec 1 §2). */
  seats: Readonly<Record<string, readonly string[]>>;
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type QuantityFirstReserveActorEvent =
  | DoneActorEvent<CalendarDayModel[], 'loadCalendar'>
  | ErrorActorEvent<unknown, 'loadCalendar'>
  | DoneActorEvent<PricedSessionModel[], 'loadSessions'>
  | ErrorActorEvent<unknown, 'loadSessions'>;

export type QuantityFirstReserveEvent =
  | QuantityFirstReserveActorEvent
  | ReserveCoreEvent
  | QuantityEvent
  | SeatsSetEvent
  | { type: 'tickets.find' }
  | { type: 'quantities.open' }
  | { type: 'date.select'; date: string }
  | { type: 'date.change' }
  | { type: 'session.select'; sessionId: string };

export interface LoadQuantityCalendarInput {
  eventId: string;
  quantities: Record<string, number>;
}

export interface LoadPricedSessionsInput {
  eventId: string;
  date: string;
  quantities: Record<string, number>;
}

export type { Message };
