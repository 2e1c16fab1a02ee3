// @vitest-environment jsdom
/**
 * The cart the checkout route names (spec 2 §4 "Before entering checkout", routes/checkout/injected-cart.ts) with a
 * fake API: a 403 lets the page proceed (it stops waiting, the visitor's own cart stays, no 404 screen), a 404
 * shows the not-found screen, an expired cart raises the expired error the page shows (and the app cart forgets it).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type Api, ApiError, type CartModel, ErrorCode } from '../../api';
import { selectCartId } from '../../machines/cart/current';
import { selectCartError } from '../../machines/cart/selectors';
import { realClock } from '../../routes/app/clock';
import { type AppDeps, cartOf, createAppActor } from '../../routes/app/root';
import { type AppServices, ServicesProvider } from '../../routes/app/services';
import { useInjectedCart } from '../../routes/checkout/injected-cart';
import { NOT_FOUND_PATH } from '../../routes/not-found/NotFoundScreen';
import { createStorage } from '../../routes/storage';
import { makeCart } from '../../stories/fixtures/cart';

function Probe({ cartId }: { cartId: string }) {
  const injected = useInjectedCart(cartId);
  return <p data-testid="probe">{injected.waiting ? 'waiting' : injected.expired ? 'expired' : 'proceed'}</p>;
}

function mount(answer: () => Promise<CartModel>) {
  const get = vi.fn(answer);
  const api = { cart: { get, remove: vi.fn(), discard: vi.fn(), extend: vi.fn() } } as unknown as Api;
  const deps: AppDeps = {
    api,
    sellerId: 's-1',
    storage: createStorage(() => undefined),
    clock: realClock,
    channel: null,
  };
  const app = createAppActor(deps);
  const location = memoryLocation({ path: '/checkout/named', record: true });
  render(
    <Router hook={location.hook}>
      <ServicesProvider value={{ app, api, config: { slug: 'demo' } } as unknown as AppServices}>
        <Probe cartId="named" />
      </ServicesProvider>
    </Router>,
  );
  const cart = () => cartOf(app).getSnapshot();
  return { get, location, cart };
}

const shown = () => screen.getByTestId('probe').textContent;
const settle = () => act(async () => {});

afterEach(cleanup);

describe('the cart the checkout route names', () => {
  it('a 403 (not this visitor’s cart) lets the page proceed: no 404 screen, the app cart untouched', async () => {
    const { get, location, cart } = mount(() =>
      Promise.reject(new ApiError({ code: 'permission_denied', status: 403, context: 'cart' })),
    );
    expect(shown()).toBe('waiting');
    await settle();
    expect(get).toHaveBeenCalledWith('named', expect.anything());
    expect(shown()).toBe('proceed');
    expect(location.history).toEqual(['/checkout/named']);
    expect(selectCartId(cart())).toBeNull();
    expect(selectCartError(cart())).toBeNull();
  });

  it('a 404 goes to the not-found screen (what the 403 must not do)', async () => {
    const { location } = mount(() =>
      Promise.reject(new ApiError({ code: ErrorCode.not_found, status: 404, context: 'cart' })),
    );
    await settle();
    expect(location.history.at(-1)).toBe(NOT_FOUND_PATH);
  });

  it('an expired cart raises the expired error: the app cart forgets it and the page shows the error, not home', async () => {
    const expired = makeCart({ id: 'named', state: 'expired' });
    const { location, cart } = mount(() => Promise.resolve(expired));
    await settle();
    expect(selectCartError(cart())?.code).toBe(ErrorCode.cart_expired);
    expect(selectCartId(cart())).toBeNull();
    expect(shown()).toBe('expired');
    expect(location.history).toEqual(['/checkout/named']);
  });

  it('a live cart is handed to the app cart and raises nothing', async () => {
    const live = makeCart({ id: 'named', expiresAt: Date.now() + 900_000 });
    const { cart } = mount(() => Promise.resolve(live));
    await settle();
    expect(selectCartId(cart())).toBe('named');
    expect(shown()).toBe('proceed');
  });
});
