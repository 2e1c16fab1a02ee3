/** The pending order page (spec 2 §2 "Pending page", issue 19): `/checkout/pending/{cartId}`. */
import type { DoneActorEvent } from 'xstate';

export interface PendingOrderInput {
  /** The cart whose payment is still processing (the route's `cartId`). */
  cartId: string;
  /**
   * The payment is a bank debit (spec 2 §2: then the page gives the reference number, and says a confirmation
   * email follows once it has cleared). Absent: false.
   */
  debit?: boolean;
}

export interface PendingOrderContext {
  cartId: string;
  /** The cart's number, the reference the page shows (spec 2 §2), once a check has read the cart; null before. */
  cartNumber: string | null;
  /** A bank debit: the debit wording (spec 2 §2). */
  debit: boolean;
  /** The cart's orders once it has them (then the page goes to the confirmation). */
  orderIds: string[];
  /** Checks in a row that failed (network, server); polling goes on until there are too many. */
  failures: number;
}

export interface CheckCartInput {
  cartId: string;
}

/** What one check of the cart found: its order ids (none while the payment is processing). */
export interface CheckCartOutput {
  /** The cart's number (`cart_number`): the reference the page shows, not its id. */
  cartNumber: string;
  orderIds: string[];
  /**
   * A payment is still in flight on the cart (processing at the gateway). No orders and no payment in flight:
   * the payment failed (payment_intent.payment_failed, or recovery found the intent failed) and the cart is
   * payable again.
   */
  paying: boolean;
}

export type PendingOrderEvent =
  /** After too many failed checks: check again (and go on polling). */
  | { type: 'retry' }
  /** A check of the cart answered. */
  | DoneActorEvent<CheckCartOutput, 'checkCart'>;
