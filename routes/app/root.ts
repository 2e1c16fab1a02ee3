/**
 * Wiring of the app root actor: the app-wide actors (cart, member session, modal stack) with their real
 * implementations (API calls, local storage, the clock), and the cart's cross-tab sync.
 */
import { type Actor, type ActorRefFrom, createActor } from 'xstate';
import type { Api } from '../../api';
import { type RuntimeLoginConfig, SESSION_EXPIRY_COOKIE } from '../../api/schemas';
import type { HeldVisit } from '../../domain/time-conflict';
import { appMachine } from '../../machines/app/app.machine';
import { APP_ACTORS } from '../../machines/app/types';
import { cartMachine, createExpiryWatcher } from '../../machines/cart/cart.machine';
import { isModifiable } from '../../machines/cart/rules';
import type { modalsMachine } from '../../machines/modals/modals.machine';
import { isSessionAlive } from '../../machines/session/rules';
import { sessionMachine } from '../../machines/session/session.machine';
import { fromPromise } from '../actors';
import type { Inspect } from '../inspect';
import { cartKey, type Storage } from '../storage';
import type { AnalyticsPort } from './analytics';
import {
  CART_STORAGE_VERSION,
  cartSignature,
  parseStoredCart,
  readStoredCart,
  type StoredCart,
  writeStoredCart,
} from './cart-storage';
import type { AppClock } from './clock';
import { memberKey, parseMemberSession, readMemberSession, writeMemberSession } from './member-storage';
import { clearRedeemFlagWithCart } from './redeem-storage';
import { createUpsellHost, type UpsellHost } from './upsell-host';

export type AppActor = Actor<typeof appMachine>;
export type CartActorRef = ActorRefFrom<typeof cartMachine>;
export type ModalsActorRef = ActorRefFrom<typeof modalsMachine>;
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

export interface AppDeps {
  api: Pick<Api, 'cart' | 'members'> & Partial<Pick<Api, 'request'>>;
  sellerId: string;
  storage: Storage;
  clock: AppClock;
  inspect?: Inspect;
  /** Where the storage event is listened to (the window); absent in tests that do not need it. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The seller's login configuration (absent: login disabled). */
  login?: RuntimeLoginConfig | undefined;
  /** The page's cookies as `document.cookie` reads them. */
  cookies?: () => string;
  /** Navigates within the storefront (path without the seller slug), e.g. home when the session ends. */
  navigate?: (path: string) => void;
  /** Leaves the storefront for another address (the external logout URL). */
  leave?: (url: string) => void;
  /** Ends the identity provider's own session (loaded on demand; absent: nothing to end). */
  providerSignOut?: () => Promise<void>;
  /** The seller offers 'more time' on the cart's hold (runtime config `moreTime`). */
  moreTime?: boolean;
  /** The seller's public identity (runtime config); null or absent: a cart's owner is not checked. */
  publicIdentityId?: string | null;
  /** The analytics port (absent: no tracking). */
  analytics?: AnalyticsPort;
  /**
   * A second way to tell other tabs (a BroadcastChannel named for the seller's cart), so tabs stay in step
   * even when local storage throws; absent in tests that do not need it.
   */
  channel?: CartChannel | null;
}

/** What the cart's cross-tab sync needs of a BroadcastChannel. */
export interface CartChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** What the channel carries when a cart ended in a tab: which cart (tabs holding another one keep theirs). */
export interface ClearedCart {
  cleared: string;
}

const clearedIdOf = (data: unknown): string | undefined =>
  typeof data === 'object' && data !== null && typeof (data as ClearedCart).cleared === 'string'
    ? (data as ClearedCart).cleared
    : undefined;

/** The value of one cookie, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The member session with its real implementations: the cookie, the API, storage, navigation. */
export function provideSession(deps: AppDeps) {
  const { api, sellerId, storage, clock } = deps;
  return sessionMachine.provide({
    actors: {
      checkSession: fromPromise(async () =>
        isSessionAlive(readCookie(deps.cookies?.() ?? '', SESSION_EXPIRY_COOKIE), clock.now()),
      ),
      loadMember: fromPromise(async ({ signal }) =>
        (await import('./session-calls')).loadMember(api, signal),
      ),
      logout: fromPromise(async ({ input }) => (await import('./session-calls')).logout(deps, input.via)),
    },
    actions: {
      persist: (_, params) => writeMemberSession(storage, sellerId, params.session),
      goHome: () => deps.navigate?.('/'),
    },
  });
}

/** The cart machine with the real API calls, persistence and clock. */
export function provideCart(deps: AppDeps, upsell?: () => UpsellHost | undefined) {
  const { api, sellerId, storage, clock } = deps;
  return cartMachine.provide({
    actors: {
      loadCart: fromPromise(({ input, signal }) => api.cart.get(input.cartId, { signal })),
      removeTickets: fromPromise(({ input, signal }) =>
        api.cart.remove(input.cartId, input.ticketIds, { signal }),
      ),
      discardCart: fromPromise(({ input }) => api.cart.discard(input.cartId)),
      extendHold: fromPromise(({ input, signal }) => api.cart.extend(input.cartId, { signal })),
      expiryWatcher: createExpiryWatcher(clock),
    },
    actions: {
      // A new id is written with its content signature by the cart's sync (syncCartAcrossTabs). A cart that
      // ended removes the record here only when it still names that cart (another tab may have stored a new
      // one meanwhile, e.g. while this tab showed the cart-expiry modal: Start over must not clear it), and
      // tells the other tabs which cart ended.
      persist: (_, params) => {
        if (params.cartId !== null || params.previous === null) return;
        const stored = readStoredCart(storage, sellerId);
        if (stored === null || stored.cartId === params.previous) writeStoredCart(storage, sellerId, null);
        deps.channel?.postMessage({ cleared: params.previous } satisfies ClearedCart);
      },
      clearUpsellChain: () => upsell?.()?.send({ type: 'chain.clear' }),
      track: (_, params) => deps.analytics?.addToCart(params.added, params.currency),
      showCompletedOrder: (_, params) =>
        deps.navigate?.(`/checkout/complete?orderIds=${params.orderIds.map(encodeURIComponent).join(',')}`),
    },
  });
}

export const cartOf = (app: AppActor): CartActorRef => app.system.get(APP_ACTORS.cart) as CartActorRef;
export const modalsOf = (app: AppActor): ModalsActorRef =>
  app.system.get(APP_ACTORS.modals) as ModalsActorRef;
export const sessionOf = (app: AppActor): SessionActorRef =>
  app.system.get(APP_ACTORS.session) as SessionActorRef;

/** Whether a member is logged in now (read when acting). */
export const isLoggedIn = (app: AppActor): boolean => sessionOf(app).getSnapshot().context.current !== null;

const upsellHosts = new WeakMap<AppActor, UpsellHost>();
const NO_UPSELLS = createUpsellHost(() => Promise.reject(new Error('no upsell chain')));
/** The app's upsell chain (loaded on demand; see `upsell-host.ts`). */
export const upsellOf = (app: AppActor): UpsellHost => upsellHosts.get(app) ?? NO_UPSELLS;

/** The cart id as it is now (read when acting, never copied at start). */
export const currentCartId = (app: AppActor): string | null => cartOf(app).getSnapshot().context.cartId;

const publicIdentities = new WeakMap<AppActor, string>();

/**
 * The cart a reserve adds to, read when it acts: the current cart when it may be modified (pending, and owned
 * by the seller's public identity or the logged-in member: spec 2 §4 "Cart"), else null, so the reserve
 * creates a new cart. A cart id whose cart is not loaded yet is used as is (the server checks it).
 */
export function reservableCartId(app: AppActor): string | null {
  const { cartId, cart } = cartOf(app).getSnapshot().context;
  if (cartId === null || cart === null || cart.id !== cartId) return cartId;
  const publicId = publicIdentities.get(app);
  const memberId = sessionOf(app).getSnapshot().context.current?.member.identityId;
  if (publicId === undefined) return cart.state === 'pending' ? cartId : null;
  return isModifiable(cart, memberId ? [publicId, memberId] : [publicId]) ? cartId : null;
}

/**
 * The visits the cart a reserve would add to holds now (time conflicts, domain/time-conflict.ts: read when the
 * sessions load, never copied at start); none when the reserve would start a new cart.
 */
export function heldVisits(app: AppActor): readonly HeldVisit[] {
  const id = reservableCartId(app);
  const { cart } = cartOf(app).getSnapshot().context;
  return id !== null && cart?.id === id ? cart.items : [];
}

/**
 * Tabs share one cart. Whenever this tab's cart changes (a new cart, a reserve, a removal, more time) it
 * writes the cart id with a content signature to local storage and posts it on the channel; another tab
 * reserving, paying or clearing changes that record (the storage event) or posts it: this tab follows,
 * loading the cart or forgetting a cleared one. A signature already seen is ignored, so tabs never echo each
 * other. Returns the unsubscribe function.
 */
export function syncCartAcrossTabs(app: AppActor, deps: AppDeps): () => void {
  const key = cartKey(deps.sellerId);
  const cart = cartOf(app);
  /** The signature last written by this tab or received from another one. */
  let lastSig: string | null = readStoredCart(deps.storage, deps.sellerId)?.sig ?? null;
  const subscription = cart.subscribe((snapshot) => {
    const current = snapshot.context.cart;
    if (!current || !snapshot.matches('active')) return;
    const sig = cartSignature(current);
    if (sig === lastSig) return;
    lastSig = sig;
    const value: StoredCart = { v: CART_STORAGE_VERSION, cartId: current.id, sig };
    writeStoredCart(deps.storage, deps.sellerId, value);
    deps.channel?.postMessage(value);
  });
  /** `cleared`: the cart that ended elsewhere, when known (a clear of another cart is ignored). */
  const follow = (value: StoredCart | null, cleared?: string) => {
    if (value === null) {
      const { cartId } = cart.getSnapshot().context;
      if (cleared !== undefined && cleared !== cartId) return;
      lastSig = null;
      if (cartId !== null)
        cart.send(cleared === undefined ? { type: 'cart.clear' } : { type: 'cart.clear', cartId });
      return;
    }
    if (value.sig !== '' && value.sig === lastSig) return;
    lastSig = value.sig;
    deps.api.cart.get(value.cartId).then(
      (fresh) => {
        lastSig = cartSignature(fresh);
        cart.send({ type: 'cart.updated', cart: fresh });
      },
      () => {},
    );
  };
  const onStorage = (event: Event) => {
    const { key: changed, newValue, oldValue } = event as StorageEvent;
    if (changed !== key) return;
    // Garbage written by someone else is ignored; a removed record ends the cart it named.
    if (newValue === null) return follow(null, parseStoredCart(oldValue ?? null)?.cartId);
    const value = parseStoredCart(newValue);
    if (value !== null) follow(value);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.data === null) return follow(null);
    const cleared = clearedIdOf(event.data);
    if (cleared !== undefined) return follow(null, cleared);
    const value = parseStoredCart(typeof event.data === 'object' ? JSON.stringify(event.data) : null);
    if (value) follow(value);
  };
  deps.events?.addEventListener('storage', onStorage);
  deps.channel?.addEventListener('message', onMessage);
  return () => {
    subscription.unsubscribe();
    deps.events?.removeEventListener('storage', onStorage);
    deps.channel?.removeEventListener('message', onMessage);
  };
}

/**
 * Tabs share one member session. A login in another tab stores the member (the storage event): a tab where
 * nobody, or another member, is logged in takes that session. A logout elsewhere clears the session cookie,
 * which this tab's session watch notices within a second (spec 3 §4 "Session end"), so it is not followed
 * here. Garbage written to the key is ignored. Returns the unsubscribe function.
 */
export function syncMemberAcrossTabs(app: AppActor, deps: AppDeps): () => void {
  const key = memberKey(deps.sellerId);
  const onStorage = (event: Event) => {
    const { key: changed, newValue } = event as StorageEvent;
    if (changed !== key) return;
    const session = parseMemberSession(newValue);
    if (session === null) return;
    const current = sessionOf(app).getSnapshot().context.current;
    if (current?.member.identityId === session.member.identityId) return;
    sessionOf(app).send({ type: 'session.loggedIn', session });
  };
  deps.events?.addEventListener('storage', onStorage);
  return () => deps.events?.removeEventListener('storage', onStorage);
}

/** Creates and starts the app root actor, restored from the stored cart id. */
export function createAppActor(deps: AppDeps): AppActor {
  let upsell: UpsellHost | undefined;
  const machine = appMachine.provide({
    actors: { cart: provideCart(deps, () => upsell), session: provideSession(deps) },
  });
  const app = createActor(machine, {
    input: {
      storedCartId: readStoredCart(deps.storage, deps.sellerId)?.cartId ?? null,
      allowMoreTime: deps.moreTime === true,
      storedSession: readMemberSession(deps.storage, deps.sellerId),
    },
    clock: deps.clock,
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  app.start();
  upsell = createUpsellHost(() => import('./upsell-actor').then((m) => m.startUpsellActor(deps)));
  upsellHosts.set(app, upsell);
  syncCartAcrossTabs(app, deps);
  syncMemberAcrossTabs(app, deps);
  clearRedeemFlagWithCart(cartOf(app), deps.storage, deps.sellerId);
  if (deps.publicIdentityId) publicIdentities.set(app, deps.publicIdentityId);
  return app;
}
