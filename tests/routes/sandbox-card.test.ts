import { describe, expect, it } from 'vitest';
import { luhnValid, tokeniseSandboxCard } from '../../routes/payment/sandbox-card';

const now = new Date('2026-11-21T12:00:00Z');
const card = (number: string, expiry = '12 / 34', cvc = '123') => ({ number, expiry, cvc });

describe('sandbox card tokenisation (Stripe test-card semantics)', () => {
  it('maps the test cards to the sandbox gateway tokens', () => {
    expect(tokeniseSandboxCard(card('4242 4242 4242 4242'), now)).toEqual({ source: 'pm_card_visa' });
    expect(tokeniseSandboxCard(card('4000 0000 0000 0002'), now)).toEqual({
      source: 'pm_card_chargeDeclined',
    });
    expect(tokeniseSandboxCard(card('4000-0025-0000-3155'), now)).toEqual({
      source: 'pm_card_authenticationRequired',
    });
  });

  it('rejects a number that fails the Luhn check like a card element would', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(tokeniseSandboxCard(card('4242 4242 4242 4241'), now)).toMatchObject({
      code: 'incorrect_number',
      extra: { type: 'card_error', message: 'Your card number is invalid.' },
    });
  });

  it('rejects an incomplete or past expiry and a short CVC', () => {
    expect(tokeniseSandboxCard(card('4242424242424242', '13/30'), now)).toMatchObject({
      code: 'invalid_expiry',
    });
    expect(tokeniseSandboxCard(card('4242424242424242', '10/26'), now)).toMatchObject({
      code: 'expired_card',
    });
    expect(tokeniseSandboxCard(card('4242424242424242', '11/26'), now)).toEqual({ source: 'pm_card_visa' });
    expect(tokeniseSandboxCard(card('4242424242424242', '11/2026'), now)).toEqual({ source: 'pm_card_visa' });
    expect(tokeniseSandboxCard(card('4242424242424242', '12/34', '12'), now)).toMatchObject({
      code: 'invalid_cvc',
    });
  });
});
