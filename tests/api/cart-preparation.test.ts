/** The cart preparation request: its steps in the spec's order, code steps injectable, the modify body. */
import { describe, expect, it, vi } from 'vitest';
import { createCart, reservationVouchers } from '../../api/cart';
import {
  type CodeSteps,
  PREPARATION_ORDER,
  preparationBody,
  preparationSteps,
} from '../../api/cart-preparation';
import type { CartModifyBody } from '../../api/schemas';
import { dataLayerAnalytics, noAnalytics } from '../../routes/app/analytics';

const line = { event_session_id: 's1', ticket_type_id: 'adult' };
const codes: CodeSteps = {
  defaultCodes: () => ['DEFAULT'],
  codesBeforeReserve: () => ['BEFORE'],
  codesAfterReserve: () => ['AFTER'],
};

describe('cart preparation request', () => {
  it('runs create, remove, default codes, codes before reserve, reserve, codes after reserve, in order', () => {
    const steps = preparationSteps({ cartId: null, remove: ['t1'], add: [line] }, codes);
    expect(steps.map((s) => s.step)).toEqual([...PREPARATION_ORDER]);
    expect(steps.find((s) => s.step === 'defaultCodes')).toMatchObject({ ignoreErrors: true });
    const body = preparationBody(steps);
    expect(Object.keys(body)).toEqual([
      'remove',
      'preloadedPromoCodes',
      'preReservePromoCodes',
      'add',
      'postReservePromoCodes',
    ]);
    // Each code step is the object the server reads (server/http/validate.ts), never a bare list.
    expect(body).toMatchObject({
      preloadedPromoCodes: { codes: ['DEFAULT'] },
      preReservePromoCodes: { codes: ['BEFORE'] },
      postReservePromoCodes: { codes: ['AFTER'] },
    });
  });

  it('the server takes the body the code steps make', async () => {
    const { modifyBody } = await import('../../server/http/validate');
    const body = preparationBody(preparationSteps({ cartId: null, add: [line] }, codes));
    expect(modifyBody.safeParse(body).success).toBe(true);
  });

  it('creates no cart when one exists, and the no-op code steps add nothing', () => {
    const steps = preparationSteps({ cartId: 'c1', add: [line] });
    expect(steps.map((s) => s.step)).toEqual(['reserve']);
    expect(preparationBody(steps)).toEqual({ add: [line] });
  });

  it('the reserve call sends the preparation body to the new-cart path first, then to the cart id', async () => {
    const request = vi.fn(async () => ({}));
    const cart = createCart(request as never, { cachedApiPrefix: '/c/', apiPrefix: '/a/' } as never);
    await cart.reserve(null, { eventId: 'e', sessionId: 's1', quantities: { adult: 1 } }).catch(() => {});
    await cart.reserve('c1', { eventId: 'e', sessionId: 's1', quantities: { adult: 2 } }).catch(() => {});
    const calls = request.mock.calls as unknown as [string, string, { body: unknown }][];
    expect(calls[0]?.slice(0, 2)).toEqual(['POST', 'my/cart/modify']);
    expect(calls[0]?.[2].body).toEqual({ add: [line] });
    expect(calls[1]?.slice(0, 2)).toEqual(['POST', 'my/cart/c1/modify']);
    expect(calls[1]?.[2].body).toEqual({ add: [line, line] });
  });
});

describe('city-pass vouchers in the preparation request', () => {
  const visit = '2026-12-12T23:30:00Z';
  it('are the codes before the reserve with handler citypass and the visit; the other codes before it go after', async () => {
    const { modifyBody } = await import('../../server/http/validate');
    const steps = preparationSteps(
      {
        cartId: null,
        add: [line],
        codesBeforeReserve: ['PRESS2026'],
        vouchers: { codes: ['CP-A123456'], visitDatetime: visit },
      },
      codes,
    );
    const body = preparationBody(steps);
    expect(body).toMatchObject({
      preReservePromoCodes: {
        codes: ['CP-A123456'],
        handler: 'citypass',
        handler_data: { visit_datetime: visit },
      },
      postReservePromoCodes: { codes: ['BEFORE', 'PRESS2026', 'AFTER'] },
    });
    expect(modifyBody.safeParse(body).success).toBe(true);
    // No vouchers: as before.
    expect(
      preparationBody(
        preparationSteps({ cartId: null, add: [line], vouchers: { codes: [], visitDatetime: null } }),
      ),
    ).toEqual({
      add: [line],
    });
  });

  it('the reserve call pairs each voucher with its line, in line order', async () => {
    const request = vi.fn(async () => ({}));
    const cart = createCart(request as never, { cachedApiPrefix: '/c/', apiPrefix: '/a/' } as never);
    const reserve = {
      eventId: 'e',
      sessionId: 's1',
      quantities: { child: 1, general: 1, adult: 2 },
      vouchers: {
        byType: { adult: [' CP-A000001', 'CP-A000002'], child: ['CP-C000001'] },
        visitDatetime: visit,
      },
    };
    expect(reservationVouchers(reserve)).toEqual(['CP-C000001', 'CP-A000001', 'CP-A000002']);
    await cart.reserve(null, reserve).catch(() => {});
    const calls = request.mock.calls as unknown as [string, string, { body: CartModifyBody }][];
    const body = calls[0]?.[2].body;
    expect(body?.add?.map((l) => l.ticket_type_id)).toEqual(['child', 'general', 'adult', 'adult']);
    expect(body?.preReservePromoCodes).toEqual({
      codes: ['CP-C000001', 'CP-A000001', 'CP-A000002'],
      handler: 'citypass',
      handler_data: { visit_datetime: visit },
    });
  });
});

describe('analytics port', () => {
  const added = [{ ticketTypeId: 'adult', eventName: 'Admission', name: 'Adult', count: 2, unitCents: 2500 }];

  it('pushes add_to_cart to window.dataLayer when the seller configures one', () => {
    const target: { dataLayer?: unknown[] } = {};
    dataLayerAnalytics(target).addToCart(added, 'USD');
    expect(target.dataLayer).toEqual([
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'USD',
          value: 50,
          items: [
            { item_id: 'adult', item_name: 'Adult', item_category: 'Admission', price: 25, quantity: 2 },
          ],
        },
      },
    ]);
  });

  it('does nothing otherwise', () => {
    const target: { dataLayer?: unknown[] } = {};
    noAnalytics.addToCart(added, 'USD');
    expect(target.dataLayer).toBeUndefined();
  });
});
