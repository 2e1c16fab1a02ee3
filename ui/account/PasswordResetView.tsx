import './strings';
import type {
  PasswordRequirementKey,
  PasswordResetCallbacks,
  PasswordResetView as PasswordResetModel,
} from '../../machines/passwordReset/view';
import { AppLink, type Navigate } from '../AppLink';
import { useRefusalFocus } from '../form-validity';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import { Field } from './Field';

/** The flow's view model (machines/passwordReset/view.ts), its requirements and field errors as the page shows them. */
export interface PasswordResetViewProps
  extends Pick<
      PasswordResetModel,
      'stage' | 'email' | 'password' | 'confirm' | 'maxLength' | 'formError' | 'errorVersion' | 'submitting'
    >,
    PasswordResetCallbacks {
  strings: Strings;
  requirements: { key: PasswordRequirementKey; met: boolean }[];
  passwordError: UiMessage | null;
  confirmError: UiMessage | null;
  forgotPasswordHref: string;
  onNavigate: Navigate;
  /** 'Login' after the password was updated. */
  onLogin: () => void;
}

/** Reset password: 'Create New Password', then 'Password Updated' or 'Invalid Reset Link'. */
export function PasswordResetView(props: PasswordResetViewProps) {
  const { strings } = props;
  const { formRef, messageRef } = useRefusalFocus(props.errorVersion);
  const message = (m: UiMessage | null) => (m ? resolveMessage(strings, m) : null);

  if (props.stage === 'loading') {
    return (
      <section className="account-page" aria-labelledby="reset-title" aria-busy="true">
        <h1 id="reset-title">{strings.createNewPassword}</h1>
        <p role="status">{strings.loading}</p>
      </section>
    );
  }
  if (props.stage === 'loadFailed') {
    return (
      <section className="account-page" aria-labelledby="reset-title">
        <h1 id="reset-title">{strings.createNewPassword}</h1>
        <p className="message message--error" role="alert">
          {message(props.formError)}
        </p>
        <button className="btn" type="button" onClick={props.onRetry}>
          {strings.tryAgain}
        </button>
      </section>
    );
  }
  if (props.stage === 'invalidLink') {
    return (
      <section className="account-page" aria-labelledby="reset-title">
        <h1 id="reset-title">{strings.invalidResetLink}</h1>
        <p>{strings.resetLinkInvalid}</p>
        <p>
          <AppLink className="btn" href={props.forgotPasswordHref} onNavigate={props.onNavigate}>
            {strings.sendAnotherResetLink}
          </AppLink>
        </p>
      </section>
    );
  }
  if (props.stage === 'updated') {
    return (
      <section className="account-page" aria-labelledby="reset-title">
        <h1 id="reset-title">{strings.passwordUpdated}</h1>
        <p role="status">{strings.passwordUpdatedText}</p>
        <button className="btn" type="button" onClick={props.onLogin}>
          {strings.loginButton}
        </button>
      </section>
    );
  }
  return (
    <section className="account-page" aria-labelledby="reset-title" style={{ maxWidth: '36rem' }}>
      <h1 id="reset-title">{strings.createNewPassword}</h1>
      {props.email ? <p>{fill(strings.resetFor, { email: props.email })}</p> : null}
      <form
        ref={formRef}
        noValidate
        aria-labelledby="reset-title"
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
        {/* The account's email for password managers (not shown). */}
        <input type="hidden" name="username" autoComplete="username" value={props.email ?? ''} readOnly />
        <Field
          id="reset-password"
          label={strings.newPassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          maxLength={props.maxLength}
          value={props.password}
          error={message(props.passwordError)}
          describedBy="reset-requirements"
          onValueChange={props.onPasswordChange}
          onBlur={props.onPasswordBlur}
        />
        <div id="reset-requirements" className="field__hint" style={{ margin: '0.5rem 0 1rem' }}>
          <p style={{ margin: 0 }}>{strings.passwordRequirements}</p>
          <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
            {props.requirements.map((r) => (
              <li key={r.key}>
                <span aria-hidden="true">{r.met ? '✓ ' : '• '}</span>
                {strings[r.key]}
                <span className="visually-hidden">
                  {' '}
                  ({r.met ? strings.requirementMet : strings.requirementNotMet})
                </span>
              </li>
            ))}
          </ul>
        </div>
        <Field
          id="reset-confirm"
          label={strings.confirmPassword}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          maxLength={props.maxLength}
          value={props.confirm}
          error={message(props.confirmError)}
          onValueChange={props.onConfirmChange}
        />
        <p style={{ marginTop: '1rem' }}>
          <button className="btn" type="submit" aria-busy={props.submitting} disabled={props.submitting}>
            {props.submitting ? strings.saving : strings.savePassword}
          </button>
        </p>
      </form>
    </section>
  );
}
