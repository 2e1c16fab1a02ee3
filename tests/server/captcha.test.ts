/**
 * Captcha at checkout (issue 23; spec 2 §4 "The last payment carries an invisible captcha token", §5, §6): with
 * the seller's sandbox captcha on, a guest's card payment and free checkout carry a token the server issued, used
 * once; a missing, unknown, reused or expired token answers 400 captcha_invalid; a member's cart needs none; the
 * payment again with the intent the first one created needs none; production without the demo offers no sandbox.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { CAPTCHA_TOKEN_MS } from '../../server/captcha/captcha';
import { GIFT_CARD_LEDGER_TYPE } from '../../server/ledger/ledger';
import { ledger } from '../../server/ledger/schema';
import { LIMITS } from '../../server/members/rate';
import * as t from '../../server/schema';
import { setSellerCaptcha } from '../../server/seed/demo';
import { GA_ADULT, gaSessions, SELLER, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await setSellerCaptcha(s.handle.db, SELLER, { provider: 'sandbox' });
});
afterAll(async () => {
  await s.handle.close();
});

const err = (body: unknown) => errorBody.parse(body)._data[0];
const PURCHASER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

async function guestCart(): Promise<string> {
  const [session] = await gaSessions(s, '2026-11-28');
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session?.id ?? null, ticket_type_id: GA_ADULT }] },
  });
  expect(r.status).toBe(200);
  const id = document.parse(r.body).cart?._data[0]?.id as string;
  expect((await s.json('POST', `cart/${id}/purchaser`, { body: PURCHASER })).status).toBe(200);
  return id;
}
async function sandboxToken(): Promise<string> {
  const r = await s.json('POST', 'sandbox/captcha');
  expect(r.status).toBe(200);
  return r.body.captcha._data[0].token as string;
}
const pay = (cartId: string, extra: Record<string, unknown> = {}, source = 'pm_card_visa') =>
  s.json('POST', `cart/${cartId}/pay`, {
    body: { amount: '26.50', gateway_id: 'stripe', gateway_data: { source }, ...extra },
  });

describe('captcha at checkout (sandbox)', () => {
  it('a guest pays with a token issued once: missing, unknown, other provider, reused and expired are refused', async () => {
    const cart = await guestCart();
    const missing = await pay(cart);
    expect(missing.status).toBe(400);
    expect(err(missing.body)?._code).toBe('captcha_invalid');
    const unknown = await pay(cart, { captcha: { provider: 'sandbox', token: `sandbox_${'x'.repeat(32)}` } });
    expect(err(unknown.body)?._code).toBe('captcha_invalid');
    // Malformed at the boundary: an unknown key, an oversized provider, an oversized token.
    for (const captcha of [
      { provider: 'sandbox', token: 'sandbox_x', extra: 1 },
      { provider: 'sandbox', token: 'sandbox_\u0000' },
      { provider: 'p'.repeat(101), token: 'sandbox_x' },
      { provider: 'sandbox', token: 'x'.repeat(8001) },
    ]) {
      const bad = await pay(cart, { captcha });
      expect(bad.status, JSON.stringify(captcha).slice(0, 60)).toBe(400);
      expect(err(bad.body)?._code).not.toBe('captcha_invalid');
    }
    const token = await sandboxToken();
    const other = await pay(cart, { captcha: { provider: 'hcaptcha', token } });
    expect(err(other.body)?._code).toBe('captcha_invalid');

    const paid = await pay(cart, { captcha: { provider: 'sandbox', token } });
    expect(paid.status).toBe(200);
    expect(document.parse(paid.body).cart?._data[0]?.state).toBe('completed');

    // One token per payment: the same token on another cart is refused.
    const second = await guestCart();
    const reused = await pay(second, { captcha: { provider: 'sandbox', token } });
    expect(reused.status).toBe(400);
    expect(err(reused.body)?._code).toBe('captcha_invalid');

    const late = await sandboxToken();
    s.clock.now += CAPTCHA_TOKEN_MS + 1000;
    try {
      const expired = await pay(second, { captcha: { provider: 'sandbox', token: late } });
      expect(err(expired.body)?._code).toBe('captcha_invalid');
    } finally {
      s.clock.now -= CAPTCHA_TOKEN_MS + 1000;
    }
  });

  it("the payment again with the intent the first one created carries none; a member's cart needs none", async () => {
    const cart = await guestCart();
    const first = await pay(
      cart,
      { captcha: { provider: 'sandbox', token: await sandboxToken() } },
      'pm_card_threeDSecure2Required',
    );
    expect(first.status).toBe(402);
    const intent = err(first.body)?._extra as { payment_intent_id: string };
    const confirmed = await s.json('POST', `sandbox/payment_intents/${intent.payment_intent_id}/confirm`);
    expect(confirmed.status).toBe(200);
    const again = await pay(cart, {}, intent.payment_intent_id);
    expect(again.status).toBe(200);
    // Another cart cannot borrow that intent to skip the captcha.
    const other = await guestCart();
    const borrowed = await pay(other, {}, intent.payment_intent_id);
    expect(err(borrowed.body)?._code).toBe('captcha_invalid');

    const member = await guestCart();
    const [someone] = await s.handle.db
      .insert(t.identity)
      .values({ id: crypto.randomUUID(), sellerId: SELLER, type: 'member', createdAt: new Date(s.clock.now) })
      .returning({ id: t.identity.id });
    await s.handle.db
      .update(t.cart)
      .set({ identityId: someone?.id as string })
      .where(eq(t.cart.id, member));
    expect((await pay(member)).status).not.toBe(400);
  });

  it('a free checkout carries a token too', async () => {
    const [session] = await gaSessions(s, '2026-11-28');
    const free = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id ?? null, ticket_type_id: GA_ADULT }] },
    });
    const id = document.parse(free.body).cart?._data[0]?.id as string;
    await s.handle.db.update(t.ticket).set({ faceValueCents: 0 }).where(eq(t.ticket.cartId, id));
    const none = await s.json('POST', `cart/${id}/guest_checkout`, { body: { gateway_id: 'free' } });
    expect(err(none.body)?._code).toBe('captcha_invalid');
  });
});

describe('captcha with gift cards (sandbox)', () => {
  let cards = 0;
  async function giftCard(balanceCents: number): Promise<string> {
    const number = `8${String(++cards).padStart(15, '0')}`;
    await s.handle.db.insert(ledger).values({
      id: crypto.randomUUID(),
      sellerId: SELLER,
      ledgerType: GIFT_CARD_LEDGER_TYPE,
      number,
      balanceCents,
      state: 'active',
      ticketId: null,
      ticketOrderId: null,
      createdAt: new Date(s.clock.now),
    });
    return number;
  }
  const balanceOf = async (number: string) =>
    (await s.handle.db.select().from(ledger).where(eq(ledger.number, number)))[0]?.balanceCents;
  const payByCard = (cartId: string, amount: string, number: string, extra: Record<string, unknown> = {}) =>
    s.json('POST', `cart/${cartId}/pay`, {
      body: {
        amount,
        gateway_id: 'ledger',
        gateway_data: { ledger_type: GIFT_CARD_LEDGER_TYPE, ledger_number: number },
        ...extra,
      },
    });

  it('an order paid entirely by gift cards: an earlier card needs no token, the card that books it does', async () => {
    // Spec 2 §5 "Captcha required for anonymous users when a key is configured", §4 "The last payment carries an
    // invisible captcha token": with no card payment the last gift card is the last payment.
    const cart = await guestCart();
    const first = await giftCard(1000);
    const second = await giftCard(5000);
    expect((await payByCard(cart, '10.00', first)).status).toBe(200);
    const missing = await payByCard(cart, '16.50', second);
    expect(missing.status).toBe(400);
    expect(err(missing.body)?._code).toBe('captcha_invalid');
    expect(await balanceOf(second)).toBe(5000);
    const paid = await payByCard(cart, '16.50', second, {
      captcha: { provider: 'sandbox', token: await sandboxToken() },
    });
    expect(paid.status).toBe(200);
    expect(document.parse(paid.body).cart?._data[0]?.state).toBe('completed');
    expect(await balanceOf(second)).toBe(5000 - 1650);

    // One gift card for the whole order: the same.
    const whole = await guestCart();
    const card = await giftCard(3000);
    expect(err((await payByCard(whole, '26.50', card)).body)?._code).toBe('captcha_invalid');
    const token = await sandboxToken();
    expect((await payByCard(whole, '26.50', card, { captcha: { provider: 'sandbox', token } })).status).toBe(
      200,
    );
  });

  it('limits sandbox tokens per client address', async () => {
    let status = 200;
    for (let i = 0; i <= LIMITS.sandboxCaptchaAddress.max && status === 200; i++)
      status = (await s.json('POST', 'sandbox/captcha')).status;
    expect(status).toBe(429);
    // A new window: tokens again.
    s.clock.now += LIMITS.sandboxCaptchaAddress.windowMs;
    expect((await s.json('POST', 'sandbox/captcha')).status).toBe(200);
  });
});

describe('captcha in production without the demo', () => {
  it('offers no sandbox: no token route, the seller’s sandbox row is no captcha', async () => {
    const prod = await startTestServer({ production: true });
    try {
      await setSellerCaptcha(prod.handle.db, SELLER, { provider: 'sandbox' });
      expect((await prod.json('POST', 'sandbox/captcha')).status).toBe(404);
    } finally {
      await prod.handle.close();
    }
  });
});
