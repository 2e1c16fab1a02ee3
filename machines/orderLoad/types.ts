/**
 * Order load (spec 2 §2 "Cancel-free-order page", "Edit-order page", "Reschedule page", §8 "Order page"; issues
 * 17, 24): the one child machine the three order pages invoke to load the order and whether this visitor may
 * manage it. Context, input, the load actor's input and output, the child's output and its typed done event.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { ManageAccess, ManageOrder } from '../../api/models';
import type { Message } from '../shared/messages';

/** The invoke id (and source name) every order page uses for the child. */
export const ORDER_LOAD = 'orderLoad';

/** Which order, with the manage link's token, and what the page loads with it. */
export interface OrderLoadInput {
  /** The `{id}` of `/manage/{id}`. */
  orderId: string;
  /** The manage link's token (`?token=` of the emailed link); null: the owner's member session must do. */
  token: string | null;
  /** Edit order: this tab's pending change (its order-bound cart), read with the order; null: none. */
  cartId?: string | null;
  /** Reschedule: the session whose tickets move (its event's days are read with the order). */
  sessionId?: string;
}

/**
 * What the provided `loadOrder` answers: the order, the access answer and the clock's time when it was read; a
 * page's load adds what it reads with them (edit order its pending change, reschedule the event's days).
 */
export interface OrderLoaded {
  order: ManageOrder;
  access: ManageAccess;
  /** Epoch ms of the provided clock (machines never read the clock). */
  nowMs: number;
}

/**
 * The child's answer: the order loaded; refused (no manage link token, not the owner's session, the seller's
 * rules: 'You must contact us to cancel this order.'); or failed ('We could not find that order.' or Oops), which
 * the page offers to try again.
 */
export type OrderLoadOutput<T extends OrderLoaded = OrderLoaded> =
  | { status: 'loaded'; loaded: T }
  | { status: 'refused'; error: Message }
  | { status: 'failed'; error: Message };

/** The page's done event of the child (`xstate.done.actor.orderLoad`), typed with what the page's load reads. */
export type OrderLoadDoneEvent<T extends OrderLoaded = OrderLoaded> = DoneActorEvent<
  OrderLoadOutput<T>,
  typeof ORDER_LOAD
>;

/** The child's own events: its load actor's completion. */
export type OrderLoadEvent = DoneActorEvent<OrderLoaded, 'loadOrder'> | ErrorActorEvent<unknown, 'loadOrder'>;

export interface OrderLoadContext {
  input: OrderLoadInput;
  /** Set when the load ends (the output); null while it runs. */
  outcome: OrderLoadOutput | null;
}
