/**
 * Wiring of the quantity-first layout: the quantity-first reserve machine with its real implementations
 * (POST calendar and sessions for the chosen quantities, the reserve into the app cart's current id).
 */
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { fromPromise } from '../actors';
import { provideReserveCore } from './reserve-core';
import { type EventWiring, withConflicts, withinVisitDays, withinVisitTimes } from './wiring';

export function provideQuantityFirstReserve({
  api,
  currentCartId,
  reserved,
  codePrompt,
  conflicts,
  visitWindow,
}: EventWiring) {
  return quantityFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async ({ input, signal }) =>
        withinVisitDays(
          await api.events.calendarFor(input.eventId, input.quantities, { signal }),
          visitWindow,
        ),
      ),
      loadSessions: fromPromise(async ({ input, signal }) =>
        withConflicts(
          await withinVisitTimes(
            await api.events.sessionsFor(
              input.eventId,
              { date: input.date, quantities: input.quantities },
              { signal },
            ),
            visitWindow,
          ),
          conflicts,
        ),
      ),
      reserveIntoCart: provideReserveCore({ api, currentCartId, codePrompt }),
    },
    actions: { reserved: ({ context }) => context.cart && reserved(context.cart) },
  });
}
