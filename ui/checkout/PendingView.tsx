import './pending-strings';
import type { Strings } from '../strings';

export interface PendingViewProps {
  strings: Strings;
  stage: 'pending' | 'failed' | 'missing' | 'completed' | 'paymentFailed';
  /** The cart reference number (the cart's number); null until the cart is read. */
  reference: string | null;
  /** A bank debit (spec 2 §2): the reference number, and a confirmation email once it has cleared. */
  debit: boolean;
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
