/**
 * The return from an external payment redirect (spec 2 §2, §4): `/checkout?cartId=…&purchaser=…
 * &payment_intent_client_secret=…` goes on only for an intent that is requires_capture, processing or
 * succeeded (paying the cart with the intent as the source); any other status raises an error carrying it.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { redirectReturnFrom, resumeRedirect } from '../../routes/checkout/redirect-return';

const back = { cartId: 'cart-1', purchaser: 'ident-1', clientSecret: 'pi_123_secret_abc' };

function deps(status: string, pay = vi.fn(async () => ({ orderIds: ['o-1'] }))) {
  const retrieveIntent = vi.fn(async () => ({ id: 'pi_123', status }));
  return { api: { cart: { pay } } as never, retrieveIntent, back, amountCents: 2650, pay };
}

describe('redirect return', () => {
  it('reads cartId, purchaser and the client secret, and is not a return without both ids', () => {
    expect(
      redirectReturnFrom('?cartId=cart-1&purchaser=ident-1&payment_intent_client_secret=pi_123_secret_abc'),
    ).toEqual(back);
    expect(redirectReturnFrom('?cartId=cart-1&payment_intent_client_secret=s')).toEqual({
      cartId: 'cart-1',
      purchaser: null,
      clientSecret: 's',
    });
    expect(redirectReturnFrom('?cartId=cart-1')).toBeNull();
    expect(redirectReturnFrom('?payment_intent_client_secret=s')).toBeNull();
    expect(redirectReturnFrom('')).toBeNull();
  });

  it.each(['requires_capture', 'processing', 'succeeded'])(
    'goes on from %s: pays the cart with the intent id as the source',
    async (status) => {
      const d = deps(status);
      await expect(resumeRedirect(d)).resolves.toEqual({ kind: 'completed', orderIds: ['o-1'] });
      expect(d.retrieveIntent).toHaveBeenCalledWith('pi_123_secret_abc');
      expect(d.pay).toHaveBeenCalledWith(
        'cart-1',
        { amountCents: 2650, source: 'pi_123' },
        { signal: undefined },
      );
    },
  );

  it.each(['requires_payment_method', 'requires_action', 'canceled', 'requires_confirmation'])(
    'raises an error carrying the status %s, and pays nothing',
    async (status) => {
      const d = deps(status);
      const error = await resumeRedirect(d).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'card_error', extra: { status } });
      expect(String((error as { description: string }).description)).toContain(status);
      expect(d.pay).not.toHaveBeenCalled();
    },
  );

  it('a payment the server still sees processing (intent_processing) is pending', async () => {
    const pay = vi.fn(async () => {
      throw new ApiError({
        status: 402,
        code: 'intent_processing',
        description: 'The payment is processing.',
      });
    });
    await expect(resumeRedirect(deps('processing', pay))).resolves.toEqual({
      kind: 'pending',
      cartId: 'cart-1',
    });
  });
});
