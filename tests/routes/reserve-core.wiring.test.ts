/**
 * The reserve core's wiring (`routes/event/reserve-core.ts`): tickets through the cart call, a membership
 * through the membership call, both into the app cart's id read when the post runs, a new cart (null) once
 * that cart turned out gone.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { Api } from '../../api';
import { provideReserveCore } from '../../routes/event/reserve-core';
import { makeCart } from '../machines/cart.fixtures';
import { anySignal, runProvided } from './helpers';

function fakeApi() {
  const cart = makeCart({ id: 'fresh' });
  return {
    cart: { reserve: vi.fn(async () => cart) },
    membership: { reserve: vi.fn(async () => cart) },
  };
}
const asApi = (api: ReturnType<typeof fakeApi>) => api as unknown as Pick<Api, 'cart' | 'membership'>;
const tickets = { eventId: 'ev-1', sessionId: 's-1', quantities: { 't-adult': 1 } };
const membership = { levelId: 'lvl-dual', members: [], renew: true };

describe('reserve core wiring', () => {
  it('posts tickets through the cart call into the current cart, or a new one when asked', async () => {
    const api = fakeApi();
    let current: string | null = 'c1';
    const core = provideReserveCore({ api: asApi(api), currentCartId: () => current });
    const request = { kind: 'tickets', tickets } as const;
    await runProvided(core, 'postReserve', { request, newCart: false });
    current = 'c2';
    await runProvided(core, 'postReserve', { request, newCart: true });
    expect(api.cart.reserve.mock.calls).toEqual([
      ['c1', tickets, { signal: anySignal }],
      [null, tickets, { signal: anySignal }],
    ]);
    expect(api.membership.reserve).not.toHaveBeenCalled();
  });

  it('posts a membership through the membership call, into the cart current when it runs', async () => {
    const api = fakeApi();
    let current: string | null = 'c1';
    const core = provideReserveCore({ api: asApi(api), currentCartId: () => current });
    current = 'c9';
    await runProvided(core, 'postReserve', { request: { kind: 'membership', membership }, newCart: false });
    expect(api.membership.reserve).toHaveBeenCalledWith('c9', membership, { signal: anySignal });
    expect(api.cart.reserve).not.toHaveBeenCalled();
  });

  it('the whole core: a membership whose cart expired goes into a new cart, once', async () => {
    const api = fakeApi();
    api.membership.reserve.mockRejectedValueOnce({ code: 'cart_expired', status: 410 } as never);
    const core = provideReserveCore({ api: asApi(api), currentCartId: () => 'old' });
    const input = { request: { kind: 'membership', membership } } as const;
    const output = await toPromise(createActor(core, { input }).start());
    expect(output).toEqual({ status: 'reserved', cart: makeCart({ id: 'fresh' }) });
    expect(api.membership.reserve.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['old', null]);
  });
});
