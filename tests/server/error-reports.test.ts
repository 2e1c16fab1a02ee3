/**
 * POST error_report (issue 26; spec 3 §8 error reporting): what the storefront's default adapter sends with
 * navigator.sendBeacon (no Tix-App header, a text/plain body) is validated, limited per address, and kept
 * redacted for the seller; GET __error_reports lists it outside production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactText } from '../../server/reports/redact';
import { SELLER, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

/** A beacon: POST with a text/plain body and no Tix-App header. */
const beacon = (body: string, extra: Record<string, string> = {}) =>
  s.app.request(`/api/error_report?seller_id=${SELLER}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...extra },
    body,
  });

const reports = async () =>
  (await s.json('GET', '__error_reports')).body.error_report._data as Array<Record<string, unknown>>;

describe('POST error_report', () => {
  it('keeps a report without personal data: no emails, tokens, query strings or card numbers', async () => {
    const r = await beacon(
      JSON.stringify({
        kind: 'api',
        message:
          'Failed for ada@example.com with token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0 card 4242 4242 4242 4242',
        code: 'weird_code',
        status: 400,
        call: 'POST cart/0f8fad5b-d9cb-469f-a165-70867728950e/pay?email=ada@example.com',
        page: '/demo-museum/user/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789',
      }),
    );
    expect(r.status).toBe(204);
    const [kept] = await reports();
    expect(kept).toMatchObject({
      kind: 'api',
      code: 'weird_code',
      status: 400,
      call: 'POST cart/0f8fad5b-d9cb-469f-a165-70867728950e/pay',
      page: '/demo-museum/user/reset-password',
    });
    const message = String(kept?.message);
    expect(message).toBe('Failed for [redacted] with token [redacted] card [redacted]');
  });

  it.each([
    ['an unknown key', { kind: 'api', message: 'x', page: '/', email: 'ada@example.com' }],
    ['an unknown kind', { kind: 'other', message: 'x', page: '/' }],
    ['a NUL character', { kind: 'render', message: 'a\u0000b', page: '/' }],
    ['a lone surrogate', { kind: 'render', message: 'a\ud800b', page: '/' }],
    ['no page', { kind: 'render', message: 'x' }],
    ['a status out of range', { kind: 'api', message: 'x', page: '/', status: 1000 }],
  ])('refuses %s with 400', async (_, body) => {
    const r = await beacon(JSON.stringify(body));
    expect(r.status).toBe(400);
    expect((await r.json())._data[0]._code).toBe('validation_failed');
  });

  it('refuses a body over 8 KB with 413, declared or not', async () => {
    const big = JSON.stringify({ kind: 'render', message: 'x'.repeat(9000), page: '/' });
    expect((await beacon(big)).status).toBe(413);
    const chunked = await s.app.request(`/api/error_report?seller_id=${SELLER}`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('needs a known seller; other API calls still need the Tix-App header', async () => {
    const r = await s.app.request('/api/error_report?seller_id=nobody', { method: 'POST', body: '{}' });
    expect(r.status).toBe(400);
    expect((await r.json())._data[0]._code).toBe('unknown_seller');
    const other = await s.app.request(`/api/cart?seller_id=${SELLER}`, { method: 'POST', body: '{}' });
    expect((await other.json())._data[0]._code).toBe('missing_app_header');
  });

  it('takes at most 60 reports per address in 10 minutes, then 429', async () => {
    const body = JSON.stringify({ kind: 'render', message: 'boom', page: '/' });
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++)
      statuses.push((await beacon(body, { 'X-Forwarded-For': '203.0.113.9' })).status);
    // This file's earlier beacons came from the same (unknown) address: count only from here on a fresh window.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.at(-1)).toBe(429);
    s.clock.now += 10 * 60_000 + 1;
    expect((await beacon(body)).status).toBe(204);
  });
});

describe('redactText', () => {
  it('keeps record ids and words, masks what could identify or open something, and cuts to its bound', () => {
    expect(redactText('GET events/0f8fad5b-d9cb-469f-a165-70867728950e?x=1#y', 200)).toBe(
      'GET events/0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    expect(redactText('call +1 555-123-4567 now', 200)).toBe('call +[redacted] now');
    expect(redactText('TypeError: Cannot read properties of undefined', 200)).toBe(
      'TypeError: Cannot read properties of undefined',
    );
    expect(redactText('x'.repeat(300), 10)).toHaveLength(10);
  });
});
