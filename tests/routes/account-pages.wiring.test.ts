/**
 * The account pages' wiring: each provided actor calls the right API method with the right input (resend for
 * a guest or a member, forgot membership, forgot password, reset-link validation and reset, the email
 * change with the member's user id read when saving), the home screen's decisions, and the home
 * configuration read from GET config.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api';
import type { MemberModel } from '../../api/models';
import { provideEmailSubmit } from '../../routes/email-submit/wiring';
import { DEFAULT_HOME_ORDER, homeDecision, homeOrder } from '../../routes/home/wiring';
import { providePasswordReset, tokenFrom } from '../../routes/reset-password/wiring';
import { provideSetEmail } from '../../routes/set-email/wiring';
import { provideVerifyEmail, tokenFrom as verifyTokenFrom } from '../../routes/verify-email/wiring';
import { fakeFetch, json, pathOf, queryOf, recordingSleep, SETTINGS } from '../api/helpers';
import { anySignal, runProvided } from './helpers';

const member: MemberModel = {
  userId: 'u-1',
  identityId: 'i-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  hasPassword: true,
  needsEmail: false,
  meta: {},
} as MemberModel;

function membersApi() {
  return {
    members: {
      resendTickets: vi.fn(async () => {}),
      resendMyTickets: vi.fn(async () => {}),
      forgotMembership: vi.fn(async () => {}),
      requestPasswordReset: vi.fn(async () => {}),
      validateResetToken: vi.fn(async () => ({ email: 'ada@example.com' })),
      resetPassword: vi.fn(async () => {}),
      updateUser: vi.fn(async () => member),
      verifyEmail: vi.fn(async () => {}),
    },
  };
}
type MembersFake = ReturnType<typeof membersApi>;
const asApi = (api: MembersFake) => api as unknown as Parameters<typeof provideEmailSubmit>[0]['api'];

describe('email-submit wiring', () => {
  it('resend: POST ticket_order/resend for a guest, my/ticket_order/resend for a member (read when sending)', async () => {
    const api = membersApi();
    let loggedIn = false;
    const machine = provideEmailSubmit({ api: asApi(api), loggedIn: () => loggedIn });
    await runProvided(machine, 'submitEmail', { kind: 'resend', email: 'ada@example.com' });
    expect(api.members.resendTickets).toHaveBeenCalledWith('ada@example.com', { signal: anySignal });
    loggedIn = true;
    await runProvided(machine, 'submitEmail', { kind: 'resend', email: 'ada@example.com' });
    expect(api.members.resendMyTickets).toHaveBeenCalledWith({ signal: anySignal });
    expect(api.members.resendTickets).toHaveBeenCalledTimes(1);
  });

  it('forgot membership and forgot password call their own requests', async () => {
    const api = membersApi();
    const machine = provideEmailSubmit({ api: asApi(api), loggedIn: () => false });
    await runProvided(machine, 'submitEmail', { kind: 'forgotMembership', email: 'ada@example.com' });
    await runProvided(machine, 'submitEmail', { kind: 'forgotPassword', email: 'bob@example.com' });
    expect(api.members.forgotMembership).toHaveBeenCalledWith('ada@example.com', { signal: anySignal });
    expect(api.members.requestPasswordReset).toHaveBeenCalledWith('bob@example.com', { signal: anySignal });
  });
});

describe('reset-password wiring', () => {
  it('reads the token from the query, validates it and resets with it', async () => {
    expect(tokenFrom('token=abc%2Bdef')).toBe('abc+def');
    expect(tokenFrom('')).toBeNull();
    const api = membersApi();
    const machine = providePasswordReset({ api: asApi(api) });
    expect(await runProvided(machine, 'validateToken', { token: 't1' })).toEqual({
      email: 'ada@example.com',
    });
    expect(api.members.validateResetToken).toHaveBeenCalledWith('t1', { signal: anySignal });
    await runProvided(machine, 'resetPassword', { token: 't1', password: 'Sunflower-42' });
    expect(api.members.resetPassword).toHaveBeenCalledWith('t1', 'Sunflower-42', { signal: anySignal });
  });
});

describe('set-email wiring', () => {
  it("PATCHes the member's user (id read when saving); without a member it refuses as the server would", async () => {
    const api = membersApi();
    let current: MemberModel | null = null;
    const machine = provideSetEmail({
      api: asApi(api),
      member: () => current,
      reload: vi.fn(),
      next: vi.fn(),
    });
    await expect(runProvided(machine, 'saveEmail', { email: 'new@example.com' })).rejects.toMatchObject({
      code: 'login_required',
      status: 401,
    });
    current = member;
    // The answer is the account's email, unchanged until the new address's link is opened.
    expect(await runProvided(machine, 'saveEmail', { email: 'new@example.com' })).toEqual({
      email: 'ada@example.com',
    });
    expect(api.members.updateUser).toHaveBeenCalledWith(
      'u-1',
      { email: 'new@example.com' },
      { signal: anySignal },
    );
  });

  it('after saving, the session reloads the member and the member goes on', () => {
    const reload = vi.fn();
    const next = vi.fn();
    const machine = provideSetEmail({ api: asApi(membersApi()), member: () => member, reload, next });
    const action = machine.implementations.actions.continue as unknown as () => void;
    action();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(1);
  });
});

describe('verify-email wiring', () => {
  it('reads the token from the query and spends it; success runs the injected `verified`', async () => {
    expect(verifyTokenFrom('token=abc%2Bdef')).toBe('abc+def');
    expect(verifyTokenFrom('')).toBeNull();
    const api = membersApi();
    const verified = vi.fn();
    const machine = provideVerifyEmail({ api: asApi(api), verified });
    await runProvided(machine, 'verifyToken', { token: 't1' });
    expect(api.members.verifyEmail).toHaveBeenCalledWith('t1', { signal: anySignal });
    (machine.implementations.actions.verified as unknown as () => void)();
    expect(verified).toHaveBeenCalledTimes(1);
  });
});

describe('home', () => {
  const config = { membershipPresell: true, admissionEventId: 'ev-1', homeOrder: null };

  it('the default order is login, join, guest (spec 3 §9)', () => {
    expect(DEFAULT_HOME_ORDER).toEqual(['login', 'join', 'guest']);
    expect(homeOrder(null)).toEqual(['login', 'join', 'guest']);
    expect(homeOrder([])).toEqual(['login', 'join', 'guest']);
  });

  it('follows homepage_3cta_order; unknown or repeated names are dropped, left-out blocks follow', () => {
    expect(homeOrder(['guest', 'join', 'login'])).toEqual(['guest', 'join', 'login']);
    expect(homeOrder([' Join', 'join', 'shop'])).toEqual(['join', 'login', 'guest']);
  });

  it('presell on: the blocks; a logged-in member goes on to the events', () => {
    expect(homeDecision({ ...config, homeOrder: ['join', 'login', 'guest'] }, false)).toEqual({
      kind: 'blocks',
      order: ['join', 'login', 'guest'],
    });
    expect(homeDecision(config, true)).toEqual({ kind: 'redirect', to: '/events' });
  });

  it('presell off: /events/{admission event id}, or /events without one', () => {
    expect(homeDecision({ ...config, membershipPresell: false }, false)).toEqual({
      kind: 'redirect',
      to: '/events/ev-1',
    });
    expect(homeDecision({ ...config, membershipPresell: false, admissionEventId: null }, false)).toEqual({
      kind: 'redirect',
      to: '/events',
    });
  });

  it('reads web, admission_event_id and homepage_3cta_order of the seller from cached GET config', async () => {
    const row = (key: string, value: unknown, resource_id = 'seller-1') => ({
      id: `c-${key}-${resource_id}`,
      resource: 'seller',
      resource_id,
      key,
      value,
    });
    const { fetch, calls } = fakeFetch(
      json({
        config: {
          _count: 3,
          _data: [
            row('web', { membership_presell: true, admission_event_id: 'ev-web' }),
            row('homepage_3cta_order', 'guest, login,join'),
            row('admission_event_id', 'ev-other', 'seller-2'),
          ],
        },
      }),
      json({ config: { _count: 1, _data: [row('web', JSON.stringify({ membership_presell: false }))] } }),
    );
    const api = createApi(SETTINGS, { fetch, sleep: recordingSleep().sleep });
    expect(await api.config.home()).toEqual({
      membershipPresell: true,
      admissionEventId: 'ev-web',
      homeOrder: ['guest', 'login', 'join'],
    });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/cached/api/config');
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({
      'resource_id._in': 'seller-1',
      'key._in': 'web,admission_event_id,homepage_3cta_order',
    });
    expect(await api.config.home()).toEqual({
      membershipPresell: false,
      admissionEventId: null,
      homeOrder: null,
    });
  });
});
