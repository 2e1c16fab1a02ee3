/**
 * How every reserve flow (date-first, quantity-first, single event, one-ticket picker) reads a failed reserve
 * or load: the flow error an actor rejected with, and the two outcomes each of them branches on.
 */
import type { ErrorActorEvent } from 'xstate';
import { ErrorCode } from '../../api/codes';
import type { ReserveFlowError } from './types';

/** The flow error of an actor's error event (a rejection with a code), or null for anything else. */
export function flowErrorOf(event: unknown): (ReserveFlowError & { context?: string | null }) | null {
  const error = (event as ErrorActorEvent).error;
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    return error as ReserveFlowError & { context?: string | null };
  }
  return null;
}

/** The cart is gone (deleted or expired) and this submit has not yet been retried in a new cart. */
export function isCartGoneFirstTime(context: { retriedInNewCart: boolean }, event: unknown): boolean {
  const code = flowErrorOf(event)?.code;
  return !context.retriedInNewCart && (code === ErrorCode.not_found || code === ErrorCode.cart_expired);
}

/** The session sold out between choosing it and reserving. */
export const isSessionSoldOutError = (event: unknown): boolean =>
  flowErrorOf(event)?.code === ErrorCode.event_session_sold_out;
