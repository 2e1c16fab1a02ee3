/**
 * Types of the reserve core (DESIGN.md "Reserve core"): what every way of putting something in the cart sends
 * to the one child machine `reserveIntoCart`, and what that machine answers. Done and error events are typed
 * here, so no flow casts to read them.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CartModel, MembershipReserveRequest, ReserveRequest } from '../../../api/models';
import type { FlowError } from '../../shared/flow-error';
import type { Message } from '../../shared/messages';

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

/** The post actor's input: the request, and whether to start a new cart (the app cart's id is read when it acts). */
export interface PostReserveInput {
  request: CoreReserveRequest;
  newCart: boolean;
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

export type NoticeLevel = 'info' | 'warning' | 'error';

/** A message the view shows; `key` identifies it for `message.dismiss` and replacement. */
export interface ReserveNotice {
  key: string;
  level: NoticeLevel;
  message: Message;
}
