/**
 * The edit-order page's wiring (issue 24): the order, access and this tab's pending change; a removal into a new
 * order-bound cart (deleted when its modification is refused) or into the pending one; the free confirm with the
 * update email; the discard; what the route is told (the cart that keeps the change, the change closed, the change
 * to pay).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Api } from '../../api';
import { provideEditOrder, untilExpired } from '../../routes/manage/edit-wiring';
import { ACCESS, NOW_MS, ORDER } from '../../stories/fixtures/cancelFreeOrder';
import { COSTS_MORE, REMOVED_ADULT, RESCHEDULED } from '../../stories/fixtures/editOrder';

const TOKEN = 'cWQGFontG51ALk0lRBdpIzoTRbcYRIrNbrVJi0s6SpQ';

function fakeApi() {
  return {
    orders: {
      manageAccess: vi.fn(async () => ACCESS),
      manageOrder: vi.fn(async () => ORDER),
      editCart: vi.fn(async () => RESCHEDULED),
      startEdit: vi.fn(async () => ({ cartId: 'cart-edit-2' })),
      changeOrder: vi.fn(async () => REMOVED_ADULT),
      confirmFree: vi.fn(async () => undefined),
      email: vi.fn(async () => undefined),
      discard: vi.fn(async () => undefined),
    },
  };
}

/** What the route was told, in order. */
let told: unknown[] = [];

function start(api: ReturnType<typeof fakeApi>, cartId: string | null) {
  told = [];
  const machine = provideEditOrder({
    api: api as unknown as Pick<Api, 'orders'>,
    now: () => NOW_MS,
    kept: (change) => told.push({ kept: change }),
    closed: (closed) => told.push({ closed }),
    pay: (change) => told.push({ pay: change }),
  });
  return createActor(machine, {
    input: { orderId: 'order-24', token: TOKEN, cartId, success: null },
  }).start();
}

describe('edit order wiring', () => {
  it('loads the pending change of this tab, confirms it for free and asks for the update email', async () => {
    const api = fakeApi();
    const actor = start(api, 'cart-edit-1');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unsaved'));
    expect(api.orders.manageAccess).toHaveBeenCalledWith('order-24', TOKEN, expect.anything());
    expect(api.orders.editCart).toHaveBeenCalledWith('cart-edit-1', expect.anything());
    actor.send({ type: 'confirm' });
    await vi.waitFor(() => expect(api.orders.email).toHaveBeenCalled());
    expect(api.orders.confirmFree).toHaveBeenCalledWith('cart-edit-1', expect.anything());
    expect(api.orders.email).toHaveBeenCalledWith('order-24', 'order_update', TOKEN);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(actor.getSnapshot().context.success).toBe('rescheduled');
    expect(told).toEqual([{ closed: { orderId: 'order-24' } }]);
    actor.stop();
  });

  it('a change that costs more goes on to be paid, its cart named', async () => {
    const api = fakeApi();
    api.orders.editCart.mockResolvedValueOnce(COSTS_MORE);
    const actor = start(api, 'cart-edit-1');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unsaved'));
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('paying');
    expect(api.orders.confirmFree).not.toHaveBeenCalled();
    expect(told).toEqual([{ pay: { orderId: 'order-24', cartId: 'cart-edit-1' } }]);
    actor.stop();
  });

  it('a removal starts a new order-bound cart and modifies it; a refused one deletes that cart', async () => {
    const api = fakeApi();
    const actor = start(api, null);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(api.orders.editCart).not.toHaveBeenCalled();
    actor.send({ type: 'ticket.remove', ticketId: 'ticket-free-adult' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('unsaved'));
    expect(api.orders.startEdit).toHaveBeenCalledWith('order-24', TOKEN, expect.anything());
    expect(api.orders.changeOrder).toHaveBeenCalledWith(
      'cart-edit-2',
      { remove: ['ticket-free-adult'], add: [] },
      expect.anything(),
    );
    expect(told).toEqual([{ kept: { orderId: 'order-24', cartId: 'cart-edit-1' } }]);
    actor.send({ type: 'discard' });
    await vi.waitFor(() => expect(api.orders.discard).toHaveBeenCalledWith('cart-edit-1', expect.anything()));
    await vi.waitFor(() => expect(told).toHaveLength(2));
    expect(told[1]).toEqual({ closed: { orderId: 'order-24' } });
    actor.stop();

    const refused = fakeApi();
    refused.orders.changeOrder.mockRejectedValueOnce({ code: 'no_valid_tickets', status: 400 });
    const other = start(refused, null);
    await vi.waitFor(() => expect(other.getSnapshot().value).toBe('saved'));
    other.send({ type: 'ticket.remove', ticketId: 'ticket-free-adult' });
    await vi.waitFor(() => expect(refused.orders.discard).toHaveBeenCalledWith('cart-edit-2'));
    await vi.waitFor(() => expect(other.getSnapshot().value).toBe('saved'));
    other.stop();
  });

  it("the change's expiry watch resolves when the clock reaches its cart's expires_at, not before; never without one", async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-12-01T15:00:00Z'));
    const now = () => clock.now();
    const signal = new AbortController().signal;
    const expired = vi.fn();
    const never = vi.fn();
    void untilExpired(clock, now, '2026-12-01T15:20:00Z', signal).then(expired);
    void untilExpired(clock, now, null, signal).then(never);
    clock.increment(19 * 60_000 + 59_000);
    await Promise.resolve();
    expect(expired).not.toHaveBeenCalled();
    clock.increment(1_000);
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    clock.increment(3_600_000);
    await Promise.resolve();
    expect(never).not.toHaveBeenCalled();
    // Aborted (the change confirmed or discarded first): its timer is cleared.
    const aborted = new AbortController();
    const late = vi.fn();
    void untilExpired(clock, now, '2026-12-01T17:00:00Z', aborted.signal).then(late);
    aborted.abort();
    clock.increment(3_600_000);
    await Promise.resolve();
    expect(late).not.toHaveBeenCalled();
  });
});
