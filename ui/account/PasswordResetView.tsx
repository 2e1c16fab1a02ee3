import './strings';
import type {
  PasswordRequirementKey,
  PasswordResetCallbacks,
  PasswordResetView as PasswordResetModel,
} from '../../machines/passwordReset/view';
import { AppLink, type Navigate } from '../AppLink';
import { useRefusalFocus } from '../form-validity';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import * as Shell from './FormShell';

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
  const refs = useRefusalFocus(props.errorVersion);
  const message = (m: UiMessage | null) => (m ? resolveMessage(strings, m) : null);
  const titleId = 'reset-title';

  if (props.stage === 'loading')
    return <Shell.Loading titleId={titleId} title={strings.createNewPassword} text={strings.loading} />;
  if (props.stage === 'loadFailed')
    return (
      <Shell.LoadFailed
        titleId={titleId}
        title={strings.createNewPassword}
        message={message(props.formError)}
        retryText={strings.tryAgain}
        onRetry={props.onRetry}
      />
    );
  if (props.stage === 'invalidLink')
    return (
      <Shell.Page titleId={titleId} title={strings.invalidResetLink}>
        <p>{strings.resetLinkInvalid}</p>
        <p>
          <AppLink className="btn" href={props.forgotPasswordHref} onNavigate={props.onNavigate}>
            {strings.sendAnotherResetLink}
          </AppLink>
        </p>
      </Shell.Page>
    );
  if (props.stage === 'updated')
    return (
      <Shell.Done
        titleId={titleId}
        title={strings.passwordUpdated}
        status={strings.passwordUpdatedText}
        action={{ label: strings.loginButton, onClick: props.onLogin }}
      />
    );
  return (
    <Shell.Page titleId={titleId} title={strings.createNewPassword} narrow>
      {props.email ? <p>{fill(strings.resetFor, { email: props.email })}</p> : null}
      <Shell.Form refs={refs} labelledBy={titleId} error={message(props.formError)} onSubmit={props.onSubmit}>
        {/* The account's email for password managers (not shown). */}
        <input type="hidden" name="username" autoComplete="username" value={props.email ?? ''} readOnly />
        <Shell.NewPasswordField
          id="reset-password"
          label={strings.newPassword}
          name="new-password"
          maxLength={props.maxLength}
          value={props.password}
          error={message(props.passwordError)}
          describedBy="reset-requirements"
          onValueChange={props.onPasswordChange}
          onBlur={props.onPasswordBlur}
        />
        <Shell.PasswordRequirements id="reset-requirements" title={strings.passwordRequirements}>
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
        </Shell.PasswordRequirements>
        <Shell.NewPasswordField
          id="reset-confirm"
          label={strings.confirmPassword}
          name="confirm-password"
          maxLength={props.maxLength}
          value={props.confirm}
          error={message(props.confirmError)}
          onValueChange={props.onConfirmChange}
        />
        <Shell.SubmitRow busy={props.submitting} label={strings.savePassword} busyLabel={strings.saving} />
      </Shell.Form>
    </Shell.Page>
  );
}
