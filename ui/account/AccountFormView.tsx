import './strings';
import '../checkout/strings';
import type { AccountCallbacks, AccountView } from '../../machines/account/view';
import { AppLink, type Navigate } from '../AppLink';
import { type AddressInputSlot, IdentityFields } from '../checkout/IdentityInput';
import { useRefusalFocus } from '../form-validity';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import * as Shell from './FormShell';

/** The flow's view model (machines/account/view.ts) and callbacks, with what only the route knows. */
export interface AccountFormViewProps
  extends Pick<
      AccountView,
      | 'mode'
      | 'stage'
      | 'fields'
      | 'values'
      | 'passwordMaxLength'
      | 'email'
      | 'formError'
      | 'notice'
      | 'errorVersion'
      | 'submitting'
      | 'createdEmail'
    >,
    AccountCallbacks {
  strings: Strings;
  fieldErrors: Partial<Record<keyof AccountView['values'], UiMessage>>;
  /** Register's heading is the page's (h1); the profile's sits under 'My account' (h2). */
  headingLevel: 1 | 2;
  /** The address field's lookup (as at checkout), or nothing: a plain field. */
  addressInput?: AddressInputSlot;
  /** Register: 'Log in' (the login dialog). */
  onLogin: () => void;
  /** Profile: where the email changes (the set-email page). */
  setEmailHref: string;
  onNavigate: Navigate;
}

const REQUIREMENTS = [
  'requirementLength',
  'requirementNoEdgeSpace',
  'requirementPrintableAscii',
  'requirementThreeClasses',
] as const;

/**
 * Register ('Create an account': names, email and its re-entry, the seller's custom identity fields, password and
 * its re-entry) and edit profile ('My profile': the names and the seller's fields; the email shown, changed on its
 * own page). Field errors under their fields, the form's message on top; nothing typed is lost on a refusal.
 */
export function AccountFormView(props: AccountFormViewProps) {
  const { strings, values, fieldErrors } = props;
  const refs = useRefusalFocus(props.errorVersion);
  const message = (m: UiMessage | null | undefined) => (m ? resolveMessage(strings, m) : null);
  const register = props.mode === 'register';
  const page = {
    titleId: register ? 'register-title' : 'profile-title',
    level: props.headingLevel,
    title:
      props.stage === 'created'
        ? strings.registerCreatedTitle
        : register
          ? strings.registerTitle
          : strings.profileTitle,
  };

  if (props.stage === 'loading') return <Shell.Loading {...page} text={strings.loading} />;
  if (props.stage === 'loadFailed')
    return (
      <Shell.LoadFailed
        {...page}
        message={message(props.formError)}
        retryText={strings.tryAgain}
        onRetry={props.onRetry}
      />
    );
  if (props.stage === 'created')
    return (
      <Shell.Done
        {...page}
        narrow
        status={fill(strings.registerCreated, { email: props.createdEmail ?? '' })}
        action={{ label: strings.logIn, onClick: props.onLogin }}
      />
    );
  return (
    <Shell.Page {...page} narrow>
      {register ? (
        <p>
          {strings.registerIntro}{' '}
          <button type="button" className="link-button" onClick={props.onLogin}>
            {strings.logIn}
          </button>
        </p>
      ) : (
        <p>
          {props.email ? `${fill(strings.profileEmail, { email: props.email })} ` : null}
          <AppLink href={props.setEmailHref} onNavigate={props.onNavigate}>
            {strings.profileChangeEmail}
          </AppLink>
        </p>
      )}
      <Shell.Form
        refs={refs}
        labelledBy={page.titleId}
        error={message(props.formError)}
        onSubmit={props.onSubmit}
      >
        <p className="message message--success" role="status" hidden={props.notice === null}>
          {message(props.notice)}
        </p>
        <IdentityFields {...props} />
        {register ? (
          <>
            <Shell.NewPasswordField
              id="register-password"
              label={strings.registerPassword}
              name="new-password"
              maxLength={props.passwordMaxLength}
              value={values.password ?? ''}
              error={message(fieldErrors.password)}
              describedBy="register-requirements"
              onValueChange={(value) => props.onFieldChange('password', value)}
            />
            <Shell.PasswordRequirements id="register-requirements" title={strings.passwordRequirements}>
              {REQUIREMENTS.map((key) => (
                <li key={key}>{strings[key]}</li>
              ))}
            </Shell.PasswordRequirements>
            <Shell.NewPasswordField
              id="register-password-confirm"
              label={strings.registerPasswordConfirm}
              name="confirm-password"
              maxLength={props.passwordMaxLength}
              value={values.passwordConfirm ?? ''}
              error={message(fieldErrors.passwordConfirm)}
              onValueChange={(value) => props.onFieldChange('passwordConfirm', value)}
            />
          </>
        ) : null}
        <Shell.Submit busy={props.submitting}>
          {register ? strings.registerSubmit : strings.profileSubmit}
        </Shell.Submit>
      </Shell.Form>
    </Shell.Page>
  );
}
