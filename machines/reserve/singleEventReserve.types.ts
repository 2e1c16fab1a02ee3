/** Types of the single-event form (spec 1 §4 "Single-event flow"). */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import type { TicketFormSubmittedEvent } from './core/ticket-form';
import type {
  BlockingContext,
  ReserveCoreContext,
  ReserveCoreEvent,
  ReserveIntoCartInput,
} from './core/types';

export interface SingleEventReserveInput {
  event: EventDetail;
  /** The query's `select`: a ticket type id to preselect. */
  select?: string | null;
  /** Preset flexible amount in cents (the `price` query, spec 1 §2), for flexible prices. */
  presetPriceCents?: number | null;
}

/**
 * The event, its one session and its groups, blocked by a failed load or nothing on sale; the ticket form itself
 * is the child `ticketForm` (core/ticketForm.machine.ts), which holds the quantities and the fields.
 */
export interface SingleEventReserveContext extends ReserveCoreContext, BlockingContext {
  event: EventDetail;
  select: string | null;
  /** Preset flexible amount in cents (the `price` query), the form's first amount. */
  presetPriceCents: number | null;
  /** The event's one session; null while loading, and for discount-code purchases (no session needed). */
  session: SessionModel | null;
  groups: TicketGroupModel[];
  /** What the form asked to reserve (its `form.submitted`), while and after it is reserved; else null. */
  request: ReserveIntoCartInput | null;
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type SingleEventReserveActorEvent =
  | DoneActorEvent<SessionModel | null, 'loadSession'>
  | ErrorActorEvent<unknown, 'loadSession'>
  | DoneActorEvent<TicketGroupModel[], 'loadSessionGroups'>
  | ErrorActorEvent<unknown, 'loadSessionGroups'>;

/** The form's own events go to the child `ticketForm`; the flow takes its valid submit. */
export type SingleEventReserveEvent =
  | SingleEventReserveActorEvent
  | ReserveCoreEvent
  | TicketFormSubmittedEvent;

export interface LoadSingleSessionInput {
  eventId: string;
}

export interface LoadSingleGroupsInput {
  eventId: string;
  sessionId: string;
}
