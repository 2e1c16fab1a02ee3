/**
 * The login flow's independent transition table (issue 29; login.table.test.ts holds the machine to it), written
 * from spec 3 §2 "Login screen" and "Navigation rules", §4 "Login" and "Identity-provider login", §5, §8 and §9,
 * not read from the machine:
 * - the credential forms show their mode's fields (password: email and password; scan_code: member ID and a
 *   5-digit ZIP; scan_code_last_name: member ID and last name; scan_code_password: member ID, email and
 *   password); fields are trimmed and required, the email at most 100 characters, the others 50; a submit of an
 *   incomplete form stops; a valid one sets the loading state and posts the trimmed credentials;
 * - after a successful login the member is reloaded and handed to the session; a member without a real email
 *   goes on to /user/set-email-address, any other is done (the dialog closes, or the saved path);
 * - `guest_account` requests a reset email, then shows its notice; `incorrect_password` its text with a
 *   forgot-password link; a 401 the configured invalid-credentials text, else the mode's 'Member details not
 *   found…' text (member-ID modes) or the server's; anything else the generic text. 'Enable cookies and reload to
 *   login.' and 'Login is disabled' block the form;
 * - the identity provider: the button redirects (cookies off: 'Please enable cookies and try again.'; a failed
 *   start: 'Auth0 could not be initialized. Please try again.'); its callback exchanges the ID token for a login,
 *   then goes to the saved path; an invalid state goes back after 5 seconds; an external login URL is opened.
 *
 * Where the spec is silent the table follows the machine's documented reading (login.machine.ts header): the
 * password is emptied after a failure; a failure is shown until the next submit; a failed exchange of the
 * provider's token, or a failed reload after it, shows its message in the provider's failed state (its button
 * tries again); the identify-at-once of a URL prefill happens only for a complete form.
 */
import type { LoginContext, LoginEvent, LoginFieldName, LoginFields } from '../../machines/login/types';
import type { LoadedMember } from '../../machines/session/types';
import { toFlowError } from '../../machines/shared/flow-error';
import type { Message } from '../../machines/shared/messages';
import { errors, loaded, loadedNoEmail } from '../../stories/fixtures/login';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = LoginContext;
type Err = { code: string; status?: number; description?: string | null };
export const AFTER_INVALID_STATE = 'xstate.after.invalidStateDelay.login.provider.invalidState';
type ActorId =
  | 'login'
  | 'requestPasswordReset'
  | 'loadMember'
  | 'startProviderLogin'
  | 'completeProviderLogin';
type E =
  | LoginEvent
  | { [A in ActorId]: { type: `xstate.done.actor.${A}`; output?: unknown } }[ActorId]
  | { [A in ActorId]: { type: `xstate.error.actor.${A}`; error: Err } }[ActorId]
  | { type: typeof AFTER_INVALID_STATE };
type S =
  | 'starting'
  | 'disabled'
  | 'cookiesDisabled'
  | 'external'
  | 'editing'
  | 'submitting'
  | 'requestingReset'
  | 'loadingMember'
  | 'needsEmail'
  | 'loggedIn'
  | 'provider.idle'
  | 'provider.redirecting'
  | 'provider.completing'
  | 'provider.invalidState'
  | 'provider.failed';

// ---- the oracle (spec 3 §2, §5, §8, §9) ----------------------------------------------------------------------

/** §2: the fields of each credentials form. */
export const SPEC_FIELDS: Partial<Record<string, LoginFieldName[]>> = {
  password: ['email', 'password'],
  scan_code: ['memberId', 'zip'],
  scan_code_last_name: ['memberId', 'lastName'],
  scan_code_password: ['memberId', 'email', 'password'],
};
/** §9: email maxlength 100, the other login fields 50, the ZIP 5 digits. */
export const specMax = (field: LoginFieldName) => (field === 'email' ? 100 : field === 'zip' ? 5 : 50);
/** §2, §5: trimmed and required, within the limits, the ZIP of 5 digits. */
export const specValid = (method: string, fields: LoginFields) =>
  (SPEC_FIELDS[method] ?? [undefined]).every((name) => {
    if (name === undefined) return false;
    const value = fields[name].trim();
    return value !== '' && value.length <= specMax(name) && (name !== 'zip' || /^[0-9]{5}$/.test(value));
  });
/** The POST login body: the mode's fields trimmed, or the identity provider's ID token. */
function loginBody(c: C): Record<string, string> {
  if (c.jwt !== null) return { mode: 'oidc', jwt: c.jwt };
  const names = SPEC_FIELDS[c.method];
  if (!names) return { mode: 'oidc', jwt: '' };
  return { mode: c.method, ...Object.fromEntries(names.map((n) => [n, c.fields[n].trim()])) };
}
const MEMBER_NOT_FOUND: Partial<Record<string, Message>> = {
  scan_code: { key: 'memberNotFoundZip' },
  scan_code_last_name: { key: 'memberNotFoundLastName' },
  scan_code_password: { key: 'memberNotFoundEmail' },
};
/** §8: what a failed login (or reload) says. */
function failureMessage(c: C, e: Err): Message {
  if (e.code === 'guest_account') return { key: 'guestAccount' };
  if (e.code === 'incorrect_password') return { key: 'incorrectPassword' };
  if (e.code === 'too_many_attempts') return { key: 'tooManyAttempts' };
  if (e.code === 'invalid_credentials' || e.status === 401) {
    if (c.invalidCredentialsMessage?.trim())
      return { key: 'errorDescription', params: { description: c.invalidCredentialsMessage } };
    const perMode = MEMBER_NOT_FOUND[c.method];
    if (perMode) return perMode;
    if (e.description?.trim()) return { key: 'errorDescription', params: { description: e.description } };
  }
  return { key: 'errorUnexpectedLater' };
}
const shown = (c: C, e: { error: Err }): Partial<C> => ({
  failure: toFlowError(e.error),
  error: failureMessage(c, e.error),
  forgotPasswordLink: e.error.code === 'incorrect_password',
});
const noPassword = (c: C) => ({ fields: { ...c.fields, password: '' } });
const cleared = { error: null, forgotPasswordLink: false, failure: null };
const EMPTY: LoginFields = { memberId: '', email: '', password: '', zip: '', lastName: '' };

/** The failure of a login or reload: in the provider's failed state after a token exchange, else the form. */
const failed: Row<C, { type: string; error: Err }>[] = [
  { label: 'via the provider', when: (c) => c.jwt !== null, target: 'provider.failed', effect: shown },
  { target: 'editing', effect: (c, e) => ({ ...shown(c, e), ...noPassword(c) }) },
];
/** The guest-account notice once the reset email was requested (or its request failed). */
const guestNotice: Row<C, E> = {
  target: 'editing',
  effect: (c) => ({ error: { key: 'guestAccount' }, forgotPasswordLink: false, ...noPassword(c) }),
};
/** The provider's button: cookies off say so, else the redirect starts. */
const providerButton: Row<C, E>[] = [
  {
    label: 'cookies off',
    when: (c) => !c.cookiesEnabled,
    target: 'provider.failed',
    effect: () => ({ error: { key: 'providerCookies' } }),
  },
  { target: 'provider.redirecting', effect: () => cleared },
];
/** Logged in and reloaded: the member goes to the session, the fields are emptied, then on. */
function reloaded(needsEmail: boolean): Row<C, Extract<E, { type: 'xstate.done.actor.loadMember' }>> {
  return {
    target: needsEmail ? 'needsEmail' : 'loggedIn',
    effect: (_c, e) => ({ loaded: e.output as LoadedMember, fields: EMPTY }),
    calls: (c, e) => [
      ...(e.output
        ? [
            {
              action: 'memberLoggedIn',
              params: {
                session: { ...(e.output as LoadedMember), via: c.jwt !== null ? 'oidc' : 'credentials' },
              },
            },
          ]
        : []),
      needsEmail
        ? { action: 'goSetEmail' }
        : { action: 'finished', params: { returnPath: c.returnPath, callback: c.callback } },
    ],
  };
}

export const table: Table<C, E, S> = {
  initial: 'starting',
  states: {
    starting: {
      always: [
        { label: 'back from the provider', when: (c) => c.callback, target: 'provider.completing' },
        { when: (c) => c.method === 'none', target: 'disabled' },
        { when: (c) => c.method === 'external', target: 'external' },
        { when: (c) => c.method === 'oidc', target: 'provider.idle' },
        { when: (c) => !c.cookiesEnabled, target: 'cookiesDisabled' },
        {
          label: 'a complete URL identification',
          when: (c) => c.identify && specValid(c.method, c.fields),
          target: 'submitting',
        },
        { target: 'editing' },
      ],
    },
    disabled: {},
    cookiesDisabled: {},
    external: {},
    editing: {},
    submitting: { entry: { calls: (c): Call[] => [{ invoke: 'login', input: loginBody(c) }] } },
    requestingReset: {
      entry: {
        calls: (c): Call[] => [{ invoke: 'requestPasswordReset', input: { email: c.fields.email.trim() } }],
      },
    },
    loadingMember: { entry: { calls: (): Call[] => [{ invoke: 'loadMember', input: undefined }] } },
    needsEmail: { final: true },
    loggedIn: { final: true },
    'provider.idle': {},
    'provider.redirecting': {
      entry: {
        calls: (c): Call[] => [{ invoke: 'startProviderLogin', input: { returnPath: c.returnPath } }],
      },
    },
    'provider.completing': {
      entry: { calls: (): Call[] => [{ invoke: 'completeProviderLogin', input: undefined }] },
    },
    'provider.invalidState': {
      entry: { calls: (): Call[] => [{ after: 5_000, event: AFTER_INVALID_STATE }] },
    },
    'provider.failed': {},
  },
  on: {
    'login.change': {
      editing: [{ target: null, effect: (c, e) => ({ fields: { ...c.fields, [e.field]: e.value } }) }],
    },
    'login.submit': {
      editing: [
        {
          label: 'a complete form',
          when: (c) => specValid(c.method, c.fields),
          target: 'submitting',
          effect: () => cleared,
        },
      ],
      external: [{ target: null, calls: () => [{ action: 'openExternalLogin' }] }],
      'provider.idle': providerButton,
      'provider.failed': providerButton,
    },
    'xstate.done.actor.login': { submitting: [{ target: 'loadingMember' }] },
    'xstate.error.actor.login': {
      submitting: [
        {
          label: 'a guest account: the reset email first',
          when: (_c, e) => e.error.code === 'guest_account',
          target: 'requestingReset',
          effect: (_c, e) => ({ failure: toFlowError(e.error) }),
        },
        ...failed,
      ],
    },
    'xstate.done.actor.requestPasswordReset': { requestingReset: [guestNotice] },
    'xstate.error.actor.requestPasswordReset': { requestingReset: [guestNotice] },
    'xstate.done.actor.loadMember': {
      loadingMember: [
        {
          ...reloaded(true),
          label: 'no real email',
          when: (_c, e) => (e.output as LoadedMember | undefined)?.member.needsEmail === true,
        },
        reloaded(false),
      ],
    },
    'xstate.error.actor.loadMember': { loadingMember: failed },
    'xstate.done.actor.startProviderLogin': {},
    'xstate.error.actor.startProviderLogin': {
      'provider.redirecting': [
        { target: 'provider.failed', effect: () => ({ error: { key: 'providerInitFailed' } }) },
      ],
    },
    'xstate.done.actor.completeProviderLogin': {
      'provider.completing': [
        {
          target: 'submitting',
          effect: (_c, e) => {
            const out = e.output as { jwt: string; returnPath: string };
            return { jwt: out.jwt, returnPath: out.returnPath };
          },
        },
      ],
    },
    'xstate.error.actor.completeProviderLogin': {
      'provider.completing': [
        {
          when: (_c, e) => e.error.code === 'provider_invalid_state',
          target: 'provider.invalidState',
          effect: (_c, e) => ({ failure: toFlowError(e.error) }),
        },
        {
          when: (_c, e) => e.error.code === 'cookies_disabled',
          target: 'provider.failed',
          effect: () => ({ error: { key: 'providerCookies' } }),
        },
        { target: 'provider.failed', effect: () => ({ error: { key: 'providerInitFailed' } }) },
      ],
    },
    [AFTER_INVALID_STATE]: {
      'provider.invalidState': [
        {
          target: 'provider.failed',
          effect: () => ({ error: { key: 'providerInitFailed' } }),
          calls: () => [{ action: 'goBack' }],
        },
      ],
    },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------------

export const base: C = {
  method: 'password',
  invalidCredentialsMessage: null,
  cookiesEnabled: true,
  identify: false,
  callback: false,
  fields: EMPTY,
  error: null,
  forgotPasswordLink: false,
  failure: null,
  returnPath: '/events',
  jwt: null,
  loaded: null,
};
const fields = (over: Partial<LoginFields>): LoginFields => ({ ...EMPTY, ...over });
const world = (name: string, over: Partial<C>): World<C> => ({ name, context: { ...base, ...over } });
const EMAIL_100 = `${'a'.repeat(88)}@example.com`;

export const worlds: World<C>[] = [
  world('password, filled (spaces around)', {
    fields: fields({ email: ' ada.member@example.com ', password: ' Museum-Pass1 ' }),
  }),
  world('password, a blank password, a wrong-password failure shown', {
    fields: fields({ email: 'ada.member@example.com', password: '   ' }),
    error: { key: 'incorrectPassword' },
    forgotPasswordLink: true,
    failure: toFlowError(errors.incorrectPassword),
  }),
  world('password, a 50-character password', {
    fields: fields({ email: 'a@b.co', password: 'p'.repeat(50) }),
  }),
  world('password, a 51-character password', {
    fields: fields({ email: 'a@b.co', password: 'p'.repeat(51) }),
  }),
  world('password, only another mode’s fields', { fields: fields({ memberId: '200002', zip: '10024' }) }),
  world('scan_code, valid (spaces around)', {
    method: 'scan_code',
    fields: fields({ memberId: ' 200002 ', zip: ' 10024 ' }),
  }),
  world('scan_code, a 4-digit ZIP', {
    method: 'scan_code',
    fields: fields({ memberId: '200002', zip: '1002' }),
  }),
  world('scan_code, a 6-digit ZIP', {
    method: 'scan_code',
    fields: fields({ memberId: '200002', zip: '100245' }),
  }),
  world('scan_code, a letter in the ZIP', {
    method: 'scan_code',
    fields: fields({ memberId: '200002', zip: '1002a' }),
  }),
  world('scan_code_last_name, a 50-character member ID, a configured text', {
    method: 'scan_code_last_name',
    invalidCredentialsMessage: 'Sorry, we do not know you.',
    fields: fields({ memberId: 'm'.repeat(50), lastName: ' Curie' }),
  }),
  world('scan_code_last_name, a 51-character member ID', {
    method: 'scan_code_last_name',
    fields: fields({ memberId: 'm'.repeat(51), lastName: 'Curie' }),
  }),
  world('scan_code_password, a 100-character email', {
    method: 'scan_code_password',
    fields: fields({ memberId: '200002', email: EMAIL_100, password: 'pw' }),
  }),
  world('scan_code_password, a 101-character email', {
    method: 'scan_code_password',
    fields: fields({ memberId: '200002', email: `a${EMAIL_100}`, password: 'pw' }),
  }),
  world('scan_code_password, no password', {
    method: 'scan_code_password',
    fields: fields({ memberId: '200002', email: 'a@b.co' }),
  }),
  world('password, cookies off, filled', {
    cookiesEnabled: false,
    fields: fields({ email: 'a@b.co', password: 'pw' }),
  }),
  world('identity provider, cookies off', { method: 'oidc', cookiesEnabled: false }),
  world('identity provider, back with a token, a failure shown', {
    method: 'oidc',
    callback: true,
    jwt: 'id.token.sig',
    returnPath: '/events/e1',
    error: { key: 'providerInitFailed' },
  }),
  world('identity provider, back from it, nothing yet', {
    method: 'oidc',
    callback: true,
    returnPath: '/my-account',
  }),
  world('external login URL', { method: 'external' }),
  world('login disabled', { method: 'none' }),
];

const done = (id: ActorId, name: string, output?: unknown): EventSample<E> => ({
  name,
  event: { type: `xstate.done.actor.${id}`, output } as E,
});
const error = (id: ActorId, name: string, e: Err): EventSample<E> => ({
  name,
  event: { type: `xstate.error.actor.${id}`, error: e } as E,
});

export const events: EventSample<E>[] = [
  { name: 'type a member ID', event: { type: 'login.change', field: 'memberId', value: ' 300003' } },
  { name: 'type an email', event: { type: 'login.change', field: 'email', value: 'grace@example.com ' } },
  { name: 'clear the password', event: { type: 'login.change', field: 'password', value: '' } },
  { name: 'type a ZIP', event: { type: 'login.change', field: 'zip', value: '02139' } },
  { name: 'type a last name', event: { type: 'login.change', field: 'lastName', value: 'Hopper' } },
  { name: 'submit', event: { type: 'login.submit' } },
  done('login', 'logged in', { member: loaded.member, sessionExpiresAt: null }),
  error('login', 'a guest account', errors.guestAccount),
  error('login', 'a wrong password', errors.incorrectPassword),
  error('login', 'invalid credentials (401)', errors.invalidCredentials),
  error('login', 'invalid credentials, no description', {
    code: 'invalid_credentials',
    status: 400,
    description: null,
  }),
  error('login', 'login required (401)', errors.noSession),
  error('login', 'too many attempts', errors.tooMany),
  error('login', 'unexpected', errors.unexpected),
  done('requestPasswordReset', 'reset email requested'),
  error('requestPasswordReset', 'reset request failed', errors.unexpected),
  done('loadMember', 'member reloaded', loaded),
  done('loadMember', 'member reloaded, no real email', loadedNoEmail),
  done('loadMember', 'reload answered nothing'),
  error('loadMember', 'reload refused (401)', errors.noSession),
  error('loadMember', 'reload failed', errors.unexpected),
  done('startProviderLogin', 'redirect started'),
  error('startProviderLogin', 'provider could not start', errors.providerDown),
  done('completeProviderLogin', 'provider token', { jwt: 'new.token.sig', returnPath: '/events/e2' }),
  error('completeProviderLogin', 'invalid provider state', errors.invalidState),
  error('completeProviderLogin', 'provider: cookies off', errors.cookies),
  error('completeProviderLogin', 'provider unavailable', errors.providerDown),
  { name: '5 s after an invalid state', event: { type: AFTER_INVALID_STATE } },
];
