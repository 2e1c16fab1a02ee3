/**
 * The promo code wiring (issue 21): applyCode posts to the app cart read when it acts, with the machine's codes
 * and require_benefit, and hands the fresh cart to the app cart; the checkout settings read
 * show_promo_codes_on_checkout beside the terms in one cached config call. The widget shows the codes applied.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CartModel } from '../../api/models';
import { widgetLines } from '../../machines/cart/widget';
import { promoBoxShown } from '../../machines/promoCode/rules';
import { giftCardFieldShown } from '../../routes/checkout/modifiable';
import { providePromoCode } from '../../routes/checkout/promo-wiring';
import { loadCheckoutSettings } from '../../routes/checkout/terms';
import * as ZipCode from '../../routes/checkout/zip-code';
import { discountedCart } from '../../stories/fixtures/promoCode';

describe('promo code wiring', () => {
  it('applies the trimmed code to the cart id read when it acts and hands the fresh cart on', async () => {
    const fresh = discountedCart();
    const applyCode = vi.fn(async () => fresh);
    const updated: CartModel[] = [];
    let cartId = 'cart-old';
    const machine = providePromoCode({
      api: { cart: { applyCode } } as never,
      currentCartId: () => cartId,
      cartUpdated: (cart) => updated.push(cart),
    });
    const actor = createActor(machine, { input: { kind: 'promo' } }).start();
    actor.send({ type: 'code.change', value: ' WELCOME20 ' });
    cartId = 'cart-now';
    actor.send({ type: 'apply' });
    await waitFor(actor, (s) => s.matches('applied'));
    expect(applyCode).toHaveBeenCalledWith('cart-now', ['WELCOME20'], {
      requireBenefit: true,
      ignoreErrors: false,
      signal: expect.any(AbortSignal),
    });
    expect(updated).toEqual([fresh]);
    actor.stop();
  });
});

describe('checkout settings', () => {
  const answer = (rows: { key: string; value: unknown }[]) =>
    vi.fn(async () => ({
      config: {
        _count: rows.length,
        _data: rows.map((r, i) => ({ id: `c${i}`, resource: 'seller', resource_id: 's1', ...r })),
      },
    }));

  it('reads the terms, show_promo_codes_on_checkout, zip_code_discount, additional_payment_methods_enabled and checkout_donation in one cached call', async () => {
    const request = answer([
      { key: 'terms_and_conditions_dialog_content', value: '<p>Terms</p>' },
      { key: 'show_promo_codes_on_checkout', value: true },
      { key: 'zip_code_discount', value: true },
      { key: 'additional_payment_methods_enabled', value: { gift_card: true } },
      { key: 'checkout_donation', value: { ticket_group_id: 'g-donation' } },
    ]);
    const settings = await loadCheckoutSettings({ request } as never, 's1', new AbortController().signal);
    expect(settings).toEqual({
      termsHtml: '<p>Terms</p>',
      showPromoCodes: true,
      zipCodeDiscount: true,
      giftCards: true,
      donationGroupId: 'g-donation',
      zipCodeRule: expect.objectContaining({ zipCodeToApply: ZipCode.zipCodeToApply }),
    });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]).toEqual([
      'GET',
      'config',
      expect.objectContaining({
        cached: true,
        query: {
          'resource_id._in': ['s1'],
          'key._in': [
            'terms_and_conditions_dialog_content',
            'show_promo_codes_on_checkout',
            'zip_code_discount',
            'additional_payment_methods_enabled',
            'checkout_donation',
          ],
        },
      }),
    ]);
  });

  it('the gift card field shows only when the seller takes gift cards and the cart can still change (spec 2 §2)', async () => {
    const off = await loadCheckoutSettings(
      {
        request: answer([{ key: 'additional_payment_methods_enabled', value: { gift_card: false } }]),
      } as never,
      's1',
      new AbortController().signal,
    );
    const on = await loadCheckoutSettings(
      {
        request: answer([{ key: 'additional_payment_methods_enabled', value: { gift_card: true } }]),
      } as never,
      's1',
      new AbortController().signal,
    );
    expect(giftCardFieldShown(true, off.giftCards)).toBe(false);
    expect(giftCardFieldShown(true, on.giftCards)).toBe(true);
    expect(giftCardFieldShown(false, on.giftCards)).toBe(false);
    expect(giftCardFieldShown(false, off.giftCards)).toBe(false);
  });

  it('promo codes, the zip-code discount, gift cards and the donation form are off without their rows or with them off', async () => {
    for (const rows of [
      [],
      [
        { key: 'show_promo_codes_on_checkout', value: false },
        { key: 'zip_code_discount', value: false },
        { key: 'additional_payment_methods_enabled', value: { gift_card: false } },
        // A row that names no group: no donation form.
        { key: 'checkout_donation', value: { ticket_group_id: '' } },
      ],
    ]) {
      const settings = await loadCheckoutSettings(
        { request: answer(rows) } as never,
        's1',
        new AbortController().signal,
      );
      expect(settings).toEqual({
        termsHtml: null,
        showPromoCodes: false,
        zipCodeDiscount: false,
        giftCards: false,
        donationGroupId: null,
        zipCodeRule: null,
      });
    }
  });

  it('spec 2 §2: the box needs a modifiable cart, the setting on and a card amount above 0', () => {
    expect(promoBoxShown(true, true, 1)).toBe(true);
    expect(promoBoxShown(false, true, 1)).toBe(false);
    expect(promoBoxShown(true, false, 1)).toBe(false);
    expect(promoBoxShown(true, true, 0)).toBe(false);
  });
});

describe('cart widget: codes', () => {
  it('the discounts line carries the codes applied', () => {
    const cart = discountedCart();
    const line = widgetLines(cart.totals, [], cart.promoCodes).find((l) => l.key === 'discounts');
    expect(line).toEqual({ key: 'discounts', amountCents: -1000, codes: ['WELCOME20'] });
  });
});
