/**
 * The cart client's apply_code call (issue 21; spec 2 §7 "POST my/cart/{id}/apply_code: codes, require_benefit,
 * ignore_errors") and the cart model's promo part: applied codes, cart mods and blocking rules.
 */
import { describe, expect, it, vi } from 'vitest';
import { createCart } from '../../api/cart';
import { toCart } from '../../api/join-cart';
import { applyCodeBody } from '../../server/http/validate';
import { cartDocument, coll } from './fixtures';

const urls = { cachedApiPrefix: '/c/', apiPrefix: '/a/' } as never;

function promoDocument() {
  return {
    ...cartDocument(),
    cartmod: coll([
      {
        id: 'mod-1',
        name: 'Welcome: 20% off',
        description: 'Use code WELCOME20.',
        activating_code_groups: ['g-1'],
        blocking_checkout: false,
        amount: '-5.00',
        automatic: false,
      },
      {
        id: 'mod-2',
        name: 'Educator verification',
        description: 'Educator tickets need your educator code.',
        activating_code_groups: ['g-2'],
        blocking_checkout: true,
        amount: '0.00',
        automatic: false,
      },
    ]),
    promo_code: coll([
      { id: 'pc-1', cart_id: 'cart-1', code: 'WELCOME20', code_group_id: 'g-1', state: 'held' },
      { id: 'pc-2', cart_id: 'other', code: 'ELSEWHERE', code_group_id: 'g-1', state: 'held' },
    ]),
  };
}

describe('cart client: applyCode', () => {
  it('posts the codes (trimmed) with require_benefit and ignore_errors to cart/{id}/apply_code, answering the cart', async () => {
    const request = vi.fn(async () => promoDocument());
    const cart = createCart(request as never, urls, () => 0);
    const model = await cart.applyCode('cart-1', [' WELCOME20 '], {
      requireBenefit: true,
      ignoreErrors: false,
    });
    const [method, path, options] = request.mock.calls[0] as unknown as [string, string, { body: unknown }];
    expect([method, path]).toEqual(['POST', 'cart/cart-1/apply_code']);
    expect(options.body).toEqual({ codes: ['WELCOME20'], require_benefit: true, ignore_errors: false });
    // The server reads exactly this body.
    expect(applyCodeBody.safeParse(options.body).success).toBe(true);
    expect(model.id).toBe('cart-1');
    expect(model.promoCodes).toEqual(['WELCOME20']);
  });

  it('a member uses my/cart/{id}/apply_code', async () => {
    const request = vi.fn(async () => promoDocument());
    const cart = createCart(
      request as never,
      urls,
      () => 0,
      () => true,
    );
    await cart.applyCode('cart-1', ['SAVE5']);
    expect((request.mock.calls[0] as unknown as string[])[1]).toBe('my/cart/cart-1/apply_code');
  });

  it('rejects with the server error (nothing applied)', async () => {
    const error = { code: 'code_not_found', status: 404 };
    const request = vi.fn(async () => Promise.reject(error));
    const cart = createCart(request as never, urls, () => 0);
    await expect(cart.applyCode('cart-1', ['NOPE'])).rejects.toBe(error);
  });
});

describe('cart model: codes and mods', () => {
  it('exposes the codes of this cart, each mod with its amount, and which mods block', () => {
    const model = toCart(promoDocument(), { now: 0 });
    expect(model.promoCodes).toEqual(['WELCOME20']);
    expect(model.cartMods).toEqual([
      {
        id: 'mod-1',
        name: 'Welcome: 20% off',
        description: 'Use code WELCOME20.',
        amountCents: 500,
        automatic: false,
        blocking: false,
      },
      {
        id: 'mod-2',
        name: 'Educator verification',
        description: 'Educator tickets need your educator code.',
        amountCents: 0,
        automatic: false,
        blocking: true,
      },
    ]);
  });

  it('a cart without codes or mods has no such keys', () => {
    const model = toCart(cartDocument(), { now: 0 });
    expect('promoCodes' in model).toBe(false);
    expect('cartMods' in model).toBe(false);
  });
});
