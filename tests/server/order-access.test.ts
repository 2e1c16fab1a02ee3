/**
 * Who reads an order whole (server/payments/access.ts, server/README.md "Reading an order"). An order id is printed
 * in the order's QR code, so it alone must not give away the purchaser, the attendees, the cart (which opens the
 * purchaser's identity), the bought discount codes or the memberships' scan codes: those need the owner's member
 * session, the order's read token (the paid cart's answer, the confirmation email's link) or its manage token.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import { memberMembership, memberUser } from '../../server/members/schema';
import * as t from '../../server/schema';
import { giftVisitIds } from '../../server/seed/code-purchase';
import { demoIds } from '../../server/seed/demo';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';
import { type Browser, browser, DEMO_MEMBERS, outbox, passwordLogin } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 } });
});
afterAll(async () => {
  await s.handle.close();
});

const G = giftVisitIds(demoIds);
const doc = (body: unknown) => document.parse(body);
const CARD = { gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };
type Caller = Pick<Browser, 'json'>;

/** A guest buys two discount codes, one ticket named for an attendee: the order id and the paid answer's token. */
async function guestOrder(email: string, who: Caller = browser(s)) {
  const r = await who.json('POST', 'my/cart/modify', {
    body: {
      add: [
        { event_session_id: null, ticket_type_id: G.type, admit_name: 'Ann Attendee' },
        { event_session_id: null, ticket_type_id: G.type },
      ],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const cartId = doc(r.body).cart?._data[0]?.id as string;
  const p = await who.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Pat', last_name: 'Private', email },
  });
  expect(p.status).toBe(200);
  const paid = await who.json('POST', `cart/${cartId}/pay`, { body: { amount: '20.00', ...CARD } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = doc(paid.body).ticket_order?._data[0];
  return { cartId, orderId: order?.id as string, token: order?.access_token as string };
}

const read = async (orderId: string, query: Record<string, string> = {}, who: Caller = browser(s)) => {
  const r = await who.json('GET', `ticket_order/${orderId}`, {
    query: { _embed: 'ticket,identity,membership', ...query },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ReturnType<typeof doc> & { membership?: { _data: { scan_code: string }[] } };
};

/** What an order id alone may see: the order's number and tickets, nothing of the purchaser. */
function expectRedacted(body: unknown, cartId: string, secrets: string[]) {
  const d = doc(body);
  expect(d.ticket_order?._data[0]?.cart_id).toBeNull();
  expect(d.ticket?._data.length).toBeGreaterThan(0);
  for (const k of d.ticket?._data ?? []) expect(k).toMatchObject({ cart_id: null, admit_name: null });
  expect(d.identity?._data ?? []).toEqual([]);
  expect(d.issued_promo_code?._data ?? []).toEqual([]);
  const text = JSON.stringify(body);
  for (const secret of [cartId, ...secrets]) expect(text).not.toContain(secret);
}

describe('reading a guest’s order', () => {
  it('by its id alone: the tickets, without the purchaser, the attendees, the cart or the bought codes', async () => {
    const { orderId, cartId } = await guestOrder('pat.private@example.com');
    const codes = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    expect(codes).toHaveLength(2);
    const body = await read(orderId);
    expectRedacted(body, cartId, ['pat.private@example.com', 'Private', 'Ann Attendee']);
    // The confirmation's call (id._in) the same.
    const listed = await s.json('GET', 'ticket_order', { query: { 'id._in': orderId, _embed: 'identity' } });
    expectRedacted(listed.body, cartId, ['pat.private@example.com', 'Ann Attendee']);
  });

  it('with the read token of the paid cart’s answer: whole', async () => {
    const { orderId, cartId, token } = await guestOrder('pat.token@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const d = doc(await read(orderId, { token }));
    expect(d.ticket_order?._data[0]?.cart_id).toBe(cartId);
    expect(d.identity?._data.map((i) => i.email)).toEqual(['pat.token@example.com']);
    expect(d.ticket?._data.map((k) => k.admit_name)).toContain('Ann Attendee');
    expect(d.issued_promo_code?._data).toHaveLength(2);
    // The confirmation's call with token._in, as the client sends it.
    const listed = await s.json('GET', 'ticket_order', { query: { 'id._in': orderId, token } });
    expect(doc(listed.body).issued_promo_code?._data).toHaveLength(2);
    // The cart's own answer (whoever holds the cart is the purchaser) carries the token too.
    const cart = await s.json('GET', `cart/${cartId}`, { query: { _embed: 'ticket_order' } });
    expect(doc(cart.body).ticket_order?._data[0]?.access_token).toBe(token);
  });

  it('another order’s token reads nothing more; a malformed token is a 400', async () => {
    const mine = await guestOrder('pat.mine@example.com');
    const theirs = await guestOrder('pat.theirs@example.com');
    expectRedacted(await read(theirs.orderId, { token: mine.token }), theirs.cartId, [
      'pat.theirs@example.com',
    ]);
    for (const token of ['x', `${mine.token}\u0000`, 'a'.repeat(43).replace('a', '.'), 'a,'.repeat(101)]) {
      const r = await s.json('GET', `ticket_order/${theirs.orderId}`, { query: { token } });
      expect(r.status, token).toBe(400);
    }
  });

  it('the confirmation email’s links: the printable order’s reads it whole, and so does the manage link’s', async () => {
    const { orderId, cartId } = await guestOrder('pat.mail@example.com');
    const mail = (await outbox(s)).find((m) => m.to === 'pat.mail@example.com');
    const printLink = new RegExp(`/ticket_order/${orderId}\\?token=([A-Za-z0-9_-]{43})`).exec(
      mail?.body ?? '',
    );
    const manageLink = new RegExp(`/manage/${orderId}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.body ?? '');
    expect(printLink?.[1]).toBeTruthy();
    expect(manageLink?.[1]).toBeTruthy();
    for (const token of [printLink?.[1], manageLink?.[1]]) {
      const d = doc(await read(orderId, { token: token as string }));
      expect(d.identity?._data.map((i) => i.email)).toEqual(['pat.mail@example.com']);
      expect(d.ticket_order?._data[0]?.cart_id).toBe(cartId);
    }
  });

  it('the calendar file an order id gets carries the order link without its token', async () => {
    const [session] = await gaSessions(s, '2026-11-28');
    const who = browser(s);
    const r = await who.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }] },
    });
    const cartId = doc(r.body).cart?._data[0]?.id as string;
    await who.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Cal', last_name: 'Endar', email: 'cal.endar@example.com' },
    });
    const paid = await who.json('POST', `cart/${cartId}/pay`, { body: { amount: '26.50', ...CARD } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orderId = doc(paid.body).ticket_order?._data[0]?.id as string;
    const ics = await s.call('GET', `ticket_order/${orderId}/calendar.ics`);
    expect(ics.status).toBe(200);
    const text = (await ics.text()).replace(/\r?\n[ \t]/g, ''); // unfolded (RFC 5545 §3.1)
    expect(text).toContain(`/ticket_order/${orderId}`);
    expect(text).not.toContain('token=');
    // The email's calendar file is the purchaser's: its link has the token.
    const mail = (await outbox(s)).find((m) => m.to === 'cal.endar@example.com');
    expect(mail?.body).toMatch(new RegExp(`/ticket_order/${orderId}\\?token=`));
  });
});

describe('reading a member’s order', () => {
  it('the member’s session reads it whole with its memberships; an id alone or another member does not', async () => {
    // Mia (server/seed/membership.ts) bought her membership in an order.
    const MIA = 'mia.member@example.com';
    const [mia] = await s.handle.db.select().from(memberUser).where(eq(memberUser.email, MIA));
    const [membership] = await s.handle.db
      .select()
      .from(memberMembership)
      .where(eq(memberMembership.identityId, mia?.identityId as string));
    const orderId = membership?.ticketOrderId as string;
    expect(orderId).toBeTruthy();
    const scanCode = membership?.scanCode as string;

    const owner = browser(s);
    expect((await passwordLogin(owner, MIA)).status).toBe(200);
    const whole = await read(orderId, {}, owner);
    expect(whole.membership?._data.map((m) => m.scan_code)).toContain(scanCode);
    expect(doc(whole).identity?._data.map((i) => i.email)).toEqual([MIA]);

    const other = browser(s);
    expect((await passwordLogin(other, DEMO_MEMBERS.password.email)).status).toBe(200);
    for (const who of [browser(s), other]) {
      const body = await read(orderId, {}, who);
      expect(body.membership?._data ?? []).toEqual([]);
      const text = JSON.stringify(body);
      // (The seeded order's number is made from the scan code, so the key is what is checked.)
      expect(text).not.toContain('scan_code');
      expect(text).not.toContain(MIA);
    }
  });
});
