/**
 * Password reset (spec 3 §7): request -> the emailed one-time link (read from the outbox endpoint) -> validate
 * -> reset -> log in with the new password. Tokens are random, stored hashed, single-use (also when two resets
 * race), and expire after an hour on the injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDocument } from '../../api/member-schemas';
import { ErrorCode } from '../../domain/codes';
import { tokenHash } from '../../server/members/auth';
import { memberResetToken } from '../../server/members/schema';
import type { TestServer } from './helpers';
import {
  browser,
  DEMO_MEMBERS,
  outbox,
  passwordLogin,
  resetToken,
  startMembersServer,
} from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

async function newAccount(email: string, password = 'First-Pass1') {
  const r = await browser(s).json('POST', 'user', {
    body: { first_name: 'Reset', last_name: 'Tester', email, password },
  });
  expect(r.status).toBe(200);
}

const request = (email: string) => browser(s).json('POST', 'password_reset/request', { body: { email } });

describe('password reset', () => {
  it('the whole round trip: request, the link in the outbox, validate, reset, log in with the new password', async () => {
    await newAccount('round.trip@example.com');
    expect((await request('round.trip@example.com')).status).toBe(200);
    const mail = (await outbox(s)).filter((m) => m.to === 'round.trip@example.com').at(-1);
    expect(mail?.body).toContain('https://shop.example.test/demo-museum/user/reset-password?token=');
    const token = await resetToken(s, 'round.trip@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed only.
    const rows = await s.handle.db.select().from(memberResetToken);
    expect(rows.some((r) => r.tokenHash === tokenHash(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const validate = await browser(s).json('POST', 'password_reset/validate', { body: { token } });
    expect(validate.status).toBe(200);
    expect(memberDocument.parse(validate.body).identity?._data[0]?.email).toBe('round.trip@example.com');
    const reset = await browser(s).json('POST', 'password_reset/reset', {
      body: { token, password: 'Second-Pass2' },
    });
    expect(reset.status).toBe(200);
    expect((await passwordLogin(browser(s), 'round.trip@example.com', 'Second-Pass2')).status).toBe(200);
    expect((await passwordLogin(browser(s), 'round.trip@example.com', 'First-Pass1')).status).toBe(401);
  });

  it('single use: the same link is refused a second time (validate_failed), for validate and reset', async () => {
    await newAccount('single.use@example.com');
    await request('single.use@example.com');
    const token = await resetToken(s, 'single.use@example.com');
    expect(
      (await browser(s).json('POST', 'password_reset/reset', { body: { token, password: 'Second-Pass2' } }))
        .status,
    ).toBe(200);
    for (const [path, body] of [
      ['password_reset/validate', { token }],
      ['password_reset/reset', { token, password: 'Third-Pass3' }],
    ] as const) {
      const again = await browser(s).json('POST', path, { body });
      expect(again.status, path).toBe(400);
      expect(again.body._data[0]._code).toBe(ErrorCode.validate_failed);
      expect(again.body._data[0]._description).toBe('This reset link is not valid. It may have expired.');
    }
  });

  it('two resets racing with one link: exactly one wins', async () => {
    await newAccount('race.reset@example.com');
    await request('race.reset@example.com');
    const token = await resetToken(s, 'race.reset@example.com');
    const results = await Promise.all(
      ['Racer-One11', 'Racer-Two22', 'Racer-Three3', 'Racer-Four44'].map((password) =>
        browser(s).json('POST', 'password_reset/reset', { body: { token, password } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
  });

  it('expires after an hour (injected clock)', async () => {
    await newAccount('expiry@example.com');
    const start = s.clock.now;
    await request('expiry@example.com');
    const token = await resetToken(s, 'expiry@example.com');
    try {
      s.clock.now = start + 60 * 60 * 1000 - 1;
      expect((await browser(s).json('POST', 'password_reset/validate', { body: { token } })).status).toBe(
        200,
      );
      s.clock.now = start + 60 * 60 * 1000;
      const late = await browser(s).json('POST', 'password_reset/validate', { body: { token } });
      expect(late.status).toBe(400);
      expect(late.body._data[0]._code).toBe(ErrorCode.validate_failed);
      expect(
        (await browser(s).json('POST', 'password_reset/reset', { body: { token, password: 'Late-Pass11' } }))
          .status,
      ).toBe(400);
    } finally {
      s.clock.now = start;
    }
  });

  it('an unknown token is 404 not_found', async () => {
    const r = await browser(s).json('POST', 'password_reset/validate', { body: { token: 'x'.repeat(43) } });
    expect(r.status).toBe(404);
    expect(r.body._data[0]._code).toBe(ErrorCode.not_found);
  });

  it('the new password must follow the rules (8+, no edge spaces, printable ASCII, 3 of 4 classes)', async () => {
    await newAccount('rules@example.com');
    await request('rules@example.com');
    const token = await resetToken(s, 'rules@example.com');
    for (const password of [
      'Short1!',
      ' Leading-Space1',
      'Trailing-Space1 ',
      'alllowercase1',
      'Ünicode-Pass1',
      'NOLOWER123',
    ]) {
      const r = await browser(s).json('POST', 'password_reset/reset', { body: { token, password } });
      expect(r.status, password).toBe(400);
      expect(r.body._data[0]._code).toBe(ErrorCode.validation_failed);
    }
    // Refusals did not spend the link.
    expect(
      (await browser(s).json('POST', 'password_reset/reset', { body: { token, password: 'Good-Pass-99' } }))
        .status,
    ).toBe(200);
  });

  it('a reset ends the account’s sessions and its other links', async () => {
    await newAccount('sessions.end@example.com');
    const b = browser(s);
    await passwordLogin(b, 'sessions.end@example.com', 'First-Pass1');
    await request('sessions.end@example.com');
    const first = await resetToken(s, 'sessions.end@example.com');
    await request('sessions.end@example.com');
    const second = await resetToken(s, 'sessions.end@example.com');
    expect(second).not.toBe(first);
    await browser(s).json('POST', 'password_reset/reset', {
      body: { token: second, password: 'Fresh-Pass1' },
    });
    expect((await b.json('GET', 'my/user')).status).toBe(401);
    expect(
      (await browser(s).json('POST', 'password_reset/validate', { body: { token: first } })).status,
    ).toBe(400);
  });

  it('a guest account (no password) gets a set-password link, then logs in with it', async () => {
    const email = DEMO_MEMBERS.guest.email;
    expect((await passwordLogin(browser(s), email, 'Anything-1')).body._data[0]._code).toBe(
      ErrorCode.guest_account,
    );
    await request(email);
    const mail = (await outbox(s)).filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toContain('set your password');
    const token = await resetToken(s, email);
    await browser(s).json('POST', 'password_reset/reset', { body: { token, password: 'Guest-Now-1' } });
    expect((await passwordLogin(browser(s), email, 'Guest-Now-1')).status).toBe(200);
  });

  it('an unknown email gets the same answer and no email', async () => {
    const before = (await outbox(s)).length;
    const r = await request('never.registered@example.com');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await outbox(s)).length).toBe(before);
  });

  it('bad bodies are 400 (unknown keys, NUL bytes, not an email), never 500', async () => {
    const b = browser(s);
    for (const [path, body] of [
      ['password_reset/request', { email: 'a@b.co', extra: true }],
      ['password_reset/request', { email: 'not-an-email' }],
      ['password_reset/request', { email: 'a\u0000@b.co' }],
      ['password_reset/validate', { token: '' }],
      ['password_reset/validate', { token: 'x'.repeat(201) }],
      ['password_reset/reset', { token: 'abc' }],
      ['password_reset/reset', { token: 'abc', password: 'Good-Pass-1', x: 1 }],
    ] as const) {
      const r = await b.json('POST', path, { body });
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});

describe('the outbox endpoint', () => {
  it('is there outside production, private and uncached', async () => {
    const r = await s.json('GET', '__outbox');
    expect(r.status).toBe(200);
    expect(r.res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('is absent in production', async () => {
    const { startTestServer } = await import('./helpers');
    const prod = await startTestServer({ production: true });
    try {
      expect((await prod.json('GET', '__outbox')).status).toBe(404);
    } finally {
      await prod.handle.close();
    }
  });
});
