/**
 * Wiring of the reschedule flow (spec 2 §4 "Reschedule", §7; issue 24): the order and the access answer (as the
 * manage page loads them) and the event's days from today (GET events/{id}/calendar); the day's sessions (GET
 * events/{id}/sessions); Update: a new order-bound cart (POST ticket_order/{id}/edit) and one POST
 * cart/{cartId}/modify; on a refusal the cart is deleted (spec 2 §8 "Reschedule") and the refusal passed on.
 * The cart's id is kept per order in this tab's sessionStorage for the manage page, which confirms the change.
 */
import type { Api } from '../../api';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import type { LoadRescheduleInput, LoadRescheduleOutput } from '../../machines/reschedule/types';
import { fromPromise } from '../actors';
import { loadManageOrder } from './wiring';

export interface RescheduleWiring {
  api: Pick<Api, 'orders' | 'events'>;
  now: () => number;
}

export async function loadReschedule(
  w: RescheduleWiring,
  input: LoadRescheduleInput,
  signal: AbortSignal,
): Promise<LoadRescheduleOutput> {
  const { order, access, nowMs } = await loadManageOrder(w, input, signal);
  const eventId = order.tickets.find((t) => t.sessionId === input.sessionId)?.eventId;
  const days = eventId ? await w.api.events.calendar(eventId, {}, { signal }) : [];
  return {
    order,
    access,
    nowMs,
    days: days
      .filter((d) => d.status !== 'other')
      .map((d) => ({ date: d.date, soldOut: d.status === 'sold_out' })),
  };
}

/** sessionStorage key of an order's unconfirmed change (its order-bound cart's id). */
export const editCartKey = (orderId: string) => `tix:order-edit:${orderId}`;

export function provideReschedule(w: RescheduleWiring) {
  return rescheduleMachine.provide({
    actors: {
      loadReschedule: fromPromise(({ input, signal }) => loadReschedule(w, input, signal)),
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
  });
}
