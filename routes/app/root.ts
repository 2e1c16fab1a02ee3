/**
 * Wiring of the app root actor: the app-wide actors (cart, member session, modal stack) with their real
 * implementations (API calls, local storage, the clock), and the cart's cross-tab sync.
 */
import { type Actor, type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { Api } from '../../api';
import { appMachine } from '../../machines/app/app.machine';
import { cartMachine, createExpiryWatcher } from '../../machines/cart/cart.machine';
import type { modalsMachine } from '../../machines/modals/modals.machine';
import type { UpsellStored } from '../../machines/upsell/types';
import { upsellMachine } from '../../machines/upsell/upsell.machine';
import type { Inspect } from '../inspect';
import { cartKey, type Storage, upsellKey } from '../storage';
import type { AppClock } from './clock';

export type AppActor = Actor<typeof appMachine>;
export type CartActorRef = ActorRefFrom<typeof cartMachine>;
export type ModalsActorRef = ActorRefFrom<typeof modalsMachine>;
export type UpsellActorRef = ActorRefFrom<typeof upsellMachine>;

export interface AppDeps {
  api: Pick<Api, 'cart'> & Partial<Pick<Api, 'config'>>;
  sellerId: string;
  storage: Storage;
  clock: AppClock;
  inspect?: Inspect;
  /** Where the storage event is listened to (the window); absent in tests that do not need it. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The cart machine with the real API calls, persistence and clock. */
export function provideCart({ api, sellerId, storage, clock }: AppDeps) {
  const key = cartKey(sellerId);
  return cartMachine.provide({
    actors: {
      loadCart: fromPromise(({ input, signal }) => api.cart.get(input.cartId, { signal })),
      removeTickets: fromPromise(({ input, signal }) =>
        api.cart.remove(input.cartId, input.ticketIds, { signal }),
      ),
      discardCart: fromPromise(({ input }) => api.cart.discard(input.cartId)),
      expiryWatcher: createExpiryWatcher(clock),
    },
    actions: {
      persist: (_, params) => storage.set(key, params.cartId),
      clearUpsellChain: ({ system }) => system.get('upsell')?.send({ type: 'chain.clear' }),
    },
  });
}

/** The upsell chain with the seller's `upsells` configuration and the chain kept in local storage. */
export function provideUpsell({ api, sellerId, storage }: AppDeps) {
  const key = upsellKey(sellerId);
  return upsellMachine.provide({
    actors: {
      loadConfig: fromPromise(({ signal }) =>
        api.config ? api.config.upsells({ signal }) : Promise.resolve(null),
      ),
    },
    actions: {
      persist: ({ context }) => {
        const stored: UpsellStored = { chain: context.chain, expressCheckout: context.expressCheckout };
        storage.set(key, stored.chain === null && !stored.expressCheckout ? null : JSON.stringify(stored));
      },
    },
  });
}

/** The stored chain, if it reads as one (anything else is dropped). */
export function readStoredUpsell(storage: Storage, sellerId: string): UpsellStored | null {
  const text = storage.get(upsellKey(sellerId));
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<UpsellStored> | null;
    if (typeof value !== 'object' || value === null) return null;
    const chain = value.chain;
    const validChain =
      chain !== null &&
      typeof chain === 'object' &&
      typeof chain?.step === 'number' &&
      typeof chain.anchorEventId === 'string' &&
      typeof chain.window?.start === 'string' &&
      typeof chain.window.end === 'string' &&
      typeof chain.window.timezone === 'string';
    return { chain: validChain ? chain : null, expressCheckout: value.expressCheckout === true };
  } catch {
    return null;
  }
}

export const cartOf = (app: AppActor): CartActorRef => app.system.get('cart') as CartActorRef;
export const modalsOf = (app: AppActor): ModalsActorRef => app.system.get('modals') as ModalsActorRef;
export const upsellOf = (app: AppActor): UpsellActorRef => app.system.get('upsell') as UpsellActorRef;

/** The cart id as it is now (read when acting, never copied at start). */
export const currentCartId = (app: AppActor): string | null => cartOf(app).getSnapshot().context.cartId;

/**
 * Another tab reserving, paying or clearing changes the stored id (the storage event): this tab follows,
 * loading the new cart or forgetting a cleared one. Returns the unsubscribe function.
 */
export function syncCartAcrossTabs(app: AppActor, deps: AppDeps): () => void {
  const key = cartKey(deps.sellerId);
  const onStorage = (event: Event) => {
    const { key: changed, newValue } = event as StorageEvent;
    if (changed !== key) return;
    const cart = cartOf(app);
    if (newValue === null) cart.send({ type: 'cart.clear' });
    else if (newValue !== cart.getSnapshot().context.cartId) {
      deps.api.cart.get(newValue).then(
        (fresh) => cart.send({ type: 'cart.updated', cart: fresh }),
        () => {},
      );
    }
  };
  deps.events?.addEventListener('storage', onStorage);
  return () => deps.events?.removeEventListener('storage', onStorage);
}

/** Creates and starts the app root actor, restored from the stored cart id. */
export function createAppActor(deps: AppDeps): AppActor {
  const machine = appMachine.provide({ actors: { cart: provideCart(deps), upsell: provideUpsell(deps) } });
  const app = createActor(machine, {
    input: {
      storedCartId: deps.storage.get(cartKey(deps.sellerId)),
      storedUpsell: readStoredUpsell(deps.storage, deps.sellerId),
    },
    clock: deps.clock,
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  app.start();
  syncCartAcrossTabs(app, deps);
  return app;
}
