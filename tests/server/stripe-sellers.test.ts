/**
 * Per-seller Stripe keys (issue 19): `STRIPE_SELLERS` gives a seller its own keys, server-side only. That
 * seller's runtime config carries only the mode, its publishable key and its account; its payments go to its
 * own account; its webhook events are verified with its own secret; other sellers keep the process's gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxGateway } from '../../server/payments/gateway';
import { SellerGateways, stripeSellersFromEnv } from '../../server/payments/sellers';
import { StripeGateway, type StripeSettings } from '../../server/payments/stripe';
import { StripeFake } from '../fakes/stripe-fake';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';

const VENUE_SECRET = 'whsec_venueOwnSecret123';
const venueKeys = {
  secretKey: 'sk_test_venueOwnKey12345',
  publishableKey: 'pk_test_venueOwnKey12345',
  webhookSecret: VENUE_SECRET,
  accountId: 'acct_venue1',
};

describe('STRIPE_SELLERS', () => {
  it('reads each seller’s keys by slug, checked as the STRIPE_* variables are', () => {
    const env = { STRIPE_SELLERS: JSON.stringify({ 'demo-museum': venueKeys }) };
    const read = stripeSellersFromEnv(env, true);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.sellers.get('demo-museum')).toEqual({ ...venueKeys, api: null });
    expect(stripeSellersFromEnv({}, true)).toEqual({ ok: true, sellers: new Map() });
  });

  it('names the seller and the setting of a problem, never a value', () => {
    const bad = stripeSellersFromEnv(
      { STRIPE_SELLERS: JSON.stringify({ venue: { ...venueKeys, secretKey: 'sk_test_oops secret!' } }) },
      true,
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problem).toContain('STRIPE_SELLERS[venue]');
    expect(bad.problem).toContain('STRIPE_SECRET_KEY');
    expect(bad.problem).not.toContain('oops');
    const partial = stripeSellersFromEnv(
      { STRIPE_SELLERS: JSON.stringify({ venue: { publishableKey: venueKeys.publishableKey } }) },
      true,
    );
    expect(partial.ok).toBe(false);
    expect(stripeSellersFromEnv({ STRIPE_SELLERS: '{not json' }, true)).toEqual({
      ok: false,
      problem: 'STRIPE_SELLERS is not JSON',
    });
    // A local API is for development and tests only.
    const local = stripeSellersFromEnv(
      { STRIPE_SELLERS: JSON.stringify({ venue: venueKeys }), STRIPE_API_BASE: 'http://127.0.0.1:9' },
      true,
    );
    expect(local.ok).toBe(false);
  });
});

describe('a seller with Stripe keys of its own', () => {
  let fake: StripeFake;
  let own: TestServer;
  let other: TestServer;
  let settings: StripeSettings;
  beforeAll(async () => {
    fake = new StripeFake(VENUE_SECRET, () => Math.floor(own.clock.now / 1000));
    const api = await fake.start();
    settings = { ...venueKeys, api };
    // demo-museum has its own keys; the process's gateway (the sandbox) is everyone else's.
    own = await startTestServer({
      gateway: (db, now) =>
        new SellerGateways(
          db,
          new Map([['demo-museum', new StripeGateway(db, now, settings)]]),
          new SandboxGateway(db, now),
        ),
    });
    // Here only another seller has keys: demo-museum keeps the sandbox.
    other = await startTestServer({
      gateway: (db, now) =>
        new SellerGateways(
          db,
          new Map([['other-venue', new StripeGateway(db, now, settings)]]),
          new SandboxGateway(db, now),
        ),
    });
  });
  afterAll(async () => {
    await fake.stop();
    await own.handle.close();
    await other.handle.close();
  });

  async function payVisa(s: TestServer) {
    const [session] = await gaSessions(s, '2026-12-03');
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }] },
    });
    const id = r.body.cart._data[0].id as string;
    const amount = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
    await s.json('POST', `cart/${id}/purchaser`, {
      body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    const paid = await s.json('POST', `cart/${id}/pay`, {
      body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    return { id, paid };
  }

  it('its runtime config carries Stripe mode, its publishable key and its account, and no secret', async () => {
    const res = await own.app.request('/__config?slug=demo-museum');
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      paymentMode: 'stripe',
      stripePublishableKey: venueKeys.publishableKey,
      stripeAccount: venueKeys.accountId,
    });
    expect(text).not.toContain(venueKeys.secretKey);
    expect(text).not.toContain(VENUE_SECRET);
    // Another seller's keys do not apply to it.
    const elsewhere = JSON.parse(await (await other.app.request('/__config?slug=demo-museum')).text());
    expect(elsewhere.paymentMode).toBe('sandbox');
    expect(elsewhere.stripePublishableKey).toBeUndefined();
  });

  it('its payments go to its own Stripe account; the others stay with the process gateway', async () => {
    const from = fake.requests.length;
    const { id, paid } = await payVisa(own);
    expect(paid.status).toBe(200);
    const calls = fake.requests.slice(from);
    expect(calls.map((q) => `${q.method} ${q.path.replace(/pi_\w+/, 'pi')}`)).toEqual([
      'POST /v1/payment_intents',
      'POST /v1/payment_intents/pi/confirm',
    ]);
    expect(new Set(calls.map((q) => q.account))).toEqual(new Set(['acct_venue1']));
    expect(calls[0]?.params.metadata).toMatchObject({ cart_id: id });

    const before = fake.requests.length;
    const sandboxed = await payVisa(other);
    expect(sandboxed.paid.status).toBe(200);
    expect(fake.requests.length).toBe(before);
  });

  it('its webhook events are verified with its own secret and account; others are refused', async () => {
    const event = fake.events.findLast((e) => e.type === 'payment_intent.succeeded');
    expect(event?.account).toBe('acct_venue1');
    const deliver = (s: TestServer, signature: string) =>
      s.app.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: event?.payload ?? '',
      });
    expect((await deliver(own, fake.sign(event?.payload ?? ''))).status).toBe(200);
    // Signed with another secret: refused.
    const forged = fake.sign(event?.payload ?? '', undefined, 'whsec_someoneElse123');
    expect((await deliver(own, forged)).status).toBe(400);
  });
});
