/**
 * The reserve core's child (`reserveIntoCart`) with a scripted post, for the reserve flows' tests: each call
 * is recorded as the flow's tickets request (a membership request here fails the test), then answered.
 */
import type { CartModel, ReserveRequest } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';

export interface TicketsPost {
  newCart: boolean;
  request: ReserveRequest;
}

export function postTickets(record: (post: TicketsPost) => void, answer: () => Promise<CartModel>) {
  return reserveIntoCartWith(async (input) => {
    if (input.request.kind !== 'tickets')
      throw new Error(`expected a tickets reserve, got ${input.request.kind}`);
    record({ newCart: input.newCart, request: input.request.tickets });
    return answer();
  });
}
