/**
 * Pure rules of the scheduled payments panel (spec 2 §4 "Scheduled payments", §5, §8, §9; issue 22): the clamp and
 * the options are domain/instalments.ts's (the server checks the same); here the field's text, the amount of each
 * option, the overdue total and the next payment after a partial payment.
 */

import type { CartModel } from '../../api/models';
import { overdueCents } from '../../domain/instalments';
import { listedDueCents } from '../../domain/listed-due';
import type {
  PaymentMade,
  PaymentOption,
  ScheduledPayment,
  ScheduledPaymentsContext,
  ScheduledPaymentsInput,
} from './types';

export { clampAmount, PAYMENT_OPTIONS, paymentOptions } from '../../domain/instalments';

/** Cents as the field shows them: 2 decimals, no grouping ('1234.50'). */
export const formatAmount = (cents: number): string => (Math.max(0, Math.round(cents)) / 100).toFixed(2);

/** What was typed, in cents (NaN when it is no amount): digits with at most one point; commas ignored. */
export function parseAmount(text: string): number {
  const bare = text.replace(/[\s,$]/g, '');
  if (!/^\d{0,9}(\.\d*)?$/.test(bare) || bare === '' || bare === '.') return Number.NaN;
  return Math.round(Number(bare) * 100);
}

/** The amount to pay for an option (spec 2 §4): the due amount, the outstanding balance or the custom amount. */
export function amountFor(option: PaymentOption, context: ScheduledPaymentsContext): number {
  if (option === 'due') return context.dueCents;
  if (option === 'outstanding') return context.outstandingCents;
  return context.customCents;
}

/** What is overdue on the schedule now (spec 2 §8 "You have overdue payments totalling {amount}."). */
export const overdueTotal = (scheduled: readonly ScheduledPayment[], nowMs: number): number =>
  overdueCents(
    scheduled.map((p) => ({ dueMs: Date.parse(p.dueDate), amountCents: p.amountCents })),
    nowMs,
  );

/** After paying `amountCents` (earliest scheduled payments first): the payment and the next one left. */
export function paymentMade(scheduled: readonly ScheduledPayment[], amountCents: number): PaymentMade {
  let paid = amountCents;
  for (const p of [...scheduled].sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate))) {
    const covered = Math.min(paid, p.amountCents);
    paid -= covered;
    if (p.amountCents > covered)
      return { amountCents, next: { amountCents: p.amountCents - covered, dueDate: p.dueDate } };
  }
  return { amountCents, next: null };
}

/**
 * The panel's amounts of a cart as the server listed its schedule (its statuses were written at the server's now):
 * the due amount is what is overdue plus the next upcoming payment (domain/instalments.ts `dueCents`), at most the
 * outstanding balance. Null: the cart has no schedule.
 */
export function cartAmounts(cart: CartModel): Omit<ScheduledPaymentsInput, 'cartActor'> | null {
  const scheduled = cart.scheduledPayments ?? [];
  if (!scheduled.length) return null;
  const outstandingCents = cart.totals.outstandingCents;
  return { dueCents: listedDueCents(scheduled, outstandingCents), outstandingCents, scheduled };
}
