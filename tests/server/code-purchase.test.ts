/**
 * Discount-code purchases (issue 21; server/promo/issued.ts): a ticket group with handler `codes` sells codes of
 * the code group its configuration names. Booking the order creates one code per ticket, exactly once (a second
 * pay, a second issue and concurrent pays add none); the codes work in apply_code; only the order's owner reads
 * them; the confirmation email lists them. The concurrent pays and concurrent issues prove something only on
 * PostgreSQL (TEST_DATABASE_URL; run both): without the unique ticket index six racing issues made 18 codes for 3
 * tickets there.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { logPath } from '../../server/app';
import {
  ISSUED_CODE_ALPHABET,
  ISSUED_CODE_LENGTH,
  issuedCode,
  issueOrderCodes,
} from '../../server/promo/issued';
import { promoCode } from '../../server/promo/schema';
import * as t from '../../server/schema';
import { giftVisitIds } from '../../server/seed/code-purchase';
import { demoIds } from '../../server/seed/demo';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';
import { type Browser, browser, DEMO_MEMBERS, passwordLogin } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 } });
});
afterAll(async () => {
  await s.handle.close();
});

const G = giftVisitIds(demoIds);
const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const CARD = { gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };
const CODE_RE = new RegExp(`^[${ISSUED_CODE_ALPHABET}]{${ISSUED_CODE_LENGTH}}$`);

type Caller = Pick<Browser, 'json'>;
const anonymous = (): Caller => browser(s);

/** A cart of `n` code tickets (no session), with a purchaser: answers its id and the ticket ids. */
async function codesCart(n: number, email: string, who: Caller = anonymous()) {
  const r = await who.json('POST', 'my/cart/modify', {
    body: { add: Array.from({ length: n }, () => ({ event_session_id: null, ticket_type_id: G.type })) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const d = doc(r.body);
  const cartId = d.cart?._data[0]?.id as string;
  const p = await who.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Gift', last_name: 'Giver', email },
  });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return { cartId, ticketIds: (d.ticket?._data ?? []).map((k) => k.id), who };
}

async function buy(n: number, email: string, who: Caller = anonymous()) {
  const cart = await codesCart(n, email, who);
  const paid = await who.json('POST', `cart/${cart.cartId}/pay`, {
    body: { amount: `${n * 10}.00`, ...CARD },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = doc(paid.body).ticket_order?._data[0];
  expect(order?.id).toBeTruthy();
  // The paid cart's answer carries the order's read token (server/payments/access.ts).
  expect(order?.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { ...cart, orderId: order?.id as string, token: order?.access_token as string };
}

/** The order's codes as `who` reads them, with the order's read token when given. */
const codesOf = async (orderId: string, who: Caller = anonymous(), token?: string) => {
  const r = await who.json('GET', `ticket_order/${orderId}`, { query: token ? { token } : {} });
  expect(r.status).toBe(200);
  return doc(r.body).issued_promo_code?._data ?? [];
};
const rowsOf = (orderId: string) =>
  s.handle.db.select().from(issuedCode).where(eq(issuedCode.ticketOrderId, orderId));

describe('a purchase of discount codes', () => {
  it('issues one new code per ticket, in the configured code group, shown on the order', async () => {
    const { orderId, ticketIds, token } = await buy(2, 'giver.one@example.com');
    const codes = await codesOf(orderId, anonymous(), token);
    expect(codes).toHaveLength(2);
    expect(new Set(codes.map((c) => c.code)).size).toBe(2);
    for (const c of codes) {
      expect(c.code).toMatch(CODE_RE);
      expect(c).toMatchObject({
        code_group_id: G.codeGroup,
        ticket_order_id: orderId,
        description: '50% off General Admission',
      });
    }
    expect(codes.map((c) => c.ticket_id).sort()).toEqual([...ticketIds].sort());
    // The orders' listing (the confirmation's call) shows them too.
    const listed = await s.json('GET', 'ticket_order', { query: { 'id._in': orderId, token } });
    expect(doc(listed.body).issued_promo_code?._data.map((c) => c.code)).toEqual(codes.map((c) => c.code));
  });

  it('exactly once: a second pay is refused and a second issue for the same tickets creates nothing', async () => {
    const { cartId, orderId, token } = await buy(3, 'giver.two@example.com');
    const again = await s.json('POST', `cart/${cartId}/pay`, { body: { amount: '30.00', ...CARD } });
    expect(again.status).toBe(409);
    expect(err(again.body)?._code).toBe(ErrorCode.cart_booked);
    const booked = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    const [order] = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.id, orderId));
    // The booking's issue run again (a retried completion) finds every ticket's code there.
    await s.handle.db.transaction(async (tx) => {
      expect(await issueOrderCodes(tx, order as typeof t.ticketOrder.$inferSelect, booked, s.clock.now)).toBe(
        0,
      );
    });
    expect(await rowsOf(orderId)).toHaveLength(3);
    expect(await codesOf(orderId, anonymous(), token)).toHaveLength(3);
  });

  it('concurrent pays of one cart book one order with one code per ticket', async () => {
    const { cartId } = await codesCart(2, 'giver.race@example.com');
    const pays = await Promise.all(
      Array.from({ length: 8 }, () =>
        s.json('POST', `cart/${cartId}/pay`, { body: { amount: '20.00', ...CARD } }),
      ),
    );
    expect(pays.filter((r) => r.status === 200)).toHaveLength(1);
    expect(pays.every((r) => r.status === 200 || err(r.body)?._code === ErrorCode.cart_booked)).toBe(true);
    const orders = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.cartId, cartId));
    expect(orders).toHaveLength(1);
    expect(await rowsOf(orders[0]?.id as string)).toHaveLength(2);
  });

  it('concurrent issues for the same tickets (a retried completion racing the first) give one code each', async () => {
    const { orderId } = await buy(3, 'giver.reissue@example.com');
    const booked = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    const [order] = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.id, orderId));
    // As if the booking had not issued them yet: its codes gone.
    const before = await rowsOf(orderId);
    await s.handle.db.delete(issuedCode).where(eq(issuedCode.ticketOrderId, orderId));
    for (const row of before) await s.handle.db.delete(promoCode).where(eq(promoCode.id, row.promoCodeId));
    const created = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.handle.db.transaction((tx) =>
          issueOrderCodes(tx, order as typeof t.ticketOrder.$inferSelect, booked, s.clock.now),
        ),
      ),
    );
    expect(created.reduce((a, b) => a + b, 0)).toBe(3);
    const rows = await rowsOf(orderId);
    expect(rows.map((r) => r.ticketId).sort()).toEqual(booked.map((k) => k.id).sort());
    // No code without its link (an issue that lost the race created none).
    const linked = new Set(
      (await s.handle.db.select().from(issuedCode).where(eq(issuedCode.codeGroupId, G.codeGroup))).map(
        (r) => r.promoCodeId,
      ),
    );
    const groupCodes = await s.handle.db
      .select()
      .from(promoCode)
      .where(eq(promoCode.codeGroupId, G.codeGroup));
    expect(groupCodes.map((c) => c.id).sort()).toEqual([...linked].sort());
  });

  it('a bought code takes 50% off General Admission in apply_code, once', async () => {
    const { orderId, token } = await buy(1, 'giver.three@example.com');
    const [bought] = await codesOf(orderId, anonymous(), token);
    const [session] = await gaSessions(s, '2026-11-28');
    const gaCart = async () => {
      const r = await s.json('POST', 'my/cart/modify', {
        body: {
          add: [GA_ADULT, GA_ADULT].map((id) => ({ event_session_id: session?.id, ticket_type_id: id })),
        },
      });
      return doc(r.body).cart?._data[0]?.id as string;
    };
    const first = await gaCart();
    const applied = await s.json('POST', `cart/${first}/apply_code`, {
      body: { codes: [bought?.code.toLowerCase()] },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // 2 × 25.00 face and 2 × 1.50 fees: half the face value off.
    expect(doc(applied.body).cart_fees?._data[0]?.grand_totals).toMatchObject({
      total_cartmod_amount: '-25.00',
      total_outstanding: '28.00',
    });
    // One use per code: another cart cannot take it.
    const second = await s.json('POST', `cart/${await gaCart()}/apply_code`, {
      body: { codes: [bought?.code] },
    });
    expect(err(second.body)?._code).toBe(ErrorCode.code_exhausted);
  });

  it('only the order’s owner reads the codes: a member’s order shows none to others', async () => {
    const ada = browser(s);
    expect((await passwordLogin(ada, DEMO_MEMBERS.password.email)).status).toBe(200);
    const { orderId, cartId } = await buy(2, DEMO_MEMBERS.password.email, ada);
    const mine = await codesOf(orderId, ada);
    expect(mine).toHaveLength(2);
    // Someone else with the order id (a visitor without a session, another member) gets the order, not its codes.
    const visitor = await s.json('GET', `ticket_order/${orderId}`);
    expect(visitor.status).toBe(200);
    expect(doc(visitor.body).issued_promo_code?._data).toEqual([]);
    const other = browser(s);
    const registered = await other.json('POST', 'user', {
      body: {
        first_name: 'Otto',
        last_name: 'Other',
        email: 'otto.other@example.com',
        password: 'Other-Pass1',
      },
    });
    expect(registered.status).toBe(200);
    expect((await passwordLogin(other, 'otto.other@example.com', 'Other-Pass1')).status).toBe(200);
    expect(await codesOf(orderId, other)).toEqual([]);
    const listed = await other.json('GET', 'ticket_order', { query: { 'id._in': orderId } });
    expect(JSON.stringify(listed.body)).not.toContain(mine[0]?.code);
    // Nothing else carries them: the booked cart's document, the code lookup, the banners.
    const cart = await ada.json('GET', `my/cart/${cartId}`);
    for (const c of mine) expect(JSON.stringify(cart.body)).not.toContain(c.code);
    const banners = await s.json('GET', 'promo_banner');
    for (const c of mine) expect(JSON.stringify(banners.body)).not.toContain(c.code);
    // The advertising lookup (banners) does not show a bought code's group: it answers as for an unknown code.
    const advertised = await s.json('GET', `code/${mine[0]?.code}`, { query: { mode: 'advertise' } });
    expect(advertised.status).toBe(404);
    // The request log leaves a looked-up code out.
    expect(logPath(`/api/code/${mine[0]?.code}`)).toBe('/api/code/…');
  });

  it('the confirmation email to the purchaser lists the codes', async () => {
    const { orderId, token } = await buy(2, 'giver.mail@example.com');
    const codes = await codesOf(orderId, anonymous(), token);
    const mails = await s.handle.db.select().from(t.outbox).where(eq(t.outbox.to, 'giver.mail@example.com'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.body).toContain('Your discount codes');
    for (const c of codes) {
      expect(mail?.body).toContain(`${c.code} (50% off General Admission)`);
      expect(mail?.html).toContain(c.code);
    }
    // No other message carries them.
    const others = await s.handle.db.select().from(t.outbox);
    const carrying = others.filter((m) => codes.some((c) => m.body.includes(c.code)));
    expect(carrying.map((m) => m.to)).toEqual(['giver.mail@example.com']);
  });

  it('a codes group without a code group to join is refused before anything is charged', async () => {
    const { cartId } = await codesCart(1, 'giver.misconfigured@example.com');
    const where = and(eq(t.config.resourceId, G.group), eq(t.config.key, 'codes'));
    const [saved] = await s.handle.db.select().from(t.config).where(where);
    await s.handle.db
      .update(t.config)
      .set({ value: { code_group_id: '' } })
      .where(where);
    try {
      const r = await s.json('POST', `cart/${cartId}/pay`, { body: { amount: '10.00', ...CARD } });
      expect(r.status).toBe(400);
      expect(err(r.body)).toMatchObject({ _code: ErrorCode.validation_failed, _context: 'ticket_group' });
      const payments = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cartId));
      expect(payments).toEqual([]);
    } finally {
      await s.handle.db.update(t.config).set({ value: saved?.value }).where(where);
    }
    const codes = await s.handle.db.select().from(promoCode).where(eq(promoCode.codeGroupId, G.codeGroup));
    expect(codes.every((c) => CODE_RE.test(c.code))).toBe(true);
  });
});
