/**
 * The scheduled payments panel (`scheduledPayments`; spec 2 §4 "Scheduled payments", §5, §8, §9; issue 22), held to
 * a table written from the spec, not read from the machine: the options are due, outstanding and other, the
 * default due, only outstanding when the due amount equals the outstanding balance; the amount is the due amount,
 * the outstanding balance or the custom amount; the custom amount is clamped between the due amount and the
 * outstanding balance and shown with 2 decimals; a refreshed cart chooses again from the default. Then every path
 * of the model with the table checked at each step (also the amount the machine tells the checkout through
 * `amountChosen`: always the amount to pay), an edge-coverage check, and property invariants of the clamp.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { CartModel } from '../../api/models';
import { cartAmounts, formatAmount, parseAmount, paymentMade } from '../../machines/scheduledPayments/rules';
import { scheduledPaymentsMachine } from '../../machines/scheduledPayments/scheduledPayments.machine';
import { amountToPay, chosenOption, scheduledPaymentsView } from '../../machines/scheduledPayments/view';
import {
  inputs,
  LAST,
  PLAN,
  pathEvents,
  SCHEDULE,
  type ScheduledPaymentsSnap,
} from '../../stories/fixtures/scheduledPayments';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

/** The amount each actor last told (`amountChosen`, what the checkout pays). */
const told = new WeakMap<object, number>();
const recording = scheduledPaymentsMachine.provide({
  actions: { amountChosen: ({ self }, { amountCents }) => void told.set(self, amountCents) },
});

type Runner = ReplayRunner<typeof scheduledPaymentsMachine>;
type Option = 'due' | 'outstanding' | 'other';

/** Spec 2 §4: the options, and the option each choice leads to, from the cart's two amounts. */
const oracleOptions = (due: number, outstanding: number): Option[] =>
  due === outstanding ? ['outstanding'] : ['due', 'outstanding', 'other'];
/** Spec 2 §5: clamped between the due amount and the outstanding balance. */
const oracleClamp = (cents: number, due: number, outstanding: number) =>
  Math.min(outstanding, Math.max(due, cents));
const cents = (text: string) => {
  const n = Number(text.replace(/[,\s$]/g, ''));
  return /^[\d.,\s$]+$/.test(text) && Number.isFinite(n) ? Math.round(n * 100) : null;
};

interface Seen {
  due: number;
  outstanding: number;
  option: Option;
  custom: number;
  text: string;
}
const seen = new WeakMap<Runner, Seen>();

function onStep(runner: Runner, _expected: ScheduledPaymentsSnap, event: EventObject): void {
  const s = runner.actor.getSnapshot();
  const entry = seen.get(runner) ?? {
    due: PLAN.dueCents,
    outstanding: PLAN.outstandingCents,
    option: 'due' as Option,
    custom: PLAN.dueCents,
    text: '50.00',
  };
  const ev = event as unknown as {
    option?: Option;
    value?: string;
    dueCents?: number;
    outstandingCents?: number;
  };
  const shown = oracleOptions(entry.due, entry.outstanding);
  if (event.type === 'option.choose' && ev.option && shown.includes(ev.option)) entry.option = ev.option;
  if (event.type === 'amount.change' && entry.option === 'other') {
    const typed = cents(ev.value ?? '');
    if (typed !== null) entry.custom = oracleClamp(typed, entry.due, entry.outstanding);
    entry.text = ev.value ?? '';
  }
  if (event.type === 'amount.commit' && entry.option === 'other')
    entry.text = (entry.custom / 100).toFixed(2);
  // Spec 2 §4: a cart whose amounts changed chooses again from the default; the same amounts keep the choice.
  if (
    event.type === 'cart.updated' &&
    (ev.dueCents !== entry.due || ev.outstandingCents !== entry.outstanding)
  ) {
    entry.due = ev.dueCents ?? 0;
    entry.outstanding = ev.outstandingCents ?? 0;
    entry.custom = entry.due;
    entry.text = (entry.due / 100).toFixed(2);
    entry.option = entry.due === entry.outstanding ? 'outstanding' : 'due';
  }
  // At every step: the options shown, the option chosen, the amount, and the clamp.
  const view = scheduledPaymentsView(s, Date.parse('2026-11-21T15:00:00Z'));
  expect(view.options).toEqual(oracleOptions(entry.due, entry.outstanding));
  expect(chosenOption(s)).toBe(entry.option);
  const want =
    entry.option === 'due' ? entry.due : entry.option === 'outstanding' ? entry.outstanding : entry.custom;
  expect(amountToPay(s)).toBe(want);
  expect(amountToPay(s)).toBeGreaterThanOrEqual(entry.due);
  expect(amountToPay(s)).toBeLessThanOrEqual(entry.outstanding);
  expect(s.context.customText).toBe(entry.text);
  expect(told.get(runner.actor), 'the checkout is told the amount to pay').toBe(want);
  seen.set(runner, entry);
}

describe('scheduled payments: the table', () => {
  const start = (input = PLAN) => createReplayRunner(recording, { input });

  it('config is clean data, every state described', () => {
    const parsed = JSON.parse(JSON.stringify(scheduledPaymentsMachine.config));
    expect(parsed.id).toBe('scheduledPayments');
    for (const state of Object.values(parsed.states) as { description?: string }[])
      expect(state.description).toBeTruthy();
  });

  it('defaults to due; due equal to outstanding shows only outstanding', () => {
    const a = start();
    expect(scheduledPaymentsView(a.actor.getSnapshot(), 0)).toMatchObject({
      options: ['due', 'outstanding', 'other'],
      chosen: 'due',
      amountToPayCents: 5000,
    });
    const b = start(LAST);
    expect(scheduledPaymentsView(b.actor.getSnapshot(), 0)).toMatchObject({
      options: ['outstanding'],
      chosen: 'outstanding',
      amountToPayCents: 7500,
    });
    a.actor.stop();
    b.actor.stop();
  });

  it('a custom amount is clamped as typed and shown with 2 decimals when the field is left', () => {
    const r = start();
    r.actor.send({ type: 'option.choose', option: 'other' });
    r.actor.send({ type: 'amount.change', value: '60.5' });
    expect(amountToPay(r.actor.getSnapshot())).toBe(6050);
    r.actor.send({ type: 'amount.commit' });
    expect(r.actor.getSnapshot().context.customText).toBe('60.50');
    r.actor.send({ type: 'amount.change', value: '10' });
    r.actor.send({ type: 'amount.commit' });
    expect(r.actor.getSnapshot().context.customText).toBe('50.00');
    r.actor.send({ type: 'amount.change', value: '250' });
    r.actor.send({ type: 'amount.commit' });
    expect(r.actor.getSnapshot().context.customText).toBe('200.00');
    r.actor.stop();
  });

  it('tells the checkout the amount at the start and on every change', () => {
    const r = start();
    expect(told.get(r.actor)).toBe(5000);
    r.actor.send({ type: 'option.choose', option: 'outstanding' });
    expect(told.get(r.actor)).toBe(20000);
    r.actor.send({ type: 'option.choose', option: 'other' });
    r.actor.send({ type: 'amount.change', value: '60.5' });
    expect(told.get(r.actor)).toBe(6050);
    // A refresh with the same amounts keeps the choice (and tells nothing new).
    r.actor.send({ type: 'cart.updated', ...PLAN });
    expect(chosenOption(r.actor.getSnapshot())).toBe('other');
    expect(told.get(r.actor)).toBe(6050);
    r.actor.send({ type: 'cart.updated', ...LAST });
    expect(told.get(r.actor)).toBe(7500);
    r.actor.stop();
  });

  it("a cart's amounts as the server listed them: overdue plus the next upcoming payment", () => {
    const cart = (outstandingCents: number, statuses: string[]) =>
      ({
        totals: { outstandingCents },
        scheduledPayments: SCHEDULE.map((p, i) => ({ ...p, status: statuses[i] ?? 'upcoming' })),
      }) as unknown as CartModel;
    expect(cartAmounts(cart(20000, []))).toMatchObject({ dueCents: 5000, outstandingCents: 20000 });
    expect(cartAmounts(cart(20000, ['overdue', 'overdue']))?.dueCents).toBe(20000);
    expect(cartAmounts(cart(20000, ['overdue']))?.dueCents).toBe(12500);
    expect(cartAmounts(cart(10000, ['overdue', 'overdue']))?.dueCents).toBe(10000);
    expect(cartAmounts({ totals: { outstandingCents: 5 } } as unknown as CartModel)).toBeNull();
  });

  it('a partial payment keeps the amount and the next payment left; the overdue total counts past due dates', () => {
    const r = start();
    r.actor.send({ type: 'payment.made', amountCents: 6000 });
    expect(r.actor.getSnapshot().context.payment).toEqual({
      amountCents: 6000,
      next: { amountCents: 6500, dueDate: SCHEDULE[1]?.dueDate },
    });
    const later = Date.parse(SCHEDULE[1]?.dueDate ?? '') + 1000;
    expect(scheduledPaymentsView(r.actor.getSnapshot(), later).overdueCents).toBe(12500);
    expect(scheduledPaymentsView(r.actor.getSnapshot(), later).scheduled.map((p) => p.overdue)).toEqual([
      true,
      true,
      false,
    ]);
    r.actor.stop();
  });
});

describe('scheduled payments paths', () => {
  it('walks every transition, the table holding at each step', async () => {
    const report = await walkMachinePaths({
      machine: recording,
      inputs,
      events: pathEvents,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('scheduledPayments', report);
    expect(report.paths).toBeGreaterThan(0);
  });
});

describe('scheduled payments: properties of the clamp', () => {
  const amounts = fc
    .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }))
    .map(([a, b]) => ({ due: Math.min(a, b), outstanding: Math.max(a, b) }));

  it('whatever is typed, the amount to pay stays between the due amount and the outstanding balance', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 6 }),
        ({ due, outstanding }, typed) => {
          const r = createReplayRunner(scheduledPaymentsMachine, {
            input: { dueCents: due, outstandingCents: outstanding, scheduled: [] },
          });
          r.actor.send({ type: 'option.choose', option: 'other' });
          for (const value of typed) {
            r.actor.send({ type: 'amount.change', value });
            const amount = amountToPay(r.actor.getSnapshot());
            expect(amount).toBeGreaterThanOrEqual(due);
            expect(amount).toBeLessThanOrEqual(outstanding);
          }
          r.actor.send({ type: 'amount.commit' });
          const { customText, customCents } = r.actor.getSnapshot().context;
          expect(customText).toMatch(/^\d+\.\d{2}$/);
          expect(parseAmount(customText)).toBe(customCents);
          r.actor.stop();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a typed amount in range is kept to the cent; 2 decimals round-trip', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 10_000_000 }), ({ due, outstanding }, c) => {
        expect(parseAmount(formatAmount(c))).toBe(c);
        const r = createReplayRunner(scheduledPaymentsMachine, {
          input: { dueCents: due, outstandingCents: outstanding, scheduled: [] },
        });
        r.actor.send({ type: 'option.choose', option: 'other' });
        r.actor.send({ type: 'amount.change', value: formatAmount(c) });
        expect(amountToPay(r.actor.getSnapshot())).toBe(oracleClamp(c, due, outstanding));
        r.actor.stop();
      }),
      { numRuns: 200 },
    );
  });

  it('a payment never leaves a next payment larger than what was scheduled', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25_000 }), (paid) => {
        const made = paymentMade(SCHEDULE, paid);
        const left = SCHEDULE.reduce((a, p) => a + p.amountCents, 0) - paid;
        if (left <= 0) expect(made.next).toBeNull();
        else
          expect(made.next?.amountCents).toBeLessThanOrEqual(Math.max(...SCHEDULE.map((p) => p.amountCents)));
      }),
    );
  });
});
