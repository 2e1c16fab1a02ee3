/** Pending order rules: how often the cart is checked, and which failures end or pause the polling. */
import { ErrorCode } from '../../domain/codes';
import type { FlowError } from '../shared/flow-error';

/** The cart is checked every 3 seconds while the payment processes (Stripe's webhook books it). */
export const PENDING_POLL_MS = 3000;
/** Failed checks in a row before the page stops and offers a retry. */
export const PENDING_MAX_FAILURES = 3;

/** The cart is not there (or not this visitor's): nothing will ever complete here. */
export const isCartMissing = (error: FlowError): boolean =>
  error.code === ErrorCode.not_found || error.status === 404 || error.status === 403;

/** What a check found: booked (orders), still processing, or the payment failed (neither). */
export type CheckOutcome = 'booked' | 'processing' | 'paymentFailed';
export const checkOutcome = (cart: { orderIds: string[]; paying: boolean }): CheckOutcome =>
  cart.orderIds.length > 0 ? 'booked' : cart.paying ? 'processing' : 'paymentFailed';
