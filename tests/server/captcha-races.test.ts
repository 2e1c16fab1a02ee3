/**
 * One sandbox captcha token, two payments at once (issue 23; server/captcha/captcha.ts `verifyCaptcha`): the token
 * is marked used by one conditional UPDATE (`used_at IS NULL … RETURNING`), so of two guests' payments racing with
 * the same token exactly one passes and the other answers 400 captcha_invalid without being charged. Proves
 * something only on PostgreSQL (TEST_DATABASE_URL; scripts/test.mjs RACES): PGlite runs one transaction at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { setSellerCaptcha } from '../../server/seed/demo';
import { GA_ADULT, gaSessions, SELLER, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 } });
  await setSellerCaptcha(s.handle.db, SELLER, { provider: 'sandbox' });
});
afterAll(async () => {
  await s.handle.close();
});

let n = 0;
// Each racing request from an address of its own (the pay limits count per address).
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++n % 250}` });
const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;

async function guestCart(): Promise<string> {
  const sessions = (await gaSessions(s, '2026-12-05')).filter((x) => !x.sold_out);
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: sessions[n % sessions.length]?.id, ticket_type_id: GA_ADULT }] },
  });
  expect(r.status).toBe(200);
  const id = document.parse(r.body).cart?._data[0]?.id as string;
  const purchaser = { first_name: 'Race', last_name: 'Guest', email: 'race.guest@example.com' };
  expect((await s.json('POST', `cart/${id}/purchaser`, { body: purchaser })).status).toBe(200);
  return id;
}

describe('one captcha token, payments at once', () => {
  it('two guests paying with the same token: exactly one passes, the other is refused and not charged', async () => {
    for (let round = 0; round < 3; round++) {
      const carts = [await guestCart(), await guestCart()];
      const issued = await s.json('POST', 'sandbox/captcha', { headers: from() });
      expect(issued.status).toBe(200);
      const token = issued.body.captcha._data[0].token as string;
      const answers = await Promise.all(
        carts.map((cartId) =>
          s.json('POST', `cart/${cartId}/pay`, {
            headers: from(),
            body: {
              amount: '26.50',
              gateway_id: 'stripe',
              gateway_data: { source: 'pm_card_visa' },
              captcha: { provider: 'sandbox', token },
            },
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.status === 400);
      expect(code(refused?.body)).toBe(ErrorCode.captcha_invalid);
      const states = await Promise.all(
        carts.map(
          async (id) => document.parse((await s.json('GET', `cart/${id}`)).body).cart?._data[0]?.state,
        ),
      );
      expect(states.sort()).toEqual(['completed', 'pending']);
    }
  });
});
