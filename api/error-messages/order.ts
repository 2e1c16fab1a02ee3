/** Order self-service errors (spec 2 §8). */
import { ErrorCode } from '../codes';
import { type ErrorLike, type ErrorOutcome, genericMessageKey, show, text } from './base';

/** Reschedule: an expired cart or tickets that cannot move show the message and a way to start again. */
export function rescheduleOutcome(error: ErrorLike): ErrorOutcome {
  const startAgain =
    error.code === ErrorCode.cart_expired ||
    (error.context === 'cart_remove_tickets' &&
      (error.code === ErrorCode.tickets_too_old ||
        error.code === ErrorCode.ticket_state_incorrect ||
        error.code === ErrorCode.ticket_not_found));
  const description = text(error.description);
  return startAgain && description
    ? show('rescheduleStartAgain', { description })
    : show(genericMessageKey('reschedule'));
}
