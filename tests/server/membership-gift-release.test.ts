/**
 * Gift codes given back (issue 11, server/memberships/codes.ts): a code taken by a redeem is used for good only
 * when the order completes. The cart expiring (lazily on a read, or by the sweep), being discarded (`DELETE
 * cart/{id}`, `DELETE my/cart/{id}`), or losing its membership ticket (`POST cart/{id}/remove`, a modify with
 * `remove`) gives the use back exactly once, never below zero. The race of every release path at once proves
 * something only on PostgreSQL (TEST_DATABASE_URL; run both).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { sweepExpiredCarts } from '../../server/cart/holds';
import { cartMembership, giftCode } from '../../server/memberships/schema';
import * as t from '../../server/schema';
import { membershipIds } from '../../server/seed/membership';
import type { TestServer } from './helpers';
import {
  type Browser,
  browser,
  DEMO_MEMBERS,
  newGiftCode,
  passwordLogin,
  redeemBody,
  startMembersServer,
} from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const INDIVIDUAL = membershipIds.level('Individual');
type Caller = Pick<Browser, 'json'>;
const guest: Caller = { json: (m, p, o) => s.json(m, p, o) };
const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;

const newCode = (value: string, uses: number, used = 0) => newGiftCode(s, value, uses, used);

const usedCount = async (value: string) =>
  (await s.handle.db.select().from(giftCode).where(eq(giftCode.code, value)))[0]?.redeemedCount;

/** Redeems `value` into a new cart: its id and the membership ticket's id. */
async function redeem(value: string, who: Caller = guest, i = 0) {
  const r = await who.json('POST', 'my/cart/modify', { body: redeemBody(value, i) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const cartId = r.body.cart._data[0].id as string;
  const ticketId = r.body.ticket._data[0].id as string;
  return { cartId, ticketId };
}

/** Moves the clock past a cart's hold. */
async function pastHold(cartId: string) {
  const [cart] = await s.handle.db.select().from(t.cart).where(eq(t.cart.id, cartId));
  s.clock.now = Math.max(s.clock.now, (cart?.expiresAt?.getTime() ?? s.clock.now) + 1000);
}

const stateOf = async (ticketId: string) =>
  (await s.handle.db.select().from(cartMembership).where(eq(cartMembership.ticketId, ticketId)))[0]
    ?.giftCodeState;

describe(`gift codes given back (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a cart that expires gives its code back (read lazily): the same code redeems again', async () => {
    await newCode('BACKEXPIR1', 1);
    const first = await redeem('BACKEXPIR1');
    expect(await usedCount('BACKEXPIR1')).toBe(1);
    const refused = await guest.json('POST', 'my/cart/modify', { body: redeemBody('BACKEXPIR1', 1) });
    expect(code(refused.body)).toBe(ErrorCode.code_exhausted);
    await pastHold(first.cartId);
    // Reading the expired cart expires it.
    const read = await s.json('GET', `cart/${first.cartId}`);
    expect(read.body.cart._data[0].state).toBe('expired');
    expect(await usedCount('BACKEXPIR1')).toBe(0);
    expect(await stateOf(first.ticketId)).toBe('released');
    await redeem('BACKEXPIR1', guest, 2);
    expect(await usedCount('BACKEXPIR1')).toBe(1);
    // Deleting the expired cart afterwards gives nothing back a second time.
    expect((await s.json('DELETE', `cart/${first.cartId}`)).status).toBe(200);
    expect(await usedCount('BACKEXPIR1')).toBe(1);
  });

  it('the expiry sweep gives the code back once', async () => {
    await newCode('BACKSWEEP1', 1);
    const first = await redeem('BACKSWEEP1');
    await pastHold(first.cartId);
    expect(await sweepExpiredCarts({ db: s.handle.db, now: () => s.clock.now })).toBeGreaterThanOrEqual(1);
    expect(await usedCount('BACKSWEEP1')).toBe(0);
    expect(await sweepExpiredCarts({ db: s.handle.db, now: () => s.clock.now })).toBe(0);
    expect(await usedCount('BACKSWEEP1')).toBe(0);
    await redeem('BACKSWEEP1', guest, 1);
  });

  it('DELETE cart/{id} (a guest) and DELETE my/cart/{id} (a member) give the code back', async () => {
    await newCode('BACKDELET1', 1);
    const first = await redeem('BACKDELET1');
    expect((await s.json('DELETE', `cart/${first.cartId}`)).status).toBe(200);
    expect(await usedCount('BACKDELET1')).toBe(0);
    expect((await s.json('DELETE', `cart/${first.cartId}`)).status).toBe(404);
    expect(await usedCount('BACKDELET1')).toBe(0);

    const nico = browser(s);
    expect((await passwordLogin(nico, DEMO_MEMBERS.nonMember.email)).status).toBe(200);
    const mine = await redeem('BACKDELET1', nico, 1);
    expect(await usedCount('BACKDELET1')).toBe(1);
    expect((await nico.json('DELETE', `my/cart/${mine.cartId}`)).status).toBe(200);
    expect(await usedCount('BACKDELET1')).toBe(0);
    await redeem('BACKDELET1', guest, 2);
  });

  it('POST cart/{id}/remove of the membership ticket gives the code back; removing it again is refused', async () => {
    await newCode('BACKREMOV1', 1);
    const first = await redeem('BACKREMOV1');
    const removed = await s.json('POST', `cart/${first.cartId}/remove`, {
      body: { tickets: [first.ticketId] },
    });
    expect(removed.status).toBe(200);
    expect(await usedCount('BACKREMOV1')).toBe(0);
    const again = await s.json('POST', `cart/${first.cartId}/remove`, {
      body: { tickets: [first.ticketId] },
    });
    expect(again.status).toBe(409);
    expect(await usedCount('BACKREMOV1')).toBe(0);
    // The cart, now empty, expiring later gives nothing back either.
    await pastHold(first.cartId);
    await sweepExpiredCarts({ db: s.handle.db, now: () => s.clock.now });
    expect(await usedCount('BACKREMOV1')).toBe(0);
    await redeem('BACKREMOV1', guest, 1);
    expect(await usedCount('BACKREMOV1')).toBe(1);
  });

  it('a modify that removes the membership ticket gives the code back (and a failed one does not)', async () => {
    await newCode('BACKMODIF1', 1);
    const first = await redeem('BACKMODIF1');
    // Removing it together with an impossible add fails as a whole: the code stays held.
    const failed = await s.json('POST', `cart/${first.cartId}/modify`, {
      body: {
        remove: [first.ticketId],
        add: [{ event_session_id: 'no-such-session', ticket_type_id: INDIVIDUAL }],
      },
    });
    expect(failed.status).toBe(400);
    expect(await usedCount('BACKMODIF1')).toBe(1);
    expect(await stateOf(first.ticketId)).toBe('held');
    const r = await s.json('POST', `cart/${first.cartId}/modify`, { body: { remove: [first.ticketId] } });
    expect(r.status).toBe(200);
    expect(await usedCount('BACKMODIF1')).toBe(0);
    await redeem('BACKMODIF1', guest, 1);
  });

  it('a completed order keeps the code used: neither expiry time nor a delete gives it back', async () => {
    await newCode('BACKPAID01', 1);
    const first = await redeem('BACKPAID01');
    await s.json('POST', `cart/${first.cartId}/purchaser`, {
      body: { first_name: 'Rae', last_name: 'Paid', email: 'rae.paid@example.com' },
    });
    const paid = await s.json('POST', `cart/${first.cartId}/guest_checkout`, {
      body: { gateway_id: 'free', send_email: false },
    });
    expect(paid.status).toBe(200);
    expect(await stateOf(first.ticketId)).toBe('consumed');
    await pastHold(first.cartId);
    await sweepExpiredCarts({ db: s.handle.db, now: () => s.clock.now });
    expect((await s.json('DELETE', `cart/${first.cartId}`)).status).not.toBe(200);
    expect(await usedCount('BACKPAID01')).toBe(1);
    const again = await guest.json('POST', 'my/cart/modify', { body: redeemBody('BACKPAID01', 1) });
    expect(code(again.body)).toBe(ErrorCode.code_exhausted);
  });

  it('every release path at once on expired carts: each use given back exactly once', async () => {
    // 6 uses taken by 6 carts, 4 more used by earlier orders: a double release would go below 4.
    await newCode('BACKRACE01', 10, 4);
    const carts = [];
    for (let i = 0; i < 6; i++) carts.push(await redeem('BACKRACE01', guest, i));
    expect(await usedCount('BACKRACE01')).toBe(10);
    for (const c of carts) await pastHold(c.cartId);
    const store = { db: s.handle.db, now: () => s.clock.now };
    const results = await Promise.all([
      sweepExpiredCarts(store),
      sweepExpiredCarts(store),
      ...carts.flatMap((c) => [
        s.json('DELETE', `cart/${c.cartId}`),
        s.json('GET', `cart/${c.cartId}`),
        s.json('POST', `cart/${c.cartId}/remove`, { body: { tickets: [c.ticketId] } }),
        s.json('POST', `cart/${c.cartId}/modify`, { body: { remove: [c.ticketId] } }),
      ]),
    ]);
    for (const r of results)
      if (typeof r !== 'number') expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expect(await usedCount('BACKRACE01')).toBe(4);
    const rows = await s.handle.db
      .select()
      .from(cartMembership)
      .where(and(eq(cartMembership.giftCode, 'BACKRACE01')));
    expect(rows.map((r) => r.giftCodeState)).toEqual(Array(6).fill('released'));
  });

  it('pending carts raced by delete, remove and modify-remove: each use given back exactly once', async () => {
    await newCode('BACKRACE02', 10, 4);
    const carts = [];
    for (let i = 0; i < 6; i++) carts.push(await redeem('BACKRACE02', guest, i));
    const results = await Promise.all(
      carts.flatMap((c) => [
        s.json('DELETE', `cart/${c.cartId}`),
        s.json('POST', `cart/${c.cartId}/remove`, { body: { tickets: [c.ticketId] } }),
        s.json('POST', `cart/${c.cartId}/modify`, { body: { remove: [c.ticketId] } }),
        s.json('DELETE', `cart/${c.cartId}`),
      ]),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expect(await usedCount('BACKRACE02')).toBe(4);
  });
});
