/**
 * The reserve core's child (`reserveIntoCart`) with a scripted post, for the reserve flows' tests: each call
 * is recorded as the flow's tickets request (a membership request here fails the test), then answered.
 */
import { fromPromise } from 'xstate';
import type { CartModel, ReserveRequest, SessionModel, TicketGroupModel } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { days, sessionsByDate } from '../../stories/fixtures/dateFirstReserve';

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

/**
 * The date-first machine on the story's days and sessions (no preset session found), its session loading
 * `groups` and its reserve posted by `reserveIntoCart`: the reserve-core tests' one setup of the form.
 */
export function dateFirstOnFixtures(
  groups: readonly TicketGroupModel[],
  reserveIntoCart: ReturnType<typeof postTickets>,
) {
  return dateFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async () => days),
      loadSessions: fromPromise(async ({ input }) => sessionsByDate[input.date] ?? []),
      findSession: fromPromise<SessionModel | null, { eventId: string; sessionId: string }>(async () => null),
      loadSessionGroups: fromPromise(async () => [...groups]),
      reserveIntoCart,
    },
  });
}
