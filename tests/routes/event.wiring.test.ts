/** The event screen's wiring: each provided actor calls the right API method with the right input. */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import type { CartItem, SessionModel } from '../../api/models';
import { TIME_CONFLICT_CONFIG_KEY } from '../../domain/time-conflict';
import { provideQuantityFirstReserve } from '../../routes/event/quantity-first-wiring';
import { provideDateFirstReserve, reserveQueryFrom } from '../../routes/event/wiring';
import { makeCart } from '../machines/cart.fixtures';
import { anySignal, callReserved, reserveTickets, runProvided } from './helpers';

function fakeApi() {
  const cart = makeCart({ id: 'fresh' });
  return {
    cart: { reserve: vi.fn(async () => cart) },
    events: {
      calendar: vi.fn(async () => []),
      sessions: vi.fn(async () => []),
      sessionGroups: vi.fn(async () => []),
      session: vi.fn(async () => null),
    },
  } as const;
}
const asApi = (api: ReturnType<typeof fakeApi>) =>
  api as unknown as Pick<Api, 'events' | 'cart' | 'membership'>;

describe('event wiring', () => {
  it('loads the calendar, sessions and session ticket groups with the machine’s input', async () => {
    const api = fakeApi();
    const machine = provideDateFirstReserve({
      api: asApi(api),
      currentCartId: () => null,
      reserved: vi.fn(),
    });
    await runProvided(machine, 'loadCalendar', { eventId: 'ev-1', ticketGroupIds: ['g-1', 'g-2'] });
    expect(api.events.calendar).toHaveBeenCalledWith(
      'ev-1',
      { ticketGroupIds: ['g-1', 'g-2'] },
      { signal: anySignal },
    );
    await runProvided(machine, 'loadSessions', { eventId: 'ev-1', date: '2026-11-21' });
    expect(api.events.sessions).toHaveBeenCalledWith('ev-1', { date: '2026-11-21' }, { signal: anySignal });
    await runProvided(machine, 'loadSessionGroups', { eventId: 'ev-1', sessionId: 's-1' });
    expect(api.events.sessionGroups).toHaveBeenCalledWith('ev-1', 's-1', {
      signal: anySignal,
      member: false,
    });
    await runProvided(machine, 'findSession', { eventId: 'ev-1', sessionId: 's-9' });
    expect(api.events.session).toHaveBeenCalledWith('ev-1', 's-9', { signal: anySignal });
  });

  it('reserves into the cart id current when the call runs, and into a new cart when that one is gone', async () => {
    const api = fakeApi();
    let current: string | null = 'c1';
    const machine = provideDateFirstReserve({
      api: asApi(api),
      currentCartId: () => current,
      reserved: vi.fn(),
    });
    const request = { eventId: 'ev-1', sessionId: 's-1', quantities: { 't-adult': 2 } };
    await reserveTickets(machine, request);
    current = 'c2';
    await reserveTickets(machine, request);
    current = null;
    await reserveTickets(machine, request);
    current = 'c3';
    api.cart.reserve.mockRejectedValueOnce({ code: 'not_found', status: 404, context: 'cart' } as never);
    await reserveTickets(machine, request);
    expect(api.cart.reserve.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'c1',
      'c2',
      null,
      'c3',
      null,
    ]);
    // No code in this reserve: empty code steps (no promo query, no code asked for).
    expect(api.cart.reserve).toHaveBeenLastCalledWith(null, request, {
      signal: anySignal,
      codesBeforeReserve: [],
      defaultCodes: [],
    });
  });

  it('marks the sessions that overlap the cart as it is when they load (time conflicts), in both reserve flows', async () => {
    const api = fakeApi();
    const loaded: SessionModel[] = [
      {
        id: 's-10',
        eventId: 'ev-1',
        start: '2026-12-03T15:00:00Z',
        end: '2026-12-03T15:40:00Z',
        availableCapacity: null,
        soldOut: false,
      },
      {
        id: 's-11',
        eventId: 'ev-1',
        start: '2026-12-03T16:00:00Z',
        end: '2026-12-03T16:40:00Z',
        availableCapacity: null,
        soldOut: false,
      },
    ];
    api.events.sessions.mockResolvedValue(loaded as never);
    const sessionsFor = vi.fn(async () => loaded.map((s) => ({ ...s, prices: {} })));
    let held: Partial<CartItem>[] = [];
    const conflicts = {
      event: {
        category: 'Talks',
        meta: {},
        config: { [TIME_CONFLICT_CONFIG_KEY]: { excluded_categories: ['Admission'] } },
      },
      heldVisits: () => held as CartItem[],
    };
    const dateFirst = provideDateFirstReserve({
      api: asApi(api),
      currentCartId: () => null,
      reserved: vi.fn(),
      conflicts,
    });
    const quantityFirst = provideQuantityFirstReserve({
      api: { ...asApi(api), events: { ...api.events, sessionsFor } } as never,
      currentCartId: () => null,
      reserved: vi.fn(),
      conflicts,
    });
    const load = async () => [
      (await runProvided(dateFirst, 'loadSessions', {
        eventId: 'ev-1',
        date: '2026-12-03',
      })) as SessionModel[],
      (await runProvided(quantityFirst, 'loadSessions', {
        eventId: 'ev-1',
        date: '2026-12-03',
        quantities: {},
      })) as SessionModel[],
    ];
    for (const sessions of await load())
      expect(sessions.map((s) => s.conflict)).toEqual([undefined, undefined]);
    // A show held 3:30 to 4:02 PM: 3:00 (ends 3:40) overlaps it, 4:00 starts within its 5 minutes' pad.
    held = [
      { sessionId: 'h-1', start: '2026-12-03T15:30:00Z', end: '2026-12-03T16:02:00Z', category: 'Shows' },
    ];
    for (const sessions of await load()) expect(sessions.map((s) => s.conflict)).toEqual([true, true]);
    // An admission is exempt: it blocks nothing.
    held = [
      { sessionId: 'h-1', start: '2026-12-03T15:30:00Z', end: '2026-12-03T16:02:00Z', category: 'Admission' },
    ];
    for (const sessions of await load())
      expect(sessions.map((s) => s.conflict)).toEqual([undefined, undefined]);
  });

  it('an add-on opened from the upsell chain loads only the days its visit window touches and the times starting inside it, in both reserve flows', async () => {
    const api = fakeApi();
    const session = (id: string, start: string): SessionModel => ({
      id,
      eventId: 'ev-1',
      start,
      end: new Date(Date.parse(start) + 45 * 60_000).toISOString(),
      availableCapacity: null,
      soldOut: false,
    });
    // Tours at 9:30, 10:00, 11:30 AM and 12:00 PM in New York; the visit is 10:00 AM to 12:00 PM.
    const loaded = [
      session('s-0930', '2026-12-03T14:30:00.000Z'),
      session('s-1000', '2026-12-03T15:00:00.000Z'),
      session('s-1130', '2026-12-03T16:30:00.000Z'),
      session('s-1200', '2026-12-03T17:00:00.000Z'),
    ];
    const calendarDays = ['2026-12-02', '2026-12-03', '2026-12-04'].map((date) => ({
      date,
      status: 'available' as const,
      minPriceCents: 800,
      availability: null,
    }));
    api.events.sessions.mockResolvedValue(loaded as never);
    api.events.calendar.mockResolvedValue(calendarDays as never);
    const sessionsFor = vi.fn(async () => loaded.map((s) => ({ ...s, prices: {} })));
    const calendarFor = vi.fn(async () => calendarDays);
    let window: { start: string; end: string; timezone: string } | null = null;
    const visitWindow = async () => window;
    const dateFirst = provideDateFirstReserve({
      api: asApi(api),
      currentCartId: () => null,
      reserved: vi.fn(),
      visitWindow,
    });
    const quantityFirst = provideQuantityFirstReserve({
      api: { ...asApi(api), events: { ...api.events, sessionsFor, calendarFor } } as never,
      currentCartId: () => null,
      reserved: vi.fn(),
      visitWindow,
    });
    const load = async () => ({
      days: [
        (await runProvided(dateFirst, 'loadCalendar', { eventId: 'ev-1' })) as { date: string }[],
        (await runProvided(quantityFirst, 'loadCalendar', { eventId: 'ev-1', quantities: {} })) as {
          date: string;
        }[],
      ].map((ds) => ds.map((d) => d.date)),
      times: [
        (await runProvided(dateFirst, 'loadSessions', {
          eventId: 'ev-1',
          date: '2026-12-03',
        })) as SessionModel[],
        (await runProvided(quantityFirst, 'loadSessions', {
          eventId: 'ev-1',
          date: '2026-12-03',
          quantities: {},
        })) as SessionModel[],
      ].map((ss) => ss.map((s) => s.id)),
    });
    // Outside a chain: everything.
    const all = await load();
    expect(all.days).toEqual([calendarDays.map((d) => d.date), calendarDays.map((d) => d.date)]);
    expect(all.times).toEqual([loaded.map((s) => s.id), loaded.map((s) => s.id)]);
    // An add-on step: the visit's day, and the times from its start up to (not at) its end.
    window = {
      start: '2026-12-03T15:00:00.000Z',
      end: '2026-12-03T17:00:00.000Z',
      timezone: 'America/New_York',
    };
    const inChain = await load();
    expect(inChain.days).toEqual([['2026-12-03'], ['2026-12-03']]);
    expect(inChain.times).toEqual([
      ['s-1000', 's-1130'],
      ['s-1000', 's-1130'],
    ]);
  });

  it('hands the reserved cart to the app', () => {
    const reserved = vi.fn();
    const machine = provideDateFirstReserve({ api: asApi(fakeApi()), currentCartId: () => null, reserved });
    const cart = makeCart();
    callReserved(machine, cart);
    expect(reserved).toHaveBeenCalledWith(cart);
  });

  it('reads session, date, reserve mode and quantities from the query; other known keys are not quantities', () => {
    expect(
      reserveQueryFrom('session=s-1&reserve=strict&Adult=2&t-child=1&tg=g1&select=x&price=3&inspect'),
    ).toEqual({
      session: 's-1',
      date: undefined,
      reserve: 'strict',
      quantities: { Adult: '2', 't-child': '1' },
    });
  });
});
