/** The payment plan's texts in Spanish (issue 26; ours): loaded only for a visitor in Spanish. */
import type { scheduledPaymentsStrings } from './scheduled-payments-strings';

export default {
  scheduledPaymentsTitle: 'Plan de pagos',
  paymentOptionsLegend: '¿Cuánto quieres pagar ahora?',
  paymentOptionDue: 'Importe pendiente: {amount}',
  paymentOptionOutstanding: 'Saldo pendiente: {amount}',
  paymentOptionOther: 'Otro importe',
  customAmountLabel: 'Importe a pagar',
  customAmountHint: 'De {min} a {max}',
  scheduledPaymentsHeading: 'Pagos programados',
  completedPaymentsHeading: 'Pagos realizados',
  paymentDueOn: 'Vence el {date}',
  scheduleUpcoming: 'Próximo',
  scheduleOverdue: 'Vencido',
  auditCapture: 'Pagado',
  auditRefund: 'Reembolso',
  auditDisputeOpened: 'Disputa abierta',
  auditDisputeClosed: 'Disputa cerrada',
  auditDisputeFee: 'Comisión por disputa',
  overduePayments: 'Tienes pagos vencidos por un total de {amount}.',
} satisfies Record<keyof typeof scheduledPaymentsStrings, string>;
