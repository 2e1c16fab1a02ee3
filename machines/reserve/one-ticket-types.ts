/** Types of the one-ticket-only picker (spec 1 §2 layout 2: events whose groups are all ledger or donation). */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CartModel, EventDetail, TicketGroupModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { ReserveCoreEvent } from './core/types';
import type { Quantities } from './quantities';
import type { ReserveNotice } from './types';

export interface OneTicketReserveInput {
  event: EventDetail;
  /** The query's `select`: a ticket type id to preselect. */
  select?: string | null;
}

export interface OneTicketReserveContext {
  event: EventDetail;
  select: string | null;
  groups: TicketGroupModel[];
  /** Exactly one ticket of one type once chosen ({} before). */
  quantities: Quantities;
  messages: ReserveNotice[];
  blocking: Message | null;
  cart: CartModel | null;
}

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type OneTicketReserveActorEvent =
  | DoneActorEvent<TicketGroupModel[], 'loadGroups'>
  | ErrorActorEvent<unknown, 'loadGroups'>;

export type OneTicketReserveEvent =
  | OneTicketReserveActorEvent
  | ReserveCoreEvent
  | { type: 'ticket.choose'; ticketTypeId: string };

/** The event's groups: donation groups are loaded again with GET ticket_group/{id}, the others kept. */
export interface LoadOneTicketGroupsInput {
  eventId: string;
  groups: TicketGroupModel[];
}
