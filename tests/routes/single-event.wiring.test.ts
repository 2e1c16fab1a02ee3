/** Wiring of the single-event form and the one-ticket picker: each provided actor calls the right API method. */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { provideOneTicketReserve, provideSingleEventReserve } from '../../routes/event/single-event-wiring';
import { donationGroup, ledgerGroup } from '../../stories/fixtures/oneTicketReserve';
import { lectureSession } from '../../stories/fixtures/singleEventReserve';
import { makeCart } from '../machines/cart.fixtures';
import { anySignal, callReserved, reserveTickets, runProvided } from './helpers';

function fakeApi() {
  const cart = makeCart({ id: 'fresh' });
  return {
    cart: { reserve: vi.fn(async () => cart) },
    events: {
      firstSession: vi.fn(async () => lectureSession),
      sessionGroups: vi.fn(async () => []),
    },
    ticketGroups: { get: vi.fn(async () => ({ ...donationGroup, name: 'Fresh donation' })) },
  } as const;
}
const asApi = (api: ReturnType<typeof fakeApi>) =>
  api as unknown as Pick<Api, 'events' | 'cart' | 'ticketGroups' | 'membership'>;

describe('single-event wiring', () => {
  it('loads the first session, then its ticket groups', async () => {
    const api = fakeApi();
    const machine = provideSingleEventReserve({
      api: asApi(api),
      currentCartId: () => null,
      reserved: vi.fn(),
    });
    expect(await runProvided(machine, 'loadSession', { eventId: 'ev-1' })).toEqual(lectureSession);
    expect(api.events.firstSession).toHaveBeenCalledWith('ev-1', { signal: anySignal });
    await runProvided(machine, 'loadSessionGroups', { eventId: 'ev-1', sessionId: 's-1' });
    expect(api.events.sessionGroups).toHaveBeenCalledWith('ev-1', 's-1', {
      signal: anySignal,
      member: false,
    });
  });

  it("a member's session groups are read uncached (member: true) and get the member's remaining quantity", async () => {
    const api = fakeApi();
    const memberGroup = { ...ledgerGroup, id: 'g-member', name: 'Member admission' };
    api.events.sessionGroups.mockResolvedValueOnce([memberGroup] as never);
    const limited = { ...memberGroup, name: 'Member admission (limited)' };
    const memberLimits = vi.fn(async () => [limited]);
    let member = true;
    const machine = provideSingleEventReserve({
      api: asApi(api),
      currentCartId: () => null,
      reserved: vi.fn(),
      memberLimits,
      isMember: () => member,
    });
    const groups = await runProvided(machine, 'loadSessionGroups', { eventId: 'ev-1', sessionId: 's-1' });
    expect(api.events.sessionGroups).toHaveBeenCalledWith('ev-1', 's-1', { signal: anySignal, member: true });
    expect(memberLimits).toHaveBeenCalledWith('ev-1', [memberGroup], anySignal);
    expect(groups).toEqual([limited]);
    // Read when the call runs: after logging out the cached prefix again.
    member = false;
    await runProvided(machine, 'loadSessionGroups', { eventId: 'ev-1', sessionId: 's-1' });
    expect(api.events.sessionGroups).toHaveBeenLastCalledWith('ev-1', 's-1', {
      signal: anySignal,
      member: false,
    });
  });

  it('reserves into the cart id current when the call runs, or a new cart; hands the cart on', async () => {
    const api = fakeApi();
    let current: string | null = 'c1';
    const reserved = vi.fn();
    const machine = provideSingleEventReserve({ api: asApi(api), currentCartId: () => current, reserved });
    const request = { eventId: 'ev-1', sessionId: 's-1', quantities: { 't-general': 2 } };
    await reserveTickets(machine, request);
    current = 'c2';
    api.cart.reserve.mockRejectedValueOnce({ code: 'cart_expired', status: 410 } as never);
    await reserveTickets(machine, request);
    expect(api.cart.reserve.mock.calls.map((call) => (call as unknown[])[0])).toEqual(['c1', 'c2', null]);
    // No code in this reserve: empty code steps (no promo query, no code asked for).
    expect(api.cart.reserve).toHaveBeenLastCalledWith(null, request, {
      signal: anySignal,
      codesBeforeReserve: [],
      defaultCodes: [],
    });
    const cart = makeCart();
    callReserved(machine, cart);
    expect(reserved).toHaveBeenCalledWith(cart);
  });
});

describe('one-ticket wiring', () => {
  it('loads donation groups with GET ticket_group/{id}?handler=donation and keeps ledger groups', async () => {
    const api = fakeApi();
    const machine = provideOneTicketReserve({
      api: asApi(api),
      currentCartId: () => 'c1',
      reserved: vi.fn(),
    });
    const groups = await runProvided(machine, 'loadGroups', {
      eventId: 'ev-1',
      groups: [ledgerGroup, donationGroup],
    });
    expect(api.ticketGroups.get).toHaveBeenCalledTimes(1);
    expect(api.ticketGroups.get).toHaveBeenCalledWith('g-donation', {
      handler: 'donation',
      signal: anySignal,
    });
    expect((groups as { name: string }[]).map((g) => g.name)).toEqual(['Gift card', 'Fresh donation']);
  });

  it('reserves the one ticket without a session into the current cart', async () => {
    const api = fakeApi();
    const reserved = vi.fn();
    const machine = provideOneTicketReserve({ api: asApi(api), currentCartId: () => 'c1', reserved });
    const request = { eventId: 'ev-1', sessionId: null, quantities: { 't-25': 1 } };
    await reserveTickets(machine, request);
    expect(api.cart.reserve).toHaveBeenCalledWith('c1', request, {
      signal: anySignal,
      codesBeforeReserve: [],
      defaultCodes: [],
    });
    callReserved(machine, makeCart());
    expect(reserved).toHaveBeenCalledTimes(1);
  });
});
