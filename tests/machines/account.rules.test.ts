/**
 * The account form's rules (issue 26) against spec 3 §5: the generic must-match rule ('MustMatch', a named input,
 * optionally case-insensitive) and its two messages, the password rules, the prefill of the fields the seller
 * asks, the body of POST user / PUT my/user, and the 409's message.
 */
import { describe, expect, it } from 'vitest';
import { MUST_MATCH, mustMatch } from '../../domain/must-match';
import {
  accountErrors,
  accountFields,
  changeValue,
  prefillOf,
  saveErrorMessage,
  userInputOf,
} from '../../machines/account/rules';
import { mustMatchMessage } from '../../machines/checkout/rules';

const FORM = [
  { key: 'phone' as const },
  { key: 'country' as const },
  { key: 'state' as const, required: true },
];

describe('the must-match rule (spec 3 §5)', () => {
  it('names the input to match, and ignores case only when told', () => {
    expect(MUST_MATCH).toBe('MustMatch');
    expect(mustMatch('A@x.org', 'a@X.org', { name: 'email', caseInsensitive: true })).toBeNull();
    expect(mustMatch('A@x.org', 'a@X.org', { name: 'email' })).toEqual({ key: 'MustMatch', name: 'email' });
    expect(mustMatch('Secret-1', 'secret-1', { name: 'password' })).toEqual({
      key: 'MustMatch',
      name: 'password',
    });
    expect(mustMatch('same', 'same', { name: 'password' })).toBeNull();
  });

  it('reads as the spec’s text for each pair, the generic one for another', () => {
    expect(mustMatchMessage({ key: MUST_MATCH, name: 'email' })).toEqual({ key: 'emailsMustMatch' });
    expect(mustMatchMessage({ key: MUST_MATCH, name: 'password' })).toEqual({ key: 'passwordsMustMatch' });
    expect(mustMatchMessage({ key: MUST_MATCH, name: 'phone' })).toEqual({ key: 'fieldsMustMatch' });
  });
});

describe('the account form', () => {
  const good = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'g@example.com',
    emailConfirm: 'G@EXAMPLE.COM',
    password: 'Str0ng-pass',
    passwordConfirm: 'Str0ng-pass',
  };

  it('register asks the email twice and the password twice; a profile neither', () => {
    expect(accountFields('register', FORM).map((f) => f.key)).toEqual([
      'first_name',
      'last_name',
      'email',
      'email_confirm',
      'phone',
      'country',
      'state',
    ]);
    expect(accountFields('profile', FORM).map((f) => f.key)).toEqual([
      'first_name',
      'last_name',
      'phone',
      'country',
      'state',
    ]);
    expect(accountErrors('register', [], good)).toEqual({});
    expect(accountErrors('profile', [], { firstName: 'Ada', lastName: 'L' })).toEqual({});
  });

  it('the password rules: required, then the four rules, then the re-entry', () => {
    const errs = (password: string, passwordConfirm = password) =>
      accountErrors('register', [], { ...good, password, passwordConfirm });
    expect(errs('')).toEqual({ password: { key: 'passwordRequired' } });
    for (const weak of ['Sh0rt-p', ' Str0ng-pass', 'Str0ng-pass ', 'Str0ng-passé', 'alllowercase1'])
      expect(errs(weak), weak).toEqual({ password: { key: 'invalidPassword' } });
    expect(errs('Str0ng-pass', 'Str0ng-pasS')).toEqual({ passwordConfirm: { key: 'passwordsMustMatch' } });
    expect(accountErrors('register', [], { ...good, emailConfirm: 'h@example.com' })).toEqual({
      emailConfirm: { key: 'emailsMustMatch' },
    });
  });

  it('a profile is prefilled with the names and the meta of the fields asked only', () => {
    const member = {
      firstName: 'Ada',
      lastName: null,
      email: 'ada@example.com',
      meta: { phone: '555', zip_code: '10001', state: 'NY' },
    };
    expect(prefillOf(member, 'profile', FORM)).toEqual({ firstName: 'Ada', phone: '555', state: 'NY' });
    expect(prefillOf(null, 'profile', FORM)).toEqual({});
  });

  it('the body: trimmed, the fields shown and given, the password on register, the account’s email on a profile', () => {
    const values = {
      ...good,
      firstName: ' Grace ',
      phone: ' 555 ',
      country: '',
      state: 'NY',
      zipCode: '10001',
    };
    expect(userInputOf('register', FORM, values, null)).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'g@example.com',
      password: 'Str0ng-pass',
      details: { phone: '555', state: 'NY' },
    });
    expect(userInputOf('profile', FORM, values, ' ada@example.com ')).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'ada@example.com',
      details: { phone: '555', state: 'NY' },
    });
    expect(userInputOf('profile', [], { firstName: 'A', lastName: 'B' }, null)).toEqual({
      firstName: 'A',
      lastName: 'B',
      email: '',
    });
  });

  it('a body carries what was typed: empty strings for what was not', () => {
    expect(userInputOf('register', [], {}, null)).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      password: '',
    });
    expect(userInputOf('profile', [], {}, 'ada@example.com')).toEqual({
      firstName: '',
      lastName: '',
      email: 'ada@example.com',
    });
  });

  it('the email is never prefilled from the account’s meta (register types it; a profile changes it elsewhere)', () => {
    const member = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      meta: { email: 'meta@example.com', email_confirm: 'meta@example.com', phone: '555' },
    };
    expect(prefillOf(member, 'register', FORM)).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '555',
    });
    expect(prefillOf(member, 'profile', FORM)).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '555',
    });
  });

  it('a change keeps the passwords; another country drops a state that is not its own', () => {
    expect(changeValue({ password: 'x', state: 'NY', country: 'US' }, 'country', 'CA')).toEqual({
      password: 'x',
      state: '',
      country: 'CA',
    });
    expect(changeValue({ state: 'NY' }, 'password', 'y')).toEqual({ state: 'NY', password: 'y' });
  });

  it('a 409 says the address has an account; other refusals their message', () => {
    expect(saveErrorMessage({ code: 'email_in_use', status: 409 }, ' g@example.com ')).toEqual({
      key: 'registerEmailInUse',
      params: { email: 'g@example.com' },
    });
    expect(saveErrorMessage({ code: 'too_many_attempts', status: 429 }, '')).toEqual({
      key: 'tooManyAttempts',
    });
    expect(saveErrorMessage({ code: 'unexpected', status: 500 }, '')).toEqual({
      key: 'errorUnexpectedLater',
    });
  });
});
