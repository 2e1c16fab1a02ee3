/**
 * Reschedule (spec 2 §2 "Reschedule page", §4 "Reschedule", §5, §6, §8 "Reschedule"; issue 24): context, events,
 * input and the actors' inputs and outputs.
 */
import type { DoneActorEvent } from 'xstate';
import type { ManageAccess, ManageOrder } from '../../api/models';
import type { OrderLoadDoneEvent, OrderLoaded } from '../orderLoad/types';
import type { DayPrice } from '../reserve/price-display';
import type { Message } from '../shared/messages';

export interface RescheduleInput {
  /** The `{orderId}` and `{sessionId}` of `/manage/{orderId}/reschedule/{sessionId}`. */
  orderId: string;
  sessionId: string;
  /** The manage link's token; null: the owner's member session. */
  token: string | null;
}

/** A day the date picker offers (the event's calendar for the moving tickets). */
export interface RescheduleDay {
  date: string;
  soldOut: boolean;
  /**
   * Its price line as the reserve's date picker shows it (spec 1 §2, the event's `web.price_display` prefix, else
   * 'From'): the lowest price there of the tickets being moved (their session prices); null: none shown.
   */
  price: DayPrice | null;
}

/** A session of the chosen day. */
export interface RescheduleSession {
  id: string;
  /** ISO start. */
  start: string;
  soldOut: boolean;
  /** What a ticket of each moving type costs at this session, in cents (its price schedule). */
  prices: Record<string, number>;
}

export interface LoadRescheduleInput {
  orderId: string;
  /** The session whose tickets move (its event's days are offered). */
  sessionId: string;
  token: string | null;
}
/** What the page's load answers (the orderLoad child's `loadOrder`, provided by the route). */
export interface LoadRescheduleOutput extends OrderLoaded {
  /** The event's days from today (the provided clock's) with room for the moving tickets, priced for them. */
  days: RescheduleDay[];
}

export interface LoadSessionsInput {
  eventId: string;
  date: string;
  /** The moving tickets by type: the sessions with room for them, priced (POST events/{id}/sessions). */
  quantities: Record<string, number>;
}

export interface UpdateOrderInput {
  orderId: string;
  token: string | null;
  /** The session's tickets the change gives up (never empty). */
  remove: string[];
  /** One line per removed ticket, of its type, in the chosen session. */
  add: { sessionId: string; ticketTypeId: string }[];
}
/** The order-bound cart the change is in (the manage page confirms it). */
export interface UpdateOrderOutput {
  cartId: string;
}

export interface RescheduleContext {
  orderId: string;
  sessionId: string;
  token: string | null;
  order: ManageOrder | null;
  access: ManageAccess | null;
  nowMs: number;
  days: RescheduleDay[];
  selectedDate: string | null;
  sessions: RescheduleSession[] | null;
  selectedSessionId: string | null;
  /** The order-bound cart of the change, once made. */
  cartId: string | null;
  error: Message | null;
  /** The error offers 'Click here to start again.' (spec 2 §8 "Reschedule"). */
  startAgain: boolean;
}

export type RescheduleEvent =
  /** A day button, or a day of the 'Choose date' calendar ('Show more dates'). */
  | { type: 'date.select'; date: string }
  /** A session of the chosen day. */
  | { type: 'session.select'; sessionId: string }
  /** Update. */
  | { type: 'update' }
  /** 'Click here to start again.', or Try again after a failed load. */
  | { type: 'restart' }
  /** The orderLoad child's answer: the order (with the event's days) loaded, refused or failed. */
  | OrderLoadDoneEvent<LoadRescheduleOutput>
  /** The chosen day's sessions loaded; the order moved (its new cart). */
  | DoneActorEvent<RescheduleSession[], 'loadSessions'>
  | DoneActorEvent<UpdateOrderOutput, 'updateOrder'>;

/**
 * The params of the injected `rescheduled`: the change is in this order-bound cart; back to the manage page,
 * which confirms it.
 */
export interface Rescheduled {
  orderId: string;
  cartId: string;
}
