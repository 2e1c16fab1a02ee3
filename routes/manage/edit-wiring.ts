/**
 * Wiring of the edit-order flow (spec 2 §4 "Edit order", §7; issue 24): the order and the access answer (as the
 * cancel-free-order page loads them) with this tab's pending change (GET cart/{cartId} of the order-bound cart,
 * none when it cannot be read); a removal into the order-bound cart (POST ticket_order/{id}/edit for a new one,
 * deleted again when its modify is refused, then POST cart/{cartId}/modify { remove }); the free confirm (POST
 * cart/{cartId}/guest_checkout, gateway free, then POST ticket_order/{id}/email order_update); the discard
 * (DELETE cart/{cartId}); the watch of the change's expiry (its cart's expires_at, on the app's clock); what the
 * route does when the change is kept, closed or must be paid.
 */
import type { Api } from '../../api';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import type { EditChange, EditClosed, LoadEditInput, LoadEditOutput } from '../../machines/editOrder/types';
import type { Clock } from '../../machines/shared/clock';
import { fromPromise } from '../actors';
import { realClock } from '../app/clock';
import { loadManageOrder, provideOrderLoad } from './wiring';

/** The flow's calls: the API, the app's time and timers. */
export interface EditOrderCalls {
  api: Pick<Api, 'orders'>;
  now: () => number;
  /** The timers of the change's expiry watch (the app's clock; default the real one). */
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

/** The calls, and what the route does when the flow tells it. */
export interface EditOrderWiring extends EditOrderCalls {
  /** The change is in this order-bound cart: keep its id (this tab). */
  kept: (change: EditChange) => void;
  /** The change is confirmed, discarded or expired: forget its cart. */
  closed: (closed: EditClosed) => void;
  /** The change must be paid: on to /manage/{id}/confirm. */
  pay: (change: EditChange) => void;
}

/**
 * Resolves once `now()` reaches `expiresAt` (the unsaved change's cart expires), re-checking at least every minute
 * (a sleeping device wakes late); never for a cart without an expiry. Aborted with the state that invoked it.
 */
export function untilExpired(
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
  now: () => number,
  expiresAt: string | null,
  signal: AbortSignal,
): Promise<void> {
  const deadline = expiresAt === null ? Number.NaN : Date.parse(expiresAt);
  return new Promise((resolve) => {
    if (!Number.isFinite(deadline)) return;
    let timer: unknown;
    const check = () => {
      const left = deadline - now();
      if (left <= 0) resolve();
      else if (!signal.aborted) timer = clock.setTimeout(check, Math.min(left, 60_000));
    };
    signal.addEventListener('abort', () => clock.clearTimeout(timer));
    check();
  });
}

export async function loadEdit(
  w: EditOrderCalls,
  input: LoadEditInput,
  signal: AbortSignal,
): Promise<LoadEditOutput> {
  const { order, access, nowMs } = await loadManageOrder(w, input, signal);
  const edit = input.cartId ? await w.api.orders.editCart(input.cartId, { signal }).catch(() => null) : null;
  return { order, access, edit, nowMs };
}

/** The order-confirmation email after a confirmed change; the change stands whatever it answers. */
export const sendUpdateEmail = (w: EditOrderCalls, orderId: string, token: string | null) =>
  w.api.orders.email(orderId, 'order_update', token).catch(() => undefined);

export function provideEditOrder(w: EditOrderWiring) {
  return editOrderMachine.provide({
    actors: {
      orderLoad: provideOrderLoad((input, signal) =>
        loadEdit(w, { orderId: input.orderId, token: input.token, cartId: input.cartId ?? null }, signal),
      ),
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
      changeExpiry: fromPromise(({ input, signal }) =>
        untilExpired(w.clock ?? realClock, w.now, input.expiresAt, signal),
      ),
    },
    actions: {
      editKept: (_, change) => w.kept(change),
      editClosed: (_, closed) => w.closed(closed),
      editPay: (_, change) => w.pay(change),
    },
  });
}
