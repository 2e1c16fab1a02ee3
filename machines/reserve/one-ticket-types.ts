/** Types of the one-ticket-only picker (spec 1 §2 layout 2: events whose groups are all ledger or donation). */
import type { CartModel, EventDetail, TicketGroupModel } from '../../api/models';
import type { Message } from '../shared/messages';
import type { Quantities } from './quantities';
import type { ReserveInput, ReserveNotice } from './types';

export interface OneTicketReserveInput {
  event: EventDetail;
  /** The query's `select`: a ticket type id to preselect. */
  select?: string | null;
}

export interface OneTicketReserveOutput {
  cart: CartModel;
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
  retriedInNewCart: boolean;
}

export type OneTicketReserveEvent =
  | { type: 'ticket.choose'; ticketTypeId: string }
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'message.dismiss'; key: string };

/** The event's groups: donation groups are loaded again with GET ticket_group/{id}, the others kept. */
export interface LoadOneTicketGroupsInput {
  eventId: string;
  groups: TicketGroupModel[];
}

export type { ReserveInput };
