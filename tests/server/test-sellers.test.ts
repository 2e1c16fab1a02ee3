/**
 * Test sellers (issue 17): the seed parameterised by slug gives each seller ids of its own (no row shared with
 * the demo seller or another test seller), `POST /__test/sellers` exists only when the app is created with
 * `testSellers` outside production, and rate limits are per seller (one worker's failures lock nobody else).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createDb, type DbHandle } from '../../server/db';
import {
  DEMO_SELF_EDIT_RULES,
  DEMO_SELLER_ID,
  DEMO_TERMS_HTML,
  demoIds,
  SEEDED_EVENT_KEYS,
  seed,
  setSellerTerms,
  TERMS_CONFIG_KEY,
} from '../../server/seed/demo';
import { donationIds, donationIdsOf, setCheckoutDonation } from '../../server/seed/donation';
import { DEMO_MEMBER_PASSWORD, DEMO_MEMBERS } from '../../server/seed/members';
import { START } from './helpers';

/** Tables the seed writes (every one keyed by seller-derived ids or by seller). */
const TABLES = [
  'seller',
  'identity',
  'venue',
  'config',
  'meta',
  'image',
  'event_template',
  'ticket_group',
  'ticket_type',
  'event_session',
  'seat_map',
  'seat_template',
  'member_user',
  'member_membership',
  'membership_level',
  'membership_rule',
  'membership_benefit',
  'membership_member',
  'gift_code',
  'cart',
  'ticket_order',
  'ticket',
  'payment',
  'gateway_charge',
  'saved_payment_method',
];

let handle: DbHandle;
const now = () => START;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const r = (await handle.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
      rows: Array<{ n: number }>;
    };
    out[table] = Number(r.rows[0]?.n);
  }
  return out;
}

beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await seed(handle.db, { now });
});
afterAll(async () => {
  await handle.close();
});

describe('the seed, per seller', () => {
  it('two more sellers add exactly as many rows again each: no id is shared with another seller', async () => {
    const one = await counts();
    for (const table of TABLES) expect(one[table], table).toBeGreaterThan(0);
    const w0 = await seed(handle.db, { slug: 'w0-ids', now });
    const w1 = await seed(handle.db, { slug: 'w1-ids', now });
    const three = await counts();
    for (const table of TABLES) expect(three[table], table).toBe(3 * (one[table] ?? 0));
    expect(new Set([DEMO_SELLER_ID, w0.seller, w1.seller]).size).toBe(3);
    for (const key of SEEDED_EVENT_KEYS)
      expect(new Set([demoIds.event(key), w0.event(key), w1.event(key)]).size, key).toBe(3);
    // Idempotent, like the demo seed.
    await seed(handle.db, { slug: 'w0-ids', now });
    expect(await counts()).toEqual(three);
  });
});

describe('POST /__test/sellers', () => {
  const post = (app: ReturnType<typeof createApp>, body: unknown) =>
    app.request('/__test/sellers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('is not there by default, nor in production even when asked for', async () => {
    const plain = createApp({ db: handle.db, now });
    expect((await post(plain, { slug: 'w9-nope' })).status).toBe(404);
    const production = createApp({
      db: handle.db,
      now,
      production: true,
      testSellers: true,
    });
    expect((await post(production, { slug: 'w9-nope' })).status).toBe(404);
  });

  it('seeds the seller of a slug and answers its ids; its storefront is served', async () => {
    const app = createApp({ db: handle.db, now, testSellers: true });
    expect((await post(app, { slug: 'Not A Slug' })).status).toBe(400);
    // NUL bytes, a lone surrogate, no slug, not JSON: 400; an oversized body: 413.
    for (const slug of ['w2\u0000x', 'w2-\ud800', 123, ''])
      expect((await post(app, { slug })).status).toBe(400);
    const notJson = await app.request('/__test/sellers', { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
    expect((await post(app, { slug: 'w2-big', pad: 'x'.repeat(5000) })).status).toBe(413);
    const res = await post(app, { slug: 'w2-endpoint' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { slug: string; sellerId: string; events: Record<string, string> };
    expect(body.slug).toBe('w2-endpoint');
    expect(body.sellerId).not.toBe(DEMO_SELLER_ID);
    expect(Object.keys(body.events)).toEqual([...SEEDED_EVENT_KEYS]);
    const cfg = await app.request('/__config?slug=w2-endpoint');
    expect(await cfg.json()).toMatchObject({ slug: 'w2-endpoint', sellerId: body.sellerId });
    const ga = body.events['general-admission'];
    const event = await app.request(`/api/events/${ga}?seller_id=${body.sellerId}`, {
      headers: { 'Tix-App': 'ecomm' },
    });
    expect(event.status).toBe(200);
    // Not at the demo seller: the event is the new seller's own.
    const elsewhere = await app.request(`/api/events/${ga}?seller_id=${DEMO_SELLER_ID}`, {
      headers: { 'Tix-App': 'ecomm' },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('PUT self_edit_rules sets one seller’s self-edit rules, no other’s; DELETE puts the demo’s back', async () => {
    const app = createApp({ db: handle.db, now, testSellers: true });
    const { sellerId } = (await (await post(app, { slug: 'w3-self-edit' })).json()) as { sellerId: string };
    const rulesOf = async (id: string) => {
      const r = (await handle.db.execute(
        sql`SELECT value FROM config WHERE resource = 'seller' AND resource_id = ${id} AND key = 'self_edit_rules'`,
      )) as unknown as { rows: Array<{ value: unknown }> };
      return r.rows[0]?.value;
    };
    const put = (body: string) =>
      app.request('/__test/sellers/w3-self-edit/self_edit_rules', { method: 'PUT', body });
    expect((await put('{"enabled":"no"}')).status).toBe(400);
    expect((await put('{oops')).status).toBe(400);
    expect((await put(JSON.stringify({ categories: ['x'.repeat(2000)] }))).status).toBe(413);
    const unknown = await app.request('/__test/sellers/w9-none/self_edit_rules', {
      method: 'PUT',
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    const off = await put(JSON.stringify({ enabled: false }));
    expect(off.status).toBe(200);
    expect(await rulesOf(sellerId)).toEqual({ enabled: false });
    // Only that seller's: the demo seller keeps its own.
    expect(await rulesOf(DEMO_SELLER_ID)).toEqual(DEMO_SELF_EDIT_RULES);
    const back = await app.request('/__test/sellers/w3-self-edit/self_edit_rules', { method: 'DELETE' });
    expect(back.status).toBe(200);
    expect(await rulesOf(sellerId)).toEqual(DEMO_SELF_EDIT_RULES);
    const production = createApp({ db: handle.db, now, production: true, testSellers: true });
    expect(
      (
        await production.request('/__test/sellers/w3-self-edit/self_edit_rules', {
          method: 'PUT',
          body: '{}',
        })
      ).status,
    ).toBe(404);
  });
});

describe('checkout donation (issue 23)', () => {
  const configOf = async (app: ReturnType<typeof createApp>, sellerId: string) => {
    const r = await app.request(
      `/api/config?seller_id=${sellerId}&resource_id._in=${sellerId}&key._in=checkout_donation`,
      { headers: { 'Tix-App': 'ecomm' } },
    );
    expect(r.status).toBe(200);
    const body = (await r.json()) as { config: { _data: Array<{ key: string; value: unknown }> } };
    return body.config._data.find((row) => row.key === 'checkout_donation')?.value ?? null;
  };

  it('PUT donation names the seller’s own donation group in its config row checkout_donation; DELETE removes it', async () => {
    const app = createApp({ db: handle.db, now, testSellers: true });
    const res = await app.request('/__test/sellers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ slug: 'w4-donation' }),
    });
    const { sellerId } = (await res.json()) as { sellerId: string };
    // As seeded for a test seller: no donation at checkout.
    expect(await configOf(app, sellerId)).toBeNull();
    const on = await app.request('/__test/sellers/w4-donation/donation', { method: 'PUT' });
    expect(on.status).toBe(200);
    const group = donationIdsOf('w4-donation').group;
    expect(await configOf(app, sellerId)).toEqual({ ticket_group_id: group });
    // The group it names is the seller's public donation group (GET ticket_group/{id}, handler=donation).
    const g = await app.request(
      `/api/ticket_group/${group}?seller_id=${sellerId}&handler=donation&_embed=ticket_type`,
      { headers: { 'Tix-App': 'ecomm' } },
    );
    expect(g.status).toBe(200);
    // Only that seller's: the demo seller seeded here without the option has none.
    expect(await configOf(app, DEMO_SELLER_ID)).toBeNull();
    expect((await app.request('/__test/sellers/w9-none/donation', { method: 'PUT' })).status).toBe(404);
    expect((await app.request('/__test/sellers/w4-donation/donation', { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(await configOf(app, sellerId)).toBeNull();
  });

  it('the demo the server runs has it (seed option donation), for its own donation group', async () => {
    // The seed is idempotent: seeding the demo seller again with the option adds the row.
    await seed(handle.db, { now, donation: true });
    const app = createApp({ db: handle.db, now });
    expect(await configOf(app, DEMO_SELLER_ID)).toEqual({ ticket_group_id: donationIds.group });
    await setCheckoutDonation(handle.db, DEMO_SELLER_ID, 'demo-museum', false);
    expect(await configOf(app, DEMO_SELLER_ID)).toBeNull();
  });
});

describe('the demo’s terms and conditions (issue 23)', () => {
  it('the demo the server runs has them (seed option terms); a seller seeded without the option has none', async () => {
    const app = createApp({ db: handle.db, now });
    const termsOf = async (sellerId: string) => {
      const r = await app.request(
        `/api/config?seller_id=${sellerId}&resource_id._in=${sellerId}&key._in=${TERMS_CONFIG_KEY}`,
        { headers: { 'Tix-App': 'ecomm' } },
      );
      const body = (await r.json()) as { config: { _data: Array<{ key: string; value: unknown }> } };
      return body.config._data.find((row) => row.key === TERMS_CONFIG_KEY)?.value ?? null;
    };
    const plain = await seed(handle.db, { slug: 'w5-terms', now });
    expect(await termsOf(plain.seller)).toBeNull();
    await seed(handle.db, { now, terms: true });
    expect(await termsOf(DEMO_SELLER_ID)).toBe(DEMO_TERMS_HTML);
    expect(await termsOf(plain.seller)).toBeNull();
    await setSellerTerms(handle.db, DEMO_SELLER_ID, 'demo-museum', false);
    expect(await termsOf(DEMO_SELLER_ID)).toBeNull();
  });
});

describe('rate limits, per seller', () => {
  it('a member kept waiting at one seller still logs in at another', async () => {
    const app = createApp({ db: handle.db, now });
    const w3 = await seed(handle.db, { slug: 'w3-limits', now });
    const login = (sellerId: string, password: string) =>
      app.request(`/api/login?seller_id=${sellerId}`, {
        method: 'POST',
        headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: DEMO_MEMBERS.password.email, password }),
      });
    const statuses: number[] = [];
    // 5 failures are free, then the account waits (members/rate.ts BACKOFF).
    for (let i = 0; i < 6; i++) statuses.push((await login(w3.seller, 'Wrong-Pass1')).status);
    expect(statuses).toEqual([...Array(5).fill(401), 429]);
    expect((await login(w3.seller, DEMO_MEMBER_PASSWORD)).status).toBe(429);
    expect((await login(DEMO_SELLER_ID, DEMO_MEMBER_PASSWORD)).status).toBe(200);
  });
});
