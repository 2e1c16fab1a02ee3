/**
 * Register and edit profile wiring (issue 26): each provided actor calls the right API method with the right
 * input: the seller's fields (cached GET config, key identity_form) and, for a profile only, GET my/user; POST
 * user for a new account and PUT my/user for a profile, with the custom fields as top-level keys of the body;
 * the new account's login (POST login with the credentials typed, then the member handed to the session).
 */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api';
import type { MemberModel } from '../../api/models';
import { provideAccount } from '../../routes/account/account-wiring';
import { fakeFetch, json, pathOf, queryOf, recordingSleep, SETTINGS } from '../api/helpers';
import { anySignal, runProvided } from './helpers';

const member = {
  userId: 'u-1',
  identityId: 'i-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  hasPassword: true,
  needsEmail: false,
  meta: { phone: '555-0100', zip_code: '10001' },
} as MemberModel;

function fakeApi() {
  return {
    members: {
      accountForm: vi.fn(async () => [{ key: 'phone' as const }]),
      getUser: vi.fn(async () => member),
      getMemberships: vi.fn(async () => []),
      createUser: vi.fn(async () => 'i-2'),
      saveMyUser: vi.fn(async () => 'i-1'),
      login: vi.fn(async () => ({ member, sessionExpiresAt: null })),
    },
  };
}
const wire = (api: ReturnType<typeof fakeApi>, more: Partial<Parameters<typeof provideAccount>[0]> = {}) =>
  provideAccount({
    api: api as unknown as Parameters<typeof provideAccount>[0]['api'],
    memberLoggedIn: vi.fn(),
    reload: vi.fn(),
    next: vi.fn(),
    ...more,
  });

describe('account wiring', () => {
  it('loads the seller’s fields, and the account only for a profile', async () => {
    const api = fakeApi();
    const machine = wire(api);
    expect(await runProvided(machine, 'loadAccount', { mode: 'register' })).toEqual({
      form: [{ key: 'phone' }],
      member: null,
    });
    expect(api.members.getUser).not.toHaveBeenCalled();
    expect(await runProvided(machine, 'loadAccount', { mode: 'profile' })).toEqual({
      form: [{ key: 'phone' }],
      member: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', meta: member.meta },
    });
    expect(api.members.getUser).toHaveBeenCalledWith({ signal: anySignal });
  });

  it('register posts the user; a profile puts the member’s own', async () => {
    const api = fakeApi();
    const machine = wire(api);
    const user = { firstName: 'Grace', lastName: 'Hopper', email: 'g@example.com', password: 'Str0ng-pass' };
    await runProvided(machine, 'saveAccount', { mode: 'register', user });
    expect(api.members.createUser).toHaveBeenCalledWith(user, { signal: anySignal });
    await runProvided(machine, 'saveAccount', { mode: 'profile', user });
    expect(api.members.saveMyUser).toHaveBeenCalledWith(user, { signal: anySignal });
    expect(api.members.createUser).toHaveBeenCalledTimes(1);
  });

  it('a new account logs in with the credentials typed and the session gets the member', async () => {
    const api = fakeApi();
    const memberLoggedIn = vi.fn();
    await runProvided(wire(api, { memberLoggedIn }), 'logIn', {
      email: 'g@example.com',
      password: 'Str0ng-pass',
    });
    expect(api.members.login).toHaveBeenCalledWith(
      { mode: 'password', email: 'g@example.com', password: 'Str0ng-pass' },
      { signal: anySignal },
    );
    expect(memberLoggedIn).toHaveBeenCalledWith({ member, memberships: [], via: 'credentials' });
  });

  it('continue goes on, a saved profile reloads the member', () => {
    const next = vi.fn();
    const reload = vi.fn();
    const machine = wire(fakeApi(), { next, reload });
    (machine.implementations.actions.continue as () => void)();
    (machine.implementations.actions.reloadMember as () => void)();
    expect(next).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the members client of the account form', () => {
  it('reads the seller’s identity_form row through the cached config call', async () => {
    const { fetch, calls } = fakeFetch(
      json({
        config: {
          _count: 2,
          _data: [
            {
              id: 'c1',
              resource: 'seller',
              resource_id: 'seller-1',
              key: 'identity_form',
              value: '[{"key":"phone","required":true},{"key":"nope"}]',
            },
            {
              id: 'c2',
              resource: 'seller',
              resource_id: 'seller-2',
              key: 'identity_form',
              value: [{ key: 'city' }],
            },
          ],
        },
      }),
      json({
        user: {
          _count: 1,
          _data: [
            {
              id: 'u-9',
              identity_id: 'i-9',
              email: 'g@example.com',
              has_password: true,
              test_account: false,
            },
          ],
        },
        identity: { _count: 0, _data: [] },
      }),
    );
    const api = createApi(SETTINGS, { fetch, sleep: recordingSleep().sleep });
    expect(await api.members.accountForm()).toEqual([{ key: 'phone', required: true }]);
    expect(pathOf(calls[0]?.url ?? '')).toBe('/cached/api/config');
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({
      'resource_id._in': 'seller-1',
      'key._in': 'identity_form',
    });
    await api.members.createUser({
      firstName: ' Grace ',
      lastName: 'Hopper',
      email: 'g@example.com',
      password: 'Str0ng-pass',
      details: { phone: ' 555-0199 ', country: 'US', state: '' },
    });
    expect(calls[1]?.method).toBe('POST');
    expect(pathOf(calls[1]?.url ?? '')).toBe('/api/user');
    expect(calls[1]?.body).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'g@example.com',
      password: 'Str0ng-pass',
      phone: '555-0199',
      country: 'US',
    });
  });
});
