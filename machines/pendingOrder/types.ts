/** The pending order page (spec 2 §2 "Pending page", issue 19): `/checkout/pending/{cartId}`. */

export interface PendingOrderInput {
  /** The cart whose payment is still processing (the route's `cartId`). */
  cartId: string;
}

export interface PendingOrderContext {
  cartId: string;
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
  orderIds: string[];
}

export type PendingOrderEvent =
  /** After too many failed checks: check again (and go on polling). */
  { type: 'retry' };
