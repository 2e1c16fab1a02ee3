/**
 * The scheduled payments panel's rules and view (machines/scheduledPayments/rules.ts, view.ts; spec 2 §4, §5, §8,
 * §9), written from the spec: 2 decimals, what typed text is an amount (fast-check: written and read back), the
 * amount of each option, the overdue total (due date minus one second no longer ahead), the next payment left
 * after a partial one (fast-check: what is left adds up), the amounts of a cart as listed, and the view per state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartModel } from '../../api/models';
import {
  amountFor,
  cartAmounts,
  clampAmount,
  formatAmount,
  overdueTotal,
  parseAmount,
  paymentMade,
  paymentOptions,
} from '../../machines/scheduledPayments/rules';
import { scheduledPaymentsMachine } from '../../machines/scheduledPayments/scheduledPayments.machine';
import type { ScheduledPaymentsContext } from '../../machines/scheduledPayments/types';
import { amountToPay, chosenOption, scheduledPaymentsView } from '../../machines/scheduledPayments/view';
import { made, SCHEDULE, twoDecimals, typedCents } from './scheduledPayments.table';

const cents = fc.integer({ min: 0, max: 99_999_999_999 });

describe('the custom amount (spec 2 §5)', () => {
  it('is written with 2 decimals, no grouping, never below 0', () => {
    expect(formatAmount(123450)).toBe('1234.50');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-700)).toBe('0.00');
    expect(formatAmount(1999.6)).toBe('20.00');
    fc.assert(
      fc.property(cents, (c) => {
        expect(formatAmount(c)).toBe(twoDecimals(c));
      }),
    );
  });

  it('is read from digits with at most one point; commas, spaces and $ ignored; anything else is no amount', () => {
    expect(parseAmount('60.5')).toBe(6050);
    expect(parseAmount('$1,234.5')).toBe(123450);
    expect(parseAmount(' 75 ')).toBe(7500);
    expect(parseAmount('.5')).toBe(50);
    expect(parseAmount('12.')).toBe(1200);
    expect(parseAmount('99.999')).toBe(10000);
    expect(parseAmount('123456789')).toBe(12345678900);
    for (const no of ['', '.', 'abc', '-60', '12.3.4', '1234567890', '1e3', '12a'])
      expect(parseAmount(no), no).toBeNaN();
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseAmount(formatAmount(c))).toBe(c);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (text) => {
        const want = typedCents(text);
        if (want === null) expect(parseAmount(text)).toBeNaN();
        else expect(parseAmount(text)).toBe(want);
      }),
    );
  });

  it('is clamped between the due amount and the outstanding balance (spec 2 §5)', () => {
    fc.assert(
      fc.property(cents, cents, fc.double({ noNaN: false }), (a, b, typed) => {
        const [due, outstanding] = a <= b ? [a, b] : [b, a];
        const clamped = clampAmount(typed, due, outstanding);
        expect(clamped).toBeGreaterThanOrEqual(due);
        expect(clamped).toBeLessThanOrEqual(outstanding);
        if (Number.isFinite(typed) && Math.round(typed) >= due && Math.round(typed) <= outstanding)
          // `+ 0`: a typed -0 is the amount 0, never -0 (which Intl writes as "-$0.00").
          expect(clamped).toBe(Math.round(typed) + 0);
      }),
    );
  });
});

describe('the options and their amounts (spec 2 §4, §9)', () => {
  const ctx = { dueCents: 5000, outstandingCents: 20000, customCents: 6050 } as ScheduledPaymentsContext;
  it('due, outstanding and other; only outstanding when the due amount equals it', () => {
    expect(paymentOptions(5000, 20000)).toEqual(['due', 'outstanding', 'other']);
    expect(paymentOptions(7500, 7500)).toEqual(['outstanding']);
    expect(amountFor('due', ctx)).toBe(5000);
    expect(amountFor('outstanding', ctx)).toBe(20000);
    expect(amountFor('other', ctx)).toBe(6050);
  });
});

describe('the schedule (spec 2 §4, §8)', () => {
  const NOW = Date.parse('2026-11-21T15:15:00.000Z');
  it('overdue once the due date minus one second is no longer ahead; the total of those', () => {
    const at = (ms: number, amountCents: number) => ({
      id: String(ms),
      dueDate: new Date(ms).toISOString(),
      amountCents,
      status: 'upcoming',
    });
    expect(overdueTotal([at(NOW + 1001, 100)], NOW)).toBe(0);
    expect(overdueTotal([at(NOW + 1000, 100)], NOW)).toBe(100);
    expect(overdueTotal([at(NOW - 5000, 100), at(NOW + 500, 20), at(NOW + 60_000, 7)], NOW)).toBe(120);
    expect(overdueTotal([], NOW)).toBe(0);
  });

  it('a partial payment pays the earliest payments first; the next is what is left of the first not covered', () => {
    const shuffled = [SCHEDULE[2], SCHEDULE[0], SCHEDULE[1]] as typeof SCHEDULE;
    expect(paymentMade(shuffled, 12500)).toEqual({
      amountCents: 12500,
      next: { amountCents: 7500, dueDate: SCHEDULE[2]?.dueDate },
    });
    expect(paymentMade(shuffled, 3000)).toEqual({
      amountCents: 3000,
      next: { amountCents: 2000, dueDate: SCHEDULE[0]?.dueDate },
    });
    expect(paymentMade(shuffled, 5000)).toEqual({
      amountCents: 5000,
      next: { amountCents: 7500, dueDate: SCHEDULE[1]?.dueDate },
    });
    expect(paymentMade(shuffled, 20000)).toEqual({ amountCents: 20000, next: null });
    expect(paymentMade([], 100)).toEqual({ amountCents: 100, next: null });
  });

  it('property: the oracle’s next payment; none left exactly when the payment covers the schedule', () => {
    const payment = fc.record({
      id: fc.string(),
      dueDate: fc
        .integer({ min: Date.parse('2026-01-01'), max: Date.parse('2027-12-31') })
        .map((ms) => new Date(ms).toISOString()),
      amountCents: fc.integer({ min: 1, max: 100000 }),
      status: fc.constant('upcoming'),
    });
    fc.assert(
      fc.property(
        fc.array(payment, { maxLength: 6 }),
        fc.integer({ min: 0, max: 700000 }),
        (scheduled, paid) => {
          const result = paymentMade(scheduled, paid);
          expect(result).toEqual(made(scheduled, paid));
          const total = scheduled.reduce((s, p) => s + p.amountCents, 0);
          expect(result.next === null).toBe(paid >= total);
          if (result.next) expect(result.next.amountCents).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('a cart’s amounts as listed: what is overdue plus the next payment, at most the balance; none without a schedule', () => {
    const cart = (outstandingCents: number, scheduled?: CartModel['scheduledPayments']) =>
      ({ totals: { outstandingCents }, scheduledPayments: scheduled }) as CartModel;
    expect(cartAmounts(cart(20000))).toBeNull();
    expect(cartAmounts(cart(20000, []))).toBeNull();
    const listed = [
      { id: 'c', dueDate: '2026-12-20T00:00:00Z', amountCents: 4000, status: 'upcoming' },
      { id: 'a', dueDate: '2026-11-01T00:00:00Z', amountCents: 1000, status: 'overdue' },
      { id: 'b', dueDate: '2026-11-20T00:00:00Z', amountCents: 3000, status: 'upcoming' },
    ];
    expect(cartAmounts(cart(8000, listed))).toEqual({
      dueCents: 4000,
      outstandingCents: 8000,
      scheduled: listed,
    });
    expect(cartAmounts(cart(2500, listed))).toEqual({
      dueCents: 2500,
      outstandingCents: 2500,
      scheduled: listed,
    });
  });
});

describe('the view (spec 2 §4, §8)', () => {
  const NOW = Date.parse('2026-11-21T15:14:59.000Z');
  const context: ScheduledPaymentsContext = {
    dueCents: 5000,
    outstandingCents: 20000,
    scheduled: SCHEDULE,
    cartActor: null,
    customCents: 6050,
    customText: '60.5',
    payment: { amountCents: 2500, next: null },
  };
  const at = (value: string, c = context) => scheduledPaymentsMachine.resolveState({ value, context: c });
  it('the option chosen and the amount to pay in each state (outstandingOnly is outstanding)', () => {
    const cases = [
      ['due', 'due', 5000],
      ['outstanding', 'outstanding', 20000],
      ['other', 'other', 6050],
      ['outstandingOnly', 'outstanding', 20000],
    ] as const;
    for (const [state, option, amount] of cases) {
      expect(chosenOption(at(state))).toBe(option);
      expect(amountToPay(at(state))).toBe(amount);
    }
  });
  it('the options, the field, the lists with their status and the overdue total, the payment made', () => {
    expect(scheduledPaymentsView(at('other'), NOW)).toEqual({
      options: ['due', 'outstanding', 'other'],
      chosen: 'other',
      amountToPayCents: 6050,
      dueCents: 5000,
      outstandingCents: 20000,
      customText: '60.5',
      scheduled: SCHEDULE.map((p, i) => ({ ...p, overdue: i === 0 })),
      overdueCents: 5000,
      payment: { amountCents: 2500, next: null },
    });
    const last = { ...context, dueCents: 7500, outstandingCents: 7500, scheduled: [] };
    expect(scheduledPaymentsView(at('outstandingOnly', last), NOW)).toMatchObject({
      options: ['outstanding'],
      chosen: 'outstanding',
      amountToPayCents: 7500,
      overdueCents: 0,
      scheduled: [],
    });
  });
});
