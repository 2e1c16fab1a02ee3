/**
 * Rate limits in the database (issue 10): login per account (10 failures / 15 min) and per address
 * (50 / 15 min), email requests per email (5 / hour) and per address. A slot is taken atomically before the
 * check, so concurrent attempts cannot exceed the limit; run on PostgreSQL too (TEST_DATABASE_URL): PGlite runs
 * one transaction at a time and cannot show a race.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../api/codes';
import { LIMITS } from '../../server/members/rate';
import { clientAddress } from '../../server/members/routes';
import type { TestServer } from './helpers';
import { browser, DEMO_MEMBERS, outbox, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

let n = 0;
async function account(password = 'Right-Pass1') {
  const email = `limited.${++n}.${Date.now()}@example.com`;
  const r = await browser(s).json('POST', 'user', {
    body: { first_name: 'Rate', last_name: 'Limited', email, password },
  });
  expect(r.status).toBe(200);
  return email;
}

const codeOf = (r: { body: { _data?: Array<{ _code: string }> } }) => r.body._data?.[0]?._code;

describe('login per account', () => {
  it('20 wrong passwords in a row do not let the 21st (the right one) through', async () => {
    const email = await account();
    const b = browser(s);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await passwordLogin(b, email, `Wrong-Pass${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    const right = await passwordLogin(b, email, 'Right-Pass1');
    expect(right.status).toBe(429);
    expect(codeOf(right)).toBe(ErrorCode.too_many_attempts);
    expect(right.body._data[0]._extra.retry_after).toBeGreaterThan(0);
    expect(right.body._data[0]._extra.retry_after).toBeLessThanOrEqual(15 * 60);
    // From another address too: the account is locked, not the address.
    expect((await passwordLogin(browser(s), email, 'Right-Pass1')).status).toBe(429);
    expect(b.jar.size).toBe(0);
  });

  it('the lock lifts when the window has passed (injected clock)', async () => {
    const email = await account();
    const start = s.clock.now;
    try {
      for (let i = 0; i < 11; i++) await passwordLogin(browser(s), email, 'Wrong-Pass1');
      s.clock.now = start + LIMITS.loginAccount.windowMs - 1000;
      expect((await passwordLogin(browser(s), email, 'Right-Pass1')).status).toBe(429);
      s.clock.now = start + LIMITS.loginAccount.windowMs + 1;
      expect((await passwordLogin(browser(s), email, 'Right-Pass1')).status).toBe(200);
    } finally {
      s.clock.now = start;
    }
  });

  it('a successful login clears the account’s failures', async () => {
    const email = await account();
    for (let i = 0; i < 9; i++) await passwordLogin(browser(s), email, 'Wrong-Pass1');
    expect((await passwordLogin(browser(s), email, 'Right-Pass1')).status).toBe(200);
    const after: number[] = [];
    for (let i = 0; i < 11; i++) after.push((await passwordLogin(browser(s), email, 'Wrong-Pass1')).status);
    expect(after).toEqual([...Array(10).fill(401), 429]);
  });

  it('concurrent wrong attempts: never more than 10 are checked, and the right password is refused after', async () => {
    const email = await account();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => passwordLogin(browser(s), email, `Wrong-Pass${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 401)).toHaveLength(10);
    expect(statuses.filter((x) => x === 429)).toHaveLength(20);
    expect((await passwordLogin(browser(s), email, 'Right-Pass1')).status).toBe(429);
  });

  it('concurrent attempts mixing the right password with wrong ones: every answer is 200, 401 or 429, never all checked', async () => {
    const email = await account();
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        passwordLogin(browser(s), email, i % 6 === 0 ? 'Right-Pass1' : `Wrong-Pass${i}`),
      ),
    );
    const checked = results.filter((r) => r.status !== 429);
    expect(checked.length).toBeGreaterThanOrEqual(10);
    // Successes clear the account's count, so a few more may be checked after one; never all of them.
    expect(checked.length).toBeLessThan(24);
    for (const r of results) expect([200, 401, 429]).toContain(r.status);
  });

  it('member-ID modes count per member ID', async () => {
    const m = DEMO_MEMBERS.scanCodeLastName;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await browser(s).json('POST', 'login', { body: { scan_code: m.scanCode, last_name: `Wrong${i}` } }))
          .status,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const right = await browser(s).json('POST', 'login', {
      body: { scan_code: m.scanCode, last_name: m.lastName },
    });
    expect(right.status).toBe(429);
  });
});

describe('login per address', () => {
  it('one address trying many accounts is stopped after 50 failures', async () => {
    const b = browser(s, '203.0.113.77');
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++)
      statuses.push((await passwordLogin(b, `spray.${i}@example.com`, 'Guess-Pass1')).status);
    expect(statuses.slice(0, 50).every((x) => x === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await passwordLogin(browser(s, '203.0.113.78'), DEMO_MEMBERS.password.email)).status).toBe(200);
  });
});

describe('client address behind a trusted proxy (TRUST_PROXY)', () => {
  it('70 failed logins from one client rotating its own left-most X-Forwarded-For: 429 after 50', async () => {
    // The proxy appends the address it saw (203.0.113.60); what the client wrote before it is not trusted.
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const b = browser(s, `10.${i % 250}.${i}.1, 203.0.113.60`);
      statuses.push((await passwordLogin(b, `rotate.${i}@example.com`, 'Guess-Pass1')).status);
    }
    expect(statuses.slice(0, 50).every((x) => x === 401)).toBe(true);
    expect(statuses.slice(50).every((x) => x === 429)).toBe(true);
  });

  it('TRUST_PROXY=<n>: the n-th entry from the right; the socket address without a header', async () => {
    const app = new Hono();
    app.get('/:hops', (c) => c.text(clientAddress(c as never, Number(c.req.param('hops')))));
    const ask = async (hops: number, xff?: string) =>
      (
        await app.request(
          `/${hops}`,
          { headers: xff ? { 'X-Forwarded-For': xff } : {} },
          {
            incoming: { socket: { remoteAddress: '192.0.2.9' } },
          },
        )
      ).text();
    expect(await ask(1, 'spoofed, 198.51.100.1, 203.0.113.5')).toBe('203.0.113.5');
    expect(await ask(2, 'spoofed, 198.51.100.1, 203.0.113.5')).toBe('198.51.100.1');
    expect(await ask(2, '198.51.100.1,203.0.113.5')).toBe('198.51.100.1');
    expect(await ask(1)).toBe('192.0.2.9');
    expect(await ask(0, 'spoofed')).toBe('192.0.2.9');
  });
});

describe('email requests (reset links, member IDs, resent tickets)', () => {
  it('5 reset requests per email per hour; the 6th is 429 and sends nothing', async () => {
    const email = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await browser(s).json('POST', 'password_reset/request', { body: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await outbox(s)).filter((m) => m.to === email)).toHaveLength(5);
  });

  it('concurrent reset requests for one email: exactly 5 emails', async () => {
    const email = await account();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser(s).json('POST', 'password_reset/request', { body: { email } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    expect((await outbox(s)).filter((m) => m.to === email)).toHaveLength(5);
  });

  it('one address asking for many emails is stopped after 20', async () => {
    const b = browser(s, '203.0.113.99');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await b.json('POST', 'membership/forgot', { body: { email: `someone.${i}@example.com` } })).status,
      );
    expect(statuses.slice(0, 20).every((x) => x === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
