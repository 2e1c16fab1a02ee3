/**
 * The reschedule page's wiring (issue 24): the order, access and the event's days with room for the moving tickets,
 * priced for them with the event's price prefix; the day's sessions, priced for the moving tickets; Update as
 * a new order-bound cart and one modification of it, the cart deleted when the modification is refused; the route
 * told the cart that holds the change.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Api } from '../../api';
import { provideReschedule, type RescheduleWiring } from '../../routes/manage/reschedule-wiring';
import { ACCESS, NOW_MS, ORDER } from '../../stories/fixtures/cancelFreeOrder';

const TOKEN = 'cWQGFontG51ALk0lRBdpIzoTRbcYRIrNbrVJi0s6SpQ';

function fakeApi() {
  return {
    orders: {
      manageAccess: vi.fn(async () => ACCESS),
      manageOrder: vi.fn(async () => ORDER),
      startEdit: vi.fn(async () => ({ cartId: 'cart-edit-1' })),
      changeOrder: vi.fn(async () => ({ cartId: 'cart-edit-1' })),
      discard: vi.fn(async () => undefined),
    },
    events: {
      get: vi.fn(
        async (): Promise<{ config: Record<string, unknown> }> => ({
          config: { 'web.price_display': { primary_prefix: 'Adults from' } },
        }),
      ),
      calendarFor: vi.fn(async () => [
        { date: '2026-12-06', status: 'available', minPriceCents: 2000, availability: null },
        { date: '2026-12-07', status: 'sold_out', minPriceCents: 2000, availability: null },
        { date: '2026-12-08', status: 'other', minPriceCents: null, availability: null },
      ]),
      sessionsFor: vi.fn(async () => [
        {
          id: 'session-c',
          eventId: 'event-workshop',
          start: '2026-12-06T16:00:00Z',
          end: '',
          availableCapacity: 3,
          soldOut: false,
          prices: { 'type-adult': 3000 },
        },
      ]),
    },
  };
}

async function ready(
  api: ReturnType<typeof fakeApi>,
  rescheduled: RescheduleWiring['rescheduled'] = () => {},
) {
  const machine = provideReschedule({
    api: api as unknown as Pick<Api, 'orders' | 'events'>,
    now: () => NOW_MS,
    rescheduled,
  });
  const actor = createActor(machine, {
    input: { orderId: 'order-24', sessionId: 'session-a', token: TOKEN },
  }).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('choosing'));
  actor.send({ type: 'date.select', date: '2026-12-06' });
  await vi.waitFor(() => expect(actor.getSnapshot().context.sessions).not.toBeNull());
  actor.send({ type: 'session.select', sessionId: 'session-c' });
  return actor;
}

describe('reschedule wiring', () => {
  it('loads the event’s days of the session’s event and the chosen day’s sessions', async () => {
    const api = fakeApi();
    const actor = await ready(api);
    expect(api.orders.manageAccess).toHaveBeenCalledWith('order-24', TOKEN, expect.anything());
    // The days with room for the moving tickets (two Adults), priced for them, with the event's price prefix.
    expect(api.events.calendarFor).toHaveBeenCalledWith(
      'event-workshop',
      { 'type-adult': 2 },
      expect.anything(),
    );
    expect(api.events.get).toHaveBeenCalledWith('event-workshop', expect.anything());
    expect(actor.getSnapshot().context.days).toEqual([
      { date: '2026-12-06', soldOut: false, price: { prefix: 'Adults from', cents: 2000 } },
      { date: '2026-12-07', soldOut: true, price: null },
    ]);
    // Priced for the moving tickets (two Adults), the full sessions too.
    expect(api.events.sessionsFor).toHaveBeenCalledWith(
      'event-workshop',
      { date: '2026-12-06', quantities: { 'type-adult': 2 }, includeSoldOut: true },
      expect.anything(),
    );
    expect(actor.getSnapshot().context.sessions).toEqual([
      { id: 'session-c', start: '2026-12-06T16:00:00Z', soldOut: false, prices: { 'type-adult': 3000 } },
    ]);
    actor.stop();
  });

  it('the day prices: no prefix ("From") when the event cannot be read, none when the event shows no prices on days', async () => {
    const unread = fakeApi();
    unread.events.get.mockRejectedValueOnce({ code: 'event_not_found', status: 404 });
    const a = await ready(unread);
    expect(a.getSnapshot().context.days[0]?.price).toEqual({ prefix: null, cents: 2000 });
    a.stop();
    const none = fakeApi();
    none.events.get.mockResolvedValueOnce({
      config: { 'web.price_display': { show: 'sessions_and_tickets' } },
    });
    const b = await ready(none);
    expect(b.getSnapshot().context.days.map((d) => d.price)).toEqual([null, null]);
    b.stop();
  });

  it('Update: a new order-bound cart with the token, one modification; a refusal deletes the cart', async () => {
    const api = fakeApi();
    const told: unknown[] = [];
    const actor = await ready(api, (change) => told.push(change));
    actor.send({ type: 'update' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('done'));
    expect(api.orders.startEdit).toHaveBeenCalledWith('order-24', TOKEN, expect.anything());
    expect(api.orders.changeOrder).toHaveBeenCalledWith(
      'cart-edit-1',
      {
        remove: ['ticket-free-adult', 'ticket-paid-adult'],
        add: [
          { sessionId: 'session-c', ticketTypeId: 'type-adult' },
          { sessionId: 'session-c', ticketTypeId: 'type-adult' },
        ],
      },
      expect.anything(),
    );
    expect(api.orders.discard).not.toHaveBeenCalled();
    expect(told).toEqual([{ orderId: 'order-24', cartId: 'cart-edit-1' }]);

    const refused = fakeApi();
    refused.orders.changeOrder.mockRejectedValueOnce({ code: 'event_session_sold_out', status: 409 });
    const refusedTold: unknown[] = [];
    const again = await ready(refused, (change) => refusedTold.push(change));
    again.send({ type: 'update' });
    await vi.waitFor(() => expect(again.getSnapshot().value).toBe('failed'));
    expect(refused.orders.discard).toHaveBeenCalledWith('cart-edit-1');
    expect(again.getSnapshot().context.selectedDate).toBeNull();
    expect(refusedTold).toEqual([]);
    actor.stop();
    again.stop();
  });
});
