/**
 * The cart a reserve adds to (routes/app/root.ts `reservableCartId`, spec 2 §4 "Cart"): the current cart only
 * while it is pending and owned by the seller's public identity or the logged-in member; otherwise the reserve
 * creates a new cart (null).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { realClock } from '../../routes/app/clock';
import {
  type AppDeps,
  cartOf,
  createAppActor,
  heldVisits,
  reservableCartId,
  sessionOf,
} from '../../routes/app/root';
import { createStorage } from '../../routes/storage';
import { sessions } from '../../stories/fixtures/session';
import { makeCart } from '../machines/cart.fixtures';

const PUBLIC = 'identity-public';

function openApp(publicIdentityId: string | null) {
  const memory = new Map<string, string>();
  const deps: AppDeps = {
    api: { cart: { get: vi.fn(), remove: vi.fn(), discard: vi.fn(async () => {}) } } as unknown as Pick<
      Api,
      'cart' | 'members'
    >,
    sellerId: 's1',
    storage: createStorage(() => ({
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    })),
    clock: realClock,
    publicIdentityId,
  };
  return createAppActor(deps);
}

describe('reservableCartId', () => {
  it('a guest adds to a pending cart of the public identity, not to a member’s or a paying cart', () => {
    const app = openApp(PUBLIC);
    expect(reservableCartId(app)).toBeNull();
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c1', identityId: PUBLIC }) });
    expect(reservableCartId(app)).toBe('c1');

    cartOf(app).send({
      type: 'cart.updated',
      cart: makeCart({ id: 'c2', identityId: sessions.ada.member.identityId }),
    });
    expect(reservableCartId(app)).toBeNull();
    // Logged in as that member: their cart is theirs to add to.
    sessionOf(app).send({ type: 'session.loggedIn', session: sessions.ada });
    expect(reservableCartId(app)).toBe('c2');

    cartOf(app).send({
      type: 'cart.updated',
      cart: makeCart({ id: 'c3', identityId: PUBLIC, state: 'paying' }),
    });
    expect(reservableCartId(app)).toBeNull();
  });

  it('without the public identity in the configuration only the state is checked', () => {
    const app = openApp(null);
    cartOf(app).send({ type: 'cart.updated', cart: makeCart({ id: 'c1', identityId: 'anyone' }) });
    expect(reservableCartId(app)).toBe('c1');
  });

  it('the visits a reserve would add to are those of the reservable cart only (time conflicts)', () => {
    const app = openApp(PUBLIC);
    expect(heldVisits(app)).toEqual([]);
    const show = {
      key: 'ev-1:s-1',
      eventId: 'ev-1',
      eventName: 'Cosmic Voyage',
      sessionId: 's-1',
      start: '2026-12-03T15:00:00Z',
      end: '2026-12-03T15:40:00Z',
      category: 'Shows',
      timezone: 'America/New_York',
      image: null,
      lines: [],
      ticketIds: ['t-1'],
    };
    const cart = makeCart({ id: 'c1', identityId: PUBLIC, items: [show] });
    cartOf(app).send({ type: 'cart.updated', cart });
    expect(heldVisits(app)).toEqual([show]);
    // A paying cart is not added to: a new cart holds nothing yet.
    cartOf(app).send({
      type: 'cart.updated',
      cart: makeCart({ id: 'c2', identityId: PUBLIC, state: 'paying' }),
    });
    expect(heldVisits(app)).toEqual([]);
  });
});
