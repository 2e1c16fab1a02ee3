/**
 * Bad input at every endpoint: NUL characters, huge and deep bodies, unknown keys, malformed values. The
 * answer is 400 or 413 (or 404 for unknown ids) in the catalogue shape, never a 500. Personal data is never
 * publicly cacheable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { isErrorCode } from '../../domain/codes';
import { demoIds } from '../../server/seed/demo';
import { donationIds } from '../../server/seed/donation';
import { membershipIds } from '../../server/seed/membership';
import { GA, GA_ADULT, gaSessions, SELLER, startTestServer, type TestServer } from './helpers';

let s: TestServer;
let cartId: string;
let orderId: string;
let sessionId: string;
beforeAll(async () => {
  s = await startTestServer();
  const [session] = await gaSessions(s, '2026-12-14');
  sessionId = session?.id as string;
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT }] },
  });
  cartId = document.parse(r.body).cart?._data[0]?.id as string;
  const paidCart = await s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT }] },
  });
  const paidId = document.parse(paidCart.body).cart?._data[0]?.id as string;
  await s.json('POST', `cart/${paidId}/purchaser`, {
    body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  });
  const paid = await s.json('POST', `cart/${paidId}/pay`, {
    body: { amount: '26.50', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
  });
  orderId = document.parse(paid.body).ticket_order?._data[0]?.id as string;
});
afterAll(async () => {
  await s.handle.close();
});

const err = (body: unknown) => errorBody.parse(body)._data[0];
const NUL = '\u0000';
/** Percent-encodes; a lone surrogate (not encodable) is sent as its raw UTF-8-like bytes. */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

/** Sends a raw request (any body bytes) to the API. */
function raw(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) {
  const sep = path.includes('?') ? '&' : '?';
  return s.app.request(`/api/${path}${sep}seller_id=${SELLER}`, {
    method,
    headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json', ...headers },
    body,
    // biome-ignore lint/suspicious/noExplicitAny: Node needs duplex for streamed request bodies
    ...(body instanceof ReadableStream ? ({ duplex: 'half' } as any) : {}),
  });
}

async function expectCatalogueError(res: Response, status: number) {
  expect(res.status).toBe(status);
  const e = err(await res.json());
  expect(isErrorCode(e?._code ?? '')).toBe(true);
  return e;
}

describe('NUL characters', () => {
  it('in query values, seller id and config lookups: 400 validation_failed', async () => {
    const paths = [
      `events/available?category._in=a${encodeURIComponent(NUL)}`,
      `events/${GA}/sessions?_ondate=${encodeURIComponent(NUL)}`,
      `config?resource_id._in=${encodeURIComponent(`${GA}${NUL}`)}`,
      `ticket_order?id._in=${encodeURIComponent(NUL)}`,
      `events/available?${encodeURIComponent(`x${NUL}`)}=1`,
    ];
    for (const p of paths) {
      const e = await expectCatalogueError(await raw('GET', p), 400);
      expect(e).toMatchObject({ _code: 'validation_failed', _context: 'query' });
    }
    const seller = await s.app.request(
      `/api/events/available?seller_id=${encodeURIComponent(`${SELLER}${NUL}`)}`,
      {
        headers: { 'Tix-App': 'ecomm' },
      },
    );
    await expectCatalogueError(seller, 400);
    const cfg = await s.app.request(`/__config?slug=${encodeURIComponent(NUL)}`);
    expect(cfg.status).toBe(404);
  });

  it('in path ids: 404 not_found', async () => {
    await expectCatalogueError(await raw('GET', `image/${encodeURIComponent(NUL)}`), 404);
    await expectCatalogueError(
      await raw('POST', `sandbox/payment_intents/pi_${encodeURIComponent(NUL)}/confirm`),
      404,
    );
    await expectCatalogueError(await raw('GET', `cart/${encodeURIComponent(NUL)}`), 404);
  });

  it('in JSON strings and keys: 400 validation_failed', async () => {
    const bodies: Array<[string, string, unknown]> = [
      [
        'POST',
        'my/cart/modify',
        { add: [{ event_session_id: sessionId, ticket_type_id: `${GA_ADULT}${NUL}` }] },
      ],
      [
        'POST',
        'my/cart/modify',
        { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT, admit_name: NUL }] },
      ],
      [
        'POST',
        'my/cart/modify',
        { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT, handler_data: { a: [NUL] } }] },
      ],
      ['POST', 'my/cart/modify', { campaign: { [NUL]: 'x' } }],
      ['POST', `cart/${cartId}/purchaser`, { first_name: `A${NUL}`, last_name: 'B', email: 'a@example.com' }],
      [
        'POST',
        `cart/${cartId}/pay`,
        { amount: '26.50', gateway_id: 'stripe', gateway_data: { source: NUL } },
      ],
      ['POST', `events/${GA}/sessions`, { quantities: { [`${GA_ADULT}${NUL}`]: 1 } }],
      ['POST', `events/${GA}/calendar`, { quantities: { [NUL]: 1 } }],
    ];
    for (const [method, path, body] of bodies) {
      const e = await expectCatalogueError(await raw(method, path, JSON.stringify(body)), 400);
      expect(e?._code).toBe('validation_failed');
    }
  });
});

describe('unpaired UTF-16 surrogates (PostgreSQL refuses them in text)', () => {
  const HIGH = '\ud800';
  const LOW = '\udc00';
  it('in any JSON string or key: 400 validation_failed; a surrogate pair passes', async () => {
    const member = (first_name: string) => ({
      add: [{ event_session_id: null, ticket_type_id: membershipIds.level('Individual') }],
      membership: {
        members: [{ party_role: 'member', first_name, last_name: 'Lone', email: 'lone@example.com' }],
      },
    });
    const bodies: Array<[string, string, unknown]> = [
      ['POST', 'my/cart/modify', member(`Ann${HIGH}`)],
      ['POST', 'my/cart/modify', member(`${LOW}Ann`)],
      ['POST', `cart/${cartId}/purchaser`, { first_name: `A${LOW}`, last_name: 'B', email: 'a@example.com' }],
      ['POST', 'giftee', { first_name: 'Gia', last_name: `G${HIGH}x`, email: 'gia@example.com' }],
      [
        'POST',
        'my/cart/modify',
        { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT, handler_data: { [HIGH]: 1 } }] },
      ],
      ['POST', `events/${GA}/calendar`, { quantities: { [`${GA_ADULT}${LOW}`]: 1 } }],
    ];
    for (const [method, path, body] of bodies) {
      const res = await raw(method, path, JSON.stringify(body));
      const e = await expectCatalogueError(res, 400);
      expect(e?._code, path).toBe('validation_failed');
    }
    // A well-formed pair (an emoji) is a character like any other.
    const ok = await raw('POST', 'my/cart/modify', JSON.stringify(member('Ann \ud83d\ude00')));
    expect(ok.status).toBe(200);
  });
});

describe('body size and shape', () => {
  it('refuses a body over 1 MB with 413 payload_too_large, declared or streamed', async () => {
    const big = JSON.stringify({ add: [], pad: 'x'.repeat(2 * 1024 * 1024) });
    const e = await expectCatalogueError(await raw('POST', 'my/cart/modify', big), 413);
    expect(e?._code).toBe('payload_too_large');
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await raw('POST', `events/${GA}/sessions`, stream);
    expect((await expectCatalogueError(streamed, 413))?._code).toBe('payload_too_large');
    expect(sent).toBeLessThan(40);
  });

  it('bounds object keys, arrays and nesting under the size limit: 400 quickly', async () => {
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1]));
    const started = performance.now();
    await expectCatalogueError(
      await raw('POST', `events/${GA}/sessions`, JSON.stringify({ quantities: keys })),
      400,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    await expectCatalogueError(
      await raw('POST', 'my/cart/modify', `{"add":[],"additionalInfo":${deep}}`),
      400,
    );
    const many = JSON.stringify({ remove: Array.from({ length: 5000 }, () => GA_ADULT) });
    await expectCatalogueError(await raw('POST', `my/cart/${cartId}/modify`, many), 400);
  });
});

describe('no 500 for any input', () => {
  it('answers every endpoint with a catalogue error for malformed input', async () => {
    const img = demoIds.image('general-admission', 'profile');
    const values = [
      NUL,
      '%',
      '\ud800',
      'x'.repeat(9000),
      '-1',
      '1e309',
      '2026-13-45',
      '0000-01-01',
      '9999-12-31T23:59Z',
      "'; drop table cart; --",
      '',
      ',,,',
    ];
    const keys = [
      '_embed',
      '_limit',
      '_sort',
      '_ondate',
      '_format',
      'date._gte',
      'date._lt',
      'start_datetime._gte',
      'event_session.start_datetime._lt',
      'hidden_type._in',
      'category._in',
      'config.key._in',
      'ticket_group.id._in',
      'resource_id._in',
      'id._in',
      'sold_out',
      'margin',
      'sizex',
      'handler',
    ];
    const gets = [
      'events/available',
      `events/${GA}`,
      `events/${GA}/calendar`,
      `events/${GA}/sessions`,
      `events/${GA}/sessions/${sessionId}`,
      'config',
      `my/cart/${cartId}`,
      'ticket_order',
      `ticket_order/${orderId}`,
      `ticket_order/${orderId}/qrcode`,
      `image/${img}`,
      `ticket_group/${donationIds.group}`,
      'code/WELCOME20',
      'promo_banner',
    ];
    const bodies = [
      'null',
      '[]',
      '"x"',
      '1',
      '{',
      '{"add":"x"}',
      '{"add":[{}]}',
      `{"add":[{"event_session_id":"${sessionId}","ticket_type_id":"${GA_ADULT}","face_value":"99999999999.99"}]}`,
      `{"add":[{"event_session_id":"${sessionId}","ticket_type_id":"${GA_ADULT}","face_value":"-1"}]}`,
      '{"quantities":{"a":-1}}',
      '{"quantities":{"a":1e309}}',
      '{"amount":"1e5","gateway_id":"stripe"}',
      '{"amount":"99999999999.99","gateway_id":"stripe","gateway_data":{"source":"pm_card_visa"}}',
      '{"first_name":"\\ud800","last_name":"x","email":"a@b.co"}',
      '{"remove":["not-a-ticket"]}',
      '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
      '{"codes":["SAVE5",null]}',
      '{"codes":["SAVE5"],"require_benefit":"yes"}',
      '{"preReservePromoCodes":{"codes":[1]},"add":[]}',
      '{"preloadedPromoCodes":["SAVE5"]}',
    ];
    const posts = [
      'my/cart/modify',
      `my/cart/${cartId}/modify`,
      `cart/${cartId}/purchaser`,
      `cart/${cartId}/pay`,
      `cart/${cartId}/guest_checkout`,
      `cart/${cartId}/apply_code`,
      `events/${GA}/sessions`,
      `events/${GA}/calendar`,
    ];
    const failures: string[] = [];
    // Every key with every value, on endpoints in rotation (each endpoint meets every key), plus the listing.
    let i = 0;
    for (const key of keys)
      for (const value of values)
        for (const path of [gets[i++ % gets.length] as string, 'events/available']) {
          const res = await raw('GET', `${path}?${enc(key)}=${enc(value)}`);
          if (res.status >= 500) failures.push(`GET ${path} ${key}=${JSON.stringify(value.slice(0, 20))}`);
        }
    for (const path of posts)
      for (const body of bodies) {
        const res = await raw('POST', path, body);
        if (res.status >= 500) failures.push(`POST ${path} ${body.slice(0, 60)}`);
        else if (res.status >= 400) expect(isErrorCode(err(await res.json())?._code ?? '')).toBe(true);
      }
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('cache headers', () => {
  it('caches catalogue data publicly and never personal data', async () => {
    const get = (path: string, prefix = '/cached/api/') => {
      const [p, q] = path.split('?');
      const query = Object.fromEntries(new URLSearchParams(q ?? ''));
      return s.call('GET', p as string, { prefix, query, noHeader: path.endsWith('qrcode') });
    };
    expect((await get('events/available')).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await get(`events/${GA}/sessions`)).headers.get('cache-control')).toBe('public, max-age=60');
    for (const path of [
      `ticket_order?id._in=${orderId}`,
      `ticket_order/${orderId}`,
      `ticket_order/${orderId}/qrcode`,
    ]) {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('private, no-store');
      expect((await get(path, '/api/')).headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await get(`cart/${cartId}`)).headers.get('cache-control')).toBe('private, no-store');
  });
});
