/**
 * Sessions (issue 10 "Session"): kept in the database behind an HttpOnly, SameSite cookie rotated at login, with
 * a readable expiry cookie; my/ endpoints need one; logout and expiry end it; a member's cart is theirs alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_EXPIRY_COOKIE } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { tokenHash } from '../../server/members/auth';
import { memberSession } from '../../server/members/schema';
import { GA_ADULT, gaSessions, type TestServer } from './helpers';
import { browser, DEMO_MEMBERS, parseSetCookies, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const HOURS_8 = 8 * 3600;

describe('the session cookies', () => {
  it('login sets an HttpOnly, SameSite=Lax session cookie and a readable expiry cookie of the same lifetime', async () => {
    const b = browser(s);
    const r = await passwordLogin(b, DEMO_MEMBERS.password.email);
    const cookies = parseSetCookies(r.res);
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    const expiry = cookies.find((c) => c.name === SESSION_EXPIRY_COOKIE);
    expect(session?.attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${HOURS_8}`]),
    );
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiry?.attributes).toEqual(
      expect.arrayContaining(['Path=/', 'SameSite=Lax', `Max-Age=${HOURS_8}`]),
    );
    expect(expiry?.attributes).not.toContain('HttpOnly');
    expect(Number(expiry?.value)).toBe(s.clock.now + HOURS_8 * 1000);
    // The database keeps only the token's hash.
    const rows = await s.handle.db.select().from(memberSession);
    expect(rows.some((row) => row.tokenHash === tokenHash(session?.value ?? ''))).toBe(true);
    expect(rows.some((row) => row.tokenHash === session?.value)).toBe(false);
  });

  it('Secure on https (behind a TLS proxy)', async () => {
    const r = await s.json('POST', 'login', {
      body: { email: DEMO_MEMBERS.password.email, password: 'Museum-Pass1' },
      headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' },
    });
    for (const c of parseSetCookies(r.res)) expect(c.attributes).toContain('Secure');
  });

  it('a failed login sets no cookie', async () => {
    const r = await passwordLogin(browser(s), DEMO_MEMBERS.password.email, 'Wrong-Pass1');
    expect(parseSetCookies(r.res)).toEqual([]);
  });

  it('login rotates the session: the old token stops working', async () => {
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.password.email);
    const first = b.jar.get(SESSION_COOKIE);
    await passwordLogin(b, DEMO_MEMBERS.scanCodePassword.email);
    const second = b.jar.get(SESSION_COOKIE);
    expect(second).not.toBe(first);
    expect((await b.json('GET', 'my/user')).body.identity._data[0].first_name).toBe('Alan');
    const stale = browser(s);
    stale.jar.set(SESSION_COOKIE, first ?? '');
    expect((await stale.json('GET', 'my/user')).status).toBe(401);
  });

  it('logout ends the session and clears both cookies; without a session it still answers 200', async () => {
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.password.email);
    const token = b.jar.get(SESSION_COOKIE) ?? '';
    const out = await b.json('POST', 'logout', { body: {} });
    expect(out.status).toBe(200);
    const cleared = parseSetCookies(out.res);
    expect(cleared.map((c) => c.name).sort()).toEqual([SESSION_COOKIE, SESSION_EXPIRY_COOKIE].sort());
    for (const c of cleared) expect(c.attributes).toContain('Max-Age=0');
    expect(b.jar.size).toBe(0);
    // Another tab still holding the cookie is logged out too: the row is gone.
    const otherTab = browser(s);
    otherTab.jar.set(SESSION_COOKIE, token);
    const r = await otherTab.json('GET', 'my/user');
    expect(r.status).toBe(401);
    expect(r.body._data[0]._code).toBe(ErrorCode.login_required);
    expect((await browser(s).json('POST', 'logout', { body: {} })).status).toBe(200);
    expect((await browser(s).json('POST', 'logout', { body: { x: 1 } })).status).toBe(400);
  });

  it('the session ends after 8 hours (injected clock)', async () => {
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERS.password.email);
    const start = s.clock.now;
    try {
      s.clock.now = start + HOURS_8 * 1000 - 1;
      expect((await b.json('GET', 'my/user')).status).toBe(200);
      s.clock.now = start + HOURS_8 * 1000;
      expect((await b.json('GET', 'my/user')).status).toBe(401);
    } finally {
      s.clock.now = start;
    }
  });

  it('a malformed or oversized cookie is no session, never a 500', async () => {
    for (const value of ['', 'x'.repeat(5000), '%%%', 'a;b']) {
      const b = browser(s);
      b.jar.set(SESSION_COOKIE, value);
      expect((await b.json('GET', 'my/user')).status).toBe(401);
    }
  });
});

describe('a member’s cart is theirs alone', () => {
  async function reserve(b: ReturnType<typeof browser>) {
    const [session] = await gaSessions(s, '2026-11-23');
    const r = await b.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id ?? null, ticket_type_id: GA_ADULT }] },
    });
    expect(r.status).toBe(200);
    return r.body.cart._data[0] as { id: string; identity_id: string };
  }

  it('a cart created while logged in belongs to the member: others and guests get 404', async () => {
    const ada = browser(s);
    const login = await passwordLogin(ada, DEMO_MEMBERS.password.email);
    const cart = await reserve(ada);
    expect(cart.identity_id).toBe(login.body.user._data[0].identity_id);
    expect((await ada.json('GET', `my/cart/${cart.id}`)).status).toBe(200);

    const alan = browser(s);
    await passwordLogin(alan, DEMO_MEMBERS.scanCodePassword.email);
    const guest = browser(s);
    for (const other of [alan, guest]) {
      expect((await other.json('GET', `my/cart/${cart.id}`)).status).toBe(404);
      expect((await other.json('GET', `cart/${cart.id}`)).status).toBe(404);
      expect((await other.json('POST', `my/cart/${cart.id}/modify`, { body: { add: [] } })).status).toBe(404);
      expect(
        (
          await other.json('POST', `cart/${cart.id}/purchaser`, {
            body: { first_name: 'Eve', last_name: 'Dropper', email: 'eve@example.com' },
          })
        ).status,
      ).toBe(404);
      expect((await other.json('DELETE', `my/cart/${cart.id}`, { body: {} })).status).toBe(404);
    }
    // After logout, not even the member's old browser (now a guest) sees it.
    await ada.json('POST', 'logout', { body: {} });
    expect((await ada.json('GET', `my/cart/${cart.id}`)).status).toBe(404);
    await passwordLogin(ada, DEMO_MEMBERS.password.email);
    expect((await ada.json('GET', `my/cart/${cart.id}`)).status).toBe(200);
  });

  it('the purchaser step keeps the member’s identity on their cart', async () => {
    const ada = browser(s);
    const login = await passwordLogin(ada, DEMO_MEMBERS.password.email);
    const cart = await reserve(ada);
    const r = await ada.json('POST', `my/cart/${cart.id}/purchaser`, {
      body: { first_name: 'Someone', last_name: 'Else', email: 'else@example.com' },
    });
    expect(r.status).toBe(200);
    expect(r.body.cart._data[0].identity_id).toBe(login.body.user._data[0].identity_id);
    expect(r.body.identity._data[0]).toMatchObject({ first_name: 'Ada', email: DEMO_MEMBERS.password.email });
  });

  it('a guest cart stays usable by whoever holds its id, a logged-in member included', async () => {
    const guest = browser(s);
    const cart = await reserve(guest);
    const ada = browser(s);
    await passwordLogin(ada, DEMO_MEMBERS.password.email);
    expect((await ada.json('GET', `my/cart/${cart.id}`)).status).toBe(200);
    expect((await guest.json('GET', `my/cart/${cart.id}`)).status).toBe(200);
  });
});
