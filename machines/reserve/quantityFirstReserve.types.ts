import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CalendarDayModel, EventDetail, PricedSessionModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { TicketFormContext } from './core/ticket-form';
import type { DayChoiceEvent, DayPickerContext, TicketFormEvent } from './core/types';
import type { VoucherChangeEvent } from './core/vouchers';

export interface QuantityFirstReserveInput {
  event: EventDetail;
  /** Ticket type preselected by the query (`select`): starts at its group minimum. */
  select?: string | null;
  /** Preset flexible amount in cents (the `price` query, spec 1 §2), for flexible prices. */
  presetPriceCents?: number | null;
}

/**
 * The core's day and session picking (with priced sessions) and its ticket form (core/ticket-form.ts): seats
 * (for the chosen session), attendees, surveys, flexible prices and city-pass vouchers.
 */
export interface QuantityFirstReserveContext extends DayPickerContext, TicketFormContext {
  sessions: PricedSessionModel[];
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type QuantityFirstReserveActorEvent =
  | DoneActorEvent<CalendarDayModel[], 'loadCalendar'>
  | ErrorActorEvent<unknown, 'loadCalendar'>
  | DoneActorEvent<PricedSessionModel[], 'loadSessions'>
  | ErrorActorEvent<unknown, 'loadSessions'>;

export type QuantityFirstReserveEvent =
  | QuantityFirstReserveActorEvent
  | TicketFormEvent
  | VoucherChangeEvent
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
