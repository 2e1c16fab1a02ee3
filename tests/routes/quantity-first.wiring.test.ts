/** The quantity-first layout's wiring: each provided actor calls the right API method with the right input. */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { provideQuantityFirstReserve } from '../../routes/event/quantity-first-wiring';
import { makeCart } from '../machines/cart.fixtures';
import { anySignal, callReserved, reserveTickets, runProvided } from './helpers';

function fakeApi() {
  const cart = makeCart({ id: 'fresh' });
  return {
    cart: { reserve: vi.fn(async () => cart) },
    events: { calendarFor: vi.fn(async () => []), sessionsFor: vi.fn(async () => []) },
  } as const;
}
const asApi = (api: ReturnType<typeof fakeApi>) =>
  api as unknown as Pick<Api, 'events' | 'cart' | 'membership'>;

describe('quantity-first wiring', () => {
  it('loads the calendar and priced sessions for the chosen quantities', async () => {
    const api = fakeApi();
    const machine = provideQuantityFirstReserve({
      api: asApi(api),
      currentCartId: () => null,
      reserved: vi.fn(),
    });
    await runProvided(machine, 'loadCalendar', { eventId: 'ev-1', quantities: { 't-adult': 2 } });
    expect(api.events.calendarFor).toHaveBeenCalledWith('ev-1', { 't-adult': 2 }, { signal: anySignal });
    await runProvided(machine, 'loadSessions', {
      eventId: 'ev-1',
      date: '2026-11-21',
      quantities: { 't-adult': 2 },
    });
    expect(api.events.sessionsFor).toHaveBeenCalledWith(
      'ev-1',
      { date: '2026-11-21', quantities: { 't-adult': 2 } },
      { signal: anySignal },
    );
  });

  it('reserves into the cart id current when the call runs, and into a new cart when that one is gone', async () => {
    const api = fakeApi();
    let current: string | null = 'c1';
    const machine = provideQuantityFirstReserve({
      api: asApi(api),
      currentCartId: () => current,
      reserved: vi.fn(),
    });
    const request = { eventId: 'ev-1', sessionId: 's-1', quantities: { 't-adult': 2 } };
    await reserveTickets(machine, request);
    current = 'c2';
    api.cart.reserve.mockRejectedValueOnce({ code: 'cart_expired', status: 410 } as never);
    expect(await reserveTickets(machine, request)).toEqual({
      status: 'reserved',
      cart: makeCart({ id: 'fresh' }),
    });
    expect(api.cart.reserve.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['c1', 'c2', null]);
  });

  it('hands the reserved cart to the app', () => {
    const reserved = vi.fn();
    const machine = provideQuantityFirstReserve({
      api: asApi(fakeApi()),
      currentCartId: () => null,
      reserved,
    });
    const cart = makeCart();
    callReserved(machine, cart);
    expect(reserved).toHaveBeenCalledWith(cart);
  });
});
