/** The refusals of order self-service (spec 2 §8 "Cancel order"), shared by its routes and the order-bound cart. */
import { ErrorCode } from '../../domain/codes';
import { ApiError } from '../http/errors';

/** The context of a change's tickets that cannot be given up (spec 2 §8 "Reschedule"). */
const REMOVE_CONTEXT = 'cart_remove_tickets';

export const notManageable = () =>
  new ApiError(
    403,
    ErrorCode.order_not_manageable,
    'ticket_order',
    'You must contact us to cancel this order.',
  );

export const noValidTickets = (ticketIds: string[]) =>
  new ApiError(
    400,
    ErrorCode.no_valid_tickets,
    'ticket_order_cancel',
    'No valid tickets found on this order',
    {
      ticket_ids: ticketIds,
    },
  );

/**
 * A ticket the change gives up is no longer booked (cancelled or changed meanwhile): 409 ticket_state_incorrect,
 * context cart_remove_tickets (spec 2 §8 "Reschedule": the message plus 'Click here to start again.').
 */
export const ticketsChanged = (ticketIds: string[]) =>
  new ApiError(
    409,
    ErrorCode.ticket_state_incorrect,
    REMOVE_CONTEXT,
    'Some tickets of this change are no longer booked on the order.',
    { ticket_ids: ticketIds },
  );

/** Why a ticket a reschedule gives up cannot move: not the order's, given up or no longer booked, too late, or else. */
export type MoveRefusal = 'missing' | 'state' | 'too_late' | 'other';

/**
 * A reschedule whose tickets cannot move (spec 2 §8 "Reschedule": in context cart_remove_tickets, tickets_too_old,
 * ticket_state_incorrect and ticket_not_found read the message plus 'Click here to start again.'): a ticket not on
 * the order 404 ticket_not_found, one given up already or no longer booked 409 ticket_state_incorrect, one inside
 * the horizon 400 tickets_too_old. A ticket the rules never let move (another category, a single event) is no
 * start-again matter: 400 no_valid_tickets.
 */
export function moveRefused(refused: { id: string; why: MoveRefusal }[]): ApiError {
  const ids = (why: MoveRefusal) => refused.filter((r) => r.why === why).map((r) => r.id);
  if (ids('other').length) return noValidTickets(refused.map((r) => r.id));
  if (ids('missing').length)
    return new ApiError(
      404,
      ErrorCode.ticket_not_found,
      REMOVE_CONTEXT,
      'Some tickets of this change are not on the order.',
      { ticket_ids: ids('missing') },
    );
  if (ids('state').length) return ticketsChanged(ids('state'));
  return new ApiError(
    400,
    ErrorCode.tickets_too_old,
    REMOVE_CONTEXT,
    'Some tickets of this change are too close to their session to be changed.',
    { ticket_ids: ids('too_late') },
  );
}
