/**
 * Scheduled payments (spec 2 §4 "Scheduled payments", §5, §8; issue 22): one rule for the server's pay checks and
 * the checkout's scheduled payments panel. A leaf module: machines and the server may import it at run time.
 *
 * A schedule lists what is left to pay, in due order. A payment is Overdue once its due date minus one second is
 * no longer in the future, else Upcoming. The due amount is what is overdue plus the next scheduled payment; a
 * payment may be anything from the due amount to the outstanding balance.
 */

/** One scheduled payment still to pay: its due instant (epoch ms) and what is left of it (cents). */
export interface Instalment {
  dueMs: number;
  amountCents: number;
}

/** The statuses of a scheduled payment (spec 2 §4: Upcoming, Overdue; the wire's `status`). */
export type ScheduleStatus = 'upcoming' | 'overdue';

/** Spec 2 §4: Upcoming while the due date minus one second is in the future; otherwise Overdue. */
export const isOverdue = (dueMs: number, nowMs: number): boolean => !(dueMs - 1000 > nowMs);

export const statusOf = (dueMs: number, nowMs: number): ScheduleStatus =>
  isOverdue(dueMs, nowMs) ? 'overdue' : 'upcoming';

/** What is overdue (cents). */
export const overdueCents = (schedule: readonly Instalment[], nowMs: number): number =>
  schedule.reduce((sum, p) => sum + (isOverdue(p.dueMs, nowMs) ? p.amountCents : 0), 0);

/**
 * The due amount: everything overdue plus the next scheduled payment that is not (spec 2 §4 "scheduled amounts
 * plus overdue"), never more than the outstanding balance. Without a schedule: the outstanding balance.
 */
export function dueCents(schedule: readonly Instalment[], outstandingCents: number, nowMs: number): number {
  if (!schedule.length) return outstandingCents;
  const sorted = [...schedule].sort((a, b) => a.dueMs - b.dueMs);
  const next = sorted.find((p) => !isOverdue(p.dueMs, nowMs) && p.amountCents > 0);
  return Math.min(outstandingCents, overdueCents(sorted, nowMs) + (next?.amountCents ?? 0));
}

/** Spec 2 §5: a custom amount is clamped between the due amount and the outstanding balance. */
export const clampAmount = (cents: number, dueAmountCents: number, outstandingCents: number): number =>
  Math.min(outstandingCents, Math.max(dueAmountCents, Number.isFinite(cents) ? Math.round(cents) : 0));

/** The payment options (spec 2 §4, §9): only outstanding when the due amount equals it. */
export const PAYMENT_OPTIONS = ['due', 'outstanding', 'other'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];
export const paymentOptions = (dueAmountCents: number, outstandingCents: number): PaymentOption[] =>
  dueAmountCents === outstandingCents ? ['outstanding'] : [...PAYMENT_OPTIONS];
