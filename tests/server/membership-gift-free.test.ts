/**
 * A member's gift with nothing to pay (spec 2 §7 `POST my/cart/{cartId}/guest_checkout { guest_identity_id,
 * giver_identity_id }`, server/README.md Gifts): the member who owns the cart books it free as a gift to the guest
 * identity (the membership is the guest's, without auto-renew; the order the giver's). Refused: bad bodies (400),
 * no session (401), a cart the member does not own or another giver (403), unknown identities (404), the giver as
 * the guest (400 giftee_is_purchaser), a cart with something to pay (400). The seller's Individual level is made
 * free here (a free level, as a seller may offer).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { memberMembership, memberUser } from '../../server/members/schema';
import * as t from '../../server/schema';
import { DEMO_MEMBERSHIP_MEMBERS, membershipIds } from '../../server/seed/membership';
import type { TestServer } from './helpers';
import { type Browser, browser, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
  await s.handle.db
    .update(t.ticketType)
    .set({ amountCents: 0, discountedCents: null })
    .where(eq(t.ticketType.id, INDIVIDUAL));
});
afterAll(async () => {
  await s.handle.close();
});

const INDIVIDUAL = membershipIds.level('Individual');
const DUAL = membershipIds.level('Dual');
const CART_Q = { _embed: 'ticket,ticket_group,cart_fees' };
const FAY = DEMO_MEMBERSHIP_MEMBERS.family;
const code = (body: { _data: Array<{ _code: string }> }) => body?._data?.[0]?._code;

async function login(email: string): Promise<Browser> {
  const b = browser(s);
  expect((await passwordLogin(b, email)).status).toBe(200);
  return b;
}

async function identityOf(email: string): Promise<string> {
  const [user] = await s.handle.db.select().from(memberUser).where(eq(memberUser.email, email)).limit(1);
  if (!user) throw new Error(`no member ${email}`);
  return user.identityId;
}

const giftLevel = (level: string, email: string) => ({
  add: [{ event_session_id: null, ticket_type_id: level }],
  membership: {
    gift: true,
    members: [
      { party_role: 'member', first_name: 'Gia', last_name: 'Giftee', email },
      // Dual takes a second card.
      ...(level === DUAL ? [{ party_role: 'second-card', first_name: 'Gus', last_name: 'Giftee' }] : []),
    ],
    auto_renew: false,
  },
});

async function giftCart(b: Pick<Browser, 'json'>, level: string, email: string, path = 'my/cart/modify') {
  const r = await b.json('POST', path, { body: giftLevel(level, email), query: CART_Q });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.cart._data[0].id as string;
}

async function giftee(b: Pick<Browser, 'json'>, email: string): Promise<string> {
  const r = await b.json('POST', 'giftee', { body: { first_name: 'Gia', last_name: 'Giftee', email } });
  expect(r.status).toBe(200);
  return r.body.identity._data[0].id;
}

const checkout = (b: Pick<Browser, 'json'>, cartId: string, body: unknown) =>
  b.json('POST', `my/cart/${cartId}/guest_checkout`, { body, query: { _embed: 'ticket_order,ticket' } });

describe('POST my/cart/{id}/guest_checkout with the gift’s identities', () => {
  it('books the member’s free gift: the membership is the guest’s, no auto-renew; the order the giver’s', async () => {
    const b = await login(FAY.email);
    const giver = await identityOf(FAY.email);
    const cartId = await giftCart(b, INDIVIDUAL, 'gia.free@example.com');
    const guest = await giftee(b, 'gia.free@example.com');
    const r = await checkout(b, cartId, { guest_identity_id: guest, giver_identity_id: giver });
    expect(r.status).toBe(200);
    const doc = document.parse(r.body);
    const order = doc.ticket_order?._data[0];
    expect(order?.identity_id).toBe(giver);
    const rows = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.identityId, guest));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ levelName: 'Individual', autoRenewState: 'other' });
  });

  it('refuses bad bodies, no session, a cart the member does not own, another giver, unknown identities, self-gift and a cart to pay', async () => {
    const b = await login(FAY.email);
    const giver = await identityOf(FAY.email);
    const cartId = await giftCart(b, INDIVIDUAL, 'gia.refused@example.com');
    const guest = await giftee(b, 'gia.refused@example.com');
    const ok = { guest_identity_id: guest, giver_identity_id: giver };

    // zod strict at the boundary: an unknown key, a missing identity, a wrong type.
    for (const body of [
      { ...ok, extra: 1 },
      { guest_identity_id: guest },
      { giver_identity_id: giver },
      { ...ok, send_email: 'no' },
    ]) {
      const r = await checkout(b, cartId, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // No session: my/ needs the member.
    const anonymous = await s.json('POST', `my/cart/${cartId}/guest_checkout`, { body: ok });
    expect(anonymous.status).toBe(401);
    // Another member does not see Fay's cart at all.
    const mia = await login(DEMO_MEMBERSHIP_MEMBERS.enrolled.email);
    expect(
      (
        await checkout(mia, cartId, {
          ...ok,
          giver_identity_id: await identityOf(DEMO_MEMBERSHIP_MEMBERS.enrolled.email),
        })
      ).status,
    ).toBe(404);
    // A guest's cart (the public identity's) is not the member's to give.
    const publicCart = await giftCart(
      { json: (m, p, o) => s.json(m, p, o) },
      INDIVIDUAL,
      'gia.public@example.com',
    );
    const notOwner = await checkout(b, publicCart, ok);
    expect(notOwner.status).toBe(403);
    expect(code(notOwner.body)).toBe(ErrorCode.not_cart_owner);
    // The giver is the logged-in member, no one else.
    const otherGiver = await checkout(b, cartId, { ...ok, giver_identity_id: guest });
    expect(otherGiver.status).toBe(403);
    expect(code(otherGiver.body)).toBe(ErrorCode.not_cart_owner);
    // Identities the seller does not have.
    expect((await checkout(b, cartId, { ...ok, guest_identity_id: 'nope' })).status).toBe(404);
    // The giver as the guest: the self-gift refusal.
    const self = await checkout(b, cartId, { ...ok, guest_identity_id: giver });
    expect(self.status).toBe(400);
    expect(code(self.body)).toBe(ErrorCode.giftee_is_purchaser);
    // A gift with something to pay goes through gift_checkout and pay, not here.
    const paidCart = await giftCart(b, DUAL, 'gia.paid@example.com');
    const toPay = await checkout(b, paidCart, {
      ...ok,
      guest_identity_id: await giftee(b, 'gia.paid@example.com'),
    });
    expect(toPay.status).toBe(400);
    // None of the refusals booked anything: the free cart still checks out.
    expect((await checkout(b, cartId, ok)).status).toBe(200);
  });

  it('the plain free checkout body still works on my/ (no identities)', async () => {
    const b = await login(FAY.email);
    const cartId = await giftCart(b, INDIVIDUAL, 'gia.plain@example.com');
    const r = await checkout(b, cartId, { gateway_id: 'free', send_email: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
