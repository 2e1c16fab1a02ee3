/** Focused tests of each documented cart rule, on a real actor with fake actors and fake timers. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CartModel } from '../../api/models';
import { cartMachine, createExpiryWatcher, initialCartContext } from '../../machines/cart/cart.machine';
import { selectCartId, selectIsLoading } from '../../machines/cart/current';
import {
  expiryTimerFor,
  secondsLeft,
  selectCart,
  selectExpiryModalOpen,
  selectExpiryTimer,
  selectIsRemoving,
  selectTickedAt,
  selectTicketCount,
} from '../../machines/cart/selectors';
import type {
  CartInput,
  DiscardCartInput,
  LoadCartInput,
  RemoveTicketsInput,
} from '../../machines/cart/types';
import { makeCart, T0, useFakeTimersAtT0 } from './cart.fixtures';

/** The clock of vitest's fake timers (Date.now and setTimeout are faked in every test here). */
const fakeTimersClock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as never),
};
const expiryWatcher = createExpiryWatcher(fakeTimersClock);

interface Harness {
  loadCart?: (input: LoadCartInput) => Promise<CartModel>;
  removeTickets?: (input: RemoveTicketsInput) => Promise<CartModel>;
  discardCart?: (input: DiscardCartInput) => Promise<unknown>;
}

function start(input: Partial<CartInput> = {}, harness: Harness = {}) {
  const persist = vi.fn<(cartId: string | null) => void>();
  const clearUpsellChain = vi.fn();
  const loadCart = vi.fn(harness.loadCart ?? (async () => makeCart()));
  const removeTickets = vi.fn(harness.removeTickets ?? (async () => makeCart({ ticketCount: 1 })));
  const discardCart = vi.fn(harness.discardCart ?? (async () => undefined));
  const machine = cartMachine.provide({
    actors: {
      loadCart: fromPromise<CartModel, LoadCartInput>(({ input }) => loadCart(input)),
      removeTickets: fromPromise<CartModel, RemoveTicketsInput>(({ input }) => removeTickets(input)),
      discardCart: fromPromise<unknown, DiscardCartInput>(({ input }) => discardCart(input)),
      expiryWatcher,
    },
    actions: {
      persist: (_args, params) => persist(params.cartId),
      clearUpsellChain: () => clearUpsellChain(),
    },
  });
  const actor = createActor(machine, { input: { storedCartId: null, ...input } });
  actor.start();
  return { actor, persist, clearUpsellChain, loadCart, removeTickets, discardCart };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('cart rules', () => {
  useFakeTimersAtT0();

  it('starts empty without a stored id, and loads the stored cart otherwise', async () => {
    const none = start();
    expect(none.actor.getSnapshot().matches('empty')).toBe(true);
    expect(none.loadCart).not.toHaveBeenCalled();

    const stored = start({ storedCartId: 'c1' });
    expect(stored.actor.getSnapshot().matches('loading')).toBe(true);
    expect(stored.loadCart).toHaveBeenCalledWith({ cartId: 'c1' });
    await settle();
    expect(selectCart(stored.actor.getSnapshot())?.id).toBe('c1');
    expect(stored.persist).not.toHaveBeenCalled(); // the id did not change
  });

  it('local expiry is the server expires_in minus 5 seconds from the time the response was received', async () => {
    const { actor } = start(
      { storedCartId: 'c1' },
      {
        loadCart: async () => {
          vi.setSystemTime(T0 + 2_000); // the response arrives 2 s later
          return makeCart({ expiresIn: 600 });
        },
      },
    );
    await settle();
    const received = T0 + 2_000;
    expect(actor.getSnapshot().context.localExpiresAt).toBe(received + 600_000 - 5_000);
    expect(secondsLeft(actor.getSnapshot(), received)).toBe(595);

    await vi.advanceTimersByTimeAsync(594_000); // 1 s before the local expiry
    expect(actor.getSnapshot().matches('active')).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
  });

  it('a cart without expiry stays current and the watcher is silent', async () => {
    const { actor } = start({}, {});
    actor.send({ type: 'cart.updated', cart: makeCart({ expiresIn: null, expiresAt: null }) });
    await vi.advanceTimersByTimeAsync(3 * 3600_000);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context.localExpiresAt).toBeNull();
    expect(secondsLeft(actor.getSnapshot(), Date.now())).toBeNull();
    expect(selectExpiryTimer(actor.getSnapshot(), Date.now())).toBeNull();
  });

  it('deletes a cart with fewer than 30 seconds left, on load and on update, and starts fresh', async () => {
    const loaded = start({ storedCartId: 'c1' }, { loadCart: async () => makeCart({ expiresIn: 29 }) });
    await settle();
    expect(loaded.actor.getSnapshot().matches('empty')).toBe(true);
    expect(loaded.discardCart).toHaveBeenCalledWith({ cartId: 'c1' });
    expect(loaded.persist.mock.calls).toEqual([[null]]);
    expect(selectCart(loaded.actor.getSnapshot())).toBeNull();

    const updated = start();
    updated.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c9', expiresIn: 10 }) });
    await settle();
    expect(updated.actor.getSnapshot().matches('empty')).toBe(true);
    expect(updated.discardCart).toHaveBeenCalledWith({ cartId: 'c9' });
    expect(updated.persist).not.toHaveBeenCalled(); // the id never became current

    const boundary = start();
    boundary.actor.send({ type: 'cart.updated', cart: makeCart({ expiresIn: 30 }) });
    await settle();
    expect(boundary.actor.getSnapshot().matches('active')).toBe(true);
    expect(boundary.discardCart).not.toHaveBeenCalled();
  });

  it('a failed delete of a short cart is ignored', async () => {
    const { actor } = start(
      { storedCartId: 'c1' },
      {
        loadCart: async () => makeCart({ expiresIn: 5 }),
        discardCart: async () => Promise.reject({ code: 'unexpected', status: 0 }),
      },
    );
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().matches({ empty: 'idle' })).toBe(true);
  });

  it('treats a cart with no expiry, no tickets and nothing outstanding as a completed order: empty', async () => {
    const completed = makeCart({
      expiresIn: null,
      expiresAt: null,
      ticketCount: 0,
      totals: { ...makeCart().totals, outstandingCents: 0 },
    });
    const { actor, persist, discardCart } = start(
      { storedCartId: 'c1' },
      { loadCart: async () => completed },
    );
    await settle();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(persist.mock.calls).toEqual([[null]]);
    expect(discardCart).not.toHaveBeenCalled();

    // Something outstanding: not completed.
    const owing = start({}, {});
    owing.actor.send({ type: 'cart.updated', cart: { ...completed, totals: makeCart().totals } });
    expect(owing.actor.getSnapshot().matches('active')).toBe(true);
  });

  it('a stored cart that is gone (not_found, cart_expired) empties; other load errors keep the id', async () => {
    const gone = start(
      { storedCartId: 'c1' },
      { loadCart: async () => Promise.reject({ code: 'not_found', status: 404 }) },
    );
    await settle();
    expect(gone.actor.getSnapshot().matches('empty')).toBe(true);
    expect(gone.persist.mock.calls).toEqual([[null]]);

    const expired = start(
      { storedCartId: 'c1' },
      { loadCart: async () => Promise.reject({ code: 'cart_expired' }) },
    );
    await settle();
    expect(expired.actor.getSnapshot().matches('empty')).toBe(true);
    expect(expired.persist.mock.calls).toEqual([[null]]);

    let fail = true;
    const flaky = start(
      { storedCartId: 'c1' },
      { loadCart: async () => (fail ? Promise.reject({ code: 'unexpected', status: 502 }) : makeCart()) },
    );
    await settle();
    expect(flaky.actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(flaky.actor.getSnapshot().context.cartId).toBe('c1');
    expect(flaky.actor.getSnapshot().context.error?.code).toBe('unexpected');
    expect(flaky.persist).not.toHaveBeenCalled();
    fail = false;
    flaky.actor.send({ type: 'cart.refresh' });
    await settle();
    expect(flaky.actor.getSnapshot().matches('active')).toBe(true);
    expect(flaky.actor.getSnapshot().context.error).toBeNull();
  });

  it('opens the expiry modal once, clears the upsell chain once, and ignores everything but confirm', async () => {
    const { actor, clearUpsellChain } = start({ storedCartId: 'c1' });
    let entered = 0;
    let wasOpen = false;
    actor.subscribe((s) => {
      const open = selectExpiryModalOpen(s);
      if (open && !wasOpen) entered++;
      wasOpen = open;
    });
    await settle();
    await vi.advanceTimersByTimeAsync(895_000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    await vi.advanceTimersByTimeAsync(600_000); // the watcher is stopped: no more ticks, no second modal
    actor.send({ type: 'cart.remove', ticketIds: ['t1'] });
    actor.send({ type: 'cart.refresh' });
    actor.send({ type: 'tick', now: Date.now() });
    await settle();
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    expect(entered).toBe(1);
    expect(clearUpsellChain).toHaveBeenCalledTimes(1);
    // The cart stays visible behind the modal.
    expect(selectCart(actor.getSnapshot())?.id).toBe('c1');
  });

  it('closing the expiry modal clears the cart, persists null and deletes the cart best-effort', async () => {
    const { actor, persist, discardCart } = start(
      { storedCartId: 'c1' },
      { discardCart: async () => Promise.reject({ code: 'unexpected' }) },
    );
    await settle();
    await vi.advanceTimersByTimeAsync(895_000);
    actor.send({ type: 'expiry.confirm' });
    await settle();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    expect(selectCart(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.cartId).toBeNull();
    expect(persist.mock.calls).toEqual([[null]]);
    expect(discardCart).toHaveBeenCalledWith({ cartId: 'c1' });
  });

  it('a cart emptied of tickets that reaches its expiry is forgotten without the modal', async () => {
    const { actor, clearUpsellChain, persist } = start();
    actor.send({ type: 'cart.updated', cart: makeCart({ ticketCount: 0, expiresIn: 60 }) });
    await vi.advanceTimersByTimeAsync(55_000);
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(clearUpsellChain).not.toHaveBeenCalled();
    expect(persist.mock.calls).toEqual([['c1'], [null]]);
  });

  it('calls persist on every change of cart id, and only then', async () => {
    const { actor, persist } = start();
    actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1' }) });
    actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', ticketCount: 3 }) });
    actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c2' }) });
    actor.send({ type: 'cart.clear' });
    actor.send({ type: 'cart.clear' });
    await settle();
    expect(persist.mock.calls).toEqual([['c1'], ['c2'], [null]]);
    expect(actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('removing tickets keeps the cart visible, then shows the fresh cart', async () => {
    let release: (cart: CartModel) => void = () => {};
    const { actor, removeTickets } = start(
      { storedCartId: 'c1' },
      { removeTickets: () => new Promise<CartModel>((resolve) => (release = resolve)) },
    );
    await settle();
    actor.send({ type: 'cart.remove', ticketIds: ['t1', 't2'] });
    expect(removeTickets).toHaveBeenCalledWith({ cartId: 'c1', ticketIds: ['t1', 't2'] });
    expect(selectIsRemoving(actor.getSnapshot())).toBe(true);
    expect(selectCart(actor.getSnapshot())?.id).toBe('c1');
    expect(selectTicketCount(actor.getSnapshot())).toBe(2);
    release(makeCart({ ticketCount: 0 }));
    await settle();
    expect(selectIsRemoving(actor.getSnapshot())).toBe(false);
    expect(selectTicketCount(actor.getSnapshot())).toBe(0);
  });

  it('a failed removal keeps the cart and reports the error; an empty removal is ignored', async () => {
    const { actor, removeTickets } = start(
      { storedCartId: 'c1' },
      {
        removeTickets: async () =>
          Promise.reject({ code: 'tickets_too_old', description: 'Too old', status: 400 }),
      },
    );
    await settle();
    actor.send({ type: 'cart.remove', ticketIds: [] });
    expect(removeTickets).not.toHaveBeenCalled();
    actor.send({ type: 'cart.remove', ticketIds: ['t1'] });
    await settle();
    expect(actor.getSnapshot().matches({ active: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error).toMatchObject({
      code: 'tickets_too_old',
      description: 'Too old',
    });
    expect(selectCart(actor.getSnapshot())?.id).toBe('c1');
  });

  it('the deadline survives a reload: a restored snapshot re-arms the watcher from context', async () => {
    const first = start({ storedCartId: 'c1' });
    await settle();
    const persisted = JSON.parse(JSON.stringify(first.actor.getPersistedSnapshot()));
    first.actor.stop();
    vi.setSystemTime(T0 + 900_000); // the page comes back after the local expiry
    const clearUpsellChain = vi.fn();
    const restored = createActor(
      cartMachine.provide({ actions: { clearUpsellChain }, actors: { expiryWatcher } }),
      {
        snapshot: persisted,
        input: { storedCartId: 'c1' },
      },
    );
    restored.start();
    await settle();
    expect(restored.getSnapshot().matches('expired')).toBe(true);
    expect(clearUpsellChain).toHaveBeenCalledTimes(1);
  });
});

describe('the first-load cart selectors (current.ts)', () => {
  // Every state of the chart, written out: the cart is shown while active (removing and refreshing too) and while
  // the expiry modal is open (expired); its id is the context's in every state; only `loading` is loading.
  const STATES = [
    'starting',
    'loading',
    'loadFailed',
    'checking',
    { empty: 'idle' },
    { empty: 'discarding' },
    { active: 'idle' },
    { active: 'extending' },
    { active: 'removing' },
    { active: 'refreshing' },
    'expired',
  ] as const;
  const cart = makeCart({ ticketCount: 3 });

  it.each(STATES.map((value) => [JSON.stringify(value), value] as const))('%s', (_name, value) => {
    const top = typeof value === 'string' ? value : Object.keys(value)[0];
    const shown = top === 'active' || top === 'expired';
    const snapshot = cartMachine.resolveState({
      value,
      context: { ...initialCartContext({ input: { storedCartId: 'c-42' } }), cart, cartId: 'c-42' },
    });
    expect(selectCart(snapshot)).toBe(shown ? cart : null);
    expect(selectTicketCount(snapshot)).toBe(shown ? 3 : 0);
    expect(selectCartId(snapshot)).toBe('c-42');
    expect(selectIsLoading(snapshot)).toBe(top === 'loading');
  });
});

describe('expiry timer view', () => {
  it('is shown only under 20 minutes; warning under 5, error under 2; m:ss label', () => {
    expect(expiryTimerFor(null)).toBeNull();
    expect(expiryTimerFor(1200)).toBeNull();
    expect(expiryTimerFor(1199)).toMatchObject({ label: '19:59', style: 'normal', announcement: null });
    expect(expiryTimerFor(300)).toMatchObject({ label: '5:00', style: 'normal', announcement: null });
    expect(expiryTimerFor(299)).toMatchObject({
      label: '4:59',
      style: 'warning',
      announcement: 'fiveMinutesLeft',
    });
    expect(expiryTimerFor(120)).toMatchObject({
      style: 'warning',
      announcement: 'fiveMinutesLeft',
    });
    expect(expiryTimerFor(119)).toMatchObject({
      label: '1:59',
      style: 'error',
      announcement: 'twoMinutesLeft',
    });
    expect(expiryTimerFor(0)).toMatchObject({ label: '0:00', style: 'error' });
  });

  it('ticks every second and announces only at the 5- and 2-minute marks', async () => {
    vi.useFakeTimers({ now: T0 });
    try {
      const { actor } = start();
      actor.send({ type: 'cart.updated', cart: makeCart({ expiresIn: 6 * 60 + 5 }) }); // 6:00 left locally
      const labels: string[] = [];
      const announcements: (string | null)[] = [];
      const ticks: number[] = [];
      actor.subscribe((s) => {
        const tickedAt = selectTickedAt(s);
        if (tickedAt === null || ticks.at(-1) === tickedAt) return;
        ticks.push(tickedAt);
        const timer = selectExpiryTimer(s, tickedAt);
        if (timer) labels.push(timer.label);
        if (timer && timer.announcement !== (announcements.at(-1) ?? null))
          announcements.push(timer.announcement);
      });
      await vi.advanceTimersByTimeAsync(6 * 60_000 - 1_000);
      expect(ticks.length).toBe(359); // one snapshot per second
      expect(ticks.every((t, i) => i === 0 || t - (ticks[i - 1] ?? 0) === 1_000)).toBe(true);
      expect(labels.slice(0, 2)).toEqual(['5:59', '5:58']);
      expect(labels.at(-1)).toBe('0:01');
      expect(announcements).toEqual(['fiveMinutesLeft', 'twoMinutesLeft']);
    } finally {
      vi.useRealTimers();
    }
  });
});
