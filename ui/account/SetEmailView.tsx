import './strings';
import type { SetEmailCallbacks, SetEmailView as SetEmailModel } from '../../machines/setEmail/view';
import { useRefusalFocus } from '../form-validity';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import { Field } from './Field';

/**
 * The flow's view model (machines/setEmail/view.ts; `sentTo`: the new address a confirmation link went to, the
 * page says to check the inbox), its field errors as the page shows them, and the callbacks.
 */
export interface SetEmailViewProps
  extends Pick<
      SetEmailModel,
      'email' | 'confirm' | 'maxLength' | 'formError' | 'errorVersion' | 'submitting' | 'sentTo'
    >,
    SetEmailCallbacks {
  strings: Strings;
  emailError: UiMessage | null;
  confirmError: UiMessage | null;
}

/** 'Update Email address': the new email and its re-entry, 'Update & Continue'. */
export function SetEmailView(props: SetEmailViewProps) {
  const { strings } = props;
  const { formRef, messageRef } = useRefusalFocus(props.errorVersion);
  const message = (m: UiMessage | null) => (m ? resolveMessage(strings, m) : null);
  if (props.sentTo !== null)
    return (
      <section className="account-page" aria-labelledby="set-email-title" style={{ maxWidth: '36rem' }}>
        <h1 id="set-email-title">{strings.updateEmailTitle}</h1>
        <h2>{strings.setEmailSentTitle}</h2>
        <p role="status">{fill(strings.setEmailSent, { email: props.sentTo })}</p>
        <button className="btn" type="button" onClick={props.onContinue}>
          {strings.accountContinue}
        </button>
      </section>
    );
  return (
    <section className="account-page" aria-labelledby="set-email-title" style={{ maxWidth: '36rem' }}>
      <h1 id="set-email-title">{strings.updateEmailTitle}</h1>
      <form
        ref={formRef}
        noValidate
        aria-labelledby="set-email-title"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        {props.formError ? (
          <p ref={messageRef} className="message message--error" role="alert" tabIndex={-1}>
            {message(props.formError)}
          </p>
        ) : null}
        <Field
          id="set-email-email"
          label={strings.newEmail}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={props.maxLength}
          value={props.email}
          error={message(props.emailError)}
          onValueChange={props.onEmailChange}
        />
        <div style={{ height: '1rem' }} />
        <Field
          id="set-email-confirm"
          label={strings.reenterEmail}
          type="email"
          name="email-confirm"
          autoComplete="email"
          required
          maxLength={props.maxLength}
          value={props.confirm}
          error={message(props.confirmError)}
          onValueChange={props.onConfirmChange}
        />
        <p style={{ marginTop: '1rem' }}>
          <button className="btn" type="submit" aria-busy={props.submitting} disabled={props.submitting}>
            {props.submitting ? strings.saving : strings.updateAndContinue}
          </button>
        </p>
      </form>
    </section>
  );
}
