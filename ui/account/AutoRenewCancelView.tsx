import type { AutoRenewCancelView as AutoRenewCancelModel } from '../../machines/autoRenewCancel/view';
import '../membership-strings';
import type { MembershipPageStrings } from '../membership-strings';
import { fill, resolveMessage } from '../strings';

/** The flow's view model (machines/autoRenewCancel/view.ts: phase, level, valid-to date, error) and callbacks. */
export interface AutoRenewCancelViewProps extends Omit<AutoRenewCancelModel, 'busy'> {
  strings: MembershipPageStrings;
  onConfirm: () => void;
  onCancel: () => void;
  onDone: () => void;
  onRetry: () => void;
}

/**
 * Cancel auto-renew (spec 3 §2): the title, body text and the confirm-unenrolment button with Cancel (back one
 * step); after success the confirmation naming the level and its valid-to date, with Done; warnings for a
 * membership not enrolled (logged in) or a visitor not authenticated.
 */
export function AutoRenewCancelView(props: AutoRenewCancelViewProps) {
  const { strings, phase } = props;
  const error = props.error ? resolveMessage(strings, props.error) : null;
  const cancel = (
    <button type="button" className="btn btn--secondary" onClick={props.onCancel}>
      {strings.autoRenewBack}
    </button>
  );
  return (
    <section className="account-page" aria-labelledby="auto-renew-title" style={{ maxWidth: '40rem' }}>
      <h1 id="auto-renew-title">{strings.autoRenewCancelTitle}</h1>
      <div aria-live="polite">
        {phase === 'loading' ? <p role="status">{strings.loading}</p> : null}
        {error ? (
          <p className="message message--error" role="alert">
            {error}
          </p>
        ) : null}
        {phase === 'cancelled' ? (
          <>
            <p className="message message--success" role="status">
              {fill(strings.autoRenewCancelDone, { level: props.levelName ?? '', date: props.validTo ?? '' })}
            </p>
            <p>
              <button type="button" className="btn" onClick={props.onDone}>
                {strings.autoRenewDone}
              </button>
            </p>
          </>
        ) : null}
        {phase === 'notEnrolled' ? (
          <>
            <p className="message message--warning">
              {strings.autoRenewNotEnrolled} {strings.autoRenewContact}
            </p>
            <p>{cancel}</p>
          </>
        ) : null}
        {phase === 'notAuthenticated' ? (
          <>
            <p className="message message--warning">{strings.autoRenewNotAuthenticated}</p>
            <p>{cancel}</p>
          </>
        ) : null}
      </div>
      {phase === 'enrolled' || phase === 'cancelling' ? (
        <>
          <p>{strings.autoRenewCancelBody}</p>
          <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <button
              type="button"
              className="btn"
              onClick={props.onConfirm}
              disabled={phase === 'cancelling'}
              aria-busy={phase === 'cancelling'}
            >
              {strings.autoRenewConfirm}
            </button>
            {cancel}
          </p>
        </>
      ) : null}
      {phase === 'loadFailed' ? (
        <p style={{ display: 'flex', gap: '0.75rem' }}>
          <button type="button" className="btn" onClick={props.onRetry}>
            {strings.retry}
          </button>
          {cancel}
        </p>
      ) : null}
    </section>
  );
}
