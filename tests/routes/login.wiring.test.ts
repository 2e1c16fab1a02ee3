/**
 * The login and session wiring: each provided actor calls the right API method with the right input; the
 * session cookie, storage (versioned, validated, tolerant of storage that throws), logout (POST logout,
 * the external URL, the identity provider), the provider settings, and the login query keys.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { SESSION_EXPIRY_COOKIE } from '../../api/schemas';
import { isLoginQueryKey, prefillFromQuery } from '../../machines/login/rules';
import {
  MEMBER_STORAGE_VERSION,
  memberKey,
  readMemberSession,
  writeMemberSession,
} from '../../routes/app/member-storage';
import { type AppDeps, provideSession, readCookie } from '../../routes/app/root';
import { logout } from '../../routes/app/session-calls';
import { providerSettings } from '../../routes/login/provider';
import { loginInputFrom, provideLogin } from '../../routes/login/wiring';
import { createStorage } from '../../routes/storage';
import { sessions } from '../../stories/fixtures/session';
import { anySignal, memoryStorage, runProvided } from './helpers';

const member = sessions.ada.member;
const memberships = sessions.ada.memberships;

function fakeMembers() {
  return {
    login: vi.fn(async () => ({ member, sessionExpiresAt: null })),
    logout: vi.fn(async () => {}),
    getUser: vi.fn(async () => member),
    getMemberships: vi.fn(async () => memberships),
    requestPasswordReset: vi.fn(async () => {}),
  };
}
const asApi = (members: ReturnType<typeof fakeMembers>) => ({ members }) as unknown as Pick<Api, 'members'>;

function wiring(members = fakeMembers()) {
  const provider = {
    signIn: vi.fn(async () => {}),
    completeSignIn: vi.fn(async () => ({ jwt: 'j', returnPath: '/x' })),
    signOut: vi.fn(async () => {}),
  };
  const w = {
    api: asApi(members),
    provider: vi.fn(async () => provider),
    callbackUrl: () => 'http://127.0.0.1/demo/auth0-login?code=c&state=s',
    memberLoggedIn: vi.fn(),
    finished: vi.fn(),
    goSetEmail: vi.fn(),
    goBack: vi.fn(),
    openExternalLogin: vi.fn(),
  };
  return { w, members, provider, machine: provideLogin(w) };
}

describe('login wiring', () => {
  it('POST login with the credentials, the reset request with the email, the member reload (user + memberships)', async () => {
    const { machine, members } = wiring();
    const credentials = { mode: 'scan_code' as const, memberId: '200002', zip: '10024' };
    await runProvided(machine, 'login', credentials);
    expect(members.login).toHaveBeenCalledWith(credentials, { signal: anySignal });
    await runProvided(machine, 'requestPasswordReset', { email: 'guest@example.com' });
    expect(members.requestPasswordReset).toHaveBeenCalledWith('guest@example.com', { signal: anySignal });
    expect(await runProvided(machine, 'loadMember', undefined)).toEqual({ member, memberships });
    expect(members.getUser).toHaveBeenCalledWith({ signal: anySignal });
    expect(members.getMemberships).toHaveBeenCalledWith({ signal: anySignal });
  });

  it('the identity-provider port: redirect with the saved path, complete with the callback URL', async () => {
    const { machine, provider } = wiring();
    await runProvided(machine, 'startProviderLogin', { returnPath: '/events?x=1' });
    expect(provider.signIn).toHaveBeenCalledWith('/events?x=1');
    expect(await runProvided(machine, 'completeProviderLogin', undefined)).toEqual({
      jwt: 'j',
      returnPath: '/x',
    });
    expect(provider.completeSignIn).toHaveBeenCalledWith('http://127.0.0.1/demo/auth0-login?code=c&state=s');
  });

  it('injected actions reach the route: the session, finishing, set-email, back, the external page', () => {
    const { machine, w } = wiring();
    const actions = machine.implementations.actions as unknown as Record<
      string,
      (a: unknown, p?: unknown) => void
    >;
    actions.memberLoggedIn?.({}, { session: sessions.ada });
    expect(w.memberLoggedIn).toHaveBeenCalledWith(sessions.ada);
    actions.finished?.({}, { returnPath: '/e', callback: true });
    expect(w.finished).toHaveBeenCalledWith({ returnPath: '/e', callback: true });
    actions.goSetEmail?.({});
    actions.goBack?.({});
    actions.openExternalLogin?.({});
    expect([w.goSetEmail, w.goBack, w.openExternalLogin].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('the flow input comes from the seller configuration; no configuration means login disabled', () => {
    expect(
      loginInputFrom(
        {
          method: 'scan_code',
          invalidCredentialsMessage: 'No.',
          externalLoginUrl: null,
          externalLogoutUrl: null,
          oidc: null,
        },
        { cookiesEnabled: false, returnPath: '/events' },
      ),
    ).toEqual({
      method: 'scan_code',
      invalidCredentialsMessage: 'No.',
      cookiesEnabled: false,
      prefill: null,
      identify: false,
      callback: false,
      returnPath: '/events',
    });
    expect(loginInputFrom(undefined, { cookiesEnabled: true, returnPath: '/' }).method).toBe('none');
  });

  it('the provider settings: the callback route and home on this origin', () => {
    const login = {
      method: 'oidc' as const,
      invalidCredentialsMessage: null,
      externalLoginUrl: null,
      externalLogoutUrl: null,
      oidc: { authority: 'http://idp/oidc', clientId: 'tix' },
    };
    expect(providerSettings(login, 'http://127.0.0.1:4186', 'demo-museum')).toEqual({
      authority: 'http://idp/oidc',
      clientId: 'tix',
      redirectUri: 'http://127.0.0.1:4186/demo-museum/auth0-login',
      postLogoutRedirectUri: 'http://127.0.0.1:4186/demo-museum/',
    });
    expect(providerSettings({ ...login, oidc: null }, 'http://x', 's')).toBeNull();
  });

  it('query keys: member_code, zip_code and login.* hand in details (never a password) and are removed', () => {
    const params = new URLSearchParams(
      'member_code=42&zip_code=10024&login.last_name=Curie&login.password=x&keep=1',
    );
    expect(prefillFromQuery(params)).toEqual({ memberId: '42', zip: '10024', lastName: 'Curie' });
    expect([...params.keys()].filter(isLoginQueryKey)).toEqual([
      'member_code',
      'zip_code',
      'login.last_name',
      'login.password',
    ]);
    expect(prefillFromQuery(new URLSearchParams('login'))).toBeNull();
  });
});

function sessionDeps(over: Partial<AppDeps> = {}, members = fakeMembers()): AppDeps {
  return {
    api: { members, cart: {} } as unknown as AppDeps['api'],
    sellerId: 's1',
    storage: memoryStorage(),
    clock: { now: () => 1_000, setTimeout: () => 0, clearTimeout: () => {} },
    ...over,
  };
}

describe('session wiring', () => {
  it('checkSession reads the session-expiry cookie against the clock', async () => {
    let cookies = `a=1; ${SESSION_EXPIRY_COOKIE}=2000; b=2`;
    const machine = provideSession(sessionDeps({ cookies: () => cookies }));
    expect(await runProvided(machine, 'checkSession', undefined)).toBe(true);
    cookies = `${SESSION_EXPIRY_COOKIE}=999`;
    expect(await runProvided(machine, 'checkSession', undefined)).toBe(false);
    cookies = 'a=1';
    expect(await runProvided(machine, 'checkSession', undefined)).toBe(false);
    expect(readCookie('x=1; y=a%20b', 'y')).toBe('a b');
  });

  it('logout: POST logout; then the external logout URL, else the provider when the member came through it', async () => {
    const members = fakeMembers();
    const leave = vi.fn();
    const providerSignOut = vi.fn(async () => {});
    const deps = sessionDeps({ leave, providerSignOut }, members);
    await logout(deps, 'credentials');
    expect(members.logout).toHaveBeenCalledTimes(1);
    expect(providerSignOut).not.toHaveBeenCalled();
    await logout(deps, 'oidc');
    expect(providerSignOut).toHaveBeenCalledTimes(1);
    const external = {
      method: 'external' as const,
      invalidCredentialsMessage: null,
      externalLoginUrl: 'https://sso.example/login',
      externalLogoutUrl: 'https://sso.example/logout',
      oidc: null,
    };
    await logout({ ...deps, login: external }, 'oidc');
    expect(leave).toHaveBeenCalledWith('https://sso.example/logout');
    expect(providerSignOut).toHaveBeenCalledTimes(1);
    // A failed POST logout still leaves for the external page (and the machine clears the member).
    members.logout.mockRejectedValueOnce({ code: 'unexpected' });
    await expect(logout({ ...deps, login: external }, null)).rejects.toEqual({ code: 'unexpected' });
    expect(leave).toHaveBeenCalledTimes(2);
  });

  it('persist writes the versioned session; goHome navigates home', () => {
    const storage = memoryStorage();
    const navigate = vi.fn();
    const machine = provideSession(sessionDeps({ storage, navigate }));
    const actions = machine.implementations.actions as unknown as Record<
      string,
      (a: unknown, p?: unknown) => void
    >;
    actions.persist?.({}, { session: sessions.ada });
    expect(JSON.parse(storage.data.get(memberKey('s1')) as string)).toEqual({
      v: MEMBER_STORAGE_VERSION,
      session: sessions.ada,
    });
    actions.persist?.({}, { session: null });
    expect(storage.data.has(memberKey('s1'))).toBe(false);
    actions.goHome?.({});
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('member storage', () => {
  it('round-trips a session; another version, bad JSON or a wrong shape reads as no member', () => {
    const storage = memoryStorage();
    writeMemberSession(storage, 's1', sessions.grace);
    expect(readMemberSession(storage, 's1')).toEqual(sessions.grace);
    const key = memberKey('s1');
    storage.set(key, JSON.stringify({ v: MEMBER_STORAGE_VERSION + 1, session: sessions.grace }));
    expect(readMemberSession(storage, 's1')).toBeNull();
    storage.set(key, '{nope');
    expect(readMemberSession(storage, 's1')).toBeNull();
    storage.set(key, JSON.stringify({ v: MEMBER_STORAGE_VERSION, session: { via: 'magic', member: {} } }));
    expect(readMemberSession(storage, 's1')).toBeNull();
  });

  it('tolerates storage that throws on every access', () => {
    const throwing = createStorage(() => {
      throw new Error('SecurityError');
    });
    expect(() => writeMemberSession(throwing, 's1', sessions.ada)).not.toThrow();
    expect(readMemberSession(throwing, 's1')).toBeNull();
  });
});
