/**
 * Member limits over carts the member did not start (issue 18): a cart started logged out (the seller's public
 * identity) and filled with member tickets once logged in becomes the member's cart, so every cart holding their
 * member tickets counts against their limits, and its order is theirs. (The concurrent case, two such carts
 * at once, is in membership-races.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import * as t from '../../server/schema';
import { DEMO_MEMBERSHIP_MEMBERS, membershipIds } from '../../server/seed/membership';
import { GA_ADULT, gaSessions, type TestServer } from './helpers';
import { browser, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;
const MEMBER_ADULT = membershipIds.memberType('Member Adult');
const CART_Q = { _embed: 'ticket,cart_fees' };

describe('member tickets in carts started logged out', () => {
  it('count against the member’s limit; the cart becomes theirs, and so does its order', async () => {
    const ivy = DEMO_MEMBERSHIP_MEMBERS.individual; // Individual: 2 member tickets per event
    const [session] = await gaSessions(s, '2026-12-05');
    const line = (type: string) => ({ event_session_id: session?.id, ticket_type_id: type });
    const b = browser(s);
    // Three carts started logged out, each with an ordinary ticket.
    const carts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await b.json('POST', 'my/cart/modify', { body: { add: [line(GA_ADULT)] } });
      expect(r.status).toBe(200);
      carts.push(r.body.cart._data[0].id);
    }
    expect((await passwordLogin(b, ivy.email)).status).toBe(200);
    const [me] = await s.handle.db.select().from(t.identity).where(eq(t.identity.email, ivy.email));
    const add2 = (cartId: string) =>
      b.json('POST', `my/cart/${cartId}/modify`, {
        body: { add: [line(MEMBER_ADULT), line(MEMBER_ADULT)] },
        query: CART_Q,
      });
    const first = await add2(carts[0] as string);
    expect(first.status).toBe(200);
    // The other carts are over the limit of 2, whichever cart holds the first two.
    for (const cartId of carts.slice(1)) {
      const more = await add2(cartId);
      expect(more.status).toBe(400);
      expect(code(more.body)).toBe(ErrorCode.member_limit_exceeded);
    }
    const single = await b.json('POST', `cart/${carts[2]}/modify`, { body: { add: [line(MEMBER_ADULT)] } });
    expect(code(single.body)).toBe(ErrorCode.member_limit_exceeded);
    // The cart that took member tickets is the member's now: another browser (a guest) no longer sees it.
    const [linked] = await s.handle.db
      .select()
      .from(t.cart)
      .where(eq(t.cart.id, carts[0] as string));
    expect(linked?.identityId).toBe(me?.id);
    expect((await s.json('GET', `cart/${carts[0]}`)).status).toBe(404);
    // The carts without member tickets stay as they were.
    const [other] = await s.handle.db
      .select()
      .from(t.cart)
      .where(eq(t.cart.id, carts[1] as string));
    expect(other?.identityId).not.toBe(me?.id);
    // Paid: the order is the member's.
    const d = await b.json('GET', `my/cart/${carts[0]}`, { query: CART_Q });
    const amount = d.body.cart_fees._data[0].grand_totals.total_outstanding;
    const paid = await b.json('POST', `my/cart/${carts[0]}/pay`, {
      body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    const [order] = await s.handle.db
      .select()
      .from(t.ticketOrder)
      .where(eq(t.ticketOrder.cartId, carts[0] as string));
    expect(order?.identityId).toBe(me?.id);
  });
});
