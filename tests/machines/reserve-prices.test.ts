/**
 * Flexible price (spec 1 §5 "Flexible price: number, step 0.01, between currency_amount_min and
 * currency_amount_max; a pattern allows an optional plus sign and up to 2 decimals; message 'Value entered is
 * outside min/max.'"; §2 the `price` query presets it): the core's rule and what a reserve line sends.
 * Expected values are written from the spec.
 */
import fc from 'fast-check';
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
const OUTSIDE = 'Value entered is outside min/max.';
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

// ---- properties over the bounds (fast-check) -------------------------------------------------------------

/** A type's bounds: a minimum, a maximum or both, in cents, the minimum never above the maximum. */
const bounds = fc
  .tuple(fc.option(fc.integer({ min: 0, max: 1_000_000 })), fc.option(fc.integer({ min: 0, max: 1_000_000 })))
  .filter(([min, max]) => min !== null || max !== null)
  .map(([min, max]) =>
    min !== null && max !== null && min > max
      ? { amountMinCents: max, amountMaxCents: min }
      : { amountMinCents: min, amountMaxCents: max },
  );
/** An amount as a person types it: optional plus, whole part, none/one/two decimals. */
const typed = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 2_000_000 }), fc.constantFrom(0, 1, 2))
  .map(([plus, cents, decimals]) => {
    const whole = Math.floor(cents / 100);
    const fraction = String(cents % 100).padStart(2, '0');
    const text =
      decimals === 0 ? `${whole}` : decimals === 1 ? `${whole}.${fraction[0]}` : `${whole}.${fraction}`;
    const value =
      decimals === 0 ? whole * 100 : decimals === 1 ? whole * 100 + Number(fraction[0]) * 10 : cents;
    return { text: plus ? `+${text}` : text, cents: value };
  });

describe('flexible price properties', () => {
  it('an amount of the pattern fits exactly when it lies within the bounds, both included', () => {
    fc.assert(
      fc.property(bounds, typed, (type, amount) => {
        const within =
          amount.cents >= (type.amountMinCents ?? 0) &&
          (type.amountMaxCents === null || amount.cents <= type.amountMaxCents);
        expect(problem(amount.text, type) === null).toBe(within);
        if (within) expect(faceValueOf(amount.text)).toBe((amount.cents / 100).toFixed(2));
      }),
    );
  });

  it('the bounds themselves fit; a cent outside them does not', () => {
    fc.assert(
      fc.property(bounds, (type) => {
        const at = (cents: number) => problem((cents / 100).toFixed(2), type);
        if (type.amountMinCents !== null) {
          expect(at(type.amountMinCents)).toBeNull();
          if (type.amountMinCents > 0) expect(at(type.amountMinCents - 1)).toBe(OUTSIDE);
        }
        if (type.amountMaxCents !== null) {
          expect(at(type.amountMaxCents)).toBeNull();
          expect(at(type.amountMaxCents + 1)).toBe(OUTSIDE);
        }
      }),
    );
  });

  it('empty text, non-numbers, 3 decimals, signs other than plus and huge values never fit, and send nothing', () => {
    const notAmount = fc.oneof(
      fc.constantFrom('', ' ', '.', '12.', '.5', '1e3', '0x10', 'NaN', 'Infinity', '-0', '1,50', '١٢'),
      fc.string().filter((s) => !/^\s*\+?\d+(\.\d{1,2})?\s*$/.test(s)),
      fc.integer({ min: 0, max: 99_999 }).map((n) => `${n}.${String(n % 1000).padStart(3, '1')}`),
      fc.integer({ min: 1, max: 10_000 }).map((n) => `-${n}`),
      fc.bigInt({ min: 10_000_000n, max: 10n ** 40n }).map((n) => `${n}`),
    );
    fc.assert(
      fc.property(bounds, notAmount, (type, text) => {
        expect(problem(text, type)).toBe(OUTSIDE);
        expect(faceValueOf(text)).toBeNull();
      }),
    );
  });

  it('what is sent is always money the server takes: no sign, at most 7 whole digits, two decimals', () => {
    fc.assert(
      fc.property(typed, (amount) => {
        const sent = faceValueOf(amount.text);
        if (sent !== null) expect(sent).toMatch(/^\d{1,7}\.\d{2}$/);
      }),
    );
  });
});
