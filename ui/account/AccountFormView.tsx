import './strings';
import '../checkout/strings';
import type { AccountCallbacks, AccountView } from '../../machines/account/view';
import { AppLink, type Navigate } from '../AppLink';
import { type AddressInputSlot, IdentityInput } from '../checkout/IdentityInput';
import { useRefusalFocus } from '../form-validity';
import { fill, resolveMessage, type Strings, type UiMessage } from '../strings';
import { Field } from './Field';

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
  const { formRef, messageRef } = useRefusalFocus(props.errorVersion);
  const message = (m: UiMessage | null | undefined) => (m ? resolveMessage(strings, m) : null);
  const register = props.mode === 'register';
  const titleId = register ? 'register-title' : 'profile-title';
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const title = (
    <Heading id={titleId}>
      {props.stage === 'created'
        ? strings.registerCreatedTitle
        : register
          ? strings.registerTitle
          : strings.profileTitle}
    </Heading>
  );

  if (props.stage === 'loading')
    return (
      <section className="account-page" aria-labelledby={titleId} aria-busy="true">
        {title}
        <p role="status">{strings.loading}</p>
      </section>
    );
  if (props.stage === 'loadFailed')
    return (
      <section className="account-page" aria-labelledby={titleId}>
        {title}
        <p className="message message--error" role="alert">
          {message(props.formError)}
        </p>
        <button className="btn" type="button" onClick={props.onRetry}>
          {strings.tryAgain}
        </button>
      </section>
    );
  if (props.stage === 'created')
    return (
      <section className="account-page" aria-labelledby={titleId} style={{ maxWidth: '36rem' }}>
        {title}
        <p role="status">{fill(strings.registerCreated, { email: props.createdEmail ?? '' })}</p>
        <button className="btn" type="button" onClick={props.onLogin}>
          {strings.logIn}
        </button>
      </section>
    );
  return (
    <section className="account-page" aria-labelledby={titleId} style={{ maxWidth: '36rem' }}>
      {title}
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
      <form
        ref={formRef}
        noValidate
        aria-labelledby={titleId}
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
        <p className="message message--success" role="status" hidden={props.notice === null}>
          {message(props.notice)}
        </p>
        <div className="form-grid">
          {props.fields.map((f) => (
            <IdentityInput
              key={f.name}
              field={f}
              strings={strings}
              value={values[f.name] ?? ''}
              error={fieldErrors[f.name]}
              onChange={(value) => props.onFieldChange(f.name, value)}
              onFocus={() => {}}
              addressInput={f.name === 'address' ? props.addressInput : undefined}
            />
          ))}
        </div>
        {register ? (
          <>
            <Field
              id="register-password"
              label={strings.registerPassword}
              type="password"
              name="new-password"
              autoComplete="new-password"
              required
              maxLength={props.passwordMaxLength}
              value={values.password ?? ''}
              error={message(fieldErrors.password)}
              describedBy="register-requirements"
              onValueChange={(value) => props.onFieldChange('password', value)}
            />
            <div id="register-requirements" className="field__hint" style={{ margin: '0.5rem 0 1rem' }}>
              <p style={{ margin: 0 }}>{strings.passwordRequirements}</p>
              <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
                {REQUIREMENTS.map((key) => (
                  <li key={key}>{strings[key]}</li>
                ))}
              </ul>
            </div>
            <Field
              id="register-password-confirm"
              label={strings.registerPasswordConfirm}
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              required
              maxLength={props.passwordMaxLength}
              value={values.passwordConfirm ?? ''}
              error={message(fieldErrors.passwordConfirm)}
              onValueChange={(value) => props.onFieldChange('passwordConfirm', value)}
            />
          </>
        ) : null}
        <button className="btn" type="submit" disabled={props.submitting} aria-busy={props.submitting}>
          {register ? strings.registerSubmit : strings.profileSubmit}
        </button>
      </form>
    </section>
  );
}
