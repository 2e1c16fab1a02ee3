/**
 * Rate limits in the database (issue 10): login per account (issue 18: 5 free failures, then a delay of 2, 4,
 * 8 … s between attempts, at most 15 minutes) and per address (50 / 15 min), email requests per email (5 / hour) and per address. A slot is taken atomically before the
 * check, so concurrent attempts cannot exceed the limit; run on PostgreSQL too (TEST_DATABASE_URL): PGlite runs
 * one transaction at a time and cannot show a race.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { clientAddress } from '../../server/http/client-address';
import { BACKOFF, backoffDelayMs } from '../../server/members/rate';
import * as t from '../../server/schema';
import { GA_CHILD, gaSessions, type TestServer } from './helpers';
import {
  type Browser,
  browser,
  DEMO_MEMBERS,
  outbox,
  passwordLogin,
  startMembersServer,
} from './members-helpers';

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

describe('login per account: a growing delay, never a lock-out (issue 18)', () => {
  const B = BACKOFF.loginAccount;
  const retryAfter = (r: { body: { _data: Array<{ _extra: { retry_after: number } }> } }): number =>
    r.body._data[0]?._extra.retry_after ?? 0;
  /** Runs `body` on the injected clock from now, then puts the clock back. */
  async function onClock(body: (advance: (ms: number) => void) => Promise<void>) {
    const start = s.clock.now;
    try {
      await body((ms) => {
        s.clock.now += ms;
      });
    } finally {
      s.clock.now = start;
    }
  }

  it('5 failures are free; then each attempt waits 2, 4, 8 s (429 too_many_attempts with retry_after)', async () => {
    const email = await account();
    await onClock(async (advance) => {
      const b = browser(s);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await passwordLogin(b, email, `Wrong-Pass${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const early = await passwordLogin(b, email, 'Wrong-Pass5');
      expect(early.status).toBe(429);
      expect(codeOf(early)).toBe(ErrorCode.too_many_attempts);
      expect(retryAfter(early)).toBe(2);
      // The delay is the account's: the right password from another address waits too (no check, no cookie).
      const other = browser(s);
      expect((await passwordLogin(other, email, 'Right-Pass1')).status).toBe(429);
      expect(other.jar.size).toBe(0);
      advance(1_999);
      expect((await passwordLogin(b, email, 'Wrong-Pass6')).status).toBe(429);
      advance(1);
      expect((await passwordLogin(b, email, 'Wrong-Pass6')).status).toBe(401);
      expect(retryAfter(await passwordLogin(b, email, 'Wrong-Pass7'))).toBe(4);
      advance(4_000);
      expect((await passwordLogin(b, email, 'Wrong-Pass7')).status).toBe(401);
      expect(retryAfter(await passwordLogin(b, email, 'Wrong-Pass8'))).toBe(8);
    });
  });

  it('ten wrong passwords do not lock the owner out: after the short delay the owner logs in from another address', async () => {
    const email = await account();
    await onClock(async (advance) => {
      const attacker = browser(s);
      // The attacker tries as often as the delay allows: 10 wrong passwords, each checked.
      for (let i = 0; i < 10; i++) {
        const r = await passwordLogin(attacker, email, `Wrong-Pass${i}`);
        if (r.status === 429) {
          advance(retryAfter(r) * 1000);
          i--;
          continue;
        }
        expect(r.status).toBe(401);
      }
      const owner = browser(s);
      const waiting = await passwordLogin(owner, email, 'Right-Pass1');
      expect(waiting.status).toBe(429);
      expect(retryAfter(waiting)).toBeLessThanOrEqual(64);
      advance(retryAfter(waiting) * 1000);
      expect((await passwordLogin(owner, email, 'Right-Pass1')).status).toBe(200);
      // The owner's success forgets the failures: 5 free again.
      const after: number[] = [];
      for (let i = 0; i < 6; i++) after.push((await passwordLogin(attacker, email, 'Wrong-Pass1')).status);
      expect(after).toEqual([401, 401, 401, 401, 401, 429]);
    });
  });

  it('the delay grows to at most 15 minutes; failures are forgotten a day after the last one', async () => {
    const email = await account();
    await onClock(async (advance) => {
      // 15 checked failures (each after its delay): the delay has reached the cap and stays there.
      for (let checked = 0; checked < 15; ) {
        const r = await passwordLogin(browser(s), email, `Wrong-Pass${checked}`);
        if (r.status === 429) advance(retryAfter(r) * 1000);
        else checked++;
      }
      const last = retryAfter(await passwordLogin(browser(s), email, 'Wrong-Pass1'));
      expect(last).toBe(B.capMs / 1000);
      expect(backoffDelayMs(B, 100)).toBe(B.capMs);
      advance(B.forgetMs);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await passwordLogin(browser(s), email, 'Wrong-Pass1')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });
  });

  it('a successful login clears the account’s failures', async () => {
    const email = await account();
    for (let i = 0; i < 4; i++) await passwordLogin(browser(s), email, 'Wrong-Pass1');
    expect((await passwordLogin(browser(s), email, 'Right-Pass1')).status).toBe(200);
    const after: number[] = [];
    for (let i = 0; i < 6; i++) after.push((await passwordLogin(browser(s), email, 'Wrong-Pass1')).status);
    expect(after).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('concurrent wrong attempts: exactly the 5 free ones are checked, and the right password waits after', async () => {
    const email = await account();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => passwordLogin(browser(s), email, `Wrong-Pass${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 401)).toHaveLength(B.free);
    expect(statuses.filter((x) => x === 429)).toHaveLength(30 - B.free);
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
    expect(checked.length).toBeGreaterThanOrEqual(B.free);
    // Successes clear the account's count, so a few more may be checked after one; never all of them.
    expect(checked.length).toBeLessThan(24);
    for (const r of results) expect([200, 401, 429]).toContain(r.status);
  });

  it('member-ID modes count per member ID', async () => {
    const m = DEMO_MEMBERS.scanCodeLastName;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await browser(s).json('POST', 'login', { body: { scan_code: m.scanCode, last_name: `Wrong${i}` } }))
          .status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
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
    // Member-ID logins (no password hash to check: the test stays fast), each of another member ID.
    for (let i = 0; i < 70; i++) {
      const b = browser(s, `10.${i % 250}.${i}.1, 203.0.113.60`);
      const body = { scan_code: `99${String(i).padStart(4, '0')}`, last_name: 'Guess' };
      statuses.push((await b.json('POST', 'login', { body })).status);
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
    expect((await outbox(s)).filter((m) => m.to === email && /reset-password/.test(m.body))).toHaveLength(5);
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
    expect((await outbox(s)).filter((m) => m.to === email && /reset-password/.test(m.body))).toHaveLength(5);
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

describe('pay attempts (card testing)', () => {
  const PURCHASER = { first_name: 'Card', last_name: 'Tester', email: 'card.tester@example.com' };
  async function payableCart(b: Browser, date = '2026-12-02') {
    const [session] = await gaSessions(s, date);
    const r = await b.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id ?? null, ticket_type_id: GA_CHILD }] },
    });
    expect(r.status).toBe(200);
    const id = r.body.cart._data[0].id as string;
    expect((await b.json('POST', `cart/${id}/purchaser`, { body: PURCHASER })).status).toBe(200);
    return { id, amount: r.body.cart_fees._data[0].grand_totals.total_outstanding as string };
  }
  const pay = (b: Browser, cart: { id: string; amount: string }, source: string) =>
    b.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: cart.amount, gateway_id: 'stripe', gateway_data: { source } },
    });
  const charges = async (cartId: string) =>
    (await s.handle.db.select().from(t.gatewayCharge).where(eq(t.gatewayCharge.cartId, cartId))).length;

  it('10 failed pays per cart per hour: the 11th is 429 too_many_attempts and reaches no gateway', async () => {
    const cart = await payableCart(browser(s));
    const statuses: number[] = [];
    // Each from another address: the cart's own limit.
    for (let i = 0; i < 10; i++)
      statuses.push((await pay(browser(s), cart, 'pm_card_chargeDeclined')).status);
    expect(statuses).toEqual(Array(10).fill(400));
    const limited = await pay(browser(s), cart, 'pm_card_visa');
    expect(limited.status).toBe(429);
    expect(limited.body._data[0]).toMatchObject({ _code: ErrorCode.too_many_attempts, _context: 'pay' });
    expect(limited.body._data[0]._extra.retry_after).toBeLessThanOrEqual(60 * 60);
    expect(await charges(cart.id)).toBe(10);
    const [row] = await s.handle.db.select().from(t.cart).where(eq(t.cart.id, cart.id));
    expect(row?.state).toBe('pending');
  });

  it('30 failed pays per address per hour across carts; another address still pays', async () => {
    const b = browser(s, '203.0.113.150');
    for (let c = 0; c < 3; c++) {
      const cart = await payableCart(b);
      for (let i = 0; i < 10; i++) expect((await pay(b, cart, 'pm_card_chargeDeclined')).status).toBe(400);
    }
    const fourth = await payableCart(b);
    const limited = await pay(b, fourth, 'pm_card_visa');
    expect(limited.status).toBe(429);
    expect(codeOf(limited)).toBe(ErrorCode.too_many_attempts);
    expect(await charges(fourth.id)).toBe(0);
    expect((await pay(browser(s, '203.0.113.151'), fourth, 'pm_card_visa')).status).toBe(200);
  });

  it('successful pays do not count: 29 declines, then 3 paid orders from the same address', async () => {
    const b = browser(s, '203.0.113.152');
    for (let c = 0; c < 3; c++) {
      const cart = await payableCart(b);
      for (let i = 0; i < (c < 2 ? 10 : 9); i++)
        expect((await pay(b, cart, 'pm_card_chargeDeclined')).status).toBe(400);
    }
    for (let i = 0; i < 3; i++) expect((await pay(b, await payableCart(b), 'pm_card_visa')).status).toBe(200);
    expect((await pay(b, await payableCart(b), 'pm_card_chargeDeclined')).status).toBe(400);
    expect((await pay(b, await payableCart(b), 'pm_card_chargeDeclined')).status).toBe(429);
  });
});
