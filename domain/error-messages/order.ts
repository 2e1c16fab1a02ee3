/** Order self-service errors (spec 2 §8). */
import { ErrorCode } from '../codes';
import { type ErrorLike, type ErrorOutcome, genericMessageKey, isNotFound, show, text } from './base';

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

/** The manage calls' refusal: no manage link token, not the owner's session, or the seller's rules (issue 24). */
export const isNotManageable = (error: ErrorLike): boolean =>
  error.code === ErrorCode.order_not_manageable || error.status === 403;

/**
 * Cancel order (spec 2 §8 "Cancel order"): tickets that are no longer cancellable read 'No valid tickets found on
 * this order'; a refused manage call 'You must contact us to cancel this order.'; the rest the flow's generic text.
 */
export function cancelOrderOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.no_valid_tickets) return show('noValidTickets');
  if (isNotManageable(error)) return show('cancelContactUs');
  return show(genericMessageKey('cancelOrder'));
}

/** The manage page's load (spec 2 §8 "Order page"): 404 'We could not find that order.', a refusal, else Oops. */
export function manageLoadOutcome(error: ErrorLike): ErrorOutcome {
  if (isNotFound(error)) return show('orderNotFound');
  if (isNotManageable(error)) return show('cancelContactUs');
  return show(genericMessageKey('order'));
}
