/**
 * The pending order page's wiring (issue 19): checkCart reads the cart (GET cart/{id}) with the route's id and
 * answers its orders and whether a payment is in flight; the injected actions reach the route's callbacks.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Api, CartModel } from '../../api';
import { providePendingOrder } from '../../routes/pending/wiring';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function wired(cart: Partial<CartModel>) {
  const reads: string[] = [];
  const completed: string[][] = [];
  const failed: string[] = [];
  const failedCarts: (CartModel | null)[] = [];
  const api = {
    cart: {
      get: async (id: string) => {
        reads.push(id);
        return { id, orderIds: [], ...cart } as CartModel;
      },
    },
  } as unknown as Pick<Api, 'cart'>;
  const machine = providePendingOrder({
    api,
    completed: (orderIds) => completed.push(orderIds),
    paymentFailed: (cartId, cart) => {
      failed.push(cartId);
      failedCarts.push(cart);
    },
  });
  const actor = createActor(machine, { input: { cartId: 'cart-9' }, clock: new SimulatedClock() }).start();
  return { actor, reads, completed, failed, failedCarts };
}

describe('pending order wiring', () => {
  it('a cart still paying: read by its id, the page waits', async () => {
    const t = wired({ number: '100009', paying: true });
    await flush();
    expect(t.reads).toEqual(['cart-9']);
    expect(t.actor.getSnapshot().value).toBe('waiting');
    // The page's reference is the cart's number, not its id.
    expect(t.actor.getSnapshot().context.cartNumber).toBe('100009');
    expect([t.completed, t.failed]).toEqual([[], []]);
  });

  it('orders: the confirmation with them', async () => {
    const t = wired({ orderIds: ['o-1'] });
    await flush();
    expect(t.completed).toEqual([['o-1']]);
  });

  it('no orders and nothing in flight: back to checkout of the cart', async () => {
    const purchaser = { firstName: 'Kat', lastName: 'Johnson', email: 'kat@example.com' };
    const t = wired({ purchaser });
    await flush();
    expect(t.failed).toEqual(['cart-9']);
    // With the cart as read, so checkout shows the purchaser already given (issue 19).
    expect(t.failedCarts.map((c) => c?.purchaser)).toEqual([purchaser]);
    expect(t.completed).toEqual([]);
  });
});
