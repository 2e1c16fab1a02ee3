/**
 * Member accounts (spec 3 §7, §8): POST login in every mode, right and wrong; guest accounts and wrong
 * passwords; login disabled; users and identities (GET/PATCH my/user, POST user, PUT my/user, 409 naming no
 * account; an email change waits for its link); my/membership; resend and forgot membership; the runtime login configuration; the API client
 * against the real server.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createApi } from '../../api/index';
import { memberDocument } from '../../api/member-schemas';
import { runtimeConfig } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { demoMemberIds } from '../../server/seed/members';
import { GA_ADULT, gaSessions, SELLER, type TestServer } from './helpers';
import {
  browser,
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  outbox,
  passwordLogin,
  setAuthentication,
  startMembersServer,
  verifyToken,
} from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const code = (body: { _data: Array<{ _code: string }> }) => body._data[0]?._code;

describe('POST login, each mode right and wrong', () => {
  it('password: the member, a session, and the wire shape', async () => {
    const b = browser(s);
    const r = await passwordLogin(b, DEMO_MEMBERS.password.email);
    expect(r.status).toBe(200);
    const doc = memberDocument.parse(r.body);
    expect(doc.user?._data[0]).toMatchObject({
      id: demoMemberIds.user('password'),
      identity_id: demoMemberIds.identity('password'),
      email: DEMO_MEMBERS.password.email,
      has_password: true,
    });
    expect(doc.identity?._data[0]).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      type: 'member',
    });
    expect(doc.meta?._data).toEqual([
      expect.objectContaining({ resource: 'identity', key: 'zip_code', value: DEMO_MEMBERS.password.zip }),
    ]);
    expect(Date.parse(doc.session?._data[0]?.expires_at ?? '')).toBe(s.clock.now + 8 * 3600_000);
    expect((await b.json('GET', 'my/user')).status).toBe(200);
  });

  it('password: the email is case-insensitive and trimmed', async () => {
    const r = await passwordLogin(browser(s), '  ADA.Member@Example.com ');
    expect(r.status).toBe(200);
  });

  it('password: a wrong password is incorrect_password (401); an unknown email invalid_credentials (401)', async () => {
    const wrong = await passwordLogin(browser(s), DEMO_MEMBERS.password.email, 'Wrong-Pass1');
    expect(wrong.status).toBe(401);
    expect(code(wrong.body)).toBe(ErrorCode.incorrect_password);
    expect(wrong.body._data[0]._description).toBe('That is not the correct password. Please try again.');
    const unknown = await passwordLogin(browser(s), 'nobody@example.com');
    expect(unknown.status).toBe(401);
    expect(code(unknown.body)).toBe(ErrorCode.invalid_credentials);
  });

  it('password: a guest account (no password) answers guest_account', async () => {
    const r = await passwordLogin(browser(s), DEMO_MEMBERS.guest.email, 'Anything-1');
    expect(r.status).toBe(400);
    expect(code(r.body)).toBe(ErrorCode.guest_account);
    expect(r.body._data[0]._description).toBe(
      'Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.',
    );
  });

  it('scan_code: member ID and 5-digit ZIP', async () => {
    const m = DEMO_MEMBERS.scanCode;
    const ok = await browser(s).json('POST', 'login', { body: { scan_code: m.scanCode, zip_code: m.zip } });
    expect(ok.status).toBe(200);
    expect(ok.body.user._data[0].id).toBe(demoMemberIds.user('scan-code'));
    const wrongZip = await browser(s).json('POST', 'login', {
      body: { scan_code: m.scanCode, zip_code: '99999' },
    });
    expect(wrongZip.status).toBe(401);
    expect(code(wrongZip.body)).toBe(ErrorCode.invalid_credentials);
    expect(wrongZip.body._data[0]._description).toBe(
      'Member details not found. Please check your member ID and ZIP code.',
    );
    const wrongId = await browser(s).json('POST', 'login', {
      body: { scan_code: '999999', zip_code: m.zip },
    });
    expect(code(wrongId.body)).toBe(ErrorCode.invalid_credentials);
    const notFive = await browser(s).json('POST', 'login', {
      body: { scan_code: m.scanCode, zip_code: '1002' },
    });
    expect(notFive.status).toBe(400);
  });

  it('scan_code_last_name: member ID and last name (case-insensitive)', async () => {
    const m = DEMO_MEMBERS.scanCodeLastName;
    const ok = await browser(s).json('POST', 'login', {
      body: { scan_code: m.scanCode, last_name: 'curie ' },
    });
    expect(ok.status).toBe(200);
    const wrong = await browser(s).json('POST', 'login', {
      body: { scan_code: m.scanCode, last_name: 'Bohr' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body._data[0]._description).toBe(
      'Member details not found. Please check your member ID and last name.',
    );
  });

  it('scan_code_password: member ID with email and password', async () => {
    const m = DEMO_MEMBERS.scanCodePassword;
    const body = { scan_code: m.scanCode, email: m.email, password: DEMO_MEMBER_PASSWORD };
    expect((await browser(s).json('POST', 'login', { body })).status).toBe(200);
    const wrongPassword = await browser(s).json('POST', 'login', {
      body: { ...body, password: 'Nope-Nope1' },
    });
    expect(code(wrongPassword.body)).toBe(ErrorCode.incorrect_password);
    // Another member's ID with this email: not found, whatever the password.
    const otherId = await browser(s).json('POST', 'login', {
      body: { ...body, scan_code: DEMO_MEMBERS.password.scanCode },
    });
    expect(otherId.status).toBe(401);
    expect(otherId.body._data[0]._description).toBe(
      'Member details not found. Please check your email address and member ID.',
    );
  });

  it('a member without a real email logs in by member ID and reads as needing one', async () => {
    const m = DEMO_MEMBERS.noEmail;
    const b = browser(s);
    const r = await b.json('POST', 'login', { body: { scan_code: m.scanCode, zip_code: m.zip } });
    expect(r.status).toBe(200);
    expect(r.body.user._data[0].email.startsWith('noemail+')).toBe(true);
  });

  it('login disabled, or a mode the seller does not accept: 403 login_disabled', async () => {
    await setAuthentication(s, { method: 'scan_code' });
    try {
      const r = await passwordLogin(browser(s), DEMO_MEMBERS.password.email);
      expect(r.status).toBe(403);
      expect(code(r.body)).toBe(ErrorCode.login_disabled);
      const m = DEMO_MEMBERS.scanCode;
      const ok = await browser(s).json('POST', 'login', { body: { scan_code: m.scanCode, zip_code: m.zip } });
      expect(ok.status).toBe(200);
      await setAuthentication(s, { method: 'none' });
      expect(
        (await browser(s).json('POST', 'login', { body: { scan_code: m.scanCode, zip_code: m.zip } })).status,
      ).toBe(403);
    } finally {
      await setAuthentication(s, {
        method: 'password',
        methods: ['password', 'scan_code', 'scan_code_last_name', 'scan_code_password', 'oidc'],
      });
    }
  });

  it('mixed or unknown keys, NUL bytes and huge bodies are 400/413, never 500', async () => {
    const b = browser(s);
    for (const body of [
      { email: 'a@b.c', password: 'x', extra: 1 },
      { scan_code: '1', zip_code: '12345', last_name: 'x' },
      { email: 'ada\u0000@example.com', password: 'x' },
      { email: 'x'.repeat(101), password: 'x' },
      { scan_code: 'x'.repeat(51), last_name: 'x' },
      { email: '   ', password: 'x' },
      {},
      [],
      'text',
    ]) {
      const r = await b.json('POST', 'login', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(code(r.body)).toBe(ErrorCode.validation_failed);
    }
    const huge = await b.json('POST', 'login', { body: { email: 'a@b.c', password: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
  });
});

describe('users and identities', () => {
  it('GET my/user without a session: 401 login_required', async () => {
    const r = await browser(s).json('GET', 'my/user');
    expect(r.status).toBe(401);
    expect(code(r.body)).toBe(ErrorCode.login_required);
  });

  it('PATCH my/user/{id}: a new email takes effect by its link; another account’s email is 409 naming no account', async () => {
    const b = browser(s);
    const m = DEMO_MEMBERS.noEmail;
    const login = await b.json('POST', 'login', { body: { scan_code: m.scanCode, zip_code: m.zip } });
    const userId = login.body.user._data[0].id;
    const taken = await b.json('PATCH', `my/user/${userId}`, {
      body: { email: DEMO_MEMBERS.password.email },
    });
    expect(taken.status).toBe(409);
    expect(code(taken.body)).toBe(ErrorCode.email_in_use);
    expect(taken.body._data[0]._extra).toBeNull();
    const takenUpper = await b.json('PATCH', `my/user/${userId}`, {
      body: { email: 'ADA.MEMBER@example.com' },
    });
    expect(takenUpper.status).toBe(409);
    const ok = await b.json('PATCH', `my/user/${userId}`, { body: { email: 'nora.real@example.com' } });
    expect(ok.status).toBe(200);
    // Not yet: the new address gets a link, and the email changes when it is spent.
    expect(ok.body.user._data[0].email).toBe(m.email);
    const verified = await s.json('POST', 'user/verify_email', {
      body: { token: await verifyToken(s, 'nora.real@example.com') },
    });
    expect(verified.status).toBe(200);
    const after = await b.json('GET', 'my/user', { query: { _embed: 'identity' } });
    expect(after.body.user._data[0].email).toBe('nora.real@example.com');
    expect(after.body.identity._data[0].email).toBe('nora.real@example.com');
    expect((await b.json('GET', 'my/user')).body.user._data[0].email).toBe('nora.real@example.com');
    // Someone else's user id: 404; bad bodies: 400.
    const other = await b.json('PATCH', `my/user/${demoMemberIds.user('password')}`, {
      body: { email: 'x@example.com' },
    });
    expect(other.status).toBe(404);
    for (const body of [{ email: 'not-an-email' }, { id: 'x' }, { email: 'a\u0000@b.co' }])
      expect((await b.json('PATCH', `my/user/${userId}`, { body })).status).toBe(400);
  });

  it('POST user: a new account (password rules apply); an existing email is 409 naming no account', async () => {
    const b = browser(s);
    const body = {
      first_name: 'Lise',
      last_name: 'Meitner',
      email: 'lise@example.com',
      password: 'Fission-1938',
    };
    const r = await b.json('POST', 'user', { body, query: { _embed: 'identity' } });
    expect(r.status).toBe(200);
    const identityId = r.body.user._data[0].identity_id;
    expect(r.body.identity._data[0]).toMatchObject({ id: identityId, first_name: 'Lise', type: 'member' });
    const again = await b.json('POST', 'user', { body: { ...body, email: 'LISE@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body._data[0]._extra).toBeNull();
    expect(JSON.stringify(again.body)).not.toContain(identityId);
    expect((await passwordLogin(browser(s), 'lise@example.com', 'Fission-1938')).status).toBe(200);
    const weak = await b.json('POST', 'user', {
      body: { ...body, email: 'weak@example.com', password: 'alllowercase' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body._data[0]._context).toBe('password');
    const noPassword = await b.json('POST', 'user', {
      body: { ...body, email: 'guest2@example.com', password: undefined },
    });
    expect(noPassword.status).toBe(200);
    expect(noPassword.body.user._data[0].has_password).toBe(false);
  });

  it('PUT my/user: the member updates names, password (with the current one) and email (by its link)', async () => {
    const b = browser(s);
    await b.json('POST', 'user', {
      body: {
        first_name: 'Emmy',
        last_name: 'Noether',
        email: 'emmy@example.com',
        password: 'Symmetry-1918',
      },
    });
    expect(
      (await b.json('PUT', 'my/user', { body: { first_name: 'E', last_name: 'N', email: 'e@example.com' } }))
        .status,
    ).toBe(401);
    await passwordLogin(b, 'emmy@example.com', 'Symmetry-1918');
    const r = await b.json('PUT', 'my/user', {
      body: {
        first_name: 'Amalie',
        last_name: 'Noether',
        email: 'amalie@example.com',
        password: 'Rings-and-1921',
        current_password: 'Symmetry-1918',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.identity._data[0].first_name).toBe('Amalie');
    expect((await passwordLogin(browser(s), 'emmy@example.com', 'Rings-and-1921')).status).toBe(200);
    await s.json('POST', 'user/verify_email', {
      body: { token: await verifyToken(s, 'amalie@example.com') },
    });
    expect((await passwordLogin(browser(s), 'amalie@example.com', 'Rings-and-1921')).status).toBe(200);
    const conflict = await b.json('PUT', 'my/user', {
      body: { first_name: 'A', last_name: 'N', email: DEMO_MEMBERS.scanCode.email },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body._data[0]._extra).toBeNull();
  });

  it('GET my/membership: the member’s membership in the wire shape; none for a non-member', async () => {
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.password.email);
    const r = await b.json('GET', 'my/membership', {
      query: {
        _embed:
          'role,identity_link,ticket,ticket_order,ticket.ticket_type,ticket.event_template,ticket.ticket_group',
      },
    });
    expect(r.status).toBe(200);
    const doc = memberDocument.parse(r.body);
    expect(doc.membership?._data).toEqual([
      expect.objectContaining({
        identity_id: demoMemberIds.identity('password'),
        scan_code: DEMO_MEMBERS.password.scanCode,
        level_name: 'Family',
        role: 'primary',
        auto_renew_state: 'scheduled',
      }),
    ]);
    const n = browser(s);
    await passwordLogin(n, DEMO_MEMBERS.nonMember.email);
    expect((await n.json('GET', 'my/membership')).body.membership._count).toBe(0);
    expect((await browser(s).json('GET', 'my/membership')).status).toBe(401);
  });
});

describe('resend tickets and forgot membership (emails in the outbox)', () => {
  it('ticket_order/resend: 404 with the spec text when the email has no orders', async () => {
    const r = await browser(s).json('POST', 'ticket_order/resend', {
      body: { email: 'no.orders@example.com' },
    });
    expect(r.status).toBe(404);
    expect(r.body._data[0]._description).toBe('No orders could be found for this email address.');
  });

  it('membership/forgot: the member IDs go to the email; an unknown email gets the same answer and no email', async () => {
    const before = (await outbox(s)).length;
    const r = await browser(s).json('POST', 'membership/forgot', {
      body: { email: DEMO_MEMBERS.scanCode.email },
    });
    expect(r.status).toBe(200);
    const mails = await outbox(s);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toMatchObject({ to: DEMO_MEMBERS.scanCode.email });
    expect(mails.at(-1)?.body).toContain(DEMO_MEMBERS.scanCode.scanCode);
    const unknown = await browser(s).json('POST', 'membership/forgot', {
      body: { email: 'stranger@example.com' },
    });
    expect(unknown.status).toBe(200);
    expect((await outbox(s)).length).toBe(before + 1);
  });

  /** Reserves one General Admission ticket and pays for it (a guest gives a purchaser first). */
  async function buy(b: ReturnType<typeof browser>, purchaserEmail: string | null) {
    const [session] = await gaSessions(s, '2026-11-24');
    const cart = await b.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id ?? null, ticket_type_id: GA_ADULT }] },
    });
    const id = cart.body.cart._data[0].id;
    if (purchaserEmail)
      await b.json('POST', `cart/${id}/purchaser`, {
        body: { first_name: 'Otto', last_name: 'Order', email: purchaserEmail },
      });
    const total = cart.body.cart_fees._data[0].grand_totals.total_outstanding;
    const paid = await b.json('POST', `my/cart/${id}/pay`, {
      body: { amount: total, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    return paid.body.ticket_order._data[0] as { id: string; order_number: string };
  }

  it('ticket_order/resend: the orders of the email (any case) go to it, with links; memberships_only filters', async () => {
    const order = await buy(browser(s), 'otto.order@example.com');
    const r = await browser(s).json('POST', 'ticket_order/resend', {
      body: { email: 'OTTO.order@example.com' },
    });
    expect(r.status).toBe(200);
    const mail = (await outbox(s)).at(-1);
    expect(mail?.to).toBe('OTTO.order@example.com');
    expect(mail?.subject).toBe('Demo Museum of Art & Science: your tickets');
    expect(mail?.body).toContain(
      `Order ${order.order_number}: https://shop.example.test/demo-museum/checkout/complete?orderIds=${order.id}`,
    );
    const onlyMemberships = await browser(s).json('POST', 'ticket_order/resend', {
      body: { email: 'otto.order@example.com', memberships_only: true },
    });
    expect(onlyMemberships.status).toBe(404);
  });

  it('my/ticket_order/resend: the member’s own orders (their cart is theirs) go to their email', async () => {
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.scanCodePassword.email);
    const order = await buy(b, null);
    const r = await b.json('POST', 'my/ticket_order/resend', { body: {} });
    expect(r.status).toBe(200);
    const mail = (await outbox(s)).at(-1);
    expect(mail?.to).toBe(DEMO_MEMBERS.scanCodePassword.email);
    expect(mail?.body).toContain(order.order_number);
  });

  it('my/ticket_order/resend needs a session; 404 when the member has no orders', async () => {
    expect((await browser(s).json('POST', 'my/ticket_order/resend', { body: {} })).status).toBe(401);
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.nonMember.email);
    const r = await b.json('POST', 'my/ticket_order/resend', { body: { memberships_only: false } });
    expect(r.status).toBe(404);
  });
});

describe('the runtime configuration carries the login configuration', () => {
  it('method, messages and URLs from the seller’s authentication row', async () => {
    await setAuthentication(s, {
      method: 'scan_code_last_name',
      invalid_credentials_message: 'Please call us.',
      external_logout_url: 'https://example.com/logout',
    });
    try {
      const res = await s.app.request('/__config?slug=demo-museum');
      const cfg = runtimeConfig.parse(await res.json());
      expect(cfg.login).toEqual({
        method: 'scan_code_last_name',
        invalidCredentialsMessage: 'Please call us.',
        externalLoginUrl: null,
        externalLogoutUrl: 'https://example.com/logout',
        oidc: null,
      });
    } finally {
      await setAuthentication(s, {
        method: 'password',
        methods: ['password', 'scan_code', 'scan_code_last_name', 'scan_code_password', 'oidc'],
      });
    }
  });
});

describe('the API client against the server (the wire contract both sides use)', () => {
  function client(b: ReturnType<typeof browser>) {
    const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const headers = { ...(init?.headers as Record<string, string>) };
      const r = await b.json(init?.method ?? 'GET', url.pathname.replace(/^\/api\//, ''), {
        query: Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'seller_id')),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers,
      });
      return new Response(JSON.stringify(r.body), { status: r.status });
    }) as typeof globalThis.fetch;
    return createApi(
      { apiPrefix: '/api/', cachedApiPrefix: '/cached/api/', sellerId: SELLER },
      { fetch, logger: { warn: () => {} } },
    );
  }

  it('login (each mode), getUser, getMemberships, updateUser, logout', async () => {
    const b = browser(s);
    const api = client(b);
    const result = await api.members.login({ mode: 'scan_code', memberId: ' 200002 ', zip: '10024' });
    expect(result.member).toMatchObject({
      firstName: 'Grace',
      needsEmail: false,
      meta: { zip_code: '10024' },
    });
    expect(result.sessionExpiresAt).toBe(s.clock.now + 8 * 3600_000);
    expect((await api.members.getUser()).userId).toBe(demoMemberIds.user('scan-code'));
    expect((await api.members.getMemberships())[0]).toMatchObject({
      memberId: '200002',
      levelName: 'Individual',
    });
    await api.members.logout();
    await expect(api.members.getUser()).rejects.toMatchObject({
      code: ErrorCode.login_required,
      status: 401,
    });
    await api.members.createUser({
      firstName: 'Pat',
      lastName: 'Placeholder',
      email: 'noemail+pat@example.invalid',
      password: 'Placeholder-1',
    });
    const noEmail = await api.members.login({
      mode: 'password',
      email: 'noemail+pat@example.invalid',
      password: 'Placeholder-1',
    });
    expect(noEmail.member).toMatchObject({ needsEmail: true, email: null });
    await expect(
      api.members.login({ mode: 'password', email: DEMO_MEMBERS.password.email, password: 'bad-Password1' }),
    ).rejects.toMatchObject({ code: ErrorCode.incorrect_password });
    await expect(
      api.members.login({ mode: 'scan_code_last_name', memberId: '300003', lastName: 'Curie' }),
    ).resolves.toMatchObject({ member: { lastName: 'Curie' } });
  });

  it('createUser answers the identity id and rejects a 409 (no other identity named); resendTickets rejects with not_found', async () => {
    const api = client(browser(s));
    const id = await api.members.createUser({
      firstName: 'Rosa',
      lastName: 'Parks',
      email: 'rosa@example.com',
    });
    expect(id).toEqual(expect.any(String));
    await expect(
      api.members.createUser({ firstName: 'R', lastName: 'P', email: 'rosa@example.com' }),
    ).rejects.toMatchObject({ code: ErrorCode.email_in_use, status: 409, extra: null });
    await expect(api.members.resendTickets('nobody-here@example.com')).rejects.toMatchObject({
      code: ErrorCode.not_found,
      status: 404,
    });
    await expect(api.members.forgotMembership('nobody-here@example.com')).resolves.toBeUndefined();
  });
});

it('wire schemas are zod: the member document rejects a malformed user', () => {
  expect(z.safeParse(memberDocument, { user: { _count: 1, _data: [{ id: 1 }] } }).success).toBe(false);
});
