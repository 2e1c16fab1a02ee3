import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CalendarDayModel, EventDetail, PricedSessionModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { TicketFormQuantitiesEvent, TicketFormSubmittedEvent } from './core/ticket-form';
import type { DayChoiceEvent, DayPickerContext, ReserveCoreEvent, ReserveIntoCartInput } from './core/types';
import type { Quantities } from './quantities';

export interface QuantityFirstReserveInput {
  event: EventDetail;
  /** Ticket type preselected by the query (`select`): starts at its group minimum. */
  select?: string | null;
  /** Preset flexible amount in cents (the `price` query, spec 1 §2), for flexible prices. */
  presetPriceCents?: number | null;
}

/**
 * The core's day and session picking (with priced sessions). The ticket form is the child `ticketForm`
 * (quantities, amounts, seats, attendees, surveys, vouchers); `quantities` here are those it confirmed with
 * 'Find tickets', the calendar's and the sessions' query.
 */
export interface QuantityFirstReserveContext extends DayPickerContext {
  sessions: PricedSessionModel[];
  /** The quantities the form confirmed with 'Find tickets': the calendar's and the sessions' query. */
  quantities: Quantities;
  presetPriceCents: number | null;
  /** What the form's valid submit asked to reserve, while reserving (else null). */
  request: ReserveIntoCartInput | null;
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
  | TicketFormQuantitiesEvent
  | TicketFormSubmittedEvent
  | DayChoiceEvent
  | { type: 'tickets.find' }
  | { type: 'quantities.open' };

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
