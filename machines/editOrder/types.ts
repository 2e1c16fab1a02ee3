/**
 * Edit order (spec 2 §2 "Edit-order page", §4 "Edit order", §6; issue 24): context, events, input and the actors'
 * inputs and outputs.
 */
import type { DoneActorEvent } from 'xstate';
import type { EditCart, ManageAccess, ManageOrder } from '../../api/models';
import type { OrderLoadDoneEvent, OrderLoaded } from '../orderLoad/types';
import type { Message } from '../shared/messages';

/** Spec 2 §4: the success message after a confirmed change: 'reschedule' when a ticket was added, else 'cancelled'. */
export type EditSuccess = 'rescheduled' | 'cancelled';

export interface EditOrderInput {
  /** The `{id}` of `/manage/{id}`. */
  orderId: string;
  /** The manage link's token; null: the owner's member session. */
  token: string | null;
  /** The order-bound cart of a change made elsewhere (the reschedule page), kept by this tab; null: none. */
  cartId: string | null;
  /** A change confirmed by the checkout of /manage/{id}/confirm: its success message. */
  success: EditSuccess | null;
}

export interface LoadEditInput {
  orderId: string;
  token: string | null;
  cartId: string | null;
}
/** What the page's load answers (the orderLoad child's `loadOrder`, provided by the route). */
export interface LoadEditOutput extends OrderLoaded {
  /** The pending change of this order (its order-bound cart), or null. */
  edit: EditCart | null;
}

export interface RemoveTicketsInput {
  orderId: string;
  token: string | null;
  /** The order-bound cart to add the removal to; null: a new one. */
  cartId: string | null;
  /** Never empty: zero-price, valid tickets not removed yet. */
  ticketIds: string[];
}

export interface ConfirmChangeInput {
  orderId: string;
  token: string | null;
  cartId: string;
}

export interface DiscardChangeInput {
  cartId: string;
}

/** The unsaved change's cart expires at `expiresAt` (ISO; null: it does not): the provided watch resolves then. */
export interface ChangeExpiryInput {
  expiresAt: string | null;
}

export interface EditOrderContext {
  orderId: string;
  token: string | null;
  cartId: string | null;
  order: ManageOrder | null;
  access: ManageAccess | null;
  edit: EditCart | null;
  nowMs: number;
  /** The tickets the removal in flight gives up. */
  pending: string[];
  success: EditSuccess | null;
  /** The unsaved change expired with its cart (spec 2 §2: the manage screen reloads); until the next change. */
  expired: boolean;
  error: Message | null;
}

export type EditOrderEvent =
  /** A zero-price ticket's remove button. */
  | { type: 'ticket.remove'; ticketId: string }
  /** A session's Cancel (all its tickets free). */
  | { type: 'session.cancel'; sessionKey: string }
  /** 'Cancel order'. */
  | { type: 'order.cancel' }
  /** The sticky footer's Confirm Changes. */
  | { type: 'confirm' }
  /** The sticky footer's Cancel: discard the change. */
  | { type: 'discard' }
  /** Loading failed: try again. */
  | { type: 'retry' }
  /** The orderLoad child's answer: the order (with its pending change) loaded, refused or failed. */
  | OrderLoadDoneEvent<LoadEditOutput>
  /** The removal is in the order-bound cart: the change as it is now. */
  | DoneActorEvent<EditCart, 'removeTickets'>;

/**
 * The params of the injected `editKept` (the change is in this order-bound cart: keep it) and `editPay` (the
 * change must be paid: on to its checkout).
 */
export interface EditChange {
  orderId: string;
  cartId: string;
}

/** The params of the injected `editClosed`: the change is confirmed, discarded or expired (forget its cart). */
export interface EditClosed {
  orderId: string;
}
