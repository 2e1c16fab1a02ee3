/**
 * The login form's rules and view model (spec 3 §2 "Login screen" and "Navigation rules", §5, §9): the fields of
 * each mode with their limits, trimmed and required (fast-check over any text), the credentials sent, the URL's
 * login keys and prefill, and what the form shows in every state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/login/login.machine';
import {
  credentialsOf,
  FIELDS_BY_MODE,
  INVALID_STATE_DELAY_MS,
  isFieldValid,
  isFormMode,
  isFormValid,
  isLoginQueryKey,
  LOGIN_EMAIL_MAX,
  LOGIN_FIELD_MAX,
  maxLengthOf,
  prefillFields,
  prefillFromQuery,
  ZIP_PATTERN,
} from '../../machines/login/rules';
import type { LoginContext, LoginFieldName, LoginFields, LoginMethod } from '../../machines/login/types';
import { selectLoginView } from '../../machines/login/view';
import { base, SPEC_FIELDS, specMax, specValid, worlds } from './login.table';

const NAMES: LoginFieldName[] = ['memberId', 'email', 'password', 'zip', 'lastName'];
const METHODS: LoginMethod[] = [
  'password',
  'scan_code',
  'scan_code_last_name',
  'scan_code_password',
  'oidc',
  'external',
  'none',
];
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('', '   ', ' 10024 ', '1002', '100245', '1002a', '١٢٣٤٥'),
  fc.integer({ min: 0, max: 110 }).map((n) => `${' '.repeat(n % 3)}${'x'.repeat(n)}${' '.repeat(n % 2)}`),
);
const anyFields: fc.Arbitrary<LoginFields> = fc.record({
  memberId: text,
  email: text,
  password: text,
  zip: text,
  lastName: text,
});

describe('login rules (spec 3 §2, §5, §9)', () => {
  it('the spec’s limits and delay', () => {
    expect([LOGIN_EMAIL_MAX, LOGIN_FIELD_MAX, ZIP_PATTERN, INVALID_STATE_DELAY_MS]).toEqual([
      100,
      50,
      '[0-9]{5}',
      5_000,
    ]);
    for (const name of NAMES) expect(maxLengthOf(name), name).toBe(specMax(name));
    expect(FIELDS_BY_MODE).toEqual(SPEC_FIELDS);
    for (const m of METHODS) expect(isFormMode(m), m).toBe(SPEC_FIELDS[m] !== undefined);
  });

  it('a field is valid when, trimmed, it is not empty, within its maxlength, and a ZIP of 5 digits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), text, (name, value) => {
        const t = value.trim();
        expect(isFieldValid(name, value)).toBe(
          t !== '' && t.length <= specMax(name) && (name !== 'zip' || /^[0-9]{5}$/.test(t)),
        );
      }),
    );
  });

  it('a form is valid when every field of its mode is; no other method has a form', () => {
    fc.assert(
      fc.property(fc.constantFrom(...METHODS), anyFields, (method, fields) => {
        expect(isFormValid(method, fields)).toBe(specValid(method, fields));
      }),
    );
  });

  it('sends the mode’s fields trimmed, the password too', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(FIELDS_BY_MODE) as (keyof typeof FIELDS_BY_MODE)[])),
        anyFields,
        (mode, fields) => {
          const names = SPEC_FIELDS[mode] ?? [];
          expect(credentialsOf(mode, fields)).toEqual({
            mode,
            ...Object.fromEntries(names.map((n) => [n, fields[n].trim()])),
          });
        },
      ),
    );
  });

  it('a prefill keeps only the mode’s fields, cut to their maxlengths; none for a method without a form', () => {
    fc.assert(
      fc.property(fc.constantFrom(...METHODS), fc.option(anyFields, { nil: null }), (method, prefill) => {
        const expected: LoginFields = { memberId: '', email: '', password: '', zip: '', lastName: '' };
        for (const name of SPEC_FIELDS[method] ?? [])
          if (prefill) expected[name] = prefill[name].slice(0, specMax(name));
        expect(prefillFields(method, prefill)).toEqual(expected);
      }),
    );
    expect(prefillFields('scan_code', { memberId: '42' })).toEqual({
      memberId: '42',
      email: '',
      password: '',
      zip: '',
      lastName: '',
    });
  });

  it('the URL’s login keys: member_code, zip_code and login.*; passwords never come from a URL', () => {
    for (const key of ['member_code', 'zip_code', 'login.email', 'login.x', 'login.'])
      expect(isLoginQueryKey(key), key).toBe(true);
    for (const key of ['login', 'member', 'code', 'xlogin.email', 'category', 'zip'])
      expect(isLoginQueryKey(key), key).toBe(false);
    expect(
      prefillFromQuery(
        new URLSearchParams(
          'member_code=200002&zip_code=10024&login.last_name=Curie&login.email=a@b.co&login.password=x&category=Shows',
        ),
      ),
    ).toEqual({ memberId: '200002', zip: '10024', lastName: 'Curie', email: 'a@b.co' });
    expect(prefillFromQuery(new URLSearchParams('login.member_code=7&login.zip_code=02139'))).toEqual({
      memberId: '7',
      zip: '02139',
    });
    expect(prefillFromQuery(new URLSearchParams('login.member_id=8'))).toEqual({ memberId: '8' });
    expect(prefillFromQuery(new URLSearchParams('login.password=x&category=Shows'))).toBeNull();
    expect(prefillFromQuery(new URLSearchParams(''))).toBeNull();
  });
});

// ---- the view ----------------------------------------------------------------------------------------------

type StateValue = Parameters<typeof loginMachine.resolveState>[0]['value'];
const STATES: [string, StateValue][] = [
  ['disabled', 'disabled'],
  ['cookiesDisabled', 'cookiesDisabled'],
  ['external', 'external'],
  ['editing', 'editing'],
  ['submitting', 'submitting'],
  ['requestingReset', 'requestingReset'],
  ['loadingMember', 'loadingMember'],
  ['needsEmail', 'needsEmail'],
  ['loggedIn', 'loggedIn'],
  ['provider.idle', { provider: 'idle' }],
  ['provider.redirecting', { provider: 'redirecting' }],
  ['provider.completing', { provider: 'completing' }],
  ['provider.invalidState', { provider: 'invalidState' }],
  ['provider.failed', { provider: 'failed' }],
];
const FIELD_VIEW: Record<LoginFieldName, { type: string; autoComplete: string; inputMode: string }> = {
  memberId: { type: 'text', autoComplete: 'username', inputMode: 'text' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  password: { type: 'password', autoComplete: 'current-password', inputMode: 'text' },
  zip: { type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
  lastName: { type: 'text', autoComplete: 'family-name', inputMode: 'text' },
};

function expectedKind(state: string, c: LoginContext): string {
  if (state === 'disabled' || state === 'cookiesDisabled') return 'blocked';
  if (state === 'external') return 'external';
  if (state === 'provider.completing' || state === 'provider.invalidState') return 'completing';
  const done = state === 'needsEmail' || state === 'loggedIn';
  if (c.callback && !state.startsWith('provider.')) return done ? 'done' : 'completing';
  if (state.startsWith('provider.')) return 'provider';
  return done ? 'done' : 'form';
}

describe('login view (spec 3 §2 "Login screen", §8)', () => {
  const contexts = [
    ...worlds.map((w) => w.context),
    {
      ...base,
      method: 'scan_code' as const,
      callback: true,
      forgotPasswordLink: true,
      error: { key: 'incorrectPassword' as const },
    },
  ];

  it('in every state: what it shows, the mode’s fields with their limits, busy while a request runs, the blocking texts', () => {
    for (const [state, value] of STATES)
      for (const c of contexts) {
        const view = selectLoginView(loginMachine.resolveState({ value, context: c }));
        const kind = expectedKind(state, c);
        expect(view, `${state} ${c.method} ${c.callback}`).toEqual({
          kind,
          fields: (SPEC_FIELDS[c.method] ?? []).map((name) => ({
            name,
            value: c.fields[name],
            maxLength: specMax(name),
            pattern: name === 'zip' ? '[0-9]{5}' : null,
            ...FIELD_VIEW[name],
          })),
          busy: ['submitting', 'requestingReset', 'loadingMember', 'provider.redirecting'].includes(state),
          error: state === 'provider.invalidState' ? { key: 'providerInvalidState' } : c.error,
          blocked:
            state === 'disabled'
              ? { key: 'loginDisabled' }
              : state === 'cookiesDisabled'
                ? { key: 'loginCookiesDisabled' }
                : null,
          forgotPasswordLink: c.forgotPasswordLink,
          helpLinks: kind === 'form',
        });
      }
  });
});
