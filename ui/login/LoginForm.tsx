import './strings';
import { useId } from 'react';
import type { LoginFieldView, LoginView } from '../../machines/login/view';
import { AppLink, type Navigate } from '../AppLink';
import { clearFieldValidity, validateBeforeSubmit } from '../form-validity';
import { resolveMessage, type StringKey, type Strings } from '../strings';

/** One credential field as the login flow's view model offers it (machines/login/view.ts). */
export type LoginFieldProps = LoginFieldView;

/** The login flow's view model (machines/login/view.ts), where the form goes, and its callbacks. */
export interface LoginFormProps extends LoginView {
  strings: Strings;
  /** The form's accessible name (the heading above it). */
  label: string;
  forgotPasswordHref: string;
  forgotMembershipHref: string;
  onNavigate: Navigate;
  onChange: (name: LoginFieldProps['name'], value: string) => void;
  onSubmit: () => void;
}

const LABEL: Record<LoginFieldProps['name'], StringKey> = {
  memberId: 'memberId',
  email: 'email',
  password: 'password',
  zip: 'zipCode',
  lastName: 'lastName',
};

/**
 * The login form of every login method: the credential fields (native validity: required, maxlength, the
 * ZIP's pattern), the provider's or the external login's button, or the message that blocks it; the failure
 * in an alert (with a forgot-password link after a wrong password); links to forgot password and membership.
 */
export function LoginForm(props: LoginFormProps) {
  const { strings } = props;
  const id = useId();
  if (props.kind === 'blocked' && props.blocked) {
    return <p className="message message--warning">{resolveMessage(strings, props.blocked)}</p>;
  }
  const error = props.error ? (
    <p className="message message--error" role="alert">
      {resolveMessage(strings, props.error)}
      {props.forgotPasswordLink ? (
        <>
          {' '}
          <AppLink href={props.forgotPasswordHref} onNavigate={props.onNavigate}>
            {strings.forgotPassword}
          </AppLink>
        </>
      ) : null}
    </p>
  ) : null;
  if (props.kind === 'completing' || props.kind === 'done') {
    return (
      <div>
        <p role="status">{props.error ? null : strings.providerCompleting}</p>
        {error}
      </div>
    );
  }
  return (
    <form
      className="login-form"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        if (validateBeforeSubmit(e.currentTarget, strings.inputEmpty)) props.onSubmit();
      }}
    >
      {error}
      {props.kind === 'form'
        ? props.fields.map((f) => (
            <div className="field" key={f.name}>
              <label htmlFor={`${id}-${f.name}`}>{strings[LABEL[f.name]]}</label>
              <input
                id={`${id}-${f.name}`}
                name={f.name}
                type={f.type}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                maxLength={f.maxLength}
                pattern={f.pattern ?? undefined}
                required
                readOnly={props.busy}
                value={f.value}
                onChange={(e) => {
                  clearFieldValidity(e.currentTarget);
                  props.onChange(f.name, e.target.value);
                }}
              />
            </div>
          ))
        : null}
      <button className="btn" type="submit" disabled={props.busy} aria-busy={props.busy}>
        {props.busy ? strings.loggingIn : strings.logIn}
      </button>
      {props.helpLinks ? (
        <ul className="login-form__links">
          <li>
            <AppLink href={props.forgotPasswordHref} onNavigate={props.onNavigate}>
              {strings.forgotPassword}
            </AppLink>
          </li>
          <li>
            <AppLink href={props.forgotMembershipHref} onNavigate={props.onNavigate}>
              {strings.forgotMembership}
            </AppLink>
          </li>
        </ul>
      ) : null}
    </form>
  );
}
