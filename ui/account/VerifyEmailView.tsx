import './strings';
import type { VerifyEmailView as VerifyEmailModel } from '../../machines/verifyEmail/view';
import { AppLink, type Navigate } from '../AppLink';
import { resolveMessage, type Strings, type UiMessage } from '../strings';

/** The flow's view model (machines/verifyEmail/view.ts: stage and error), where to go next, and the retry. */
export interface VerifyEmailViewProps extends VerifyEmailModel {
  strings: Strings;
  /** Where to ask for another link (the set-email page) and where to go on (home). */
  setEmailHref: string;
  homeHref: string;
  onNavigate: Navigate;
  onRetry: () => void;
}

/** Verify email address: 'Confirming your email address…', then confirmed, an invalid link or a refusal. */
export function VerifyEmailView(props: VerifyEmailViewProps) {
  const { strings } = props;
  const message = (m: UiMessage | null) => (m ? resolveMessage(strings, m) : null);
  if (props.stage === 'verifying')
    return (
      <section className="account-page" aria-labelledby="verify-title" aria-busy="true">
        <h1 id="verify-title">{strings.verifyEmailTitle}</h1>
        <p role="status">{strings.verifyingEmail}</p>
      </section>
    );
  if (props.stage === 'verified' || props.stage === 'invalidLink') {
    // Confirmed: on to home; an invalid link: ask for another one (the set-email page).
    const verified = props.stage === 'verified';
    return (
      <section className="account-page" aria-labelledby="verify-title">
        <h1 id="verify-title">{verified ? strings.emailVerified : strings.invalidVerifyLink}</h1>
        <p role="status">{verified ? strings.emailVerifiedText : strings.verifyLinkInvalid}</p>
        <p>
          <AppLink
            className="btn"
            href={verified ? props.homeHref : props.setEmailHref}
            onNavigate={props.onNavigate}
          >
            {verified ? strings.accountContinue : strings.verifyAgain}
          </AppLink>
        </p>
      </section>
    );
  }
  return (
    <section className="account-page" aria-labelledby="verify-title">
      <h1 id="verify-title">{strings.verifyEmailTitle}</h1>
      <p className="message message--error" role="alert">
        {message(props.formError)}
      </p>
      {props.stage === 'failed' ? (
        <button className="btn" type="button" onClick={props.onRetry}>
          {strings.tryAgain}
        </button>
      ) : null}
    </section>
  );
}
