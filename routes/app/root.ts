/**
 * Wiring of the app root actor: the app-wide actors (cart, member session, modal stack) with their real
 * implementations (API calls, local storage, the clock), and the cart's cross-tab sync.
 */
import { type Actor, type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { Api } from '../../api';
import { appMachine } from '../../machines/app/app.machine';
import { cartMachine, createExpiryWatcher } from '../../machines/cart/cart.machine';
import type { modalsMachine } from '../../machines/modals/modals.machine';
import type { Inspect } from '../inspect';
import { cartKey, type Storage } from '../storage';
import type { AppClock } from './clock';
import { createUpsellHost, type UpsellHost } from './upsell-host';

export type AppActor = Actor<typeof appMachine>;
export type CartActorRef = ActorRefFrom<typeof cartMachine>;
export type ModalsActorRef = ActorRefFrom<typeof modalsMachine>;

export interface AppDeps {
  api: Pick<Api, 'cart'> & Partial<Pick<Api, 'request'>>;
  sellerId: string;
  storage: Storage;
  clock: AppClock;
  inspect?: Inspect;
  /** Where the storage event is listened to (the window); absent in tests that do not need it. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The cart machine with the real API calls, persistence and clock. */
export function provideCart(
  { api, sellerId, storage, clock }: AppDeps,
  upsell?: () => UpsellHost | undefined,
) {
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
      clearUpsellChain: () => upsell?.()?.send({ type: 'chain.clear' }),
    },
  });
}

export const cartOf = (app: AppActor): CartActorRef => app.system.get('cart') as CartActorRef;
export const modalsOf = (app: AppActor): ModalsActorRef => app.system.get('modals') as ModalsActorRef;
const upsellHosts = new WeakMap<AppActor, UpsellHost>();
const NO_UPSELLS = createUpsellHost(() => Promise.reject(new Error('no upsell chain')));
/** The app's upsell chain (loaded on demand; see `upsell-host.ts`). */
export const upsellOf = (app: AppActor): UpsellHost => upsellHosts.get(app) ?? NO_UPSELLS;

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
  let upsell: UpsellHost | undefined;
  const machine = appMachine.provide({ actors: { cart: provideCart(deps, () => upsell) } });
  const app = createActor(machine, {
    input: { storedCartId: deps.storage.get(cartKey(deps.sellerId)) },
    clock: deps.clock,
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  app.start();
  upsell = createUpsellHost(() => import('./upsell-actor').then((m) => m.startUpsellActor(deps)));
  upsellHosts.set(app, upsell);
  syncCartAcrossTabs(app, deps);
  return app;
}
