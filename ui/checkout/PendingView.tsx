import './pending-strings';
import type { Strings } from '../strings';

export interface PendingViewProps {
  strings: Strings;
  stage: 'pending' | 'failed' | 'missing' | 'completed';
  /** The cart reference number. */
  reference: string;
  onRetry: () => void;
}

/**
 * The pending order page (spec 2 §2): a title, a message and the cart reference number while the payment
 * clears; a failed check offers a retry; an unknown cart says so.
 */
export function PendingView({ strings, stage, reference, onRetry }: PendingViewProps) {
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
    <section className="account-page" aria-labelledby="pending-title" aria-busy={stage === 'completed'}>
      <h1 id="pending-title">{strings.pendingTitle}</h1>
      <p role="status">{strings.pendingMessage}</p>
      <dl>
        <dt>{strings.pendingReference}</dt>
        <dd>{reference}</dd>
      </dl>
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
