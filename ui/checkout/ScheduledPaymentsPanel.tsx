import './scheduled-payments-strings';
import type { ScheduledPaymentsProps } from '../../machines/scheduledPayments/view';
import { formatDate, formatMoney } from '../format';
import { fill, type StringKey, type Strings } from '../strings';

/** Pay what is due, the whole outstanding amount, or another amount. */
type PaymentOption = ScheduledPaymentsProps['chosen'];

/** A scheduled payment as the panel lists it: its due date (ISO), what is left of it, Overdue or Upcoming. */
export interface PanelScheduledPayment {
  id: string;
  dueDate: string;
  amountCents: number;
  overdue: boolean;
}

/** A completed payment as the panel lists it: one gateway audit (capture, refund, dispute…). */
export interface PanelCompletedPayment {
  id: string;
  occurredDate: string;
  amountCents: number;
  status: string;
}

/** The flow's view model (machines/scheduledPayments/view.ts: the options, the amounts, the custom field). */
export interface ScheduledPaymentsPanelProps
  extends Pick<
    ScheduledPaymentsProps,
    'options' | 'chosen' | 'dueCents' | 'outstandingCents' | 'customText' | 'overdueCents'
  > {
  strings: Strings;
  currency: string;
  /** The seller's (the event venue's) time zone: dates are shown there, in the spec's day format. */
  timezone: string;
  scheduled: PanelScheduledPayment[];
  completed: PanelCompletedPayment[];
  disabled: boolean;
  onChoose: (option: PaymentOption) => void;
  onAmountChange: (value: string) => void;
  onAmountCommit: () => void;
}

/** Spec 2 §4: the payment audit labels. An action the spec does not name shows as the gateway wrote it. */
const AUDIT_LABELS: Record<string, StringKey> = {
  capture: 'auditCapture',
  refund: 'auditRefund',
  dispute_opened: 'auditDisputeOpened',
  dispute_closed: 'auditDisputeClosed',
  dispute_fee: 'auditDisputeFee',
};

/**
 * The scheduled payments panel (spec 2 §2, §4, §5, §8): the overdue warning, the options due / outstanding /
 * other as radio buttons (only outstanding when the due amount equals it), the custom amount field (clamped by
 * the machine, 2 decimals when left), the scheduled payments with their status (the status text is also the
 * row's style class) and the completed payments with their audit labels.
 */
export function ScheduledPaymentsPanel(props: ScheduledPaymentsPanelProps) {
  const { strings, currency, timezone } = props;
  const money = (cents: number) => formatMoney(cents, currency);
  const optionLabel: Record<PaymentOption, string> = {
    due: fill(strings.paymentOptionDue, { amount: money(props.dueCents) }),
    outstanding: fill(strings.paymentOptionOutstanding, { amount: money(props.outstandingCents) }),
    other: strings.paymentOptionOther,
  };
  return (
    <section className="form-section scheduled-payments" aria-labelledby="scheduled-payments-title">
      <h2 id="scheduled-payments-title" style={{ fontSize: '1.2rem' }}>
        {strings.scheduledPaymentsTitle}
      </h2>
      {props.overdueCents > 0 ? (
        <p className="message message--warning" role="alert">
          {fill(strings.overduePayments, { amount: money(props.overdueCents) })}
        </p>
      ) : null}
      <fieldset className="scheduled-payments__options" disabled={props.disabled}>
        <legend>{strings.paymentOptionsLegend}</legend>
        {props.options.map((option) => (
          <div className="field field--checkbox" key={option}>
            <input
              id={`payment-option-${option}`}
              type="radio"
              name="paymentOption"
              value={option}
              checked={props.chosen === option}
              onChange={() => props.onChoose(option)}
            />
            <label htmlFor={`payment-option-${option}`}>{optionLabel[option]}</label>
          </div>
        ))}
        {props.chosen === 'other' ? (
          <div className="field">
            <label htmlFor="payment-custom-amount">{strings.customAmountLabel}</label>
            <input
              id="payment-custom-amount"
              name="customAmount"
              inputMode="decimal"
              autoComplete="off"
              maxLength={16}
              value={props.customText}
              aria-describedby="payment-custom-amount-hint"
              onChange={(e) => props.onAmountChange(e.target.value)}
              onBlur={props.onAmountCommit}
            />
            <p className="field__hint" id="payment-custom-amount-hint">
              {fill(strings.customAmountHint, {
                min: money(props.dueCents),
                max: money(props.outstandingCents),
              })}
            </p>
          </div>
        ) : null}
      </fieldset>
      {props.scheduled.length > 0 ? (
        <>
          <h3 id="scheduled-payments-list" style={{ fontSize: '1rem' }}>
            {strings.scheduledPaymentsHeading}
          </h3>
          <ul aria-labelledby="scheduled-payments-list" className="payment-list">
            {props.scheduled.map((p) => {
              const status = p.overdue ? strings.scheduleOverdue : strings.scheduleUpcoming;
              return (
                <li key={p.id} className={`payment-list__row ${status}`}>
                  <span>{fill(strings.paymentDueOn, { date: formatDate(p.dueDate, timezone) })}</span>{' '}
                  <strong>{money(p.amountCents)}</strong> <span>{status}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {props.completed.length > 0 ? (
        <>
          <h3 id="completed-payments-list" style={{ fontSize: '1rem' }}>
            {strings.completedPaymentsHeading}
          </h3>
          <ul aria-labelledby="completed-payments-list" className="payment-list">
            {props.completed.map((p) => {
              const key = AUDIT_LABELS[p.status];
              return (
                <li key={p.id} className="payment-list__row">
                  <span>{formatDate(p.occurredDate, timezone)}</span> <strong>{money(p.amountCents)}</strong>{' '}
                  <span>{key ? strings[key] : p.status}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
