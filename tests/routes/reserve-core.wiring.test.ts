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
    await runProvided(core, 'postReserve', { request, newCart: false, codesBeforeReserve: [] });
    current = 'c2';
    await runProvided(core, 'postReserve', { request, newCart: true, codesBeforeReserve: ['PRESS2026'] });
    expect(api.cart.reserve.mock.calls).toEqual([
      ['c1', tickets, { signal: anySignal, codesBeforeReserve: [], defaultCodes: [] }],
      [null, tickets, { signal: anySignal, codesBeforeReserve: ['PRESS2026'], defaultCodes: [] }],
    ]);
    expect(api.membership.reserve).not.toHaveBeenCalled();
  });

  it('posts a membership through the membership call, into the cart current when it runs', async () => {
    const api = fakeApi();
    let current: string | null = 'c1';
    const core = provideReserveCore({ api: asApi(api), currentCartId: () => current });
    current = 'c9';
    await runProvided(core, 'postReserve', {
      request: { kind: 'membership', membership },
      newCart: false,
      codesBeforeReserve: [],
    });
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

  it('the whole core: a code required opens the prompt on the stack; the code retries; the prompt closes', async () => {
    const api = fakeApi();
    api.cart.reserve.mockRejectedValueOnce({
      code: 'rule_blocks_reserve',
      status: 400,
      context: 'checkout_rules',
      extra: { reason: 'code_required' },
    } as never);
    const prompt = { open: vi.fn(), close: vi.fn() };
    const core = provideReserveCore({ api: asApi(api), currentCartId: () => 'c1', codePrompt: prompt });
    const actor = createActor(core, { input: { request: { kind: 'tickets', tickets } } }).start();
    await vi.waitFor(() => expect(prompt.open).toHaveBeenCalledTimes(1));
    actor.send({ type: 'code.change', value: ' PRESS2026 ' });
    actor.send({ type: 'code.submit' });
    const output = await toPromise(actor);
    expect(output.status).toBe('reserved');
    expect(prompt.close).toHaveBeenCalledTimes(1);
    expect(api.cart.reserve.mock.calls[1]).toEqual([
      'c1',
      tickets,
      { signal: anySignal, codesBeforeReserve: ['PRESS2026'], defaultCodes: [] },
    ]);
  });

  it("preloads the page's promo query (a comma list, trimmed) as the default codes, read when it posts", async () => {
    const api = fakeApi();
    let search = '';
    const core = provideReserveCore({
      api: asApi(api),
      currentCartId: () => 'c1',
      currentSearch: () => search,
    });
    const request = { kind: 'tickets', tickets } as const;
    search = '?promo=%20welcome20%20,,SAVE5,welcome20&session=next';
    await runProvided(core, 'postReserve', { request, newCart: false, codesBeforeReserve: [] });
    expect((api.cart.reserve.mock.calls[0] as unknown[] | undefined)?.[2]).toEqual({
      signal: anySignal,
      codesBeforeReserve: [],
      defaultCodes: ['welcome20', 'SAVE5'],
    });
  });
});
