/**
 * The gift card field's rules (machines/giftCard/rules.ts; spec 2 §3, §4 "Gift cards", §5, §8), written from the
 * spec: at most 70 characters kept; required and duplicate refusals; a usable card has balance above 0 and state
 * active; the applied cards pay, in the order applied, what they can of what is due now, never more than a payment
 * plan's amount (fast-check: nothing paid beyond the balance or the amount, nothing negative, balances kept).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutLimitCents, lookupCardInput } from '../../machines/giftCard/giftCard.machine';
import {
  cardUsable,
  GIFT_CARD_NUMBER_MAX,
  keptNumber,
  lookupErrorMessage,
  numberFieldError,
  spreadOverCents,
  spreadPayments,
} from '../../machines/giftCard/rules';
import type { GiftCardContext } from '../../machines/giftCard/types';
import { MESSAGES } from './giftCard.table';

const card = (cardNumber: string, paymentCents = 100, remainingBalanceCents = 0) => ({
  cardNumber,
  paymentCents,
  remainingBalanceCents,
});

describe('the number (spec 2 §5, §9)', () => {
  it('keeps at most 70 characters', () => {
    expect(GIFT_CARD_NUMBER_MAX).toBe(70);
    expect(keptNumber('1'.repeat(70))).toBe('1'.repeat(70));
    expect(keptNumber(`${'1'.repeat(70)}2`)).toBe('1'.repeat(70));
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (typed) => {
        const kept = keptNumber(typed);
        expect(kept.length).toBe(Math.min(typed.length, 70));
        expect(typed.startsWith(kept)).toBe(true);
      }),
    );
  });

  it('is required; a card applied already (spaces and dashes aside) is refused; any other passes', () => {
    expect(numberFieldError('', [])).toEqual(MESSAGES.required);
    expect(numberFieldError(' - ', [card('1')])).toEqual(MESSAGES.required);
    expect(numberFieldError('7000 0000-1', [card('2'), card('700000001')])).toEqual(MESSAGES.duplicate);
    expect(numberFieldError('700000001', [card('7000000010')])).toBeNull();
    expect(numberFieldError('7', [])).toBeNull();
  });

  it('is looked up as a gift card, without spaces and dashes (GET ledger/gift_card/{number})', () => {
    const context = { number: ' 7000-0000 0001 ' } as GiftCardContext;
    expect(lookupCardInput({ context })).toEqual({ ledgerType: 'gift_card', number: '700000000001' });
  });
});

describe('the card looked up (spec 2 §4, §8)', () => {
  it('is usable with a balance above 0 and the state active only', () => {
    expect(cardUsable({ number: '1', state: 'active', balanceCents: 1 })).toBe(true);
    expect(cardUsable({ number: '1', state: 'active', balanceCents: 0 })).toBe(false);
    expect(cardUsable({ number: '1', state: 'active', balanceCents: -1 })).toBe(false);
    expect(cardUsable({ number: '1', state: 'inactive', balanceCents: 500 })).toBe(false);
    expect(cardUsable({ number: '1', state: 'expired', balanceCents: 0 })).toBe(false);
  });

  it('404 is "Gift card not found."; any other failure the trouble message', () => {
    expect(lookupErrorMessage({ code: 'not_found', status: 404 })).toEqual(MESSAGES.notFound);
    expect(lookupErrorMessage({ code: 'whatever', status: 404 })).toEqual(MESSAGES.notFound);
    expect(lookupErrorMessage({ code: 'unexpected', status: 500 })).toEqual(MESSAGES.trouble);
    expect(lookupErrorMessage({ code: 'validation_failed', status: 400, description: 'No' })).toEqual(
      MESSAGES.trouble,
    );
  });
});

describe('the pending payments (spec 2 §3, §4)', () => {
  it('each card in the order applied pays what it can of what the earlier ones left', () => {
    const balances = { a: 1000, b: 20000, c: 500 };
    expect(spreadPayments(['a', 'b', 'c'], balances, 2650)).toEqual([
      { cardNumber: 'a', paymentCents: 1000, remainingBalanceCents: 0 },
      { cardNumber: 'b', paymentCents: 1650, remainingBalanceCents: 18350 },
      { cardNumber: 'c', paymentCents: 0, remainingBalanceCents: 500 },
    ]);
    expect(spreadPayments(['c', 'a'], balances, 1200)).toEqual([
      { cardNumber: 'c', paymentCents: 500, remainingBalanceCents: 0 },
      { cardNumber: 'a', paymentCents: 700, remainingBalanceCents: 300 },
    ]);
    expect(spreadPayments(['x'], balances, 100)).toEqual([
      { cardNumber: 'x', paymentCents: 0, remainingBalanceCents: 0 },
    ]);
  });

  it('are spread over what is due, or the plan’s amount when it is less; never below 0', () => {
    expect(spreadOverCents(2650, null)).toBe(2650);
    expect(spreadOverCents(2650, 1500)).toBe(1500);
    expect(spreadOverCents(2650, 4000)).toBe(2650);
    expect(spreadOverCents(2650, 0)).toBe(0);
    expect(spreadOverCents(-5, null)).toBe(0);
    expect(spreadOverCents(2650, -5)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.option(fc.integer({ min: -1e6, max: 1e6 })),
        (d, l) => {
          const over = spreadOverCents(d, l);
          expect(over).toBeGreaterThanOrEqual(0);
          expect(over).toBeLessThanOrEqual(Math.max(0, d));
          if (l !== null) expect(over).toBeLessThanOrEqual(Math.max(0, l));
          expect(over === Math.max(0, d) || (l !== null && over === Math.max(0, l))).toBe(true);
        },
      ),
    );
  });

  it('property: nothing beyond a balance or the amount; each balance is payment + remaining; earlier cards first', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^\d{1,4}$/), fc.integer({ min: 0, max: 50000 })), {
          selector: ([n]) => n,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 100000 }),
        (applied, due) => {
          const balances = Object.fromEntries(applied);
          const paid = spreadPayments(
            applied.map(([n]) => n),
            balances,
            due,
          );
          expect(paid.map((p) => p.cardNumber)).toEqual(applied.map(([n]) => n));
          let left = due;
          paid.forEach((p, i) => {
            const balance = applied[i]?.[1] ?? 0;
            expect(p.paymentCents).toBe(Math.min(balance, left));
            expect(p.paymentCents + p.remainingBalanceCents).toBe(balance);
            left -= p.paymentCents;
          });
          const total = paid.reduce((s, p) => s + p.paymentCents, 0);
          expect(total).toBe(
            Math.min(
              due,
              applied.reduce((s, [, b]) => s + b, 0),
            ),
          );
        },
      ),
    );
  });
});

describe('the checkout’s amount to pay now, the cards’ limit (spec 2 §4)', () => {
  const snap = (outstandingCents: number, instalmentCents: number | null, paidNowCents: number) => ({
    context: { cart: { totals: { outstandingCents } }, instalmentCents, paidNowCents },
  });
  it('without a plan the outstanding balance; with one the chosen amount less what was paid, within the balance', () => {
    expect(checkoutLimitCents(snap(20000, null, 500) as never)).toBe(20000);
    expect(checkoutLimitCents(snap(20000, 5000, 1000) as never)).toBe(4000);
    expect(checkoutLimitCents(snap(3000, 5000, 0) as never)).toBe(3000);
    expect(checkoutLimitCents(snap(3000, 500, 1000) as never)).toBe(0);
  });
});
