/**
 * Types of the reserve core (DESIGN.md "Reserve core"): what every way of putting something in the cart sends
 * to the one child machine `reserveIntoCart`, and what that machine answers. Done and error events are typed
 * here, so no flow casts to read them.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type {
  CalendarDayModel,
  CartModel,
  EventDetail,
  MembershipReserveRequest,
  ReserveRequest,
  SessionModel,
} from '../../../api/models';
import type { FlowError } from '../../shared/flow-error';
import type { Message } from '../../shared/messages';
import type { Quantities } from '../quantities';
import type { SeatChoice } from '../seats';
import type { SoldOutSession } from './sold-out';

/**
 * What a reserve puts in the cart: tickets of an event (date-first, quantity-first, single event, one-ticket
 * picker) or a membership level (purchase, renew, gift, redeem). One union, so a feature of what a reserve
 * carries is added once.
 */
export type CoreReserveRequest =
  | { kind: 'tickets'; tickets: ReserveRequest }
  | { kind: 'membership'; membership: MembershipReserveRequest };

/** The child machine's input. */
export interface ReserveIntoCartInput {
  request: CoreReserveRequest;
}

/**
 * The post actor's input: the request, whether to start a new cart (the app cart's id is read when it acts),
 * and the codes to apply before the reserve (`preReservePromoCodes`: the code typed into the 'code required'
 * prompt; empty on the first post).
 */
export interface PostReserveInput {
  request: CoreReserveRequest;
  newCart: boolean;
  codesBeforeReserve: string[];
}

/** How a refused reserve reads to the flows that branch on it. */
export type RefusalKind = 'sessionSoldOut' | 'seatTaken' | 'codeRequired' | 'other';

export interface ReserveRefusal {
  kind: RefusalKind;
  error: FlowError & { context?: string | null };
}

export interface ReserveIntoCartContext {
  request: CoreReserveRequest;
  /** The first post found the cart gone (deleted or expired): this post starts a new cart. */
  newCart: boolean;
  cart: CartModel | null;
  refusal: ReserveRefusal | null;
  /** What the visitor typed into the 'code required' prompt (kept after a wrong code). */
  code: string;
  /** Why the last code did not unlock the tickets ('"{code}" is not a valid promo code.'), or null. */
  codeError: Message | null;
}

/** Reserved with the cart the server answered, or refused with the reason. */
export type ReserveIntoCartOutput =
  | { status: 'reserved'; cart: CartModel }
  | { status: 'refused'; refusal: ReserveRefusal };

/** The invoke id (and source name) every flow uses for the child. */
export const RESERVE_INTO_CART = 'reserveIntoCart';

/** The parent's done event of the child (`xstate.done.actor.reserveIntoCart`). */
export type ReserveDoneEvent = DoneActorEvent<ReserveIntoCartOutput, typeof RESERVE_INTO_CART>;

/** The child's own events: its post actor's completion. */
export type PostReserveEvent =
  | DoneActorEvent<CartModel, 'postReserve'>
  | ErrorActorEvent<unknown, 'postReserve'>;

/** The 'code required' prompt's events (spec 1 §2, §4): typing, applying the code, cancelling. */
export type CodePromptEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.cancel' };

/** Every event the child takes. */
export type ReserveIntoCartEvent = PostReserveEvent | CodePromptEvent;

export type NoticeLevel = 'info' | 'warning' | 'error';

/** A message the view shows; `key` identifies it for `message.dismiss` and replacement. */
export interface ReserveNotice {
  key: string;
  level: NoticeLevel;
  message: Message;
}

// ---- what the reserve flows share ---------------------------------------------------------------------

/** The context of every flow that puts something in the cart: the cart, once reserved. */
export interface CartContext {
  cart: CartModel | null;
}

/** The context every ticket reserve flow holds for the core: its notices and, once reserved, the cart. */
export interface ReserveCoreContext extends CartContext {
  messages: ReserveNotice[];
}

/** What every reserve flow ends with. */
export interface ReserveOutput {
  cart: CartModel;
}

/** The child's answer to the flow that invoked it (its done event, or its error when it failed itself). */
export type ReserveChildEvent = ReserveDoneEvent | ErrorActorEvent<unknown, typeof RESERVE_INTO_CART>;

/** The events every ticket reserve flow takes: the child's answer, submit, retry and dismissing a notice. */
export type ReserveCoreEvent =
  | ReserveChildEvent
  | { type: 'submit' }
  | { type: 'retry' }
  | { type: 'message.dismiss'; key: string };

/** A stepper's increment, decrement or typed count. */
export type QuantityEvent =
  | { type: 'quantity.increment'; ticketTypeId: string }
  | { type: 'quantity.decrement'; ticketTypeId: string }
  | { type: 'quantity.set'; ticketTypeId: string; quantity: number };

/** The seat map's confirmed selection: seat ids per seated group. */
export interface SeatsSetEvent {
  type: 'seats.set';
  seats: SeatChoice;
}

/** The context every ticket flow holds: the event, and the count chosen per ticket type. */
export interface TicketReserveContext extends ReserveCoreContext {
  event: EventDetail;
  quantities: Quantities;
}

/** Choosing a day, reopening the day list, and choosing a session of the day. */
export type DayChoiceEvent =
  | { type: 'date.select'; date: string }
  | { type: 'date.change' }
  | { type: 'session.select'; sessionId: string };

/** The context of a flow that chooses seats. */
export interface SeatsContext {
  /** Seats chosen per seated ticket group (the seat map fills it; spec 1 §2 seat selection block). */
  seats: SeatChoice;
}

/** The context of a flow whose load failures block the form (single event, one-ticket picker). */
export interface BlockingContext {
  /** Blocking message: nothing on sale, or the load failed. */
  blocking: Message | null;
}

/**
 * The context of a flow that picks a day, then a session of it (date-first, quantity-first): the session
 * remembered after a sold-out reserve while the day's sessions reload. The quantities are the form child's.
 */
export interface DayPickerContext extends ReserveCoreContext {
  event: EventDetail;
  days: CalendarDayModel[];
  selectedDate: string | null;
  sessions: SessionModel[];
  selectedSessionId: string | null;
  soldOut: SoldOutSession | null;
}

/** The events the day and session picking reads (the calendar and sessions a flow loads, and choices). */
export type DayPickerEvent =
  | DoneActorEvent<CalendarDayModel[], 'loadCalendar'>
  | DoneActorEvent<SessionModel[], 'loadSessions'>
  | DayChoiceEvent;
