/**
 * Wiring of the quantity-first layout: the quantity-first reserve machine with its real implementations
 * (POST calendar and sessions for the chosen quantities, the reserve into the app cart's current id).
 */

import type { Api } from '../../api';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { fromPromise } from '../actors';
import type { EventWiring } from './wiring';

export function provideQuantityFirstReserve({
  api,
  currentCartId,
  reserved,
}: Omit<EventWiring, 'api'> & { api: Pick<Api, 'events' | 'cart'> }) {
  return quantityFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(({ input, signal }) =>
        api.events.calendarFor(input.eventId, input.quantities, { signal }),
      ),
      loadSessions: fromPromise(({ input, signal }) =>
        api.events.sessionsFor(input.eventId, { date: input.date, quantities: input.quantities }, { signal }),
      ),
      reserve: fromPromise(({ input, signal }) =>
        api.cart.reserve(input.newCart ? null : currentCartId(), input.request, { signal }),
      ),
    },
    actions: {
      reserved: (_, cart) => reserved(cart),
    },
  });
}
