/** The refusals of order self-service (spec 2 §8 "Cancel order"), shared by its routes and the order-bound cart. */
import { ErrorCode } from '../../domain/codes';
import { ApiError } from '../http/errors';

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
    'cart_remove_tickets',
    'Some tickets of this change are no longer booked on the order.',
    { ticket_ids: ticketIds },
  );
