/**
 * Register and edit profile held to an independent transition table (issue 26; account.table.test.ts), written
 * from spec 3 §5 (identity form: names required, max 50; email required, max 254, its re-entry matching
 * case-insensitively, 'Email addresses must match.'; password required, the password rules, its re-entry
 * 'Passwords must match.'; custom fields, state required only if the country has states), §7 (POST user /
 * PUT my/user) and the brief's reading: the form loads the seller's fields (and the account for a profile), a
 * submit with an error is refused with every field's error and nothing typed lost; register creates the account
 * and then logs in with the credentials typed (done: on; refused: created, log in later); a profile saves, says
 * so and asks the session to reload the member; a refusal of the save keeps everything typed, with its message
 * (409: the address has an account).
 */
import type { AccountContext, AccountEvent, LoadAccountOutput } from '../../machines/account/types';
import type { EventSample, Table, World } from './transition-table';

type C = AccountContext;
interface Err {
  code: string;
  status?: number;
}
type E =
  | Exclude<AccountEvent, { type: `xstate.${string}` }>
  | { type: 'xstate.done.actor.loadAccount'; output: LoadAccountOutput }
  | { type: 'xstate.error.actor.loadAccount'; error: Err }
  | { type: 'xstate.done.actor.saveAccount'; output?: unknown }
  | { type: 'xstate.error.actor.saveAccount'; error: Err }
  | { type: 'xstate.done.actor.logIn'; output?: unknown }
  | { type: 'xstate.error.actor.logIn'; error: Err };
type S = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'loggingIn' | 'loggedIn' | 'created';

/* ---------------------------------------------------------------- the oracle, from spec 3 §5 */

// biome-ignore lint/suspicious/noExplicitAny: the catalogue's keys, written here as the spec's oracle
const msg = (key: string, params?: Record<string, unknown>): any => (params ? { key, params } : { key });
const t = (v: string | undefined) => (v ?? '').trim();
const STATE_COUNTRIES = ['US', 'CA'];
const asks = (c: C, key: string) => c.form.some((o) => o.key === key && !o.hidden);
const required = (c: C, key: string) => c.form.some((o) => o.key === key && o.required);
const strong = (p: string) =>
  p.length >= 8 &&
  p.length <= 254 &&
  p.trim() === p &&
  /^[\x20-\x7E]+$/.test(p) &&
  [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(p)).length >= 3;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every field's error as spec 3 §5 states it (the texts' keys are the catalogue's). */
function errorsOf(c: C): Record<string, unknown> {
  const v = c.values;
  const e: Record<string, unknown> = {};
  if (t(v.firstName) === '') e.firstName = msg('firstNameRequired');
  else if (t(v.firstName).length > 50) e.firstName = msg('firstNameTooLong', { max: 50 });
  if (t(v.lastName) === '') e.lastName = msg('lastNameRequired');
  else if (t(v.lastName).length > 50) e.lastName = msg('lastNameTooLong', { max: 50 });
  if (asks(c, 'phone') && required(c, 'phone') && t(v.phone) === '') e.phone = msg('phoneRequired');
  if ((asks(c, 'country') || asks(c, 'state')) && required(c, 'country') && t(v.country) === '')
    e.country = msg('countryRequired');
  if (asks(c, 'state') && required(c, 'state') && STATE_COUNTRIES.includes(t(v.country)) && t(v.state) === '')
    e.state = msg(t(v.country) === 'CA' ? 'provinceRequired' : 'stateRequired');
  if (c.mode === 'register') {
    if (t(v.email) === '') e.email = msg('emailRequired');
    else if (!EMAIL.test(t(v.email))) e.email = msg('emailInvalid');
    if (t(v.emailConfirm).toLowerCase() !== t(v.email).toLowerCase()) e.emailConfirm = msg('emailsMustMatch');
    const p = v.password ?? '';
    if (p === '') e.password = msg('passwordRequired');
    else if (!strong(p)) e.password = msg('invalidPassword');
    if ((v.passwordConfirm ?? '') !== p) e.passwordConfirm = msg('passwordsMustMatch');
  }
  return e;
}
const valid = (c: C) => Object.keys(errorsOf(c)).length === 0;

/** The body of POST user / PUT my/user (spec 3 §7): trimmed, the custom fields given, the password on register. */
function userOf(c: C) {
  const v = c.values;
  const details: Record<string, string> = {};
  for (const [field, key] of [
    ['phone', 'phone'],
    ['country', 'country'],
    ['state', 'state'],
  ] as const)
    if (asks(c, key) && t(v[field]) !== '') details[key] = t(v[field]);
  return {
    firstName: t(v.firstName),
    lastName: t(v.lastName),
    email: c.mode === 'register' ? t(v.email) : t(c.email ?? ''),
    ...(c.mode === 'register' ? { password: v.password ?? '' } : {}),
    ...(Object.keys(details).length ? { details } : {}),
  };
}

const saveError = (c: C, e: Err) =>
  e.code === 'email_in_use' || e.status === 409
    ? msg('registerEmailInUse', { email: t(c.values.email) })
    : msg('errorUnexpectedLater');
const withoutPasswords = (c: C) => {
  const { password: _p, passwordConfirm: _c, ...values } = c.values;
  return { values };
};

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: { entry: { calls: (c) => [{ invoke: 'loadAccount', input: { mode: c.mode } }] } },
    loadFailed: {},
    editing: {},
    saving: {
      entry: { calls: (c) => [{ invoke: 'saveAccount', input: { mode: c.mode, user: userOf(c) } }] },
    },
    loggingIn: {
      entry: {
        calls: (c) => [
          { invoke: 'logIn', input: { email: t(c.values.email), password: c.values.password ?? '' } },
        ],
      },
    },
    loggedIn: { final: true, entry: { calls: () => [{ action: 'continue' }] } },
    created: { final: true },
  },
  on: {
    'xstate.done.actor.loadAccount': {
      loading: [
        {
          target: 'editing',
          effect: (_c, e) => ({
            form: e.output.form,
            // The names and the meta of the fields the seller's form asks (nothing else of the account).
            values: e.output.member
              ? {
                  ...(e.output.member.firstName ? { firstName: e.output.member.firstName } : {}),
                  ...(e.output.member.lastName ? { lastName: e.output.member.lastName } : {}),
                  ...Object.fromEntries(
                    (['phone', 'country', 'state'] as const).flatMap((k) =>
                      e.output.form.some((o) => o.key === k) && e.output.member?.meta[k]
                        ? [[k, e.output.member.meta[k]]]
                        : [],
                    ),
                  ),
                }
              : {},
            email: e.output.member?.email ?? null,
            formError: null,
          }),
        },
      ],
    },
    'xstate.error.actor.loadAccount': {
      loading: [{ target: 'loadFailed', effect: () => ({ formError: msg('errorUnexpectedLater') }) }],
    },
    retry: { loadFailed: [{ target: 'loading', effect: () => ({ formError: null }) }] },
    'field.change': {
      editing: [
        {
          target: null,
          effect: (c, e) => {
            const { [e.name]: _gone, ...fieldErrors } = c.fieldErrors;
            const values = { ...c.values, [e.name]: e.value };
            // Another country drops a state that is not its own (spec 3 §3: the US and Canada have states).
            if (
              e.name === 'country' &&
              values.state &&
              t(e.value) !== t(c.values.country) &&
              (STATE_COUNTRIES.includes(t(e.value)) || STATE_COUNTRIES.includes(t(c.values.country)))
            )
              values.state = '';
            return { values, fieldErrors, notice: null };
          },
        },
      ],
    },
    submit: {
      editing: [
        {
          label: 'valid: saved',
          when: (c) => valid(c),
          target: 'saving',
          effect: () => ({ formError: null, fieldErrors: {}, notice: null }),
        },
        {
          label: 'refused: every error, nothing lost',
          target: null,
          effect: (c) => ({
            fieldErrors: errorsOf(c) as C['fieldErrors'],
            formError: null,
            notice: null,
            refusals: c.refusals + 1,
          }),
        },
      ],
    },
    'xstate.done.actor.saveAccount': {
      saving: [
        { label: 'register: log in', when: (c) => c.mode === 'register', target: 'loggingIn' },
        {
          label: 'profile: saved',
          target: 'editing',
          effect: () => ({ notice: msg('profileSaved') as C['notice'] }),
          calls: () => [{ action: 'reloadMember' }],
        },
      ],
    },
    'xstate.error.actor.saveAccount': {
      saving: [
        {
          target: 'editing',
          effect: (c, e) => ({
            formError: saveError(c, e.error) as C['formError'],
            refusals: c.refusals + 1,
          }),
        },
      ],
    },
    'xstate.done.actor.logIn': { loggingIn: [{ target: 'loggedIn', effect: withoutPasswords }] },
    'xstate.error.actor.logIn': { loggingIn: [{ target: 'created', effect: withoutPasswords }] },
  },
};

/* ---------------------------------------------------------------- worlds and events */

const FIELDS = [
  { key: 'phone' as const },
  { key: 'country' as const },
  { key: 'state' as const, required: true },
];
/** A context of the account flow: register with nothing typed, and `over` on top. */
export const base = (over: Partial<C>): C => ({
  mode: 'register',
  form: [],
  values: {},
  email: null,
  fieldErrors: {},
  formError: null,
  notice: null,
  refusals: 0,
  ...over,
});
const good = {
  firstName: ' Grace ',
  lastName: 'Hopper',
  email: 'grace@example.com',
  emailConfirm: 'GRACE@Example.com',
  password: 'Str0ng-pass',
  passwordConfirm: 'Str0ng-pass',
};

export const worlds: World<C>[] = [
  { name: 'register, nothing typed', context: base({}) },
  { name: 'register, all good', context: base({ values: good }) },
  {
    name: 'register, the seller’s fields, a US address without a state, an earlier error',
    context: base({
      form: FIELDS,
      values: { ...good, phone: ' 555-0100 ', country: 'US' },
      formError: msg('errorUnexpectedLater') as C['formError'],
      refusals: 2,
    }),
  },
  {
    name: 'register, emails and passwords that do not match, a weak password',
    context: base({
      values: { ...good, emailConfirm: 'other@example.com', password: 'weak', passwordConfirm: 'weaker' },
    }),
  },
  {
    name: 'register, the email typed with spaces around it',
    context: base({ values: { ...good, email: ' grace@example.com ' } }),
  },
  {
    name: 'register, a Canadian with a province',
    context: base({ form: FIELDS, values: { ...good, country: 'CA', state: 'ON' } }),
  },
  {
    name: 'profile, prefilled, saved before',
    context: base({
      mode: 'profile',
      form: FIELDS,
      email: 'ada@example.com',
      values: { firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
      notice: msg('profileSaved') as C['notice'],
    }),
  },
  {
    name: 'profile, a name cleared, an error shown',
    context: base({
      mode: 'profile',
      email: 'ada@example.com',
      values: { firstName: '', lastName: 'Lovelace' },
      fieldErrors: { firstName: msg('firstNameRequired') as never },
    }),
  },
];

const err = (code: string, status?: number): Err => (status === undefined ? { code } : { code, status });

export const events: EventSample<E>[] = [
  {
    name: 'loaded: nothing of the seller',
    event: { type: 'xstate.done.actor.loadAccount', output: { form: [], member: null } },
  },
  {
    name: 'loaded: the seller’s fields and the account',
    event: {
      type: 'xstate.done.actor.loadAccount',
      output: {
        form: FIELDS,
        member: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          meta: { phone: '555-0100', country: 'US', state: 'NY', zip_code: '10001' },
        },
      },
    },
  },
  { name: 'load failed', event: { type: 'xstate.error.actor.loadAccount', error: err('unexpected', 502) } },
  { name: 'retry', event: { type: 'retry' } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'first name typed', event: { type: 'field.change', name: 'firstName', value: 'Grace' } },
  { name: 'first name cleared', event: { type: 'field.change', name: 'firstName', value: '' } },
  { name: 'email typed', event: { type: 'field.change', name: 'email', value: 'grace@example.com' } },
  { name: 'password typed', event: { type: 'field.change', name: 'password', value: 'An0ther-pass' } },
  { name: 'country Canada', event: { type: 'field.change', name: 'country', value: 'CA' } },
  { name: 'country France', event: { type: 'field.change', name: 'country', value: 'FR' } },
  { name: 'state typed', event: { type: 'field.change', name: 'state', value: 'NY' } },
  { name: 'saved', event: { type: 'xstate.done.actor.saveAccount', output: 'identity-1' } },
  { name: 'save: 409', event: { type: 'xstate.error.actor.saveAccount', error: err('email_in_use', 409) } },
  {
    name: 'save: a 409 of another code',
    event: { type: 'xstate.error.actor.saveAccount', error: err('conflict', 409) },
  },
  {
    name: 'save: server failure',
    event: { type: 'xstate.error.actor.saveAccount', error: err('unexpected', 500) },
  },
  { name: 'logged in', event: { type: 'xstate.done.actor.logIn' } },
  { name: 'login refused', event: { type: 'xstate.error.actor.logIn', error: err('login_disabled', 403) } },
];
