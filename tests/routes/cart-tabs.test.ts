/**
 * Tabs share one cart (the app root's wiring, routes/app/root.ts + cart-storage.ts): two app actors over one
 * local storage that fires the storage event in the other tab, and a BroadcastChannel pair. A reserve in one
 * tab shows in the other, also into the same cart; paying, discarding or an expiry ends the cart in all; tabs
 * do not echo each other; garbage in storage and a storage that throws are tolerated.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { Api, CartModel } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { selectModals } from '../../machines/modals/view';
import { parseStoredCart } from '../../routes/app/cart-storage';
import { realClock } from '../../routes/app/clock';
import { memberKey } from '../../routes/app/member-storage';
import {
  type AppDeps,
  type CartChannel,
  cartOf,
  createAppActor,
  currentCartId,
  modalsOf,
  sessionOf,
} from '../../routes/app/root';
import { cartKey, createStorage, type Storage } from '../../routes/storage';
import { sessions } from '../../stories/fixtures/session';
import { makeCart, T0 } from '../machines/cart.fixtures';
import { flush } from '../machines/graph-helpers';

const SELLER = 'seller-1';
const KEY = cartKey(SELLER);

/** The server's carts, shared by both tabs. */
function fakeServer() {
  const carts = new Map<string, CartModel>();
  const get = vi.fn(async (id: string) => {
    const cart = carts.get(id);
    if (!cart) throw { code: ErrorCode.not_found, status: 404 };
    return cart;
  });
  return {
    carts,
    get,
    api: { cart: { get, remove: vi.fn(), discard: vi.fn(async () => {}), extend: vi.fn() } },
  };
}

/** One local storage for all tabs: a write fires `storage` in every other tab (as browsers do). */
function sharedStorage() {
  const data = new Map<string, string>();
  const tabs: EventTarget[] = [];
  const forTab = (self: EventTarget): Storage => ({
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      const oldValue = data.get(key) ?? null;
      if (value === null) data.delete(key);
      else data.set(key, value);
      for (const tab of tabs)
        if (tab !== self)
          tab.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value, oldValue }));
    },
  });
  return { data, tabs, forTab };
}

/** A BroadcastChannel: a message reaches every other tab's channel. */
function channels() {
  const all: EventTarget[] = [];
  return (): CartChannel => {
    const self = new EventTarget();
    all.push(self);
    return {
      postMessage: (data) => {
        for (const other of all)
          if (other !== self) other.dispatchEvent(Object.assign(new Event('message'), { data }));
      },
      addEventListener: (type, l) => self.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) => self.removeEventListener(type, l as EventListener),
    };
  };
}

function openTab(
  server: ReturnType<typeof fakeServer>,
  storage: (events: EventTarget) => Storage,
  tabs: EventTarget[],
  channel?: () => CartChannel,
) {
  const events = new EventTarget();
  tabs.push(events);
  const deps: AppDeps = {
    api: server.api as unknown as Pick<Api, 'cart' | 'members'>,
    sellerId: SELLER,
    storage: storage(events),
    clock: realClock,
    events: events as unknown as AppDeps['events'],
    channel: channel?.() ?? null,
  };
  return createAppActor(deps);
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tabs share one cart', () => {
  it('a reserve in one tab shows in the other, also a second reserve into the same cart', async () => {
    const server = fakeServer();
    const shared = sharedStorage();
    const a = openTab(server, shared.forTab, shared.tabs);
    const b = openTab(server, shared.forTab, shared.tabs);
    server.carts.set('c1', makeCart({ id: 'c1', ticketCount: 2 }));
    cartOf(a).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    expect(currentCartId(b)).toBe('c1');
    expect(cartOf(b).getSnapshot().context.cart?.ticketCount).toBe(2);

    server.carts.set('c1', makeCart({ id: 'c1', ticketCount: 5 }));
    cartOf(a).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    expect(cartOf(b).getSnapshot().context.cart?.ticketCount).toBe(5);
    // No echo: tab A never reloaded what tab B loaded (B loaded twice, A not at all).
    expect(server.get).toHaveBeenCalledTimes(2);
    expect(parseStoredCart(shared.data.get(KEY) ?? null)).toMatchObject({ v: 1, cartId: 'c1' });
  });

  it('paying (the cart cleared) in one tab ends the cart in the other', async () => {
    const server = fakeServer();
    const shared = sharedStorage();
    const a = openTab(server, shared.forTab, shared.tabs);
    const b = openTab(server, shared.forTab, shared.tabs);
    server.carts.set('c1', makeCart({ id: 'c1' }));
    cartOf(a).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    expect(currentCartId(b)).toBe('c1');
    cartOf(a).send({ type: 'cart.clear' });
    expect(currentCartId(b)).toBeNull();
    expect(cartOf(b).getSnapshot().matches('empty')).toBe(true);
    expect(shared.data.has(KEY)).toBe(false);
  });

  it('an expiry in one tab ends the cart in all: Start over there closes the modal here', async () => {
    const server = fakeServer();
    const shared = sharedStorage();
    const a = openTab(server, shared.forTab, shared.tabs);
    const b = openTab(server, shared.forTab, shared.tabs);
    server.carts.set('c1', makeCart({ id: 'c1', expiresIn: 60, expiresAt: T0 + 60_000 }));
    cartOf(a).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    vi.advanceTimersByTime(60_000);
    await waitFor(cartOf(b), (s) => s.matches('expired'));
    expect(selectModals(modalsOf(b).getSnapshot()).modals.map((m) => m.name)).toEqual(['cartExpiry']);
    cartOf(a).send({ type: 'expiry.confirm' });
    expect(cartOf(b).getSnapshot().matches('empty')).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(selectModals(modalsOf(b).getSnapshot()).modals).toEqual([]);
  });

  it('a tab showing the expiry modal follows a new cart from another tab: the modal closes, nothing is cleared', async () => {
    const server = fakeServer();
    const shared = sharedStorage();
    const a = openTab(server, shared.forTab, shared.tabs);
    server.carts.set('c1', makeCart({ id: 'c1', expiresIn: 60, expiresAt: T0 + 60_000 }));
    cartOf(a).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    vi.advanceTimersByTime(60_000);
    await waitFor(cartOf(a), (s) => s.matches('expired'));
    expect(selectModals(modalsOf(a).getSnapshot()).open).toEqual(['cartExpiry']);

    // Another tab (opened later, not timed out) reserves into a new cart c2.
    const b = openTab(server, shared.forTab, shared.tabs);
    server.carts.set('c2', makeCart({ id: 'c2', ticketCount: 1 }));
    cartOf(b).send({ type: 'cart.updated', cart: server.carts.get('c2') as CartModel });
    await flush();
    expect(currentCartId(a)).toBe('c2');
    expect(cartOf(a).getSnapshot().matches('active')).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(selectModals(modalsOf(a).getSnapshot()).modals).toEqual([]);
    expect(currentCartId(b)).toBe('c2');
    expect(parseStoredCart(shared.data.get(KEY) ?? null)?.cartId).toBe('c2');
    expect(server.api.cart.discard).not.toHaveBeenCalled();
  });

  it('Start over clears only the timed-out cart, never a new one another tab stored meanwhile', async () => {
    const server = fakeServer();
    const shared = sharedStorage();
    const channel = channels();
    const a = openTab(server, shared.forTab, shared.tabs, channel);
    server.carts.set('c1', makeCart({ id: 'c1', expiresIn: 60, expiresAt: T0 + 60_000 }));
    cartOf(a).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    vi.advanceTimersByTime(60_000);
    await waitFor(cartOf(a), (s) => s.matches('expired'));

    // Tab B stores its new cart c2; tab A's load of c2 is still on its way when the visitor presses Start over.
    const b = openTab(server, shared.forTab, shared.tabs, channel);
    server.carts.set('c2', makeCart({ id: 'c2', ticketCount: 1 }));
    let deliver: (cart: CartModel) => void = () => {};
    server.get.mockImplementationOnce(() => new Promise<CartModel>((resolve) => (deliver = resolve)));
    cartOf(b).send({ type: 'cart.updated', cart: server.carts.get('c2') as CartModel });
    cartOf(a).send({ type: 'expiry.confirm' });
    expect(server.api.cart.discard).toHaveBeenCalledWith('c1');
    expect(parseStoredCart(shared.data.get(KEY) ?? null)?.cartId).toBe('c2');
    expect(currentCartId(b)).toBe('c2');
    expect(cartOf(b).getSnapshot().matches('active')).toBe(true);

    deliver(server.carts.get('c2') as CartModel);
    await flush();
    expect(currentCartId(a)).toBe('c2');
    expect(currentCartId(b)).toBe('c2');
    expect(server.api.cart.discard).toHaveBeenCalledTimes(1);
  });

  it('garbage in storage reads as no cart, and a garbage write from elsewhere is ignored', async () => {
    const server = fakeServer();
    const shared = sharedStorage();
    for (const raw of [
      '{"v":2,"cartId":"c1","sig":""}',
      '{not json',
      '{"v":1,"cartId":"","sig":"x"}',
      'a b',
    ]) {
      shared.data.set(KEY, raw);
      const tab = openTab(server, shared.forTab, []);
      expect(currentCartId(tab)).toBeNull();
    }
    expect(server.get).not.toHaveBeenCalled();
    // A bare id from before the versioned record is still understood.
    shared.data.set(KEY, 'c7');
    server.carts.set('c7', makeCart({ id: 'c7' }));
    const legacy = openTab(server, shared.forTab, []);
    await flush();
    expect(currentCartId(legacy)).toBe('c7');
    server.carts.set('c1', makeCart({ id: 'c1' }));
    const events = shared.tabs;
    const b = openTab(server, shared.forTab, events);
    cartOf(b).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    (events[0] as EventTarget).dispatchEvent(
      Object.assign(new Event('storage'), { key: KEY, newValue: '{garbage' }),
    );
    expect(currentCartId(b)).toBe('c1');
  });

  it('with storage throwing everywhere, the channel still keeps tabs in step', async () => {
    const server = fakeServer();
    const throwing = () =>
      createStorage(() => {
        throw new DOMException('denied', 'SecurityError');
      });
    const channel = channels();
    const a = openTab(server, throwing, [], channel);
    const b = openTab(server, throwing, [], channel);
    server.carts.set('c1', makeCart({ id: 'c1', ticketCount: 3 }));
    cartOf(a).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    expect(cartOf(b).getSnapshot().context.cart?.ticketCount).toBe(3);
    cartOf(b).send({ type: 'cart.clear' });
    expect(currentCartId(a)).toBeNull();
  });
});

describe('tabs share one member session', () => {
  it('a login in one tab logs the member in in the other; another member replaces them; garbage is ignored', async () => {
    const server = fakeServer();
    const shared = sharedStorage();
    const a = openTab(server, shared.forTab, shared.tabs);
    const b = openTab(server, shared.forTab, shared.tabs);
    expect(sessionOf(b).getSnapshot().context.current).toBeNull();

    sessionOf(a).send({ type: 'session.loggedIn', session: sessions.ada });
    expect(sessionOf(b).getSnapshot().matches('member')).toBe(true);
    expect(sessionOf(b).getSnapshot().context.current?.member.identityId).toBe(
      sessions.ada.member.identityId,
    );

    sessionOf(a).send({ type: 'session.loggedIn', session: sessions.grace });
    expect(sessionOf(b).getSnapshot().context.current?.member.identityId).toBe(
      sessions.grace.member.identityId,
    );

    // Someone else's garbage under the key changes nothing.
    for (const tab of shared.tabs)
      tab.dispatchEvent(Object.assign(new Event('storage'), { key: memberKey(SELLER), newValue: '{nope' }));
    expect(sessionOf(b).getSnapshot().context.current?.member.identityId).toBe(
      sessions.grace.member.identityId,
    );
  });
});
