/**
 * Account takeover defects of issue 18 (a security probe), each proved by the attack it describes:
 * 1. an outsider who registers a guest's address, or changes their own account's email to it, gets nothing:
 *    an email counts only once verified by a link sent to it (registration, email change, password reset),
 *    a guest purchase never attaches to an unverified account, and the address's owner claims on verifying;
 * 2. a member-ID login plus a new password (no current one asked) plus a new email locked the owner out: a
 *    new password needs the current one and ends the other sessions, a member-ID session may change neither;
 * 3. a 409 named the other account's identity, and registrations had no limit per address.
 * Clock injected (`s.clock.now`), never slept on.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, SESSION_COOKIE } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { tokenHash } from '../../server/members/auth';
import { LIMITS } from '../../server/members/rate';
import { memberSession, memberUser } from '../../server/members/schema';
import { membershipIds } from '../../server/seed/membership';
import { SELLER, type TestServer } from './helpers';
import {
  type Browser,
  browser,
  DEMO_MEMBERS,
  outbox,
  passwordLogin,
  resetToken,
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

const DAY = 86_400_000;
const INDIVIDUAL = membershipIds.level('Individual');
const codeOf = (r: { body: { _data?: Array<{ _code: string }> } }) => r.body?._data?.[0]?._code;

let n = 0;
const unique = (name: string) => `${name}.${++n}@example.com`;

async function register(b: Browser, email: string, password = 'Squat-Pass1') {
  const r = await b.json('POST', 'user', {
    body: { first_name: 'Sam', last_name: 'Squatter', email, password },
  });
  expect(r.status).toBe(200);
  return r.body.user._data[0] as { id: string; identity_id: string };
}

/** A guest buys an Individual membership with `email` as purchaser and member; answers the member ID. */
async function guestBuysMembership(email: string, lastName = 'Owner'): Promise<string> {
  const q = { _embed: 'ticket,ticket_group,cart_fees' };
  const reserved = await s.json('POST', 'my/cart/modify', {
    body: {
      add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }],
      membership: { members: [{ party_role: 'member', first_name: 'Vic', last_name: lastName, email }] },
    },
    query: q,
  });
  expect(reserved.status).toBe(200);
  const cartId = reserved.body.cart._data[0].id;
  await s.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Vic', last_name: lastName, email },
  });
  const d = await s.json('GET', `cart/${cartId}`, { query: q });
  const amount = document.parse(d.body).cart_fees?._data[0]?.grand_totals.total_outstanding ?? '';
  const paid = await s.json('POST', `cart/${cartId}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
  });
  expect(paid.status).toBe(200);
  const mail = (await outbox(s)).filter((m) => m.to === email && /membership ID/.test(m.subject)).at(-1);
  const scanCode = /Individual: (\d+)/.exec(mail?.body ?? '')?.[1];
  expect(scanCode).toMatch(/^\d{9}$/);
  return scanCode as string;
}

const memberships = async (b: Browser) => {
  const r = await b.json('GET', 'my/membership');
  expect(r.status).toBe(200);
  return (r.body.membership?._data ?? []) as Array<{ scan_code: string }>;
};

describe('1. an email counts only once verified', () => {
  it('an outsider who registers a guest’s address gets nothing; the guest claims by proving the address', async () => {
    const victim = unique('victim');
    const squatter = browser(s);
    await register(squatter, victim);
    expect(await passwordLogin(squatter, victim, 'Squat-Pass1')).toMatchObject({ status: 200 });
    const scanCode = await guestBuysMembership(victim);
    // The squatter's account sees neither the membership nor its member ID.
    expect(await memberships(squatter)).toEqual([]);
    // The guest still logs in with the member ID (the purchase kept its own identity) and sees it.
    const owner = browser(s);
    const byId = await owner.json('POST', 'login', { body: { scan_code: scanCode, last_name: 'Owner' } });
    expect(byId.status).toBe(200);
    expect((await memberships(owner)).map((m) => m.scan_code)).toEqual([scanCode]);
    // The victim proves the address with a reset link: the account becomes theirs, with the membership.
    await s.json('POST', 'password_reset/request', { body: { email: victim } });
    const reset = await s.json('POST', 'password_reset/reset', {
      body: { token: await resetToken(s, victim), password: 'Victim-Pass1' },
    });
    expect(reset.status).toBe(200);
    expect((await squatter.json('GET', 'my/user')).status).toBe(401);
    expect((await passwordLogin(browser(s), victim, 'Squat-Pass1')).status).toBe(401);
    const victimB = browser(s);
    expect((await passwordLogin(victimB, victim, 'Victim-Pass1')).status).toBe(200);
    expect((await memberships(victimB)).map((m) => m.scan_code)).toEqual([scanCode]);
  });

  it('changing one’s email to another person’s waits for that person’s link; their reset link goes to them', async () => {
    const victim = unique('victim');
    const attacker = browser(s);
    const own = unique('attacker');
    const user = await register(attacker, own, 'Attack-Pass1');
    await s.json('POST', 'user/verify_email', { body: { token: await verifyToken(s, own) } });
    await passwordLogin(attacker, own, 'Attack-Pass1');
    const patched = await attacker.json('PATCH', `my/user/${user.id}`, { body: { email: victim } });
    expect(patched.status).toBe(200);
    expect(patched.body.user._data[0].email).toBe(own);
    // The new address got the link, the old one a notice.
    const mails = await outbox(s);
    expect(mails.filter((m) => m.to === victim).at(-1)?.body).toMatch(/verify-email\?token=/);
    expect(mails.filter((m) => m.to === own).at(-1)?.body).toContain(`to ${victim}`);
    expect(mails.filter((m) => m.to === own).at(-1)?.body).toMatch(/If this wasn't you, reset your password/);
    const scanCode = await guestBuysMembership(victim);
    expect(await memberships(attacker)).toEqual([]);
    // The victim's reset goes to the victim's own account (created by the purchase), not the attacker's.
    await s.json('POST', 'password_reset/request', { body: { email: victim } });
    await s.json('POST', 'password_reset/reset', {
      body: { token: await resetToken(s, victim), password: 'Victim-Pass1' },
    });
    const victimB = browser(s);
    expect((await passwordLogin(victimB, victim, 'Victim-Pass1')).status).toBe(200);
    expect((await memberships(victimB)).map((m) => m.scan_code)).toEqual([scanCode]);
    // The reset cancelled nothing of the attacker's, but their pending link to the victim's address is dead:
    // it cannot take the address now (another verified account has it).
    const late = await s.json('POST', 'user/verify_email', { body: { token: await verifyToken(s, victim) } });
    expect(late.status).toBe(409);
    expect(codeOf(late)).toBe(ErrorCode.email_in_use);
    expect((await attacker.json('GET', 'my/user')).body.user._data[0].email).toBe(own);
  });

  it('an email change takes effect when its link is spent: once, within 24 hours', async () => {
    const b = browser(s);
    const old = unique('changer');
    const user = await register(b, old, 'Change-Pass1');
    await passwordLogin(b, old, 'Change-Pass1');
    const next = unique('changed');
    await b.json('PATCH', `my/user/${user.id}`, { body: { email: next } });
    const token = await verifyToken(s, next);
    const start = s.clock.now;
    try {
      s.clock.now = start + DAY + 1;
      const expired = await s.json('POST', 'user/verify_email', { body: { token } });
      expect(expired.status).toBe(400);
      expect(codeOf(expired)).toBe(ErrorCode.validate_failed);
    } finally {
      s.clock.now = start;
    }
    await b.json('PATCH', `my/user/${user.id}`, { body: { email: next } });
    const fresh = await verifyToken(s, next);
    expect(fresh).not.toBe(token);
    expect((await s.json('POST', 'user/verify_email', { body: { token: fresh } })).status).toBe(200);
    expect((await b.json('GET', 'my/user')).body.user._data[0].email).toBe(next);
    const again = await s.json('POST', 'user/verify_email', { body: { token: fresh } });
    expect(again.status).toBe(400);
    const unknown = await s.json('POST', 'user/verify_email', { body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(404);
    for (const body of [{}, { token: '' }, { token: 'a', extra: 1 }, { token: 'a\u0000' }])
      expect((await s.json('POST', 'user/verify_email', { body })).status).toBe(400);
  });

  it('an address another account verified meanwhile: the link answers 409 naming no account', async () => {
    const first = browser(s);
    const firstEmail = unique('first');
    const u = await register(first, firstEmail, 'First-Pass1');
    const wanted = unique('wanted');
    await passwordLogin(first, firstEmail, 'First-Pass1');
    expect((await first.json('PATCH', `my/user/${u.id}`, { body: { email: wanted } })).status).toBe(200);
    const pending = await verifyToken(s, wanted);
    await register(browser(s), wanted, 'Second-Pass1');
    await s.json('POST', 'user/verify_email', { body: { token: await verifyToken(s, wanted) } });
    const late = await s.json('POST', 'user/verify_email', { body: { token: pending } });
    expect(late.status).toBe(409);
    expect(late.body._data[0]._extra).toBeNull();
    expect(late.body._data[0]._description).toBe(
      `Another user account is using ${wanted}. Please contact us if you need to merge multiple user accounts.`,
    );
  });

  it('registering sends a verification link; until it is spent, a guest purchase stays off the account; then it is claimed', async () => {
    const email = unique('newbie');
    const b = browser(s);
    const user = await register(b, email, 'Newbie-Pass1');
    const token = await verifyToken(s, email);
    const scanCode = await guestBuysMembership(email);
    await passwordLogin(b, email, 'Newbie-Pass1');
    expect(await memberships(b)).toEqual([]);
    expect((await s.json('POST', 'user/verify_email', { body: { token } })).status).toBe(200);
    expect((await memberships(b)).map((m) => m.scan_code)).toEqual([scanCode]);
    const [row] = await s.handle.db.select().from(memberUser).where(eq(memberUser.id, user.id));
    expect(row?.emailVerifiedAt?.getTime()).toBe(s.clock.now);
    // Verified now: the next guest purchase under the address goes straight to the account.
    const second = await guestBuysMembership(email);
    expect(second).toBe(scanCode); // a renewal of the account's membership
  });

  it('an account created by a guest purchase is not verified; seeded demo members are', async () => {
    const email = unique('guestbuyer');
    await guestBuysMembership(email);
    const [guestUser] = await s.handle.db
      .select()
      .from(memberUser)
      .where(and(eq(memberUser.sellerId, SELLER), eq(memberUser.emailKey, email)));
    expect(guestUser?.emailVerifiedAt).toBeNull();
    const [ada] = await s.handle.db
      .select()
      .from(memberUser)
      .where(eq(memberUser.emailKey, DEMO_MEMBERS.password.email));
    expect(ada?.emailVerifiedAt).not.toBeNull();
  });

  it('my/ticket_order/resend goes by email only for a verified address', async () => {
    const victim = unique('victim');
    const squatter = browser(s);
    await register(squatter, victim);
    await guestBuysMembership(victim);
    await passwordLogin(squatter, victim, 'Squat-Pass1');
    const before = (await outbox(s)).length;
    // The squatter's unverified account has no orders of its own: the guest's orders under the address are
    // not its orders.
    const resend = await squatter.json('POST', 'my/ticket_order/resend', { body: {} });
    expect(resend.status).toBe(404);
    expect((await outbox(s)).length).toBe(before);
  });
});

describe('2. a weak login never becomes a takeover', () => {
  it('a member-ID login may change neither the password nor a real email (403 limited_session)', async () => {
    const b = browser(s);
    const m = DEMO_MEMBERS.scanCode;
    const login = await b.json('POST', 'login', { body: { scan_code: m.scanCode, zip_code: m.zip } });
    expect(login.status).toBe(200);
    const userId = login.body.user._data[0].id;
    const put = await b.json('PUT', 'my/user', {
      body: { first_name: 'G', last_name: 'H', email: m.email, password: 'Taken-Over1' },
    });
    expect(put.status).toBe(403);
    expect(codeOf(put)).toBe(ErrorCode.limited_session);
    const patch = await b.json('PATCH', `my/user/${userId}`, { body: { email: unique('thief') } });
    expect(patch.status).toBe(403);
    expect(codeOf(patch)).toBe(ErrorCode.limited_session);
    // Names still change; an account without a real email may still set one (by its link).
    expect((await b.json('PATCH', `my/user/${userId}`, { body: { first_name: 'Grace' } })).status).toBe(200);
    const placeholder = browser(s);
    const p = DEMO_MEMBERS.noEmail;
    const pl = await placeholder.json('POST', 'login', { body: { scan_code: p.scanCode, zip_code: p.zip } });
    const set = await placeholder.json('PATCH', `my/user/${pl.body.user._data[0].id}`, {
      body: { email: unique('placeholder') },
    });
    expect(set.status).toBe(200);
    expect(set.body.user._data[0].email).toBe(p.email);
  });

  it('a new password needs the current one and ends every other session of the account', async () => {
    const email = unique('pw');
    const here = browser(s);
    await register(here, email, 'Current-Pass1');
    const elsewhere = browser(s);
    await passwordLogin(elsewhere, email, 'Current-Pass1');
    await passwordLogin(here, email, 'Current-Pass1');
    const base = { first_name: 'P', last_name: 'W', email, password: 'Brand-New-Pass1' };
    const missing = await here.json('PUT', 'my/user', { body: base });
    expect(missing.status).toBe(400);
    expect(missing.body._data[0]._context).toBe('current_password');
    const wrong = await here.json('PUT', 'my/user', { body: { ...base, current_password: 'Wrong-Pass1' } });
    expect(wrong.status).toBe(401);
    expect(codeOf(wrong)).toBe(ErrorCode.incorrect_password);
    expect((await passwordLogin(browser(s), email, 'Current-Pass1')).status).toBe(200);
    const ok = await here.json('PUT', 'my/user', { body: { ...base, current_password: 'Current-Pass1' } });
    expect(ok.status).toBe(200);
    expect((await here.json('GET', 'my/user')).status).toBe(200);
    expect((await elsewhere.json('GET', 'my/user')).status).toBe(401);
    expect((await passwordLogin(browser(s), email, 'Brand-New-Pass1')).status).toBe(200);
  });

  it('an account without a password sets its first one only by reset link (400 guest_account)', async () => {
    const m = DEMO_MEMBERS.guest;
    const [user] = await s.handle.db.select().from(memberUser).where(eq(memberUser.emailKey, m.email));
    // The guest account cannot log in by password: give it a full session as the server would.
    const token = 'a-test-session-token-of-the-guest-account';
    await s.handle.db.insert(memberSession).values({
      tokenHash: tokenHash(token),
      sellerId: SELLER,
      userId: user?.id ?? '',
      createdAt: new Date(s.clock.now),
      expiresAt: new Date(s.clock.now + DAY),
      limited: false,
    });
    const r = await s.json('PUT', 'my/user', {
      body: { first_name: 'G', last_name: 'A', email: m.email, password: 'First-Pass1' },
      headers: { Cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(r.status).toBe(400);
    expect(codeOf(r)).toBe(ErrorCode.guest_account);
    const [after] = await s.handle.db.select().from(memberUser).where(eq(memberUser.emailKey, m.email));
    expect(after?.passwordHash).toBeNull();
  });
});

describe('3. no enumeration, registrations limited', () => {
  it('409 email_in_use names no identity: POST user, PATCH my/user/{id}, PUT my/user', async () => {
    const b = browser(s);
    const email = unique('holder');
    const holder = await register(b, email);
    await s.json('POST', 'user/verify_email', { body: { token: await verifyToken(s, email) } });
    const dup = await browser(s).json('POST', 'user', {
      body: { first_name: 'A', last_name: 'B', email, password: 'Some-Pass1' },
    });
    expect(dup.status).toBe(409);
    const other = browser(s);
    const otherEmail = unique('other');
    const o = await register(other, otherEmail, 'Other-Pass1');
    await passwordLogin(other, otherEmail, 'Other-Pass1');
    const patch = await other.json('PATCH', `my/user/${o.id}`, { body: { email } });
    const put = await other.json('PUT', 'my/user', { body: { first_name: 'A', last_name: 'B', email } });
    for (const r of [dup, patch, put]) {
      expect(r.status).toBe(409);
      expect(codeOf(r)).toBe(ErrorCode.email_in_use);
      expect(r.body._data[0]._extra).toBeNull();
      expect(JSON.stringify(r.body)).not.toContain(holder.identity_id);
    }
  });

  it('60 registrations from one address: 429 after the limit', async () => {
    const b = browser(s, '203.0.113.77');
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await b.json('POST', 'user', {
        body: { first_name: 'Bulk', last_name: 'Signup', email: `bulk.${i}@example.com` },
      });
      statuses.push(r.status);
    }
    const max = LIMITS.registerAddress.max;
    expect(statuses).toEqual([...Array(max).fill(200), ...Array(60 - max).fill(429)]);
    // Another address is not affected.
    const other = await browser(s, '203.0.113.78').json('POST', 'user', {
      body: { first_name: 'Bulk', last_name: 'Signup', email: 'bulk.other@example.com' },
    });
    expect(other.status).toBe(200);
    // Verification mails only for the accounts made.
    const mails = (await outbox(s)).filter((m) => m.to.startsWith('bulk.') && /verify-email/.test(m.body));
    expect(mails).toHaveLength(max + 1);
  });
});
