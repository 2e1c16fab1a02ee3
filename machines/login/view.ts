/** View model of the login flow: snapshot -> what the login form (dialog or my-account page) shows. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { loginMachine } from './login.machine';
import { FIELDS_BY_MODE, isFormMode, maxLengthOf, ZIP_PATTERN } from './rules';
import type { LoginFieldName } from './types';

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export interface LoginFieldView {
  name: LoginFieldName;
  value: string;
  type: 'text' | 'email' | 'password';
  maxLength: number;
  /** A native pattern (the ZIP's 5 digits), or null. */
  pattern: string | null;
  autoComplete: string;
  inputMode: 'numeric' | 'email' | 'text';
}

export interface LoginView {
  /** What the flow shows: the credentials form, a provider or external button, or a blocking message. */
  kind: 'form' | 'provider' | 'external' | 'completing' | 'blocked' | 'done';
  fields: LoginFieldView[];
  /** A request is running: the submit button is busy and the fields are read-only. */
  busy: boolean;
  /** The failure or notice to show (an alert), or null. */
  error: Message | null;
  /** A blocking message instead of the form ('Login is disabled', cookies off), or null. */
  blocked: Message | { key: 'loginDisabled' } | null;
  /** The wrong-password message comes with a forgot-password link. */
  forgotPasswordLink: boolean;
  /** The form shows the forgot-password and forgot-membership links. */
  helpLinks: boolean;
}

const FIELD_TYPE: Record<LoginFieldName, LoginFieldView['type']> = {
  memberId: 'text',
  email: 'email',
  password: 'password',
  zip: 'text',
  lastName: 'text',
};
const AUTOCOMPLETE: Record<LoginFieldName, string> = {
  memberId: 'username',
  email: 'email',
  password: 'current-password',
  zip: 'postal-code',
  lastName: 'family-name',
};

function kindOf(s: LoginSnapshot): LoginView['kind'] {
  if (s.matches('disabled') || s.matches('cookiesDisabled')) return 'blocked';
  if (s.matches('external')) return 'external';
  if (s.matches({ provider: 'completing' }) || s.matches({ provider: 'invalidState' })) return 'completing';
  if (s.context.callback && !s.matches('provider')) return s.status === 'done' ? 'done' : 'completing';
  if (s.matches('provider')) return 'provider';
  if (s.status === 'done') return 'done';
  return 'form';
}

export function selectLoginView(s: LoginSnapshot): LoginView {
  const { context } = s;
  const kind = kindOf(s);
  const names = isFormMode(context.method) ? FIELDS_BY_MODE[context.method] : [];
  const fields = names.map(
    (name): LoginFieldView => ({
      name,
      value: context.fields[name],
      type: FIELD_TYPE[name],
      maxLength: maxLengthOf(name),
      pattern: name === 'zip' ? ZIP_PATTERN : null,
      autoComplete: AUTOCOMPLETE[name],
      inputMode: name === 'zip' ? 'numeric' : name === 'email' ? 'email' : 'text',
    }),
  );
  const busy =
    s.matches('submitting') ||
    s.matches('requestingReset') ||
    s.matches('loadingMember') ||
    s.matches({ provider: 'redirecting' });
  const error = s.matches({ provider: 'invalidState' })
    ? { key: 'providerInvalidState' as const }
    : context.error;
  return {
    kind,
    fields,
    busy,
    error,
    blocked: s.matches('disabled')
      ? { key: 'loginDisabled' }
      : s.matches('cookiesDisabled')
        ? { key: 'loginCookiesDisabled' }
        : null,
    forgotPasswordLink: context.forgotPasswordLink,
    helpLinks: kind === 'form',
  };
}
