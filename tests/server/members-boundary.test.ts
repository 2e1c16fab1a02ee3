/**
 * The zod boundary of every member endpoint: NUL characters, unknown keys, wrong types, non-JSON, bodies over
 * 1 MB, deep nesting: 400 validation_failed or 413 payload_too_large, never a 500 (and, for my/ endpoints,
 * 401 first without a session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { demoMemberIds } from '../../server/seed/members';
import type { TestServer } from './helpers';
import { type Browser, browser, DEMO_MEMBERS, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
let member: Browser;
beforeAll(async () => {
  s = await startMembersServer();
  member = browser(s);
  expect((await passwordLogin(member, DEMO_MEMBERS.nonMember.email)).status).toBe(200);
});
afterAll(async () => {
  await s.handle.close();
});

const userId = demoMemberIds.user('non-member');

/** Each endpoint with a body it accepts (so that each malformed variant differs in one way only). */
const ENDPOINTS: Array<[method: string, path: string, good: Record<string, unknown>]> = [
  ['POST', 'login', { email: 'x@example.com', password: 'Whatever-1' }],
  ['PATCH', `my/user/${userId}`, { first_name: 'Nico' }],
  ['PUT', 'my/user', { first_name: 'Nico', last_name: 'Visitor', email: DEMO_MEMBERS.nonMember.email }],
  ['POST', 'user', { first_name: 'A', last_name: 'B', email: 'boundary@example.com' }],
  ['POST', 'password_reset/request', { email: 'x@example.com' }],
  ['POST', 'password_reset/validate', { token: 'abc' }],
  ['POST', 'password_reset/reset', { token: 'abc', password: 'Good-Pass-1' }],
  ['POST', 'ticket_order/resend', { email: 'x@example.com' }],
  ['POST', 'my/ticket_order/resend', {}],
  ['POST', 'membership/forgot', { email: 'x@example.com' }],
  ['POST', 'logout', {}], // last: its good body ends the session
];

/** Sends a raw body string (the helpers send JSON values). */
async function send(method: string, path: string, body: string, withSession = true) {
  const headers: Record<string, string> = {
    'Tix-App': 'ecomm',
    'Content-Type': 'application/json',
    'X-Forwarded-For': '192.0.2.50',
  };
  if (withSession) {
    const cookie = [...member.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    headers.Cookie = cookie;
  }
  const res = await s.app.request(`/api/${path}?seller_id=${encodeURIComponent((await sellerId()) ?? '')}`, {
    method,
    headers,
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let seller: string | null = null;
async function sellerId() {
  if (seller) return seller;
  const res = await s.app.request('/__config?slug=demo-museum');
  seller = (await res.json()).sellerId as string;
  return seller;
}

describe('every member endpoint refuses malformed bodies with a catalogue error', () => {
  it.each(ENDPOINTS)('%s %s', async (method, path, good) => {
    const key = Object.keys(good)[0];
    const variants: Array<[string, string, number]> = [
      ['unknown key', JSON.stringify({ ...good, unexpected: 1 }), 400],
      ['NUL in a key', JSON.stringify({ ...good, 'a\u0000b': 1 }), 400],
      ['not JSON', '{"email":', 400],
      ['an array', '[]', 400],
      ['a string', '"text"', 400],
      ['deep nesting', `{"x":${'['.repeat(3000)}${']'.repeat(3000)}}`, 400],
      ['over 1 MB', JSON.stringify({ ...good, pad: 'x'.repeat(1_100_000) }), 413],
    ];
    if (key)
      variants.push(
        ['NUL in a value', JSON.stringify({ ...good, [key]: `a\u0000b` }), 400],
        ['a lone surrogate in a value', JSON.stringify({ ...good, [key]: 'a\ud800b' }), 400],
        ['a number for a string', JSON.stringify({ ...good, [key]: 42 }), 400],
        ['a huge string', JSON.stringify({ ...good, [key]: 'y'.repeat(20_000) }), 400],
      );
    // The good body passes the boundary (whatever the endpoint then answers), so each variant differs in one way.
    const ok = await send(method, path, JSON.stringify(good));
    expect(ok.status).toBeLessThan(500);
    expect(ok.body?._data?.[0]?._code).not.toBe(ErrorCode.validation_failed);
    for (const [what, body, status] of variants) {
      const r = await send(method, path, body);
      expect(r.status, `${what}`).toBe(status);
      expect(r.body._data[0]._code, what).toBe(
        status === 413 ? ErrorCode.payload_too_large : ErrorCode.validation_failed,
      );
    }
  });

  it('my/ endpoints answer 401 without a session before reading the body', async () => {
    for (const [method, path] of ENDPOINTS.filter(([, p]) => p.startsWith('my/'))) {
      const r = await send(method, path, '{"unexpected":1}', false);
      expect(r.status, path).toBe(401);
      expect(r.body._data[0]._code).toBe(ErrorCode.login_required);
    }
  });
});
