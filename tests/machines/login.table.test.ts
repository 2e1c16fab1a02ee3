/**
 * The login flow held to its independent transition table (issue 29, ./login.table.ts, written from spec 3 §2,
 * §4, §5, §8, §9): every state × world × event sample, and the start of every login method, cookies off, a URL
 * identification and the provider's callback.
 */
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/login/login.machine';
import type { LoginFieldName, LoginFields, LoginInput } from '../../machines/login/types';
import { base, events, SPEC_FIELDS, specMax, table, worlds } from './login.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

/** Spec 3 §2: a URL hands in only the mode's fields, each within its maxlength. */
function prefilled(input: LoginInput): LoginFields {
  const fields: LoginFields = { memberId: '', email: '', password: '', zip: '', lastName: '' };
  for (const name of SPEC_FIELDS[input.method] ?? []) {
    const value = input.prefill?.[name as LoginFieldName];
    if (value !== undefined) fields[name] = value.slice(0, specMax(name));
  }
  return fields;
}

const input = (over: Partial<LoginInput>): LoginInput => ({
  method: 'password',
  invalidCredentialsMessage: null,
  cookiesEnabled: true,
  prefill: null,
  identify: false,
  callback: false,
  returnPath: '/events',
  ...over,
});

describe('login held to its transition table (spec 3 §2, §4, §5, §8, §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(loginMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: loginMachine, table, worlds, events })).toBeGreaterThan(400);
  });

  it.each<[string, Partial<LoginInput>]>([
    ['a password form', {}],
    ['a member-ID form with a configured text', { method: 'scan_code', invalidCredentialsMessage: 'Who?' }],
    ['login disabled', { method: 'none' }],
    ['login disabled, cookies off', { method: 'none', cookiesEnabled: false }],
    ['an external login URL', { method: 'external', cookiesEnabled: false }],
    ['the identity provider, cookies off', { method: 'oidc', cookiesEnabled: false }],
    ['the provider’s callback', { method: 'oidc', callback: true, returnPath: '/events/e1' }],
    ['a callback whatever the method', { method: 'none', callback: true }],
    ['cookies off', { cookiesEnabled: false, prefill: { email: 'a@b.co', password: 'pw' }, identify: true }],
    [
      'a complete URL identification',
      {
        method: 'scan_code',
        prefill: { memberId: ' 200002 ', zip: '10024', email: 'x@y.z' },
        identify: true,
      },
    ],
    [
      'a URL prefill not asked to identify',
      { method: 'scan_code', prefill: { memberId: '200002', zip: '10024' } },
    ],
    [
      'an incomplete URL identification',
      { method: 'scan_code', prefill: { memberId: '200002', zip: '1002' }, identify: true },
    ],
    [
      'a prefill cut to the maxlengths',
      {
        method: 'scan_code_password',
        prefill: {
          memberId: 'm'.repeat(60),
          email: `${'e'.repeat(120)}@x.co`,
          password: 'p'.repeat(70),
          zip: '123456',
        },
        identify: true,
      },
    ],
    [
      'a last-name prefill',
      {
        method: 'scan_code_last_name',
        prefill: { memberId: '200002', lastName: 'l'.repeat(55) },
        identify: true,
      },
    ],
    ['a prefill for no form', { method: 'oidc', prefill: { email: 'a@b.co' }, identify: true }],
  ])('starts: %s', (_, over) => {
    const i = input(over);
    expect(actualInitial(loginMachine, i)).toEqual(
      expectedInitial(table, {
        ...base,
        method: i.method,
        invalidCredentialsMessage: i.invalidCredentialsMessage,
        cookiesEnabled: i.cookiesEnabled,
        identify: i.identify,
        callback: i.callback,
        returnPath: i.returnPath,
        fields: prefilled(i),
      }),
    );
  });
});
