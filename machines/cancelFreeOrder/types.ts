/**
 * Cancel free order (spec 2 §2 "Cancel-free-order page", §4 "Cancel-free-order", §5, §8 "Cancel order"; issue 24):
 * context, events, input and the actors' inputs and outputs.
 */
import type { ManageAccess, ManageOrder } from '../../api/models';
import type { OrderLoadDoneEvent, OrderLoaded } from '../orderLoad/types';
import type { Message } from '../shared/messages';

export interface CancelFreeOrderInput {
  /** The `{id}` of `/manage/{id}`. */
  orderId: string;
  /** The manage link's token (`?token=` of the emailed link); null: the owner's member session must do. */
  token: string | null;
}

/**
 * What the page's load answers (the orderLoad child's `loadOrder`, provided by the route): the order, the access
 * answer and the clock's time when it was read.
 */
export type LoadOrderOutput = OrderLoaded;

export interface CancelTicketsInput {
  orderId: string;
  token: string | null;
  /** Never empty (an invariant the path tests hold). */
  ticketIds: string[];
}

export interface SendEmailInput {
  orderId: string;
  token: string | null;
  logContext: 'order_cancel';
}

export interface CancelFreeOrderContext {
  orderId: string;
  token: string | null;
  order: ManageOrder | null;
  access: ManageAccess | null;
  nowMs: number;
  /** The tickets ticked (valid ones only). */
  selected: string[];
  /** What the confirm modal asks to cancel: every valid ticket (Cancel order) or the selection. */
  pending: string[];
  /** 'cancelled' after a cancel and its email, until the next change (spec 2 §4: a success message after reload). */
  notice: 'cancelled' | null;
  error: Message | null;
}

export type CancelFreeOrderEvent =
  /** A ticket's checkbox. */
  | { type: 'ticket.toggle'; ticketId: string }
  /** A session's select-all checkbox. */
  | { type: 'session.toggleAll'; sessionKey: string }
  /** 'Cancel order': every valid ticket. */
  | { type: 'cancelOrder' }
  /** 'Cancel selected'. */
  | { type: 'cancelSelected' }
  /** The confirm modal's Confirm. */
  | { type: 'confirm' }
  /** The confirm modal's Cancel, Escape or a backdrop click. */
  | { type: 'dismiss' }
  /** Loading failed: try again. */
  | { type: 'retry' }
  /** The orderLoad child's answer: the order loaded, refused or failed. */
  | OrderLoadDoneEvent<LoadOrderOutput>;
