/**
 * The view model of the scheduled payments panel: the options shown and chosen, the amount to pay, the custom
 * field, the lists (scheduled with their status, for the style class) and the numbers of the messages.
 */
import type { SnapshotFrom } from 'xstate';
import { amountFor, overdueTotal, paymentOptions } from './rules';
import type { ScheduledPaymentsMachine } from './scheduledPayments.machine';
import type { PaymentMade, PaymentOption, ScheduledPayment } from './types';

export interface ScheduledPaymentsProps {
  options: PaymentOption[];
  chosen: PaymentOption;
  amountToPayCents: number;
  dueCents: number;
  outstandingCents: number;
  customText: string;
  scheduled: Array<ScheduledPayment & { overdue: boolean }>;
  overdueCents: number;
  payment: PaymentMade | null;
}

type Snap = SnapshotFrom<ScheduledPaymentsMachine>;

/** The option the snapshot is in (outstandingOnly is the outstanding option). */
export const chosenOption = (s: Snap): PaymentOption =>
  s.matches('other') ? 'other' : s.matches('due') ? 'due' : 'outstanding';

/** What the checkout pays (spec 2 §4). */
export const amountToPay = (s: Snap): number => amountFor(chosenOption(s), s.context);

export function scheduledPaymentsView(s: Snap, nowMs: number): ScheduledPaymentsProps {
  const { context } = s;
  return {
    options: paymentOptions(context.dueCents, context.outstandingCents),
    chosen: chosenOption(s),
    amountToPayCents: amountToPay(s),
    dueCents: context.dueCents,
    outstandingCents: context.outstandingCents,
    customText: context.customText,
    scheduled: context.scheduled.map((p) => ({ ...p, overdue: overdueTotal([p], nowMs) > 0 })),
    overdueCents: overdueTotal(context.scheduled, nowMs),
    payment: context.payment,
  };
}
