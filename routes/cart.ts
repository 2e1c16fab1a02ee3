import { type Actor, createActor, fromPromise } from 'xstate';
import type { Api } from '../api';
import type { RuntimeConfig } from '../api/schemas';
import { cartMachine, createExpiryWatcher } from '../machines/cart/cart.machine';
import type { Inspect } from './inspect';
import { cartKey, storage } from './storage';

export type CartActor = Actor<typeof cartMachine>;

/** The app-wide cart actor: created once, restored from local storage, with the real API actors. */
export function createCartActor({
  api,
  config,
  inspect,
}: {
  api: Api;
  config: RuntimeConfig;
  inspect: Inspect;
}): CartActor {
  const key = cartKey(config.sellerId);
  const machine = cartMachine.provide({
    actors: {
      loadCart: fromPromise(({ input, signal }) => api.cart.get(input.cartId, { signal })),
      removeTickets: fromPromise(({ input, signal }) =>
        api.cart.remove(input.cartId, input.ticketIds, { signal }),
      ),
      discardCart: fromPromise(({ input }) => api.cart.discard(input.cartId)),
      expiryWatcher: createExpiryWatcher({
        now: () => Date.now(),
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (id) => clearTimeout(id as never),
      }),
    },
    actions: {
      persist: (_, params) => storage.set(key, params.cartId),
      clearUpsellChain: () => {},
    },
  });
  const actor = createActor(machine, { input: { storedCartId: storage.get(key) }, inspect });
  actor.start();
  // Carts are shared across tabs: another tab reserving or paying changes the stored id.
  globalThis.addEventListener?.('storage', (event) => {
    if (event.key !== key) return;
    if (event.newValue === null) actor.send({ type: 'cart.clear' });
    else if (event.newValue !== actor.getSnapshot().context.cartId) {
      api.cart.get(event.newValue).then(
        (cart) => actor.send({ type: 'cart.updated', cart }),
        () => {},
      );
    }
  });
  return actor;
}
