/** Types of the single-event form (spec 1 §4 "Single-event flow"). */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import type { TicketFormContext } from './core/ticket-form';
import type { BlockingContext, TicketFormEvent } from './core/types';
import type { VoucherChangeEvent } from './core/vouchers';

export interface SingleEventReserveInput {
  event: EventDetail;
  /** The query's `select`: a ticket type id to preselect. */
  select?: string | null;
  /** Preset flexible amount in cents (the `price` query, spec 1 §2), for flexible prices. */
  presetPriceCents?: number | null;
}

/** The ticket form (core/ticket-form.ts), blocked by a failed load or nothing on sale. */
export interface SingleEventReserveContext extends TicketFormContext, BlockingContext {
  select: string | null;
  /** The event's one session; null while loading, and for discount-code purchases (no session needed). */
  session: SessionModel | null;
  groups: TicketGroupModel[];
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type SingleEventReserveActorEvent =
  | DoneActorEvent<SessionModel | null, 'loadSession'>
  | ErrorActorEvent<unknown, 'loadSession'>
  | DoneActorEvent<TicketGroupModel[], 'loadSessionGroups'>
  | ErrorActorEvent<unknown, 'loadSessionGroups'>;

export type SingleEventReserveEvent = SingleEventReserveActorEvent | TicketFormEvent | VoucherChangeEvent;

export interface LoadSingleSessionInput {
  eventId: string;
}

export interface LoadSingleGroupsInput {
  eventId: string;
  sessionId: string;
}
