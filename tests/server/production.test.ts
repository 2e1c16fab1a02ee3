/**
 * Production gives nothing away (issue 18): without a payment gateway (`createApp({ gateway: null })`, what
 * production runs unless TIX_DEMO=1, and `createApp`'s default in production) a paid order answers 409
 * payment_unavailable, `/api/sandbox/*` 404 and the runtime config says `unavailable`,
 * free orders still complete; `server/main.ts` with NODE_ENV=production seeds no demo seller and runs no
 * sandbox, and with TIX_DEMO=1 it does both. Stripe and email in production: production-services.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { createApp } from '../../server/app';
import { createDb } from '../../server/db';
import * as t from '../../server/schema';
import { DEMO_SLUG, seed, sellerIds } from '../../server/seed/demo';
import { GA, GA_ADULT, GA_SENIOR, gaSessions, SELLER, startTestServer, type TestServer } from './helpers';
import { type ServerProcess, startProcess } from './process-helpers';

const PURCHASER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
// biome-ignore lint/suspicious/noExplicitAny: answers are inspected loosely
type Answer = { status: number; body: any };

/** Calls of an app over the test server's database (JSON, with the app header and the demo seller). */
function caller(app: ReturnType<typeof createApp>) {
  return async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await app.request(`/api/${path}${path.includes('?') ? '&' : '?'}seller_id=${SELLER}`, {
      method,
      headers: { 'Tix-App': 'ecomm', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
type Call = ReturnType<typeof caller>;

const codeOf = (r: Answer) => r.body?._data?.[0]?._code;

/** A cart of `lines` on a General Admission session with a purchaser: its id and outstanding amount. */
async function cartWithPurchaser(call: Call, sessionId: string, lines: string[]) {
  const r = await call('POST', 'my/cart/modify', {
    add: lines.map((ticket_type_id) => ({ event_session_id: sessionId, ticket_type_id })),
  });
  expect(r.status).toBe(200);
  const id = r.body.cart._data[0].id as string;
  expect((await call('POST', `cart/${id}/purchaser`, PURCHASER)).status).toBe(200);
  const amount = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
  return { id, amount };
}

describe('without a payment gateway (createApp gateway: null)', () => {
  let s: TestServer;
  let withSandbox: Call;
  let without: Call;
  beforeAll(async () => {
    s = await startTestServer();
    withSandbox = caller(s.app);
    without = caller(createApp({ db: s.handle.db, now: () => s.clock.now, gateway: null }));
  });
  afterAll(async () => {
    await s.handle.close();
  });

  it('a paid order answers 409 payment_unavailable, charges nothing and leaves the cart payable', async () => {
    const [session] = await gaSessions(s, '2026-11-27');
    const cart = await cartWithPurchaser(without, session?.id as string, [GA_ADULT]);
    const r = await without('POST', `cart/${cart.id}/pay`, {
      amount: cart.amount,
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_card_visa' },
    });
    expect(r.status).toBe(409);
    expect(r.body._data[0]).toMatchObject({
      _code: ErrorCode.payment_unavailable,
      _context: 'payment',
      _description: 'This venue cannot take payments online at the moment.',
    });
    const charges = await s.handle.db
      .select()
      .from(t.gatewayCharge)
      .where(eq(t.gatewayCharge.cartId, cart.id));
    expect(charges).toHaveLength(0);
    const again = await without('GET', `cart/${cart.id}`);
    expect(again.body.cart._data[0].state).toBe('pending');
  });

  it('a free order still completes (guest checkout and a pay of 0.00)', async () => {
    await s.handle.db
      .update(t.ticketType)
      .set({ amountCents: 0, feeFixedCents: null, feePercentBp: null })
      .where(eq(t.ticketType.id, GA_SENIOR));
    const [session] = await gaSessions(s, '2026-11-28');
    const one = await cartWithPurchaser(without, session?.id as string, [GA_SENIOR]);
    expect(one.amount).toBe('0.00');
    const checkout = await without('POST', `cart/${one.id}/guest_checkout`, {});
    expect(checkout.status).toBe(200);
    expect(checkout.body.cart._data[0].state).toBe('completed');
    const two = await cartWithPurchaser(without, session?.id as string, [GA_SENIOR]);
    const paid = await without('POST', `cart/${two.id}/pay`, { amount: '0.00', gateway_id: 'free' });
    expect(paid.status).toBe(200);
    expect(paid.body.cart._data[0].state).toBe('completed');
  });

  it('/api/sandbox/* answers 404 (the 3-D Secure stand-in is the sandbox’s)', async () => {
    const [session] = await gaSessions(s, '2026-11-29');
    const cart = await cartWithPurchaser(withSandbox, session?.id as string, [GA_ADULT]);
    const first = await withSandbox('POST', `cart/${cart.id}/pay`, {
      amount: cart.amount,
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_card_authenticationRequired' },
    });
    expect(first.status).toBe(402);
    const intent = first.body._data[0]._extra.payment_intent_id as string;
    const off = await without('POST', `sandbox/payment_intents/${intent}/confirm`);
    expect(off.status).toBe(404);
    expect(codeOf(off)).toBe(ErrorCode.not_found);
    expect((await withSandbox('POST', `sandbox/payment_intents/${intent}/confirm`)).status).toBe(200);
  });

  it('production without a gateway given runs no sandbox: the runtime config says unavailable, never sandbox', async () => {
    const prod = createApp({ db: s.handle.db, now: () => s.clock.now, production: true });
    const config = await (await prod.request(`/__config?slug=${DEMO_SLUG}`)).json();
    expect(config.paymentMode).toBe('unavailable');
    expect(config).not.toHaveProperty('stripePublishableKey');
    // And nothing answers as a sandbox: a paid order is refused, the 3-D Secure stand-in is not served.
    const call = caller(prod);
    const [session] = await gaSessions(s, '2026-11-30');
    const cart = await cartWithPurchaser(call, session?.id as string, [GA_ADULT]);
    const pay = await call('POST', `cart/${cart.id}/pay`, {
      amount: cart.amount,
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_card_visa' },
    });
    expect(pay.status).toBe(409);
    expect(codeOf(pay)).toBe(ErrorCode.payment_unavailable);
    expect((await call('POST', 'sandbox/payment_intents/pi_sandbox_x/confirm')).status).toBe(404);
    // Outside production the default is still the sandbox (development, tests).
    const dev = createApp({ db: s.handle.db, now: () => s.clock.now });
    expect((await (await dev.request(`/__config?slug=${DEMO_SLUG}`)).json()).paymentMode).toBe('sandbox');
  });

  it('GET / goes to the demo seller, or the only seller; other sellers without the demo (or none): 404', async () => {
    const home = await s.app.request('/');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe(`/${DEMO_SLUG}/`);
    const bare = createApp({ db: s.handle.db, gateway: null, production: true });
    const rename = (slug: string) =>
      s.handle.db.update(t.seller).set({ slug }).where(eq(t.seller.id, SELLER));
    try {
      await rename('only-venue');
      const only = await bare.request('/');
      expect(only.status).toBe(302);
      expect(only.headers.get('location')).toBe('/only-venue/');
      await s.handle.db.insert(t.seller).values({
        id: 'seller-two',
        slug: 'second-venue',
        name: 'Second Venue',
        timezone: 'America/New_York',
        currency: 'USD',
        publicIdentityId: 'public-two',
      });
      expect((await bare.request('/')).status).toBe(404);
    } finally {
      await s.handle.db.delete(t.seller).where(eq(t.seller.id, 'seller-two'));
      await rename(DEMO_SLUG);
    }
  });
});

describe('server/main.ts in production', () => {
  const dirs: string[] = [];
  const procs: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const get = (p: ServerProcess, path: string) =>
    fetch(`http://127.0.0.1:${p.port}${path}`, { redirect: 'manual' });
  const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const PAY = { gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };

  it('seeds no demo seller and serves no sandbox; TIX_DEMO=1 brings both back', async () => {
    // A production database with a venue of its own (seeded here as `city-venue`), a cart of it and a 3-D
    // Secure intent the sandbox made for it earlier.
    // The demo process seeds while this test seeds the other database.
    const demoStarting = startProcess({ NODE_ENV: 'production', DATA_DIR: 'memory://', TIX_DEMO: '1' });
    demoStarting.then((p) => procs.push(p)).catch(() => {});
    const venue = sellerIds('city-venue');
    const dir = mkdtempSync(join(tmpdir(), 'tix-prod-'));
    dirs.push(dir);
    const pre = await createDb({ dataDir: dir });
    let intent = '';
    let cart = { id: '', amount: '' };
    try {
      await seed(pre.db, { slug: venue.slug });
      const app = createApp({ db: pre.db });
      const call: Call = async (method, path, body) => {
        const sep = path.includes('?') ? '&' : '?';
        const res = await app.request(`/api/${path}${sep}seller_id=${venue.seller}`, {
          method,
          headers: {
            'Tix-App': 'ecomm',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : null };
      };
      const sessions = await call(
        'GET',
        `events/${venue.event('general-admission')}/sessions?_ondate=${inThreeDays()}`,
      );
      cart = await cartWithPurchaser(call, sessions.body.event_session._data[0].id, [
        venue.type('general-admission', 'Adult'),
      ]);
      const first = await call('POST', `cart/${cart.id}/pay`, {
        amount: cart.amount,
        ...PAY,
        gateway_data: { source: 'pm_card_authenticationRequired' },
      });
      expect(first.status).toBe(402);
      intent = first.body._data[0]._extra.payment_intent_id;
    } finally {
      await pre.close();
    }

    const prod = await startProcess({ NODE_ENV: 'production', DATA_DIR: dir, TIX_DEMO: '' });
    procs.push(prod);

    // Production: no demo seller was seeded; home is the venue; no sandbox, so no 3-D Secure stand-in, and
    // paying is refused.
    expect((await get(prod, `/${DEMO_SLUG}/`)).status).toBe(404);
    expect((await get(prod, `/__config?slug=${DEMO_SLUG}`)).status).toBe(404);
    expect(codeOf(await prod.call('GET', 'events/available'))).toBe(ErrorCode.unknown_seller);
    const home = await get(prod, '/');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe(`/${venue.slug}/`);
    const prodCall = prod.callAs(venue.seller);
    const confirm = await prodCall('POST', `sandbox/payment_intents/${intent}/confirm`);
    expect(confirm.status).toBe(404);
    expect(confirm.body._data[0]._context).toBe('route');
    // No sandbox captcha either (issue 23).
    expect((await prodCall('POST', 'sandbox/captcha')).status).toBe(404);
    const pay = await prodCall('POST', `cart/${cart.id}/pay`, { amount: cart.amount, ...PAY });
    expect(pay.status).toBe(409);
    expect(codeOf(pay)).toBe(ErrorCode.payment_unavailable);
    // The storefront is told so: no sandbox is claimed, no Stripe key is sent; no webhook is served.
    const config = await (await get(prod, `/__config?slug=${venue.slug}`)).json();
    expect(config.paymentMode).toBe('unavailable');
    expect(config).not.toHaveProperty('stripePublishableKey');
    expect((await get(prod, '/api/stripe/webhook')).status).not.toBe(200);

    // TIX_DEMO=1: the demo seller and the sandbox (a card books an order).
    const demo = await demoStarting;
    expect((await get(demo, `/__config?slug=${DEMO_SLUG}`)).status).toBe(200);
    const demoHome = await get(demo, '/');
    expect(demoHome.status).toBe(302);
    expect(demoHome.headers.get('location')).toBe(`/${DEMO_SLUG}/`);
    const sessions = await demo.call('GET', `events/${GA}/sessions?_ondate=${inThreeDays()}`);
    const booked = await cartWithPurchaser(demo.call, sessions.body.event_session._data[0].id, [GA_ADULT]);
    // The demo seller has the sandbox captcha (issue 23): the storefront is told, a guest's payment carries a token.
    expect((await (await get(demo, `/__config?slug=${DEMO_SLUG}`)).json()).captcha).toEqual({
      provider: 'sandbox',
    });
    const token = (await demo.call('POST', 'sandbox/captcha')).body.captcha._data[0].token;
    const paid = await demo.call('POST', `cart/${booked.id}/pay`, {
      amount: booked.amount,
      ...PAY,
      captcha: { provider: 'sandbox', token },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.cart._data[0].state).toBe('completed');

    // The demo visitor's orders (issue 24, server/seed/demo-orders.ts): only with the demo; their manage links are
    // printed at start and their tokens open the orders. Production without the demo buys none, prints none.
    const links = [
      ...demo
        .logs()
        .matchAll(/order \S+: (http:\/\/localhost:\d+\/demo-museum\/manage\/(\S+)\?token=(\S+))/g),
    ];
    expect(links).toHaveLength(3);
    for (const [, , orderId, token] of links) {
      const read = await demo.call('GET', `ticket_order/${orderId}?token=${token}`);
      expect(read.status).toBe(200);
      expect(read.body.ticket_order._data[0].cart_id).not.toBeNull();
    }
    expect(prod.logs()).not.toMatch(/manage\/|demo visitor/);
  }, 180_000);
});
