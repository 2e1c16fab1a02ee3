/** Fixtures shared by the cart machine tests (rules and paths); the clock and carts live in the cart story. */
import { afterEach, beforeEach, vi } from 'vitest';
import { T0 } from '../../stories/fixtures/cart';

export { makeCart, T0 } from '../../stories/fixtures/cart';

/** Fake timers starting at T0 for every test of the calling `describe` (no real waiting). */
export function useFakeTimersAtT0(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
