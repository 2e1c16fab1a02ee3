/**
 * Membership races (issue 11). PGlite runs one transaction at a time, so these prove something only on
 * PostgreSQL (TEST_DATABASE_URL; run both): many concurrent redeems of one single-use gift code → exactly one
 * reserve wins, the others answer code_exhausted, and the code counts one redemption; a code with three uses
 * is redeemed exactly three times; concurrent member reserves stay within the member limit.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../api/codes';
import { errorBody } from '../../api/schemas';
import { memberMembership } from '../../server/members/schema';
import { cartMembership, giftCode } from '../../server/memberships/schema';
import * as t from '../../server/schema';
import { DEMO_MEMBERSHIP_MEMBERS, membershipIds } from '../../server/seed/membership';
import { gaSessions, type TestServer } from './helpers';
import { browser, newGiftCode, passwordLogin, redeemBody, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;

const redeem = (value: string, i: number) =>
  s.json('POST', 'my/cart/modify', { body: redeemBody(value, i, 'Racer') });

const newCode = (value: string, uses: number) => newGiftCode(s, value, uses);

async function redeemedCarts(value: string) {
  return s.handle.db.select().from(cartMembership).where(eq(cartMembership.giftCode, value));
}

describe(`gift code redeem races (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('24 concurrent redeems of a single-use code: exactly one wins', async () => {
    await newCode('RACEONCE01', 1);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => redeem('RACEONCE01', i)));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(code(r.body)).toBe(ErrorCode.code_exhausted);
    }
    const [row] = await s.handle.db.select().from(giftCode).where(eq(giftCode.code, 'RACEONCE01'));
    expect(row?.redeemedCount).toBe(1);
    expect(await redeemedCarts('RACEONCE01')).toHaveLength(1);
  });

  it('a three-use code under 20 concurrent redeems: exactly three win', async () => {
    await newCode('RACETHREE1', 3);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => redeem('RACETHREE1', i)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const [row] = await s.handle.db.select().from(giftCode).where(eq(giftCode.code, 'RACETHREE1'));
    expect(row?.redeemedCount).toBe(3);
    expect(await redeemedCarts('RACETHREE1')).toHaveLength(3);
  });

  it('the winners pay and become members once each; the code stays used', async () => {
    const [cm] = await redeemedCarts('RACEONCE01');
    const cartId = cm?.cartId as string;
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Win', last_name: 'Ner', email: 'winner@example.com' },
    });
    const done = await Promise.all(
      Array.from({ length: 4 }, () =>
        s.json('POST', `cart/${cartId}/guest_checkout`, { body: { gateway_id: 'free', send_email: false } }),
      ),
    );
    expect(done.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const [order] = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.cartId, cartId));
    const memberships = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.ticketOrderId, order?.id ?? ''));
    expect(memberships).toHaveLength(1);
  });
});

describe('member limit races', () => {
  it('10 concurrent single member tickets of one member (limit 2): exactly 2 held', async () => {
    const b = browser(s);
    await passwordLogin(b, DEMO_MEMBERSHIP_MEMBERS.individual.email);
    const [session] = await gaSessions(s, '2026-12-04');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        b.json('POST', 'my/cart/modify', {
          body: {
            add: [
              { event_session_id: session?.id, ticket_type_id: membershipIds.memberType('Member Adult') },
            ],
          },
        }),
      ),
    );
    const won = results.filter((r) => r.status === 200).length;
    expect(won).toBe(2);
    expect(
      results.filter((r) => r.status !== 200).every((r) => code(r.body) === ErrorCode.member_limit_exceeded),
    ).toBe(true);
  });
});
