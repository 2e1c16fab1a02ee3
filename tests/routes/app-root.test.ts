/**
 * The app root actor and its wiring: the cart restored from storage, kept in step across tabs (the storage
 * event), persisted through a storage that may throw, and read by the reserve flow when it acts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { Api, CartModel } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { selectModals } from '../../machines/modals/view';
import { realClock } from '../../routes/app/clock';
import { type AppDeps, cartOf, createAppActor, currentCartId, modalsOf } from '../../routes/app/root';
import { provideDateFirstReserve } from '../../routes/event/wiring';
import { cartKey, createStorage } from '../../routes/storage';
import { makeCart, T0 } from '../machines/cart.fixtures';
import { flush } from '../machines/graph-helpers';
import { memoryStorage, reserveTickets } from './helpers';

const SELLER = 'seller-1';
const KEY = cartKey(SELLER);

function fakeApi(carts: Record<string, CartModel>) {
  return {
    cart: {
      get: vi.fn(async (id: string) => {
        const cart = carts[id];
        if (!cart) throw { code: ErrorCode.not_found, status: 404, context: 'cart' };
        return cart;
      }),
      remove: vi.fn(),
      discard: vi.fn(async () => {}),
      reserve: vi.fn(async (id: string | null) => makeCart({ id: id ?? 'new-cart' })),
    },
  };
}

function start(carts: Record<string, CartModel>, storage = memoryStorage(), events = new EventTarget()) {
  const api = fakeApi(carts);
  const deps: AppDeps = {
    api: api as unknown as Pick<Api, 'cart' | 'members'>,
    sellerId: SELLER,
    storage,
    clock: realClock,
    events: events as unknown as AppDeps['events'],
  };
  const app = createAppActor(deps);
  return { app, api, storage, events };
}

const storageEvent = (key: string, newValue: string | null) =>
  Object.assign(new Event('storage'), { key, newValue });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('app root actor', () => {
  it('the mobile cart modal closes when the ticket count drops to 0 (a removal, or the cart cleared)', async () => {
    const { app, api } = start({});
    const modals = modalsOf(app);
    const openNames = () => selectModals(modals.getSnapshot()).open;
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c1', ticketCount: 2 }) });
    modals.send({ type: 'modal.open', name: 'mobileCart' });
    // A removal that leaves tickets keeps it open.
    api.cart.remove.mockResolvedValueOnce(makeCart({ id: 'c1', ticketCount: 1 }));
    cartOf(app).send({ type: 'cart.remove', ticketIds: ['t1'] });
    await flush();
    expect(openNames()).toEqual(['mobileCart']);
    // The last ticket goes: the cart machine closes it (no view involved).
    api.cart.remove.mockResolvedValueOnce(makeCart({ id: 'c1', ticketCount: 0 }));
    cartOf(app).send({ type: 'cart.remove', ticketIds: ['t2'] });
    await flush();
    expect(openNames()).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(selectModals(modals.getSnapshot()).modals).toEqual([]);

    // The cart cleared (e.g. paid in another tab) with the modal open: it closes too.
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c2', ticketCount: 1 }) });
    modals.send({ type: 'modal.open', name: 'mobileCart' });
    expect(openNames()).toEqual(['mobileCart']);
    cartOf(app).send({ type: 'cart.clear' });
    expect(openNames()).toEqual([]);
  });

  it('owns the cart and the member session as system actors', () => {
    const { app } = start({});
    expect(app.system.get('cart')).toBeDefined();
    expect(app.system.get('session')?.getSnapshot().value).toBe('guest');
  });

  it('restores the stored cart and persists a new cart id', async () => {
    const { app, api, storage } = start({ c1: makeCart({ id: 'c1' }) }, memoryStorage({ [KEY]: 'c1' }));
    await flush();
    expect(api.cart.get).toHaveBeenCalledWith('c1', { signal: expect.any(AbortSignal) });
    expect(currentCartId(app)).toBe('c1');
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c2' }) });
    expect(JSON.parse(storage.data.get(KEY) as string)).toMatchObject({ v: 1, cartId: 'c2' });
  });

  it('follows another tab: a new stored id loads that cart, a removed one clears this tab’s cart', async () => {
    const { app, api, events } = start({
      c1: makeCart({ id: 'c1' }),
      c9: makeCart({ id: 'c9', ticketCount: 5 }),
    });
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c1' }) });
    events.dispatchEvent(storageEvent('some:other:key', 'zzz'));
    events.dispatchEvent(storageEvent(KEY, 'c9'));
    await flush();
    expect(api.cart.get).toHaveBeenCalledWith('c9');
    expect(api.cart.get).not.toHaveBeenCalledWith('zzz');
    expect(currentCartId(app)).toBe('c9');
    expect(cartOf(app).getSnapshot().context.cart?.ticketCount).toBe(5);
    events.dispatchEvent(storageEvent(KEY, null));
    expect(currentCartId(app)).toBeNull();
    expect(cartOf(app).getSnapshot().matches('empty')).toBe(true);
  });

  it('keeps working when storage throws on every access (private mode, blocked storage)', async () => {
    const throwing = createStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(throwing.get(KEY)).toBeNull();
    expect(() => throwing.set(KEY, 'x')).not.toThrow();
    const { app } = start({}, throwing as ReturnType<typeof memoryStorage>);
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c1' }) });
    expect(currentCartId(app)).toBe('c1');
  });

  it('keeps working when writing fails (quota exceeded) and reads what could be read', () => {
    const backing = {
      getItem: vi.fn(() => 'c0'),
      setItem: vi.fn(() => {
        throw new DOMException('full', 'QuotaExceededError');
      }),
      removeItem: vi.fn(),
    };
    const storage = createStorage(() => backing);
    expect(storage.get(KEY)).toBe('c0');
    expect(() => storage.set(KEY, 'c1')).not.toThrow();
    expect(backing.setItem).toHaveBeenCalledWith(KEY, 'c1');
  });

  it('a reserve after Start over goes to a new cart, never the deleted one', async () => {
    const { app, api } = start({});
    // The event screen wires its reserve flow when it mounts, while the old cart is current.
    const machine = provideDateFirstReserve({
      api: api as unknown as Pick<Api, 'cart' | 'events' | 'membership'>,
      currentCartId: () => currentCartId(app),
      reserved: (cart) => cartOf(app).send({ type: 'cart.updated', cart }),
    });
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'old', expiresIn: 60 }) });
    vi.advanceTimersByTime(60_000);
    await waitFor(cartOf(app), (s) => s.matches('expired'));
    cartOf(app).send({ type: 'expiry.confirm' }); // Start over
    await reserveTickets(machine, { eventId: 'ev', sessionId: 's', quantities: { t: 1 } });
    expect(api.cart.reserve).toHaveBeenCalledTimes(1);
    expect(api.cart.reserve.mock.calls[0]?.[0]).toBeNull();
  });

  it('cart expiry opens the small, non-closeable modal on the stack once; Start over closes every modal', async () => {
    const { app } = start({});
    const modals = modalsOf(app);
    const shown = () =>
      selectModals(modals.getSnapshot()).modals.map((m) => `${m.name}:${m.size}:${m.closeable}:${m.closing}`);
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c1', expiresIn: 65 }) });
    modals.send({ type: 'modal.open', name: 'chooseDate' });
    vi.advanceTimersByTime(60_000);
    await waitFor(cartOf(app), (s) => s.matches('expired'));
    expect(shown()).toEqual(['chooseDate:md:true:false', 'cartExpiry:sm:false:false']);
    modals.send({ type: 'modal.dismiss' }); // Escape on the top modal: not closeable
    vi.advanceTimersByTime(5_000);
    expect(shown()).toEqual(['chooseDate:md:true:false', 'cartExpiry:sm:false:false']);
    cartOf(app).send({ type: 'expiry.confirm' });
    expect(shown()).toEqual(['chooseDate:md:true:true', 'cartExpiry:sm:false:true']);
    vi.advanceTimersByTime(200);
    expect(shown()).toEqual([]);
    expect(currentCartId(app)).toBeNull();
  });
});
