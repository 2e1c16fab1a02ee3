/**
 * The redeem-membership flag in local storage (spec 3 §3 "Local stored state ... redeem-membership flag ...
 * shared across tabs. Storage access errors are tolerated"; spec 3 §2 "Submitting reserves, marks the redeem
 * flag"): routes/app/redeem-storage.ts (versioned, zod-validated record naming its cart), set by the redeem
 * reserve (routes/redeem/wiring.ts), read by the redeem flow's cart check, cleared by the app root when the cart
 * ends (paid, discarded, expired) or another cart takes its place.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Api, CartModel } from '../../api';
import { ErrorCode } from '../../domain/codes';
import type { RedeemLevel } from '../../machines/membership/giftRedeem.types';
import { realClock } from '../../routes/app/clock';
import {
  clearRedeemFlagWithCart,
  isRedeemCart,
  parseRedeemFlag,
  REDEEM_STORAGE_VERSION,
  redeemedCartId,
  redeemKey,
  writeRedeemFlag,
} from '../../routes/app/redeem-storage';
import { type AppDeps, cartOf, createAppActor, currentCartId } from '../../routes/app/root';
import { cartHasMembership, provideGiftRedeem, type RedeemWiring } from '../../routes/redeem/wiring';
import { createStorage, type Storage } from '../../routes/storage';
import { makeCart, T0 } from '../machines/cart.fixtures';
import { flush } from '../machines/graph-helpers';

const SELLER = 'seller-1';
const KEY = redeemKey(SELLER);

/** A local storage over a map; `fail` makes every access throw (private modes, disabled storage). */
function memoryStorage() {
  const data = new Map<string, string>();
  let fail = false;
  const storage = createStorage(() => {
    if (fail) throw new DOMException('denied', 'SecurityError');
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  });
  return { data, storage, failing: (on: boolean) => (fail = on) };
}

describe('the stored redeem flag', () => {
  it('is a versioned record naming the cart; read back for that cart only', () => {
    const { data, storage } = memoryStorage();
    expect(redeemedCartId(storage, SELLER)).toBeNull();
    writeRedeemFlag(storage, SELLER, 'c1');
    expect(JSON.parse(data.get(KEY) ?? '')).toEqual({ v: REDEEM_STORAGE_VERSION, cartId: 'c1' });
    expect(redeemedCartId(storage, SELLER)).toBe('c1');
    expect(isRedeemCart(storage, SELLER, 'c1')).toBe(true);
    expect(isRedeemCart(storage, SELLER, 'c2')).toBe(false);
    expect(isRedeemCart(storage, SELLER, null)).toBe(false);
    // Per seller.
    expect(redeemedCartId(storage, 'seller-2')).toBeNull();
    writeRedeemFlag(storage, SELLER, null);
    expect(data.has(KEY)).toBe(false);
  });

  it('garbage, another version or an unreadable value reads as no flag', () => {
    for (const raw of [
      '{not json',
      'true',
      '"c1"',
      'null',
      '{"v":2,"cartId":"c1"}',
      '{"v":1,"cartId":""}',
      '{"v":1,"cartId":42}',
      `{"v":1,"cartId":"${'x'.repeat(201)}"}`,
      '{"v":1}',
    ])
      expect(parseRedeemFlag(raw)).toBeNull();
    const { data, storage } = memoryStorage();
    data.set(KEY, '{"v":2,"cartId":"c1"}');
    expect(isRedeemCart(storage, SELLER, 'c1')).toBe(false);
    // Unknown keys are dropped, not kept.
    expect(parseRedeemFlag('{"v":1,"cartId":"c1","x":1}')).toEqual({ v: 1, cartId: 'c1' });
  });

  it('a storage that throws: reads as no flag, writes are tolerated', () => {
    const { storage, failing } = memoryStorage();
    writeRedeemFlag(storage, SELLER, 'c1');
    failing(true);
    expect(redeemedCartId(storage, SELLER)).toBeNull();
    expect(() => writeRedeemFlag(storage, SELLER, 'c2')).not.toThrow();
    expect(() => writeRedeemFlag(storage, SELLER, null)).not.toThrow();
    failing(false);
    expect(redeemedCartId(storage, SELLER)).toBe('c1');
  });

  it('follows the cart: cleared when the cart it names goes or is replaced, kept for another cart', () => {
    const { data, storage } = memoryStorage();
    const listeners: Array<(s: { context: { cartId: string | null } }) => void> = [];
    let cartId: string | null = 'c1';
    const cart = {
      getSnapshot: () => ({ context: { cartId } }),
      subscribe: (fn: (s: { context: { cartId: string | null } }) => void) => {
        listeners.push(fn);
        return { unsubscribe: () => listeners.splice(listeners.indexOf(fn), 1) };
      },
    };
    const move = (next: string | null) => {
      cartId = next;
      for (const l of [...listeners]) l({ context: { cartId } });
    };
    const stop = clearRedeemFlagWithCart(cart, storage, SELLER);
    writeRedeemFlag(storage, SELLER, 'c1');
    move('c1');
    expect(redeemedCartId(storage, SELLER)).toBe('c1');
    move(null);
    expect(data.has(KEY)).toBe(false);
    // Another tab redeemed into c2 while this tab still held c1: c1 ending keeps c2's flag.
    move('c1');
    writeRedeemFlag(storage, SELLER, 'c2');
    move(null);
    expect(redeemedCartId(storage, SELLER)).toBe('c2');
    // Replaced by another cart.
    move('c2');
    move('c3');
    expect(data.has(KEY)).toBe(false);
    stop();
    expect(listeners).toHaveLength(0);
  });
});

/** The app root over one storage shared by tabs (the storage event as browsers fire it in other tabs). */
function sharedStorage() {
  const data = new Map<string, string>();
  const tabs: EventTarget[] = [];
  const forTab = (self: EventTarget): Storage => ({
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      if (value === null) data.delete(key);
      else data.set(key, value);
      for (const tab of tabs)
        if (tab !== self) tab.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value }));
    },
  });
  return { data, tabs, forTab };
}

function fakeServer() {
  const carts = new Map<string, CartModel>();
  const get = vi.fn(async (id: string) => {
    const cart = carts.get(id);
    if (!cart) throw { code: ErrorCode.not_found, status: 404 };
    return cart;
  });
  return {
    carts,
    api: { cart: { get, remove: vi.fn(), discard: vi.fn(async () => {}), extend: vi.fn() } },
  };
}

function openTab(server: ReturnType<typeof fakeServer>, shared: ReturnType<typeof sharedStorage>) {
  const events = new EventTarget();
  shared.tabs.push(events);
  const storage = shared.forTab(events);
  const deps: AppDeps = {
    api: server.api as unknown as Pick<Api, 'cart' | 'members'>,
    sellerId: SELLER,
    storage,
    clock: realClock,
    events: events as unknown as AppDeps['events'],
    channel: null,
  };
  return { app: createAppActor(deps), storage };
}

/** Two tabs; tab A holds cart c1, marked as a redeem cart (as the redeem reserve marks it). */
async function redeemedInTabA() {
  const server = fakeServer();
  const shared = sharedStorage();
  const a = openTab(server, shared);
  const b = openTab(server, shared);
  server.carts.set('c1', makeCart({ id: 'c1', expiresIn: 60, expiresAt: T0 + 60_000 }));
  cartOf(a.app).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
  writeRedeemFlag(a.storage, SELLER, 'c1');
  await flush();
  return { server, shared, a, b };
}

describe('the flag across tabs and the cart’s life', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is shared: the other tab reads it for the same cart', async () => {
    const { b } = await redeemedInTabA();
    expect(currentCartId(b.app)).toBe('c1');
    expect(isRedeemCart(b.storage, SELLER, currentCartId(b.app))).toBe(true);
  });

  it('is cleared when the cart ends: paid or discarded (cart.clear) in either tab', async () => {
    const { shared, a, b } = await redeemedInTabA();
    cartOf(b.app).send({ type: 'cart.clear' });
    expect(currentCartId(a.app)).toBeNull();
    expect(shared.data.has(KEY)).toBe(false);
  });

  it('is cleared when the cart expires (the expiry confirmed)', async () => {
    const { shared, a } = await redeemedInTabA();
    vi.advanceTimersByTime(60_000);
    await waitFor(cartOf(a.app), (s) => s.matches('expired'));
    expect(shared.data.has(KEY)).toBe(true);
    cartOf(a.app).send({ type: 'expiry.confirm' });
    expect(shared.data.has(KEY)).toBe(false);
  });

  it('is cleared when another cart takes the place of the redeem cart', async () => {
    const { server, shared, a } = await redeemedInTabA();
    server.carts.set('c2', makeCart({ id: 'c2' }));
    cartOf(a.app).send({ type: 'cart.updated', cart: server.carts.get('c2') as CartModel });
    await flush();
    expect(currentCartId(a.app)).toBe('c2');
    expect(shared.data.has(KEY)).toBe(false);
  });

  it('a reload of the cart that carries it keeps it', async () => {
    const { server, shared, a } = await redeemedInTabA();
    server.carts.set('c1', makeCart({ id: 'c1', ticketCount: 2, expiresIn: 60, expiresAt: T0 + 60_000 }));
    cartOf(a.app).send({ type: 'cart.updated', cart: server.carts.get('c1') as CartModel });
    await flush();
    expect(parseRedeemFlag(shared.data.get(KEY) ?? null)?.cartId).toBe('c1');
  });
});

const LEVEL: RedeemLevel = {
  id: 'lv-1',
  ticketGroupId: 'g-m',
  name: 'Individual',
  rank: 0,
  amount: 7500,
  discountedAmount: 6000,
  named: [],
};

function redeemWiring(over: Partial<RedeemWiring> = {}) {
  const order: string[] = [];
  const reserved = makeCart({ id: 'c9' });
  const w: RedeemWiring = {
    api: {
      membership: {
        reserve: vi.fn(async () => reserved),
        giftCode: vi.fn(async () => ({
          code: 'GIFT000001',
          validFrom: new Date(T0 - 86_400_000).toISOString(),
          validTo: new Date(T0 + 86_400_000).toISOString(),
          exhausted: false,
          levelIds: null,
        })),
        event: vi.fn(async () => ({
          levels: [
            {
              id: LEVEL.id,
              ticketGroupId: LEVEL.ticketGroupId,
              name: LEVEL.name,
              rank: 0,
              amountCents: 7500,
              discountedCents: 6000,
              named: [],
            },
          ],
        })),
      } as unknown as Api['membership'],
      cart: { reserve: vi.fn() } as unknown as Api['cart'],
    },
    clock: { now: () => T0 },
    membershipEventId: 'ev-m',
    cart: () => null,
    cartId: () => null,
    cartUpdated: (cart) => order.push(`cart:${cart.id}`),
    clearCart: () => order.push('clear'),
    upsells: async () => null,
    goTo: (path) => order.push(`go:${path}`),
    redeemFlag: { isSet: () => false, mark: (id) => order.push(`mark:${id}`) },
    cartDialog: { open: () => order.push('dialog:open'), close: () => order.push('dialog:close') },
    ...over,
  };
  return { w, order };
}

describe('the redeem flow sets and reads the flag', () => {
  /** The provided flow, from the code's lookup to the redeem of its one level. */
  async function redeem(w: RedeemWiring) {
    const actor = createActor(provideGiftRedeem(w), { input: { giftCode: 'GIFT000001' } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'redeem', details: { members: [] } });
    return waitFor(
      actor,
      (s) => s.matches('redeemed') || (s.matches('choosing') && s.context.formError !== null),
    );
  }

  it('a successful redeem reserve marks the cart it reserved into, after the app cart took it', async () => {
    const { w, order } = redeemWiring();
    const snap = await redeem(w);
    expect(snap.matches('redeemed')).toBe(true);
    expect(w.api.membership.reserve).toHaveBeenCalledWith(
      null,
      { levelId: LEVEL.id, members: [], giftCode: 'GIFT000001' },
      { signal: expect.any(AbortSignal) },
    );
    expect(order).toEqual(['cart:c9', 'mark:c9', 'go:/checkout']);
  });

  it('a refused redeem reserve marks nothing', async () => {
    const { w, order } = redeemWiring();
    (w.api.membership.reserve as ReturnType<typeof vi.fn>).mockRejectedValueOnce({
      code: ErrorCode.code_exhausted,
    });
    const snap = await redeem(w);
    expect(snap.context.formError).toEqual({ key: 'giftCodeRedeemed' });
    expect(order).toEqual([]);
  });

  it('the cart check: a flagged cart holds a membership even before its lines are loaded here', () => {
    expect(cartHasMembership(redeemWiring().w)).toBe(false);
    expect(cartHasMembership(redeemWiring({ redeemFlag: { isSet: () => true, mark: () => {} } }).w)).toBe(
      true,
    );
    const membershipCart = {
      ...makeCart({ id: 'c3' }),
      items: [{ eventId: 'ev-m', lines: [{}] }],
    } as unknown as CartModel;
    expect(cartHasMembership(redeemWiring({ cart: () => membershipCart }).w)).toBe(true);
  });

  it('redeeming with a flagged cart opens the cart dialog (Discard / Checkout) instead of reserving', async () => {
    const { w, order } = redeemWiring({ redeemFlag: { isSet: () => true, mark: () => {} } });
    const actor = createActor(provideGiftRedeem(w), { input: { giftCode: 'GIFT000001' } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'redeem', details: { members: [] } });
    const snap = await waitFor(actor, (s) => s.matches('cartConflict'));
    expect(snap.matches('cartConflict')).toBe(true);
    expect(w.api.membership.reserve).not.toHaveBeenCalled();
    // The dialog is an entry of the modal stack, opened by the flow; dismissing it closes it.
    expect(order).toEqual(['dialog:open']);
    actor.send({ type: 'cart.dismiss' });
    expect(order).toEqual(['dialog:open', 'dialog:close']);
  });
});
