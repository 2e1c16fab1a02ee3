/** Logged-in members use the my/ endpoints (spec 3 §6, spec 2 §7): the client asks at each call. */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api/index';
import { checkoutPrefill } from '../../machines/session/rules';
import { sessions } from '../../stories/fixtures/session';
import { fakeFetch, json, pathOf, SETTINGS } from './helpers';

describe('member carts', () => {
  it('discard, purchaser, pay and free checkout go to my/cart/{id} while a member is logged in, cart/{id} otherwise', async () => {
    const { fetch, calls } = fakeFetch(json({}));
    let member = true;
    const api = createApi(SETTINGS, { fetch, logger: { warn: vi.fn() }, isMember: () => member });
    await api.cart.discard('c1');
    await api.cart.setPurchaser('c1', { firstName: 'Ada', lastName: 'L', email: 'a@example.com' });
    await api.cart.pay('c1', { amountCents: 100, source: 'pm' }).catch(() => {});
    await api.cart.guestCheckout('c1').catch(() => {});
    member = false;
    await api.cart.discard('c1');
    expect(calls.map((c) => `${c.method} ${pathOf(c.url)}`)).toEqual([
      'DELETE /api/my/cart/c1',
      'POST /api/my/cart/c1/purchaser',
      'POST /api/my/cart/c1/pay',
      'POST /api/my/cart/c1/guest_checkout',
      'DELETE /api/cart/c1',
    ]);
  });

  it("a member's identity prefills checkout (first and last name, email twice); a guest gets nothing", () => {
    expect(checkoutPrefill(sessions.ada)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.member@example.com',
      emailConfirm: 'ada.member@example.com',
    });
    expect(checkoutPrefill(null)).toBeUndefined();
    const noEmail = { ...sessions.ada, member: { ...sessions.ada.member, email: null, lastName: null } };
    expect(checkoutPrefill(noEmail)).toEqual({ firstName: 'Ada' });
  });
});
