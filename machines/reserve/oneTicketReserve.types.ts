/** Types of the one-ticket-only picker (spec 1 §2 layout 2: events whose groups are all ledger or donation). */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { EventDetail, TicketGroupModel } from '../../api/models';
import type { PriceChangeEvent, PricesContext } from './core/prices';
import type { BlockingContext, ReserveCoreEvent, TicketReserveContext } from './core/types';

export interface OneTicketReserveInput {
  event: EventDetail;
  /** The query's `select`: a ticket type id to preselect. */
  select?: string | null;
  /** Preset flexible amount in cents (the `price` query, spec 1 §2), for a pay-what-you-wish type. */
  presetPriceCents?: number | null;
  /** Today in the event's zone (YYYY-MM-DD): a pass's first and last valid day are counted from it. */
  today?: string | null;
}

/** The core's ticket context (`quantities`: exactly one ticket of one type once chosen, {} before). */
export interface OneTicketReserveContext extends TicketReserveContext, BlockingContext, PricesContext {
  select: string | null;
  /** Today in the event's zone (YYYY-MM-DD), or null when not given (no pass validity shown). */
  today: string | null;
  groups: TicketGroupModel[];
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type OneTicketReserveActorEvent =
  | DoneActorEvent<TicketGroupModel[], 'loadGroups'>
  | ErrorActorEvent<unknown, 'loadGroups'>;

export type OneTicketReserveEvent =
  | OneTicketReserveActorEvent
  | ReserveCoreEvent
  | { type: 'ticket.choose'; ticketTypeId: string }
  | PriceChangeEvent;

/** The event's groups: donation groups are loaded again with GET ticket_group/{id}, the others kept. */
export interface LoadOneTicketGroupsInput {
  eventId: string;
  groups: TicketGroupModel[];
}
