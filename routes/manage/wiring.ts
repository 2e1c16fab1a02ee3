/**
 * Wiring of the manage page's cancel-free-order flow (spec 2 §7; issue 24): the order (uncached GET
 * ticket_order/{id}) and the access answer (POST ticket_order/{id}/manage with the link's token) together, with the
 * clock's time; POST ticket_order/{id}/cancel; POST ticket_order/{id}/email (order_cancel).
 */
import type { Api } from '../../api';
import { cancelFreeOrderMachine } from '../../machines/cancelFreeOrder/cancelFreeOrder.machine';
import type { LoadOrderOutput } from '../../machines/cancelFreeOrder/types';
import { orderLoadMachine } from '../../machines/orderLoad/orderLoad.machine';
import type { OrderLoaded, OrderLoadInput } from '../../machines/orderLoad/types';
import { fromPromise } from '../actors';

export interface ManageWiring {
  api: Pick<Api, 'orders'>;
  now: () => number;
}

export async function loadManageOrder(
  w: ManageWiring,
  { orderId, token }: Pick<OrderLoadInput, 'orderId' | 'token'>,
  signal: AbortSignal,
): Promise<LoadOrderOutput> {
  // The access first: a refused visitor learns nothing of the order's tickets from this page.
  const access = await w.api.orders.manageAccess(orderId, token, { signal });
  const order = await w.api.orders.manageOrder(orderId, { signal });
  return { order, access, nowMs: w.now() };
}

/** The `?token=` of the emailed manage link (null when absent or not a token's shape). */
export function tokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/** The orderLoad child of an order page, with that page's load (the order and the access, and what it adds). */
export function provideOrderLoad(load: (input: OrderLoadInput, signal: AbortSignal) => Promise<OrderLoaded>) {
  return orderLoadMachine.provide({
    actors: { loadOrder: fromPromise(({ input, signal }) => load(input, signal)) },
  });
}

export function provideCancelFreeOrder(w: ManageWiring) {
  return cancelFreeOrderMachine.provide({
    actors: {
      orderLoad: provideOrderLoad((input, signal) => loadManageOrder(w, input, signal)),
      cancelTickets: fromPromise(({ input, signal }) =>
        w.api.orders.cancel(input.orderId, input.ticketIds, input.token, { signal }),
      ),
      sendEmail: fromPromise(({ input, signal }) =>
        w.api.orders.email(input.orderId, input.logContext, input.token, { signal }),
      ),
    },
  });
}
