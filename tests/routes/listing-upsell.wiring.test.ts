/**
 * Wiring of the listing (the load actor's calls) and of the upsell chain (its config call, local storage, its
 * navigation, the on-demand actor held by the host: events sent before it loads are delivered, a failed load is
 * survived).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { readStoredUpsell, startUpsellActor } from '../../routes/app/upsell-actor';
import { createUpsellHost } from '../../routes/app/upsell-host';
import { loadListing } from '../../routes/events/wiring';
import { upsellKey } from '../../routes/storage';
import { ANCHOR, anchorCart } from '../../stories/fixtures/upsell';
import { flush } from '../machines/graph-helpers';
import { memoryStorage } from './helpers';

const SELLER = 'seller-1';

describe('listing wiring', () => {
  it('asks for the request, and for the whole listing too when the request narrows it', async () => {
    const listAvailable = vi.fn(async (params: { categories?: string[] }) =>
      params.categories
        ? [{ id: 'a', category: 'Shows' }]
        : [
            { id: 'a', category: 'Shows' },
            { id: 'b', category: 'Talks' },
          ],
    );
    const api = { events: { listAvailable } } as unknown as Pick<Api, 'events'>;
    const signal = new AbortController().signal;
    const narrowed = await loadListing(
      api,
      { request: { categories: ['Shows'] }, categoriesToo: true },
      signal,
    );
    expect(listAvailable).toHaveBeenNthCalledWith(1, { categories: ['Shows'] }, { signal });
    expect(listAvailable).toHaveBeenNthCalledWith(2, {}, { signal });
    expect(narrowed.categories).toEqual(['Shows', 'Talks']);
    const plain = await loadListing(
      api,
      { request: { withMemberEvents: true }, categoriesToo: false },
      signal,
    );
    expect(listAvailable).toHaveBeenCalledTimes(3);
    expect(plain.categories).toBeNull();
  });
});

describe('upsell wiring', () => {
  const config = {
    config: {
      _count: 1,
      _data: [
        {
          id: 'c',
          resource: 'seller',
          resource_id: SELLER,
          key: 'upsells',
          value: { steps: [{ category: ['Tours'] }] },
        },
      ],
    },
  };

  it('loads the seller config (cached GET config) and keeps the chain flag in local storage', async () => {
    const request = vi.fn(async () => config);
    const storage = memoryStorage();
    const actor = startUpsellActor({
      api: { request } as unknown as Pick<Api, 'request'>,
      sellerId: SELLER,
      storage,
    });
    await flush();
    expect(request).toHaveBeenCalledWith('GET', 'config', {
      query: { 'resource_id._in': [SELLER], 'key._in': ['upsells'] },
      cached: true,
      signal: expect.any(AbortSignal),
    });
    expect(actor.getSnapshot().context.config?.steps).toEqual([{ categories: ['Tours'], meta: {} }]);
    actor.send({ type: 'expresscheckout.set', on: true });
    expect(JSON.parse(storage.get(upsellKey(SELLER)) ?? 'null')).toEqual({
      chain: null,
      expressCheckout: true,
    });
    actor.send({ type: 'expresscheckout.set', on: false });
    expect(storage.get(upsellKey(SELLER))).toBeNull();
    actor.stop();
  });

  it('goes where the chain says through the app navigate: the add-on step, then checkout', async () => {
    const navigate = vi.fn();
    const actor = startUpsellActor({
      api: { request: vi.fn(async () => config) } as unknown as Pick<Api, 'request'>,
      sellerId: SELLER,
      storage: memoryStorage(),
      navigate,
    });
    await flush();
    actor.send({ type: 'reserved', cart: anchorCart, eventId: ANCHOR });
    expect(navigate).toHaveBeenLastCalledWith('/events');
    actor.send({ type: 'addon.skip' });
    expect(navigate).toHaveBeenLastCalledWith('/checkout');
    expect(navigate).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('restores a stored chain and drops a malformed one', () => {
    const chain = { step: 1, anchorEventId: 'e', window: { start: 'a', end: 'b', timezone: 'UTC' } };
    const good = memoryStorage({ [upsellKey(SELLER)]: JSON.stringify({ chain, expressCheckout: false }) });
    expect(readStoredUpsell(good, SELLER)).toEqual({ chain, expressCheckout: false });
    const odd = memoryStorage({
      [upsellKey(SELLER)]: JSON.stringify({ chain: { step: 'x' }, expressCheckout: 1 }),
    });
    expect(readStoredUpsell(odd, SELLER)).toEqual({ chain: null, expressCheckout: false });
    expect(readStoredUpsell(memoryStorage({ [upsellKey(SELLER)]: '{' }), SELLER)).toBeNull();
  });

  it('the host delivers events sent before the actor loaded, and survives a failed load', async () => {
    const storage = memoryStorage();
    const host = createUpsellHost(async () =>
      startUpsellActor({
        api: { request: vi.fn(async () => ({})) } as unknown as Pick<Api, 'request'>,
        sellerId: SELLER,
        storage,
      }),
    );
    expect(host.get()).toBeNull();
    host.send({ type: 'expresscheckout.set', on: true });
    const listener = vi.fn();
    host.subscribe(listener);
    await host.ready;
    await flush();
    expect(host.get()?.getSnapshot().context.expressCheckout).toBe(true);
    expect(listener).toHaveBeenCalled();
    const broken = createUpsellHost(() => Promise.reject(new Error('chunk failed')));
    broken.send({ type: 'route.left' });
    await expect(broken.ready).rejects.toThrow('chunk failed');
    expect(broken.get()).toBeNull();
  });
});
