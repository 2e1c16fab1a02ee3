/**
 * Flexible price (spec 1 §5 "Flexible price: number, step 0.01, between currency_amount_min and
 * currency_amount_max; a pattern allows an optional plus sign and up to 2 decimals; message 'Value entered is
 * outside min/max.'"; §2 the `price` query presets it): the core's rule and what a reserve line sends.
 * Expected values are written from the spec.
 */
import { describe, expect, it } from 'vitest';
import { reservationLines } from '../../api/cart';
import {
  FLEXIBLE_PRICE_PATTERN,
  faceValueOf,
  flexiblePriceProblem,
  isFlexiblePrice,
  presetAmount,
} from '../../machines/reserve/core/prices';
import '../../ui/form-strings';
import { createStrings, resolveMessage } from '../../ui/strings';

const T = createStrings();
const wish = { amountMinCents: 500, amountMaxCents: 5000 };
const problem = (value: string, type: Parameters<typeof flexiblePriceProblem>[0] = wish) => {
  const m = flexiblePriceProblem(type, value);
  return m ? resolveMessage(T, m) : null;
};

describe('flexible price', () => {
  it('asks an amount only of a type with a minimum or a maximum', () => {
    expect(isFlexiblePrice(wish)).toBe(true);
    expect(isFlexiblePrice({ amountMinCents: 100, amountMaxCents: null })).toBe(true);
    expect(isFlexiblePrice({})).toBe(false);
    expect(problem('1', {})).toBeNull();
  });

  it('the pattern: an optional plus sign and up to 2 decimals', () => {
    const re = new RegExp(`^${FLEXIBLE_PRICE_PATTERN}$`);
    for (const ok of ['5', '+5', '12.5', '12.50', '+49.99']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['-5', '12.505', '1e3', 'ten', '', '12.', '.5']) expect(re.test(bad), bad).toBe(false);
  });

  it("within the bounds (both included) holds; outside, or not an amount: 'Value entered is outside min/max.'", () => {
    for (const ok of ['5', '5.00', '+12.5', '50', '49.99']) expect(problem(ok), ok).toBeNull();
    for (const bad of ['4.99', '50.01', '0', '', '12.345', '-10', 'ten'])
      expect(problem(bad), bad).toBe('Value entered is outside min/max.');
    expect(problem('1000000', { amountMinCents: 100, amountMaxCents: null })).toBeNull();
  });

  it("sends the amount as the line's face_value with two decimals and no sign", () => {
    expect(faceValueOf('+12.5')).toBe('12.50');
    expect(faceValueOf('7')).toBe('7.00');
    expect(faceValueOf('0.05')).toBe('0.05');
    expect(faceValueOf('x')).toBeNull();
    const lines = reservationLines({
      eventId: 'e',
      sessionId: 's',
      quantities: { 't-wish': 2, 't-adult': 1 },
      faceValues: { 't-wish': '12.50' },
    });
    expect(lines.map((l) => [l.ticket_type_id, l.face_value])).toEqual([
      ['t-wish', '12.50'],
      ['t-wish', '12.50'],
      ['t-adult', undefined],
    ]);
  });

  it('the price query presets the amount; without it, the minimum', () => {
    expect(presetAmount(wish, 1250)).toBe('12.50');
    expect(presetAmount(wish, null)).toBe('5.00');
    expect(presetAmount({ amountMinCents: null, amountMaxCents: 900 }, null)).toBe('');
  });
});
