/**
 * A gift to someone who already holds a membership (issue 18): their membership is never changed by it. The
 * gift waits as a single-use gift code of the gifted level (valid a year), emailed to the recipient with the
 * redeem link, recorded on the giver's order; the recipient redeems it on their own terms. A gift to an email
 * without a membership still creates the recipient's membership at once.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCodeStatus, toGiftCode, toMembershipDetails } from '../../api/membership-client';
import { document } from '../../api/schemas';
import { memberMembership } from '../../server/members/schema';
import { GIFT_CODE_ALPHABET } from '../../server/memberships/codes';
import { giftCode, membershipMember } from '../../server/memberships/schema';
import { DEMO_MEMBERSHIP_MEMBERS, membershipIds } from '../../server/seed/membership';
import { dayjs } from '../../server/util';
import type { TestServer } from './helpers';
import { browser, outbox, passwordLogin, startMembersServer } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startMembersServer();
});
afterAll(async () => {
  await s.handle.close();
});

const INDIVIDUAL = membershipIds.level('Individual');
const CART_Q = { _embed: 'ticket,ticket_group,cart_fees' };
const MIA = DEMO_MEMBERSHIP_MEMBERS.enrolled;

const outstanding = (body: unknown) =>
  document.parse(body).cart_fees?._data[0]?.grand_totals.total_outstanding ?? '';

/** A guest gives an Individual membership (the giver's named member) to `email`; answers the paid order id. */
async function giveIndividual(email: string, first: string) {
  const r = await s.json('POST', 'my/cart/modify', {
    body: {
      add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }],
      membership: {
        members: [{ party_role: 'member', first_name: first, last_name: 'Named', email }],
        gift: true,
      },
    },
    query: CART_Q,
  });
  expect(r.status).toBe(200);
  const cartId = r.body.cart._data[0].id as string;
  const giftee = await s.json('POST', 'giftee', { body: { first_name: first, last_name: 'Named', email } });
  expect(giftee.status).toBe(200);
  const gc = await s.json('POST', `cart/${cartId}/gift_checkout`, {
    body: { giftee_identity_id: giftee.body.identity._data[0].id },
  });
  expect(gc.status).toBe(200);
  await s.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Gil', last_name: 'Giver', email: 'gil.giver@example.com' },
  });
  const d = await s.json('GET', `cart/${cartId}`, { query: CART_Q });
  const paid = await s.json('POST', `cart/${cartId}/pay`, {
    body: { amount: outstanding(d.body), gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    query: { _embed: 'ticket_order' },
  });
  expect(paid.status).toBe(200);
  return paid.body.ticket_order._data[0].id as string;
}

async function membershipOf(scanCode: string) {
  const [m] = await s.handle.db
    .select()
    .from(memberMembership)
    .where(eq(memberMembership.scanCode, scanCode));
  const members = m
    ? await s.handle.db
        .select()
        .from(membershipMember)
        .where(eq(membershipMember.membershipId, m.id))
        .orderBy(asc(membershipMember.rank))
    : [];
  return { m, members: members.map((x) => [x.role, x.firstName, x.lastName]) };
}

describe('a gift to a member’s email', () => {
  it('leaves their membership as it was; the gift waits as a code emailed to them, on the giver’s order', async () => {
    const before = await membershipOf(MIA.scanCode);
    expect(before.m).toMatchObject({ levelName: 'Dual', autoRenewState: 'scheduled', purchaseLimit: 4 });
    const orderId = await giveIndividual('Mia.Member@example.com', 'Giverpicked');
    const after = await membershipOf(MIA.scanCode);
    // Nothing of Mia's membership changed: level, auto-renew, limit, term, order, named members.
    expect(after).toEqual(before);
    // No membership of the giver's order.
    const ofOrder = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.ticketOrderId, orderId));
    expect(ofOrder).toEqual([]);
    // A single-use code of the gifted level, valid a year, recorded on the giver's order.
    const codes = await s.handle.db.select().from(giftCode).where(eq(giftCode.ticketOrderId, orderId));
    expect(codes).toHaveLength(1);
    const issued = codes[0] as (typeof codes)[number];
    expect(issued.code).toHaveLength(10);
    expect([...issued.code].every((ch) => GIFT_CODE_ALPHABET.includes(ch))).toBe(true);
    expect(issued).toMatchObject({ maxRedemptions: 1, redeemedCount: 0, ticketTypeIds: [INDIVIDUAL] });
    expect(issued.validFrom?.getTime()).toBe(s.clock.now);
    expect(issued.validTo?.getTime()).toBe(dayjs(s.clock.now).add(12, 'month').valueOf());
    // Emailed to the recipient with the redeem link; no membership ID email.
    const mails = (await outbox(s)).filter((m) => m.to.toLowerCase() === MIA.email);
    const mail = mails.at(-1);
    expect(mail?.subject).toMatch(/gift/i);
    expect(mail?.body).toContain(
      `https://shop.example.test/demo-museum/membership/redeem?gift_code=${issued.code}`,
    );
    expect(mails.some((m) => /membership ID/.test(m.subject))).toBe(false);
    // The lookup shows it valid; Mia redeems it on her own terms (her renewal window is open).
    const lookup = toGiftCode((await s.json('GET', `gift_code/${issued.code}`)).body);
    expect(giftCodeStatus(lookup, s.clock.now)).toBe('valid');
    const mia = browser(s);
    expect((await passwordLogin(mia, MIA.email)).status).toBe(200);
    const redeem = await mia.json('POST', 'my/cart/modify', {
      body: {
        add: [{ event_session_id: null, ticket_type_id: INDIVIDUAL }],
        membership: {
          members: [{ party_role: 'member', first_name: 'Mia', last_name: 'Member', email: MIA.email }],
          redeem: true,
          gift_code: issued.code,
        },
      },
      query: CART_Q,
    });
    expect(redeem.status).toBe(200);
    expect(outstanding(redeem.body)).toBe('0.00');
    const cartId = redeem.body.cart._data[0].id;
    const done = await mia.json('POST', `my/cart/${cartId}/guest_checkout`, {
      body: { gateway_id: 'free', send_email: false },
    });
    expect(done.status).toBe(200);
    const [renewed] = toMembershipDetails((await mia.json('GET', 'my/membership')).body);
    expect(renewed).toMatchObject({ memberId: MIA.scanCode, levelName: 'Individual' });
    expect(Date.parse(renewed?.validTo ?? '')).toBe(dayjs(before.m?.validTo).add(12, 'month').valueOf());
  });

  it('to an expired member too: their membership stays as it was', async () => {
    const ezra = DEMO_MEMBERSHIP_MEMBERS.expired;
    const before = await membershipOf(ezra.scanCode);
    const orderId = await giveIndividual(ezra.email, 'Other');
    expect(await membershipOf(ezra.scanCode)).toEqual(before);
    expect(await s.handle.db.select().from(giftCode).where(eq(giftCode.ticketOrderId, orderId))).toHaveLength(
      1,
    );
  });

  it('to an email without a membership: the recipient’s membership is created at once, no code', async () => {
    const orderId = await giveIndividual('new.recipient@example.com', 'Nora');
    const made = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.ticketOrderId, orderId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ levelName: 'Individual', autoRenewState: 'other' });
    expect(await s.handle.db.select().from(giftCode).where(eq(giftCode.ticketOrderId, orderId))).toEqual([]);
  });
});
