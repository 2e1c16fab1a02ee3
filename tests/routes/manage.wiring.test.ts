/** The manage page's wiring (issue 24): the right API calls with the right input, the token of the link. */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Api } from '../../api';
import { loadManageOrder, provideCancelFreeOrder, tokenFrom } from '../../routes/manage/wiring';
import { ACCESS, ORDER } from '../../stories/fixtures/cancelFreeOrder';

const TOKEN = 'cWQGFontG51ALk0lRBdpIzoTRbcYRIrNbrVJi0s6SpQ';

function fakeApi() {
  return {
    orders: {
      manageAccess: vi.fn(async () => ACCESS),
      manageOrder: vi.fn(async () => ORDER),
      cancel: vi.fn(async () => undefined),
      email: vi.fn(async () => undefined),
    },
  };
}

describe('manage wiring', () => {
  it('reads the token of ?token= (and nothing that is not a token)', () => {
    expect(tokenFrom(`token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFrom('')).toBeNull();
    expect(tokenFrom('token=<script>')).toBeNull();
  });

  it('loads the access (with the token) before the order, with the clock’s time', async () => {
    const api = fakeApi();
    const signal = new AbortController().signal;
    const out = await loadManageOrder(
      { api: api as unknown as Pick<Api, 'orders'>, now: () => 42 },
      { orderId: 'order-24', token: TOKEN },
      signal,
    );
    expect(api.orders.manageAccess).toHaveBeenCalledWith('order-24', TOKEN, { signal });
    expect(api.orders.manageOrder).toHaveBeenCalledWith('order-24', { signal });
    expect(out).toEqual({ order: ORDER, access: ACCESS, nowMs: 42 });
    // A refusal stops before the order is read.
    api.orders.manageAccess.mockRejectedValueOnce({ code: 'order_not_manageable', status: 403 });
    await expect(
      loadManageOrder(
        { api: api as unknown as Pick<Api, 'orders'>, now: () => 42 },
        { orderId: 'o', token: null },
        signal,
      ),
    ).rejects.toMatchObject({ status: 403 });
    expect(api.orders.manageOrder).toHaveBeenCalledTimes(1);
  });

  it('cancel and email go to the orders client with the order, the tickets and the token', async () => {
    const api = fakeApi();
    const machine = provideCancelFreeOrder({
      api: api as unknown as Pick<Api, 'orders'>,
      now: () => Date.parse('2026-12-01T15:00:00Z'),
    });
    const actor = createActor(machine, { input: { orderId: 'order-24', token: TOKEN } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'cancelOrder' });
    actor.send({ type: 'confirm' });
    await vi.waitFor(() => expect(api.orders.email).toHaveBeenCalled());
    expect(api.orders.cancel).toHaveBeenCalledWith(
      'order-24',
      ['ticket-free-adult', 'ticket-free-child'],
      TOKEN,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(api.orders.email).toHaveBeenCalledWith('order-24', 'order_cancel', TOKEN, expect.anything());
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context.notice).toBe('cancelled');
    actor.stop();
  });
});
