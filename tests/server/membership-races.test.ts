/**
 * Membership races (issues 11, 18). PGlite runs one transaction at a time, so these prove something only on
 * PostgreSQL (TEST_DATABASE_URL; run both): many concurrent redeems of one single-use gift code → exactly one
 * reserve wins, the others answer code_exhausted, and the code counts one redemption; a code with three uses
 * is redeemed exactly three times; concurrent member reserves stay within the member limit, also into carts
 * the member did not start; renewals paid at once each add their term; first-time purchases for one new email
 * paid at once both answer their paid result.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { memberMembership, memberUser } from '../../server/members/schema';
import { cartMembership, giftCode } from '../../server/memberships/schema';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { DEMO_MEMBERSHIP_MEMBERS, membershipIds } from '../../server/seed/membership';
import { dayjs } from '../../server/util';
import { gaSessions, SELLER, type TestServer } from './helpers';
import { browser, newGiftCode, passwordLogin, redeemBody, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;

/** Racer i redeems from an address of their own (gift code guesses are limited per address). */
const redeem = (value: string, i: number) =>
  s.json('POST', 'my/cart/modify', {
    body: redeemBody(value, i, 'Racer'),
    headers: { 'X-Forwarded-For': `192.0.2.${i + 1}` },
  });

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

const CART_Q = { _embed: 'ticket,cart_fees' };
const outstanding = (body: unknown) =>
  (body as { cart_fees: { _data: Array<{ grand_totals: { total_outstanding: string } }> } }).cart_fees
    ._data[0]?.grand_totals.total_outstanding ?? '';
const individual = (first: string, last: string, email: string) => ({
  add: [{ event_session_id: null, ticket_type_id: membershipIds.level('Individual') }],
  membership: { members: [{ party_role: 'member', first_name: first, last_name: last, email }] },
});

describe('renewals paid at once (issue 18)', () => {
  it('four renewal carts of one member paid concurrently: the term grows by four terms, each charged once', async () => {
    const mia = DEMO_MEMBERSHIP_MEMBERS.enrolled;
    const b = browser(s);
    expect((await passwordLogin(b, mia.email)).status).toBe(200);
    const [before] = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.scanCode, mia.scanCode));
    const carts: Array<{ id: string; amount: string }> = [];
    for (let i = 0; i < 4; i++) {
      const r = await b.json('POST', 'my/cart/modify', {
        body: {
          ...individual('Mia', 'Member', mia.email),
          membership: { ...individual('Mia', 'Member', mia.email).membership, renew: true },
        },
        query: CART_Q,
      });
      expect(r.status).toBe(200);
      carts.push({ id: r.body.cart._data[0].id, amount: outstanding(r.body) });
    }
    const paid = await Promise.all(
      carts.map((c) =>
        b.json('POST', `my/cart/${c.id}/pay`, {
          body: { amount: c.amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
        }),
      ),
    );
    expect(paid.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.identityId, before?.identityId ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.validTo.getTime()).toBe(dayjs(before?.validTo).add(48, 'month').valueOf());
    for (const c of carts)
      expect(await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, c.id))).toHaveLength(1);
  });
});

describe('first-time purchases for one new email paid at once (issue 18)', () => {
  it('both answer their paid result; neither purchase proves the address, so each keeps its own membership and one unverified account holds the email', async () => {
    const email = 'twin.buyer@example.com';
    const carts: Array<{ id: string; amount: string }> = [];
    for (const first of ['Tia', 'Tom']) {
      const r = await s.json('POST', 'my/cart/modify', {
        body: individual(first, 'Twin', email),
        query: CART_Q,
      });
      expect(r.status).toBe(200);
      const id = r.body.cart._data[0].id as string;
      const p = await s.json('POST', `cart/${id}/purchaser`, {
        body: { first_name: first, last_name: 'Twin', email },
      });
      expect(p.status).toBe(200);
      carts.push({ id, amount: outstanding(r.body) });
    }
    const paid = await Promise.all(
      carts.map((c) =>
        s.json('POST', `cart/${c.id}/pay`, {
          body: { amount: c.amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
        }),
      ),
    );
    expect(paid.map((r) => r.status)).toEqual([200, 200]);
    const accounts = await s.handle.db
      .select()
      .from(memberUser)
      .where(and(eq(memberUser.sellerId, SELLER), eq(memberUser.emailKey, email)));
    expect(accounts).toHaveLength(1);
    // An unverified address attaches nothing (issue 18): the second purchase's account goes without the email.
    expect(accounts[0]?.emailVerifiedAt).toBeNull();
    const owners = await s.handle.db
      .select()
      .from(memberMembership)
      .where(
        inArray(
          memberMembership.ticketOrderId,
          (
            await s.handle.db
              .select({ id: t.ticketOrder.id })
              .from(t.ticketOrder)
              .where(
                inArray(
                  t.ticketOrder.cartId,
                  carts.map((c) => c.id),
                ),
              )
          ).map((o) => o.id),
        ),
      );
    expect(owners).toHaveLength(2);
    expect(new Set(owners.map((m) => m.identityId)).size).toBe(2);
    for (const m of owners) expect(m.validTo.getTime()).toBe(dayjs(s.clock.now).add(12, 'month').valueOf());
  });
});

describe('member tickets into carts the member did not start, at once (issue 18)', () => {
  it('two carts started logged out, filled concurrently with 2 member tickets each (limit 2): one wins', async () => {
    const cal = DEMO_MEMBERSHIP_MEMBERS.cancelled; // Individual: 2 member tickets per event
    const [session] = await gaSessions(s, '2026-12-06');
    const line = (type: string) => ({ event_session_id: session?.id, ticket_type_id: type });
    const b = browser(s);
    const carts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await b.json('POST', 'my/cart/modify', {
        body: { add: [line(demoIds.type('general-admission', 'Adult'))] },
      });
      expect(r.status).toBe(200);
      carts.push(r.body.cart._data[0].id);
    }
    expect((await passwordLogin(b, cal.email)).status).toBe(200);
    const results = await Promise.all(
      carts.map((id) =>
        b.json('POST', `my/cart/${id}/modify`, {
          body: {
            add: [
              line(membershipIds.memberType('Member Adult')),
              line(membershipIds.memberType('Member Adult')),
            ],
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(code(results.find((r) => r.status === 400)?.body)).toBe(ErrorCode.member_limit_exceeded);
  });
});
