/**
 * The members client (spec 3 §7): loaded on demand behind `api.members`, every method delegated; the wire
 * body of each login mode (trimmed fields, passwords as typed); paths, methods and embeds of each call.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api/index';
import { createMembersClient } from '../../api/members-client';
import { fakeFetch, json, queryOf, SETTINGS } from './helpers';

const USER_DOC = {
  user: {
    _count: 1,
    _data: [
      { id: 'u1', identity_id: 'i1', email: 'ada@example.com', has_password: true, test_account: false },
    ],
  },
  identity: {
    _count: 1,
    _data: [{ id: 'i1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', type: 'member' }],
  },
  meta: {
    _count: 1,
    _data: [{ id: 'm1', resource: 'identity', resource_id: 'i1', key: 'zip_code', value: '10001' }],
  },
  session: { _count: 1, _data: [{ expires_at: '2026-11-21T23:00:00.000Z' }] },
};

function setup(...replies: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...replies);
  return { api: createApi(SETTINGS, { fetch, logger: { warn: vi.fn() } }), calls };
}

describe('api.members', () => {
  it('delegates every method of the client (loaded on the first call)', async () => {
    const client = createMembersClient(async () => ({}));
    const { api } = setup(json({}));
    for (const name of Object.keys(client))
      expect(typeof api.members[name as keyof typeof client]).toBe('function');
    await expect(api.members.forgotMembership('a@b.co')).resolves.toBeUndefined();
  });

  it('login: one wire body per mode, fields trimmed, passwords as typed', async () => {
    const { api, calls } = setup(json(USER_DOC));
    const result = await api.members.login({
      mode: 'password',
      email: ' ada@example.com ',
      password: ' p w ',
    });
    expect(result).toEqual({
      member: {
        userId: 'u1',
        identityId: 'i1',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        hasPassword: true,
        needsEmail: false,
        meta: { zip_code: '10001' },
      },
      sessionExpiresAt: Date.parse('2026-11-21T23:00:00.000Z'),
    });
    await api.members.login({ mode: 'scan_code', memberId: ' 42 ', zip: ' 10001 ' });
    await api.members.login({ mode: 'scan_code_last_name', memberId: '42', lastName: ' Curie ' });
    await api.members.login({ mode: 'scan_code_password', memberId: '42', email: 'a@b.co', password: 'x' });
    await api.members.login({ mode: 'oidc', jwt: 'h.p.s' });
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: ' p w ' },
      { scan_code: '42', zip_code: '10001' },
      { scan_code: '42', last_name: 'Curie' },
      { scan_code: '42', email: 'a@b.co', password: 'x' },
      { jwt: 'h.p.s' },
    ]);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.split('?')[0]).toBe('/api/login');
  });

  it('a placeholder email reads as no email (needsEmail), a test account keeps it', async () => {
    const placeholder = {
      ...USER_DOC,
      user: { _count: 1, _data: [{ ...USER_DOC.user._data[0], email: 'noemail+7@x.invalid' }] },
    };
    const { api } = setup(json(placeholder));
    expect((await api.members.getUser()).needsEmail).toBe(true);
    const test = {
      ...USER_DOC,
      user: {
        _count: 1,
        _data: [{ ...USER_DOC.user._data[0], email: 'noemail+7@x.invalid', test_account: true }],
      },
    };
    const second = setup(json(test));
    expect((await second.api.members.getUser()).needsEmail).toBe(false);
  });

  it('paths, methods and embeds of the other calls', async () => {
    const { api, calls } = setup(json(USER_DOC));
    await api.members.getUser();
    await api.members.updateUser('u 1', { email: ' new@example.com ' });
    await api.members.logout();
    await api.members.requestPasswordReset(' a@b.co ');
    await api.members.resendTickets('a@b.co', { membershipsOnly: true });
    await api.members.resendMyTickets();
    await api.members.forgotMembership('a@b.co');
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([
      'GET /api/my/user',
      'PATCH /api/my/user/u%201',
      'POST /api/logout',
      'POST /api/password_reset/request',
      'POST /api/ticket_order/resend',
      'POST /api/my/ticket_order/resend',
      'POST /api/membership/forgot',
    ]);
    expect(queryOf(calls[0]?.url ?? '')._embed).toBe('identity,identity.meta');
    expect(calls[1]?.body).toEqual({ email: 'new@example.com' });
    expect(calls[3]?.body).toEqual({ email: 'a@b.co' });
    expect(calls[4]?.body).toEqual({ email: 'a@b.co', memberships_only: true });
  });

  it('getMemberships: GET my/membership with the spec’s embeds, uncached', async () => {
    const { api, calls } = setup(
      json({
        membership: {
          _count: 1,
          _data: [
            {
              id: 'm1',
              identity_id: 'i1',
              scan_code: '100001',
              role: 'primary',
              level_name: 'Family',
              auto_renew_state: 'scheduled',
              valid_from: '2026-01-01T00:00:00.000Z',
              valid_to: '2027-01-01T00:00:00.000Z',
              member_event_purchase_limit: null,
              ticket_order_id: null,
              ticket_group_id: null,
            },
          ],
        },
      }),
    );
    expect(await api.members.getMemberships()).toEqual([
      expect.objectContaining({ memberId: '100001', levelName: 'Family', autoRenewState: 'scheduled' }),
    ]);
    expect(calls[0]?.url.startsWith('/api/my/membership?')).toBe(true);
    expect(queryOf(calls[0]?.url ?? '')._embed).toBe(
      'role,identity_link,ticket,ticket_order,ticket.ticket_type,ticket.event_template,ticket.ticket_group',
    );
  });
});

describe('the visitor’s locale on the calls that mail (issue 26)', () => {
  it('every call that mails carries the negotiated locale, read at each call; the others and a seller naming none carry none', async () => {
    const { fetch, calls } = fakeFetch(...Array.from({ length: 12 }, () => json(USER_DOC)));
    let tag: string | null = 'es';
    const api = createApi(SETTINGS, { fetch, logger: { warn: vi.fn() }, locale: () => tag });
    const user = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    await api.members.requestPasswordReset(' ada@example.com ');
    await api.members.resendTickets('ada@example.com', { membershipsOnly: true });
    await api.members.resendMyTickets();
    await api.members.forgotMembership('ada@example.com');
    await api.members.createUser({ ...user, password: 'Secret-Pass1' });
    await api.members.saveMyUser(user);
    await api.members.updateUser('u1', { email: 'new@example.com' });
    const mailing = calls.map((c) => [c.url.split('?')[0], c.body]);
    expect(mailing).toEqual([
      ['/api/password_reset/request', { email: 'ada@example.com', locale: 'es' }],
      ['/api/ticket_order/resend', { email: 'ada@example.com', memberships_only: true, locale: 'es' }],
      ['/api/my/ticket_order/resend', { locale: 'es' }],
      ['/api/membership/forgot', { email: 'ada@example.com', locale: 'es' }],
      ['/api/user', { ...wireUser, password: 'Secret-Pass1', locale: 'es' }],
      ['/api/my/user', { ...wireUser, locale: 'es' }],
      [`/api/my/user/u1`, { email: 'new@example.com', locale: 'es' }],
    ]);
    // A name change mails nothing; a login neither.
    await api.members.updateUser('u1', { firstName: 'Ada' });
    await api.members.login({ mode: 'password', email: 'ada@example.com', password: 'x' });
    expect(calls[7]?.body).toEqual({ first_name: 'Ada' });
    expect(calls[8]?.body).not.toHaveProperty('locale');
    // A seller naming no locales: nothing is sent.
    tag = null;
    await api.members.requestPasswordReset('ada@example.com');
    expect(calls[9]?.body).toEqual({ email: 'ada@example.com' });
  });
});

const wireUser = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
