/**
 * The scheduled payments panel of checkout (spec 2 §2, §4 "Scheduled payments", §8; issue 22). The spec's texts are
 * verbatim (the statuses Upcoming and Overdue, the audit labels Paid, Refund, Dispute Opened, Dispute Closed,
 * Dispute Fee, "You have overdue payments totalling {amount}."); the headings, the options' and the field's
 * labels are ours. They join the catalogue when this module loads, with the panel.
 */
import { defineStrings } from '../strings';

export const scheduledPaymentsStrings = defineStrings({
  scheduledPaymentsTitle: 'Payment plan',
  paymentOptionsLegend: 'How much would you like to pay now?',
  paymentOptionDue: 'Amount due: {amount}',
  paymentOptionOutstanding: 'Outstanding balance: {amount}',
  paymentOptionOther: 'Other amount',
  customAmountLabel: 'Amount to pay',
  customAmountHint: 'From {min} to {max}',
  scheduledPaymentsHeading: 'Scheduled payments',
  completedPaymentsHeading: 'Completed payments',
  paymentDueOn: 'Due {date}',
  scheduleUpcoming: 'Upcoming',
  scheduleOverdue: 'Overdue',
  auditCapture: 'Paid',
  auditRefund: 'Refund',
  auditDisputeOpened: 'Dispute Opened',
  auditDisputeClosed: 'Dispute Closed',
  auditDisputeFee: 'Dispute Fee',
  overduePayments: 'You have overdue payments totalling {amount}.',
});
