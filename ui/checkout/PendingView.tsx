import './pending-strings';
import type { PendingOrderView } from '../../machines/pendingOrder/view';
import type { Strings } from '../strings';

/** The flow's view model (machines/pendingOrder/view.ts: stage, reference, debit) and its retry. */
export interface PendingViewProps extends PendingOrderView {
  strings: Strings;
  onRetry: () => void;
}

/**
 * The pending order page (spec 2 §2): a title, a message and the cart reference number while the payment
 * clears (a bank debit: its own message, that a confirmation email follows once it has cleared); a failed check
 * offers a retry; an unknown cart says so. A failed payment leaves for checkout at once (busy meanwhile).
 */
export function PendingView({ strings, stage, reference, debit, onRetry }: PendingViewProps) {
  if (stage === 'missing')
    return (
      <section className="account-page" aria-labelledby="pending-title">
        <h1 id="pending-title">{strings.pendingTitle}</h1>
        <p className="message message--error" role="alert">
          {strings.pendingMissing}
        </p>
      </section>
    );
  return (
    <section
      className="account-page"
      aria-labelledby="pending-title"
      aria-busy={stage === 'completed' || stage === 'paymentFailed'}
    >
      <h1 id="pending-title">{strings.pendingTitle}</h1>
      <p role="status">{debit ? strings.pendingDebitMessage : strings.pendingMessage}</p>
      {reference ? (
        <dl>
          <dt>{strings.pendingReference}</dt>
          <dd>{reference}</dd>
        </dl>
      ) : null}
      {stage === 'failed' ? (
        <>
          <p className="message message--error" role="alert">
            {strings.pendingCheckFailed}
          </p>
          <button className="btn" type="button" onClick={onRetry}>
            {strings.tryAgain}
          </button>
        </>
      ) : null}
    </section>
  );
}
