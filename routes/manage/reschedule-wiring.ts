/**
 * Wiring of the reschedule flow (spec 2 §4 "Reschedule", §7; issue 24): the order and the access answer (as the
 * manage page loads them) and the event's days from today with room for the moving tickets, priced for them (POST
 * events/{id}/calendar, with the event's price display from GET events/{id}); the day's sessions (POST
 * events/{id}/sessions); Update: a new order-bound cart (POST ticket_order/{id}/edit) and one POST
 * cart/{cartId}/modify; on a refusal the cart is deleted (spec 2 §8 "Reschedule") and the refusal passed on.
 * The cart's id is kept per order in this tab's sessionStorage for the manage page, which confirms the change:
 * the route does that when the flow tells it (`rescheduled`).
 */
import type { Api } from '../../api';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import { quantitiesOf, ticketsToMove } from '../../machines/reschedule/rules';
import type { LoadRescheduleInput, LoadRescheduleOutput, Rescheduled } from '../../machines/reschedule/types';
import { lowestPriceLine, PRICE_DISPLAY_KEY, parsePriceDisplay } from '../../machines/reserve/price-display';
import { fromPromise } from '../actors';
import { loadManageOrder, provideOrderLoad } from './wiring';

/** The flow's calls: the API and the app's time. */
export interface RescheduleCalls {
  api: Pick<Api, 'orders' | 'events'>;
  now: () => number;
}

/** The calls, and what the route does when the flow tells it. */
export interface RescheduleWiring extends RescheduleCalls {
  /** The change is in this order-bound cart: keep its id (this tab) and go back to the order. */
  rescheduled: (change: Rescheduled) => void;
}

/**
 * The price display of the event's days (its `web.price_display`: the prefix, or no prices on days), or the
 * defaults ('From' the lowest price) when the event cannot be read (a hidden event, a failed call).
 */
async function priceDisplayOf(w: RescheduleCalls, eventId: string, signal: AbortSignal) {
  const event = await w.api.events.get(eventId, { signal }).catch(() => null);
  return parsePriceDisplay(event?.config[PRICE_DISPLAY_KEY]);
}

export async function loadReschedule(
  w: RescheduleCalls,
  input: LoadRescheduleInput,
  signal: AbortSignal,
): Promise<LoadRescheduleOutput> {
  const { order, access, nowMs } = await loadManageOrder(w, input, signal);
  const moving = ticketsToMove(order, input.sessionId, nowMs, access);
  const eventId = moving[0]?.eventId;
  if (!eventId) return { order, access, nowMs, days: [] };
  // The days with room for the moving tickets, each priced for them (POST events/{id}/calendar with their counts
  // per type: the lowest of their session prices), as the reserve's date picker prices its days.
  const [days, display] = await Promise.all([
    w.api.events.calendarFor(eventId, quantitiesOf(moving), { signal }),
    priceDisplayOf(w, eventId, signal),
  ]);
  return {
    order,
    access,
    nowMs,
    days: days
      .filter((d) => d.status !== 'other')
      .map((d) => ({ date: d.date, soldOut: d.status === 'sold_out', price: lowestPriceLine(d, display) })),
  };
}

/** sessionStorage key of an order's unconfirmed change (its order-bound cart's id). */
export const editCartKey = (orderId: string) => `tix:order-edit:${orderId}`;

export function provideReschedule(w: RescheduleWiring) {
  return rescheduleMachine.provide({
    actors: {
      orderLoad: provideOrderLoad((input, signal) =>
        loadReschedule(
          w,
          { orderId: input.orderId, token: input.token, sessionId: input.sessionId ?? '' },
          signal,
        ),
      ),
      // The day's sessions priced for the moving tickets (a session may cost more), the full ones too (sold out).
      loadSessions: fromPromise(async ({ input, signal }) =>
        (
          await w.api.events.sessionsFor(
            input.eventId,
            { date: input.date, quantities: input.quantities, includeSoldOut: true },
            { signal },
          )
        ).map((session) => ({
          id: session.id,
          start: session.start,
          soldOut: session.soldOut,
          prices: session.prices,
        })),
      ),
      updateOrder: fromPromise(async ({ input, signal }) => {
        const cart = await w.api.orders.startEdit(input.orderId, input.token, { signal });
        try {
          await w.api.orders.changeOrder(cart.cartId, { remove: input.remove, add: input.add }, { signal });
        } catch (error) {
          await w.api.orders.discard(cart.cartId).catch(() => undefined);
          throw error;
        }
        return { cartId: cart.cartId };
      }),
    },
    actions: {
      rescheduled: (_, change) => w.rescheduled(change),
    },
  });
}
