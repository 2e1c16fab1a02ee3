/**
 * Gift codes cannot be guessed without limit (issue 18): unknown codes, looked up (GET gift_code/{code}) or
 * redeemed (a reserve with gift_code), count per client address and, for a reserve into a cart, per cart;
 * over the limit the answer is 429 too_many_attempts before the code is read. Known codes (valid, expired or used
 * up) do not count. The window passes (injected clock). The concurrent case proves something on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { LIMITS } from '../../server/members/rate';
import { DEMO_GIFT_CODES } from '../../server/seed/membership';
import { GA_ADULT, gaSessions, type TestServer } from './helpers';
import { browser, redeemBody, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const codeOf = (r: { body: { _data?: Array<{ _code: string }> } }) => r.body?._data?.[0]?._code;
const ADDRESS_MAX = LIMITS.giftCodeAddress.max;
const CART_MAX = LIMITS.giftCodeCart.max;
let n = 0;
/** An unknown code of 10 characters, new each time. */
const unknown = () => `NOPE${String(++n).padStart(6, '0')}`;

describe('gift code guessing', () => {
  it('lookups of unknown codes from one address: 404 up to the limit, then 429 for any code', async () => {
    const b = browser(s, '203.0.113.10');
    for (let i = 0; i < ADDRESS_MAX; i++) {
      const r = await b.json('GET', `gift_code/${unknown()}`);
      expect(r.status).toBe(404);
    }
    const over = await b.json('GET', `gift_code/${unknown()}`);
    expect(over.status).toBe(429);
    expect(codeOf(over)).toBe(ErrorCode.too_many_attempts);
    expect(over.body._data[0]._extra.retry_after).toBeGreaterThan(0);
    expect((await b.json('GET', `gift_code/${DEMO_GIFT_CODES.valid}`)).status).toBe(429);
    // Another address is not limited.
    expect((await browser(s, '203.0.113.11').json('GET', `gift_code/${unknown()}`)).status).toBe(404);
  });

  it('known codes (valid, expired, used up) do not count', async () => {
    const b = browser(s, '203.0.113.12');
    for (let i = 0; i < ADDRESS_MAX + 5; i++)
      for (const c of [DEMO_GIFT_CODES.valid, DEMO_GIFT_CODES.expired, DEMO_GIFT_CODES.exhausted])
        expect((await b.json('GET', `gift_code/${c}`)).status).toBe(200);
    expect((await b.json('GET', `gift_code/${unknown()}`)).status).toBe(404);
  });

  it('redeems of unknown codes count with lookups per address; the limit lifts after its window', async () => {
    const b = browser(s, '203.0.113.13');
    const start = s.clock.now;
    try {
      for (let i = 0; i < ADDRESS_MAX; i++) {
        const r =
          i % 2 === 0
            ? await b.json('POST', 'my/cart/modify', { body: redeemBody(unknown(), i, 'Guess') })
            : await b.json('GET', `gift_code/${unknown()}`);
        expect(r.status).toBe(404);
      }
      const over = await b.json('POST', 'my/cart/modify', { body: redeemBody(unknown(), 99, 'Guess') });
      expect(over.status).toBe(429);
      expect(codeOf(over)).toBe(ErrorCode.too_many_attempts);
      s.clock.now = start + LIMITS.giftCodeAddress.windowMs + 1;
      const later = await b.json('POST', 'my/cart/modify', { body: redeemBody(unknown(), 98, 'Guess') });
      expect(later.status).toBe(404);
      expect(codeOf(later)).toBe(ErrorCode.code_not_found);
    } finally {
      s.clock.now = start;
    }
  });

  it('redeems into one cart from many addresses: limited per cart', async () => {
    const [session] = await gaSessions(s, '2026-12-07');
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }] },
    });
    const cartId = r.body.cart._data[0].id;
    for (let i = 0; i < CART_MAX; i++) {
      const miss = await browser(s, `198.18.0.${i + 1}`).json('POST', `cart/${cartId}/modify`, {
        body: redeemBody(unknown(), i, 'Cart'),
      });
      expect(miss.status).toBe(404);
    }
    const over = await browser(s, '198.18.1.1').json('POST', `cart/${cartId}/modify`, {
      body: redeemBody(unknown(), 0, 'Cart'),
    });
    expect(over.status).toBe(429);
    // A known code into another cart from a fresh address still redeems.
    const ok = await browser(s, '198.18.1.2').json('POST', 'my/cart/modify', {
      body: redeemBody(DEMO_GIFT_CODES.valid2, 0, 'Cart'),
    });
    expect(ok.status).toBe(200);
  });

  it('concurrent guesses from one address: exactly the limit answered, the rest 429', async () => {
    const b = browser(s, '203.0.113.14');
    const results = await Promise.all(
      Array.from({ length: ADDRESS_MAX * 3 }, () => b.json('GET', `gift_code/${unknown()}`)),
    );
    expect(results.filter((x) => x.status === 404)).toHaveLength(ADDRESS_MAX);
    expect(results.filter((x) => x.status === 429)).toHaveLength(ADDRESS_MAX * 2);
  });
});
