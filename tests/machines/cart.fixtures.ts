/** Fixtures shared by the cart machine tests (rules and paths): the test clock and cart models. */
import { afterEach, beforeEach, vi } from 'vitest';
import type { CartModel } from '../../api/models';

/** The fake "now" of every cart test. */
export const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

/** A pending cart of 2 tickets, 50.00 USD outstanding, expiring 900 s after T0. */
export function makeCart(over: Partial<CartModel> = {}): CartModel {
  return {
    id: 'c1',
    number: 'N-1',
    state: 'pending',
    identityId: 'public',
    expiresAt: T0 + 900_000,
    expiresIn: 900,
    ticketCount: 2,
    items: [],
    totals: {
      subtotalCents: 5000,
      feesFixedCents: 0,
      feesPercentCents: 0,
      discountCents: 0,
      paymentsCents: 0,
      outstandingCents: 5000,
    },
    currency: 'USD',
    orderIds: [],
    ...over,
  };
}

/** Fake timers starting at T0 for every test of the calling `describe` (no real waiting). */
export function useFakeTimersAtT0(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
