import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CalendarDayModel, EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { Quantities } from './quantities';

/** Query parameters of the date-first screen, as the route reads them. */
export interface ReserveQuery {
  /** A session id, 'today' or 'next'. */
  session?: string;
  /** YYYY-MM-DD only. */
  date?: string;
  /** warn (default), strict, or a truthy or falsy word. */
  reserve?: string;
  /** Preset counts keyed by ticket type id or name. */
  quantities?: Record<string, string>;
}

/** warn: query problems show as warnings; strict: they block the screen; off: they are silently ignored. */
export type ReserveMode = 'warn' | 'strict' | 'off';

export interface DateFirstReserveInput {
  event: EventDetail;
  query?: ReserveQuery;
  /** Epoch ms used for 'today' and 'next', given by the route (machines never read the clock). */
  now: number;
  /** Preset flexible amount in cents (the `price` query, spec 1 §2), for flexible prices. */
  presetPriceCents?: number | null;
}

/** Structural shape of the app's ApiError as actors reject with it; machines never import it. */
export type { FlowError as ReserveFlowError } from '../shared/flow-error';

import type { TicketFormSubmittedEvent } from './core/ticket-form';
import type { DayChoiceEvent, DayPickerContext, ReserveCoreEvent, ReserveIntoCartInput } from './core/types';

export type { NoticeLevel, ReserveNotice } from './core/types';

/** Preselections from the query still waiting for the data they need. */
export interface ReservePreset {
  /** Session id, 'today' or 'next', resolved when the first sessions load. */
  session: string | null;
  /** Counts by ticket type id, applied when ticket groups first load. */
  quantities: Quantities;
}

/** The session whose reservation failed with event_session_sold_out, kept while sessions reload. */
export type { SoldOutSession } from './core/sold-out';

/**
 * The core's day and session picking, and the query, preset and flexible tickets. The ticket form is the
 * child `ticketForm` (quantities, seats, attendees, surveys, flexible prices, vouchers); `groups` here are
 * those the form was given (the flexible ones, or the chosen session's).
 */
export interface DateFirstReserveContext extends DayPickerContext {
  query: ReserveQuery;
  mode: ReserveMode;
  now: number;
  /** Flexible (any-date) tickets chosen instead of a date and session. */
  flexible: boolean;
  groups: TicketGroupModel[];
  presetPriceCents: number | null;
  /** What the form's valid submit asked to reserve, while reserving (else null). */
  request: ReserveIntoCartInput | null;
  preset: ReservePreset;
  /** Blocking message of the initError state. */
  initError: Message | null;
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type DateFirstReserveActorEvent =
  | DoneActorEvent<CalendarDayModel[], 'loadCalendar'>
  | ErrorActorEvent<unknown, 'loadCalendar'>
  | DoneActorEvent<SessionModel[], 'loadSessions'>
  | ErrorActorEvent<unknown, 'loadSessions'>
  | DoneActorEvent<SessionModel | null, 'findSession'>
  | ErrorActorEvent<unknown, 'findSession'>
  | DoneActorEvent<TicketGroupModel[], 'loadSessionGroups'>
  | ErrorActorEvent<unknown, 'loadSessionGroups'>;

export type DateFirstReserveEvent =
  | DateFirstReserveActorEvent
  | ReserveCoreEvent
  | TicketFormSubmittedEvent
  | DayChoiceEvent
  | { type: 'flexible.select' }
  | { type: 'flexible.clear' }
  | { type: 'session.change' };

export interface LoadCalendarInput {
  eventId: string;
  ticketGroupIds: string[];
}

export interface LoadSessionsInput {
  eventId: string;
  date: string;
}

export interface FindSessionInput {
  eventId: string;
  sessionId: string;
}

export interface LoadSessionGroupsInput {
  eventId: string;
  sessionId: string;
}
