/**
 * The Stripe gateway (issue 19) through the official SDK against the local Stripe fake (tests/fakes): pay,
 * decline, 3-D Secure (402 then the retry with the intent), an authorisation captured before booking
 * (requires_capture), processing settled by a signed webhook (once, also
 * when replayed), webhook refusals, crash recovery through `find`, the completion re-check's refund, and the
 * connected account on every call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { CatalogCache } from '../../server/catalog/cache';
import type { AppCtx } from '../../server/http/context';
import { finish, keyOf, PAY_LEASE_MS } from '../../server/payments/completion';
import { recoverStalePayments } from '../../server/payments/recovery';
import { stripePayment } from '../../server/payments/schema';
import { StripeGateway, type StripeSettings } from '../../server/payments/stripe';
import * as t from '../../server/schema';
import { FAKE_CAPTURE_LATER_METHOD, FAKE_PROCESSING_METHOD, StripeFake } from '../fakes/stripe-fake';
import { GA_ADULT, gaSessions, SELLER, START, startTestServer, type TestServer } from './helpers';

const SECRET = 'whsec_test_fakesecret123';
let s: TestServer;
let fake: StripeFake;
let settings: StripeSettings;
let gateway: StripeGateway;
let ctx: AppCtx;

beforeAll(async () => {
  fake = new StripeFake(SECRET, () => Math.floor(s.clock.now / 1000));
  const api = await fake.start();
  settings = {
    secretKey: 'sk_test_fakekey12345',
    publishableKey: 'pk_test_fakekey12345',
    webhookSecret: SECRET,
    accountId: null,
    api,
  };
  s = await startTestServer({
    gateway: (db, now) => {
      gateway = new StripeGateway(db, now, settings);
      return gateway;
    },
  });
  ctx = { db: s.handle.db, now: () => s.clock.now, production: false, gateway, cache: new CatalogCache(0) };
});
afterAll(async () => {
  await fake.stop();
  await s.handle.close();
});

/** A cart of one adult ticket on a General Admission session of `date`, with a purchaser. */
async function cart(date: string) {
  const [session] = await gaSessions(s, date);
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }] },
  });
  expect(r.status).toBe(200);
  const id = r.body.cart._data[0].id as string;
  const amount = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
  await s.json('POST', `cart/${id}/purchaser`, {
    body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  });
  return { id, amount, cents: Math.round(Number(amount) * 100) };
}

const pay = (id: string, amount: string, source: string) =>
  s.json('POST', `cart/${id}/pay`, { body: { amount, gateway_id: 'stripe', gateway_data: { source } } });

const state = async (id: string) =>
  (await s.handle.db.select().from(t.cart).where(eq(t.cart.id, id)))[0]?.state;
const orders = (id: string) => s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.cartId, id));
const payments = (id: string) => s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, id));
const intentsOf = (cartId: string) =>
  fake
    .calls('POST', /^\/v1\/payment_intents$/)
    .filter((r) => (r.params.metadata as { cart_id?: string })?.cart_id === cartId);
const err = (body: { _data: unknown[] }) => body._data[0] as Record<string, unknown>;

/** Delivers a webhook payload to the app as Stripe would (raw body, Stripe-Signature). */
const deliver = (payload: string, signature: string | null) =>
  s.app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body: payload,
  });

describe('paying through Stripe', () => {
  it('books the order: one intent in cents and the seller currency, cart and seller metadata, keyed by attempt', async () => {
    const c = await cart('2026-12-01');
    const r = await pay(c.id, c.amount, 'pm_card_visa');
    expect(r.status).toBe(200);
    expect(r.body.cart._data[0].state).toBe('completed');
    const [create] = intentsOf(c.id);
    expect(intentsOf(c.id)).toHaveLength(1);
    expect(create?.params).toMatchObject({
      amount: String(c.cents),
      currency: 'usd',
      metadata: { cart_id: c.id, seller_id: SELLER },
    });
    expect(create?.idempotencyKey).toBe(keyOf(c.id, 1));
    const [row] = await s.handle.db.select().from(stripePayment).where(eq(stripePayment.cartId, c.id));
    const intent = fake.intent(row?.intentId ?? '');
    expect(intent?.status).toBe('succeeded');
    const confirms = fake.calls('POST', new RegExp(`^/v1/payment_intents/${intent?.id}/confirm$`));
    expect(confirms.map((q) => [q.idempotencyKey, q.params.payment_method])).toEqual([
      [`${keyOf(c.id, 1)}:confirm`, 'pm_card_visa'],
    ]);
    const [paid] = await payments(c.id);
    expect(paid).toMatchObject({ gatewayId: 'stripe', amountCents: c.cents, reference: intent?.id });
    // Paid again: the booked cart answers, Stripe is not called.
    const before = fake.requests.length;
    const again = await pay(c.id, c.amount, 'pm_card_visa');
    expect(err(again.body)._code).toBe(ErrorCode.cart_booked);
    expect(fake.requests.length).toBe(before);
  });

  it('a charge repeated with the same key charges once (Stripe replays, the intent is recorded once)', async () => {
    const c = await cart('2026-12-02');
    const req = {
      idempotencyKey: keyOf(c.id, 7),
      cartId: c.id,
      sellerId: SELLER,
      amountCents: c.cents,
      currency: 'USD',
      source: 'pm_card_visa',
    };
    const [one, two] = [await gateway.charge(req), await gateway.charge(req)];
    expect(one.status).toBe('succeeded');
    expect(two).toEqual(one);
    expect(intentsOf(c.id)).toHaveLength(1);
    const id = one.status === 'succeeded' ? one.intentId : '';
    expect(fake.calls('POST', new RegExp(`^/v1/payment_intents/${id}/confirm$`))).toHaveLength(1);
    // The same key with other details is refused before Stripe is called.
    const before = fake.requests.length;
    expect(await gateway.charge({ ...req, amountCents: c.cents + 100 })).toMatchObject({ status: 'invalid' });
    expect(fake.requests.length).toBe(before);
  });

  it('a declined card answers card_declined with Stripe’s message and leaves the cart payable', async () => {
    const c = await cart('2026-12-03');
    const r = await pay(c.id, c.amount, 'pm_card_chargeDeclined');
    expect(r.status).toBe(400);
    expect(err(r.body)).toMatchObject({
      _code: ErrorCode.card_declined,
      _description: 'Your card was declined.',
      _extra: { type: 'card_error', message: 'Your card was declined.' },
    });
    expect(await state(c.id)).toBe('pending');
    const ok = await pay(c.id, c.amount, 'pm_card_visa');
    expect(ok.body.cart._data[0].state).toBe('completed');
    expect(await payments(c.id)).toHaveLength(1);
  });

  it('3-D Secure: 402 intent_requires_action with the client secret, then the retry with the intent books', async () => {
    const c = await cart('2026-12-04');
    const first = await pay(c.id, c.amount, 'pm_card_authenticationRequired');
    expect(first.status).toBe(402);
    const extra = err(first.body)._extra as { payment_intent_id: string; client_secret: string };
    expect(err(first.body)._code).toBe(ErrorCode.intent_requires_action);
    const intent = fake.intent(extra.payment_intent_id);
    expect(extra.client_secret).toBe(intent?.client_secret);
    // Before the customer has confirmed: still 402.
    expect((await pay(c.id, c.amount, extra.payment_intent_id)).status).toBe(402);
    fake.authenticate(extra.payment_intent_id);
    const done = await pay(c.id, c.amount, extra.payment_intent_id);
    expect(done.status).toBe(200);
    expect(done.body.cart._data[0].state).toBe('completed');
    expect(intentsOf(c.id)).toHaveLength(1);
    expect(await payments(c.id)).toMatchObject([
      { amountCents: c.cents, reference: extra.payment_intent_id },
    ]);
    // The intent pays for its own cart only.
    const other = await cart('2026-12-04');
    const stolen = await pay(other.id, other.amount, extra.payment_intent_id);
    expect(stolen.status).toBe(400);
    expect(await state(other.id)).toBe('pending');
  });
});

describe('an intent authorised for a later capture (requires_capture)', () => {
  const captures = (intentId: string) =>
    fake.calls('POST', new RegExp(`^/v1/payment_intents/${intentId}/capture$`));

  it('is captured once, keyed by the attempt, and the order booked on the captured money', async () => {
    const c = await cart('2026-12-12');
    const r = await pay(c.id, c.amount, FAKE_CAPTURE_LATER_METHOD);
    expect(r.status).toBe(200);
    expect(r.body.cart._data[0].state).toBe('completed');
    const [row] = await s.handle.db.select().from(stripePayment).where(eq(stripePayment.cartId, c.id));
    const intentId = row?.intentId ?? '';
    expect(captures(intentId).map((q) => q.idempotencyKey)).toEqual([`${keyOf(c.id, 1)}:capture`]);
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: c.cents });
    expect(await payments(c.id)).toMatchObject([{ amountCents: c.cents, reference: intentId }]);
    // Asked again about the attempt (recovery): the same answer, no second capture.
    expect(await gateway.find(keyOf(c.id, 1))).toMatchObject({ status: 'succeeded', intentId });
    expect(captures(intentId)).toHaveLength(1);
  });

  it('a processing payment authorised later is captured and booked by its amount_capturable_updated webhook', async () => {
    const c = await cart('2026-12-13');
    const r = await pay(c.id, c.amount, FAKE_PROCESSING_METHOD);
    expect(err(r.body)._code).toBe(ErrorCode.intent_processing);
    const intentId = (err(r.body)._extra as { payment_intent_id: string }).payment_intent_id;
    fake.settle(intentId, 'requires_capture');
    const event = fake.lastEvent('payment_intent.amount_capturable_updated', intentId);
    expect((await deliver(event.payload, fake.sign(event.payload))).status).toBe(200);
    expect(await state(c.id)).toBe('completed');
    expect(await orders(c.id)).toHaveLength(1);
    expect(captures(intentId)).toHaveLength(1);
    // The succeeded event the capture causes changes nothing.
    const succeeded = fake.lastEvent('payment_intent.succeeded', intentId);
    expect((await deliver(succeeded.payload, fake.sign(succeeded.payload))).status).toBe(200);
    expect(await orders(c.id)).toHaveLength(1);
    expect(await payments(c.id)).toHaveLength(1);
  });

  it('an authorisation that can no longer be captured books nothing and leaves the cart payable', async () => {
    const c = await cart('2026-12-14');
    const r = await pay(c.id, c.amount, FAKE_PROCESSING_METHOD);
    const intentId = (err(r.body)._extra as { payment_intent_id: string }).payment_intent_id;
    fake.settle(intentId, 'requires_capture');
    const event = fake.lastEvent('payment_intent.amount_capturable_updated', intentId);
    // The authorisation lapses before the event arrives (Stripe cancels it).
    const lapsed = fake.intent(intentId);
    if (lapsed) lapsed.status = 'canceled';
    expect((await deliver(event.payload, fake.sign(event.payload))).status).toBe(200);
    expect(await orders(c.id)).toHaveLength(0);
    expect(await state(c.id)).toBe('pending');
    expect((await pay(c.id, c.amount, 'pm_card_visa')).body.cart._data[0].state).toBe('completed');
  });
});

describe('processing payments and webhooks', () => {
  it('processing answers intent_processing; the succeeded webhook books once, a replay changes nothing', async () => {
    const c = await cart('2026-12-05');
    const r = await pay(c.id, c.amount, FAKE_PROCESSING_METHOD);
    expect(r.status).toBe(402);
    expect(err(r.body)._code).toBe(ErrorCode.intent_processing);
    const intentId = (err(r.body)._extra as { payment_intent_id: string }).payment_intent_id;
    // Held while processing: shown pending, not changeable, not booked.
    expect((await s.json('GET', `cart/${c.id}`)).body.cart._data[0].state).toBe('pending');
    expect(await state(c.id)).toBe('paying');
    expect((await s.json('DELETE', `cart/${c.id}`)).status).toBe(409);
    expect(await orders(c.id)).toHaveLength(0);

    fake.settle(intentId, 'succeeded');
    const event = fake.lastEvent('payment_intent.succeeded', intentId);
    const delivered = await deliver(event.payload, fake.sign(event.payload));
    expect(delivered.status).toBe(200);
    expect(await state(c.id)).toBe('completed');
    expect(await orders(c.id)).toHaveLength(1);
    expect(await payments(c.id)).toMatchObject([{ amountCents: c.cents, reference: intentId }]);
    // Stripe delivers at least once: the same event again, and a second event of the same intent.
    expect((await deliver(event.payload, fake.sign(event.payload))).status).toBe(200);
    const copy = event.payload.replace(event.id, `${event.id}x`);
    expect((await deliver(copy, fake.sign(copy))).status).toBe(200);
    expect(await orders(c.id)).toHaveLength(1);
    expect(await payments(c.id)).toHaveLength(1);
    expect(fake.calls('POST', /^\/v1\/refunds$/)).toHaveLength(0);
    // Stripe holds one charge of the amount, never refunded.
    expect(fake.intent(intentId)).toMatchObject({ amount_received: c.cents, refunded: 0 });
  });

  it('concurrent deliveries of one event and recovery at once book one order, charge once, refund nothing', async () => {
    const c = await cart('2026-12-11');
    const r = await pay(c.id, c.amount, FAKE_PROCESSING_METHOD);
    const intentId = (err(r.body)._extra as { payment_intent_id: string }).payment_intent_id;
    fake.settle(intentId, 'succeeded');
    const event = fake.lastEvent('payment_intent.succeeded', intentId);
    s.clock.now += PAY_LEASE_MS + 1000;
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => deliver(event.payload, fake.sign(event.payload))),
        recoverStalePayments(ctx),
      ]);
      for (const a of answers.slice(0, 6)) expect((a as Response).status).toBe(200);
    } finally {
      s.clock.now = START;
    }
    expect(await state(c.id)).toBe('completed');
    expect(await orders(c.id)).toHaveLength(1);
    expect(await payments(c.id)).toHaveLength(1);
    expect(fake.calls('POST', /^\/v1\/refunds$/).filter((q) => q.params.payment_intent === intentId)).toEqual(
      [],
    );
  });

  it('a processing payment that fails puts the cart back to pending (payable again, nothing in flight)', async () => {
    const c = await cart('2026-12-06');
    const r = await pay(c.id, c.amount, FAKE_PROCESSING_METHOD);
    const intentId = (err(r.body)._extra as { payment_intent_id: string }).payment_intent_id;
    // What the pending page reads: a payment in flight (paying), shown as pending.
    expect((await s.json('GET', `cart/${c.id}`)).body.cart._data[0]).toMatchObject({
      state: 'pending',
      paying: true,
    });
    fake.settle(intentId, 'failed');
    const event = fake.lastEvent('payment_intent.payment_failed', intentId);
    expect((await deliver(event.payload, fake.sign(event.payload))).status).toBe(200);
    expect(await state(c.id)).toBe('pending');
    // Nothing in flight any more, and no orders: the pending page goes back to checkout.
    const after = (await s.json('GET', `cart/${c.id}`, { query: { _embed: 'ticket_order' } })).body;
    expect(after.cart._data[0]).toMatchObject({ state: 'pending', paying: false });
    expect(after.ticket_order?._data ?? []).toEqual([]);
    expect(await orders(c.id)).toHaveLength(0);
    expect((await pay(c.id, c.amount, 'pm_card_visa')).body.cart._data[0].state).toBe('completed');
  });

  it('refuses bad, missing, stale and foreign signatures with 400 and no detail; huge bodies 413; books nothing', async () => {
    const c = await cart('2026-12-07');
    const r = await pay(c.id, c.amount, FAKE_PROCESSING_METHOD);
    const intentId = (err(r.body)._extra as { payment_intent_id: string }).payment_intent_id;
    fake.settle(intentId, 'succeeded');
    const event = fake.lastEvent('payment_intent.succeeded', intentId);
    const refusals = [
      await deliver(event.payload, null),
      await deliver(event.payload, fake.sign(event.payload, undefined, 'whsec_someoneelse123')),
      await deliver(event.payload, 't=1,v1=00'),
      await deliver(`${event.payload} `, fake.sign(event.payload)),
      await deliver(event.payload, fake.sign(event.payload, Math.floor(s.clock.now / 1000) - 600)),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        _data: [
          {
            _code: ErrorCode.webhook_rejected,
            _context: 'webhook',
            _description: 'The webhook could not be verified.',
            _extra: null,
          },
        ],
      });
    }
    const foreign = event.payload.replace('"object":"event"', '"object":"event","account":"acct_other1"');
    expect((await deliver(foreign, fake.sign(foreign))).status).toBe(400);
    const huge = `{"pad":"${'x'.repeat(300_000)}"}`;
    expect((await deliver(huge, fake.sign(huge))).status).toBe(413);
    expect(await state(c.id)).toBe('paying');
    expect(await orders(c.id)).toHaveLength(0);
    // The genuine event still books it.
    expect((await deliver(event.payload, fake.sign(event.payload))).status).toBe(200);
    expect(await state(c.id)).toBe('completed');
  });
});

describe('recovery and refunds through Stripe', () => {
  /** A cart whose process died in attempt 1 (its lease started now). */
  async function cutOff(date: string) {
    const c = await cart(date);
    await s.handle.db
      .update(t.cart)
      .set({ state: 'paying', payAttempt: 1, payStartedAt: new Date(s.clock.now), payAmountCents: c.cents })
      .where(eq(t.cart.id, c.id));
    return c;
  }
  const charge = (c: { id: string; cents: number }, source = 'pm_card_visa') =>
    gateway.charge({
      idempotencyKey: keyOf(c.id, 1),
      cartId: c.id,
      sellerId: SELLER,
      amountCents: c.cents,
      currency: 'USD',
      source,
    });

  it('settles cut-off attempts from Stripe’s intents: charged → booked, never confirmed → pending', async () => {
    const charged = await cutOff('2026-12-08');
    expect((await charge(charged)).status).toBe('succeeded');
    // Cut off between create and confirm: the intent is recorded but was never confirmed.
    const created = await cutOff('2026-12-08');
    const orphan = await cutOff('2026-12-08');
    await s.handle.db.insert(stripePayment).values({
      idempotencyKey: keyOf(created.id, 1),
      cartId: created.id,
      sellerId: SELLER,
      amountCents: created.cents,
      currency: 'USD',
      source: 'pm_card_visa',
      accountId: null,
      intentId: null,
      status: 'started',
      createdAt: new Date(s.clock.now),
    });
    const confirmsBefore = fake.calls('POST', /\/confirm$/).length;
    s.clock.now += PAY_LEASE_MS + 1000;
    try {
      expect(await recoverStalePayments(ctx)).toBe(3);
    } finally {
      s.clock.now = START;
    }
    expect(await state(charged.id)).toBe('completed');
    expect(await payments(charged.id)).toHaveLength(1);
    expect(await state(created.id)).toBe('pending');
    expect(await state(orphan.id)).toBe('pending');
    expect(fake.calls('POST', /\/confirm$/).length).toBe(confirmsBefore);
  });

  it('the completion re-check refunds through Stripe when the cart no longer costs what was paid', async () => {
    const c = await cutOff('2026-12-09');
    const result = await charge(c);
    expect(result.status).toBe('succeeded');
    const intentId = (result.status === 'succeeded' && result.intentId) || '';
    const changed = await finish(ctx, c.id, 1, c.cents - 100, result).catch((e: unknown) => e);
    expect(changed).toMatchObject({ code: ErrorCode.incorrect_cart_state });
    const refunds = fake.calls('POST', /^\/v1\/refunds$/);
    expect(refunds.map((q) => [q.params.payment_intent, q.idempotencyKey])).toEqual([
      [intentId, `${keyOf(c.id, 1)}:refund`],
    ]);
    expect(await state(c.id)).toBe('pending');
    expect(await orders(c.id)).toHaveLength(0);
    // Given back twice (a retried refund): Stripe's "already refunded" is not an error.
    await gateway.refund(keyOf(c.id, 1));
    // The refunded intent cannot pay for the cart again.
    expect((await pay(c.id, c.amount, intentId)).status).toBe(400);
  });
});

describe('a connected account', () => {
  it('sends Stripe-Account on every call and gives the account to the browser', async () => {
    const connected = new StripeGateway(s.handle.db, () => s.clock.now, {
      ...settings,
      accountId: 'acct_venue42',
    });
    const c = await cart('2026-12-10');
    const from = fake.requests.length;
    const req = {
      idempotencyKey: keyOf(c.id, 1),
      cartId: c.id,
      sellerId: SELLER,
      amountCents: c.cents,
      currency: 'USD',
      source: 'pm_card_visa',
    };
    const result = await connected.charge(req);
    expect(result.status).toBe('succeeded');
    await connected.find(req.idempotencyKey);
    await connected.refund(req.idempotencyKey);
    const calls = fake.requests.slice(from);
    expect(calls.map((q) => `${q.method} ${q.path.replace(/pi_\w+/, 'pi')}`)).toEqual([
      'POST /v1/payment_intents',
      'POST /v1/payment_intents/pi/confirm',
      'GET /v1/payment_intents/pi',
      'POST /v1/refunds',
    ]);
    expect(new Set(calls.map((q) => q.account))).toEqual(new Set(['acct_venue42']));
    // The platform account cannot see the venue's intent.
    expect(await gateway.find(req.idempotencyKey)).toBeNull();
    expect(connected.publicSettings).toEqual({
      publishableKey: settings.publishableKey,
      accountId: 'acct_venue42',
    });
  });

  it('the runtime config names Stripe with the publishable key, never a secret', async () => {
    const res = await s.app.request('/__config?slug=demo-museum');
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      paymentMode: 'stripe',
      stripePublishableKey: settings.publishableKey,
    });
    expect(text).not.toContain(settings.secretKey);
    expect(text).not.toContain(SECRET);
  });
});

describe('gateway audits from webhooks (refunds, disputes)', () => {
  const audits = async (id: string) =>
    ((await s.json('GET', `cart/${id}`)).body.gateway_audit._data as Array<Record<string, string>>).map(
      (a) => [a.audit_action, a.amount],
    );

  it('records a refund and a dispute once each, against the payment; replays and bad signatures record nothing', async () => {
    const c = await cart('2026-12-14');
    expect((await pay(c.id, c.amount, 'pm_card_visa')).status).toBe(200);
    const [paid] = await payments(c.id);
    const intentId = paid?.reference as string;
    expect(await audits(c.id)).toEqual([['capture', c.amount]]);

    const refund = fake.refundInDashboard(intentId, 500);
    expect(refund.type).toBe('refund.created');
    // A forged signature: 400, nothing recorded.
    expect((await deliver(refund.payload, fake.sign(refund.payload, undefined, 'whsec_other'))).status).toBe(
      400,
    );
    expect(await audits(c.id)).toEqual([['capture', c.amount]]);
    expect((await deliver(refund.payload, fake.sign(refund.payload))).status).toBe(200);
    // Replayed, and delivered twice at once: one audit.
    await Promise.all([
      deliver(refund.payload, fake.sign(refund.payload)),
      deliver(refund.payload, fake.sign(refund.payload)),
    ]);
    for (const step of ['created', 'funds_withdrawn', 'closed'] as const) {
      s.clock.now += 1000; // each event a second after the one before
      const e = fake.dispute(intentId, step, 1500);
      expect((await deliver(e.payload, fake.sign(e.payload))).status).toBe(200);
      expect((await deliver(e.payload, fake.sign(e.payload))).status).toBe(200);
    }
    expect(await audits(c.id)).toEqual([
      ['capture', c.amount],
      ['refund', '5.00'],
      ['dispute_opened', c.amount],
      ['dispute_fee', '15.00'],
      ['dispute_closed', c.amount],
    ]);
    // An audit changes no balance: the order stays paid.
    expect(await payments(c.id)).toHaveLength(1);
  });

  it('an event about an intent that paid none of our payments records nothing', async () => {
    const c = await cart('2026-12-15');
    const r = await pay(c.id, c.amount, FAKE_PROCESSING_METHOD);
    const intentId = (err(r.body)._extra as { payment_intent_id: string }).payment_intent_id;
    const e = fake.dispute(intentId, 'created');
    expect((await deliver(e.payload, fake.sign(e.payload))).status).toBe(200);
    expect((await s.json('GET', `cart/${c.id}`)).body.gateway_audit._data).toEqual([]);
  });
});
