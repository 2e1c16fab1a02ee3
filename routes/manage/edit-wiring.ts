/**
 * Wiring of the edit-order flow (spec 2 §4 "Edit order", §7; issue 24): the order and the access answer (as the
 * cancel-free-order page loads them) with this tab's pending change (GET cart/{cartId} of the order-bound cart,
 * none when it cannot be read); a removal into the order-bound cart (POST ticket_order/{id}/edit for a new one,
 * deleted again when its modify is refused, then POST cart/{cartId}/modify { remove }); the free confirm (POST
 * cart/{cartId}/guest_checkout, gateway free, then POST ticket_order/{id}/email order_update); the discard
 * (DELETE cart/{cartId}).
 */
import type { Api } from '../../api';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import type { LoadEditInput, LoadEditOutput } from '../../machines/editOrder/types';
import { fromPromise } from '../actors';
import { loadManageOrder } from './wiring';

export interface EditOrderWiring {
  api: Pick<Api, 'orders'>;
  now: () => number;
}

export async function loadEdit(
  w: EditOrderWiring,
  input: LoadEditInput,
  signal: AbortSignal,
): Promise<LoadEditOutput> {
  const { order, access, nowMs } = await loadManageOrder(w, input, signal);
  const edit = input.cartId ? await w.api.orders.editCart(input.cartId, { signal }).catch(() => null) : null;
  return { order, access, edit, nowMs };
}

/** The order-confirmation email after a confirmed change; the change stands whatever it answers. */
export const sendUpdateEmail = (w: EditOrderWiring, orderId: string, token: string | null) =>
  w.api.orders.email(orderId, 'order_update', token).catch(() => undefined);

export function provideEditOrder(w: EditOrderWiring) {
  return editOrderMachine.provide({
    actors: {
      loadEdit: fromPromise(({ input, signal }) => loadEdit(w, input, signal)),
      removeTickets: fromPromise(async ({ input, signal }) => {
        const cartId =
          input.cartId ?? (await w.api.orders.startEdit(input.orderId, input.token, { signal })).cartId;
        try {
          return await w.api.orders.changeOrder(cartId, { remove: input.ticketIds, add: [] }, { signal });
        } catch (error) {
          if (!input.cartId) await w.api.orders.discard(cartId).catch(() => undefined);
          throw error;
        }
      }),
      confirmChange: fromPromise(async ({ input, signal }) => {
        await w.api.orders.confirmFree(input.cartId, { signal });
        await sendUpdateEmail(w, input.orderId, input.token);
      }),
      discardChange: fromPromise(({ input, signal }) => w.api.orders.discard(input.cartId, { signal })),
    },
  });
}
