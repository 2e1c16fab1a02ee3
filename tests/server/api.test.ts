import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody, runtimeConfig } from '../../api/schemas';
import { createApp } from '../../server/app';
import { demoIds, NEARLY_SOLD_OUT_LEFT } from '../../server/seed/demo';
import { donationIds } from '../../server/seed/donation';
import { theatreIds } from '../../server/seed/seats';
import { DEMO_THEME } from '../../server/seed/theme';
import {
  GA,
  GA_ADULT,
  GA_CHILD,
  GARDEN,
  gaSessions,
  LECTURE,
  PLANETARIUM,
  PLANETARIUM_ADULT,
  SELLER,
  startTestServer,
  type TestServer,
} from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];

describe('request guards', () => {
  it('requires the Tix-App header', async () => {
    const r = await s.json('GET', 'events/available', { noHeader: true });
    expect(r.status).toBe(400);
    expect(err(r.body)?._code).toBe('missing_app_header');
  });

  it('requires a known seller_id', async () => {
    const missing = await s.json('GET', 'events/available', { noSeller: true });
    expect(missing.status).toBe(400);
    expect(err(missing.body)?._code).toBe('unknown_seller');
    const unknown = await s.json('GET', 'events/available', {
      noSeller: true,
      query: { seller_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(400);
    expect(err(unknown.body)?._code).toBe('unknown_seller');
  });

  it('serves images without the header but still checks seller_id', async () => {
    const img = demoIds.image('general-admission', 'profile');
    const ok = await s.call('GET', `image/${img}`, { noHeader: true, query: { sizex: '600', sizey: '400' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await ok.text();
    expect(svg).toContain('width="600"');
    expect(svg).toContain('height="400"');
    expect(svg).toContain('General Admission');
    const shrunk = await s.call('GET', `image/${img}`, {
      noHeader: true,
      query: { sizex: '2400', sizey: '1600', shrinkonly: 'true' },
    });
    expect(await shrunk.text()).toContain('width="1200"');
    const noSeller = await s.json('GET', `image/${img}`, { noHeader: true, noSeller: true });
    expect(noSeller.status).toBe(400);
    const missing = await s.json('GET', 'image/nope', { noHeader: true });
    expect(missing.status).toBe(404);
    expect(err(missing.body)?._context).toBe('image');
  });

  it('sets cache headers per prefix and refuses writes on the cached prefix', async () => {
    const a = await s.call('GET', 'events/available');
    expect(a.headers.get('cache-control')).toBe('no-store');
    const b = await s.call('GET', 'events/available', { prefix: '/cached/api/' });
    expect(b.status).toBe(200);
    expect(b.headers.get('cache-control')).toBe('public, max-age=60');
    const cart = await s.call('GET', 'cart/00000000-0000-4000-8000-000000000000', { prefix: '/cached/api/' });
    expect(cart.headers.get('cache-control')).toBe('private, no-store');
    const post = await s.json('POST', 'my/cart/modify', { prefix: '/cached/api/', body: {} });
    expect(post.status).toBe(405);
    expect(errorBody.safeParse(post.body).success).toBe(true);
  });

  it('answers unknown API routes with a not_found error body', async () => {
    const r = await s.json('GET', 'nothing/here');
    expect(r.status).toBe(404);
    expect(err(r.body)?._code).toBe('not_found');
  });

  it('sends security headers with a CSP allowing Stripe', async () => {
    const r = await s.call('GET', 'events/available');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain('data:');
  });
});

describe('events', () => {
  it('lists available events with embeds, ordered by rank', async () => {
    const r = await s.json('GET', 'events/available', {
      query: { _embed: 'meta,config,venue,ticket_type,ticket_group' },
    });
    expect(r.status).toBe(200);
    const d = doc(r.body);
    const listed = d.event_template?._data.map((e) => e.id) ?? [];
    expect(listed.slice(0, 4)).toEqual([GA, PLANETARIUM, LECTURE, GARDEN]);
    expect(listed).toContain(donationIds.event);
    // Members-only events are not listed to guests.
    expect(d.event_template?._data.some((e) => e.hidden_type === 'public_member_only')).toBe(false);
    expect(d.venue?._data[0]?.timezone).toBe('America/New_York');
    expect(d.meta?._data.find((m) => m.resource_id === GA && m.key === 'reserve_flow')?.value).toBe(
      'date_first',
    );
    expect(d.meta?._data.some((m) => m.key === 'image_profile')).toBe(true);
    expect(d.config?._data.find((c) => c.resource_id === GA && c.key === 'image')?.value).toMatchObject({
      alt_text: expect.any(String),
    });
    const adult = d.ticket_type?._data.find((ty) => ty.id === GA_ADULT);
    expect(adult).toMatchObject({ currency_amount: '25.00', fee_fixed_outside: '1.50' });
    expect(d.ticket_group?._data.find((g) => g.event_template_id === GA)).toMatchObject({
      name: 'Admission',
      min_tickets_per_order: 1,
      max_tickets_per_order: 20,
    });
  });

  it('filters by category and session dates', async () => {
    const shows = doc((await s.json('GET', 'events/available', { query: { 'category._in': 'Shows' } })).body);
    // The planetarium show and the seated theatre (server/seed/seats.ts), by rank.
    expect(shows.event_template?._data.map((e) => e.id)).toEqual([PLANETARIUM, theatreIds.event]);
    const dated = doc(
      (
        await s.json('GET', 'events/available', {
          query: {
            'event_session.start_datetime._gte': '2026-11-23T05:00:00Z',
            'event_session.start_datetime._lt': '2026-11-24T05:00:00Z',
            _embed: 'event_session',
          },
        })
      ).body,
    );
    const datedIds = dated.event_template?._data.map((e) => e.id) ?? [];
    expect(datedIds).toEqual(expect.arrayContaining([GA, PLANETARIUM, GARDEN]));
    expect(datedIds).not.toContain(LECTURE);
    const sessionsOf = (id: string) => dated.event_session?._data.filter((x) => x.event_template_id === id);
    expect([sessionsOf(GA)?.length, sessionsOf(PLANETARIUM)?.length, sessionsOf(GARDEN)?.length]).toEqual([
      13, 3, 4,
    ]);
    const none = await s.json('GET', 'events/available', {
      query: { 'hidden_type._in': 'public_member_only' },
    });
    expect(doc(none.body).event_template?._count).toBe(0);
    const bad = await s.json('GET', 'events/available', {
      query: { 'event_session.start_datetime._gte': 'soon' },
    });
    expect(bad.status).toBe(400);
    expect(err(bad.body)?._code).toBe('validation_failed');
  });

  it('returns one event with groups and types', async () => {
    const r = await s.json('GET', `events/${PLANETARIUM}`, {
      query: { _embed: 'meta,venue,ticket_group,ticket_type,config' },
    });
    expect(r.status).toBe(200);
    const d = doc(r.body);
    expect(d.event_template?._data[0]?.name).toBe('Planetarium Show: Cosmic Voyage');
    expect(d.ticket_type?._data.map((ty) => ty.name)).toEqual(['Adult', 'Child']);
    expect(d.venue?._count).toBe(1);
  });

  it('404s unknown and malformed event ids with the resource type', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await s.json('GET', `events/${id}`);
      expect(r.status).toBe(404);
      const e = err(r.body);
      expect(e?._code).toBe('not_found');
      expect(e?._context).toBe('event_template');
    }
  });
});

describe('calendar and sessions', () => {
  it('builds the calendar in the venue zone with prices, fees and availability', async () => {
    const r = await s.json('GET', `events/${GA}/calendar`, {
      query: { _format: 'extended', 'date._gte': '2026-11-21', 'date._lt': '2026-11-28' },
    });
    expect(r.status).toBe(200);
    const days = doc(r.body).calendar?._data ?? [];
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    // 10:00 New York now: the 10:00 session has started; 12 sessions of 40 remain today.
    expect(days[0]).toMatchObject({ status: 'available', min_price: '12.00', availability: 12 * 40 });
    expect(days[0]?.min_price_fees).toEqual({ outside: '0.00' });
    // The seeded sold-out session three days out, and the nearly sold-out one after it.
    expect(days[3]?.availability).toBe(12 * 40 - (40 - NEARLY_SOLD_OUT_LEFT));
    expect(days[1]?.availability).toBe(13 * 40);
    const adultsOnly = doc(
      (
        await s.json('GET', `events/${GA}/calendar`, {
          query: { 'ticket_group_id._in': demoIds.group('general-admission'), 'date._lt': '2026-11-23' },
        })
      ).body,
    );
    expect(adultsOnly.calendar?._count).toBe(2);
    const forQuantities = await s.json('POST', `events/${GA}/calendar`, {
      query: { _format: 'price', 'date._lt': '2026-11-23' },
      body: { quantities: { [GA_ADULT]: 2 } },
    });
    expect(forQuantities.status).toBe(200);
    expect(doc(forQuantities.body).calendar?._data[0]).toMatchObject({
      min_price: '25.00',
      min_price_fees: { outside: '1.50' },
    });
    const tooMany = await s.json('POST', `events/${GA}/calendar`, {
      body: { quantities: { [GA_ADULT]: 41 } },
    });
    expect(doc(tooMany.body).calendar?._data.every((d) => d.status === 'sold_out')).toBe(true);
    const bad = await s.json('GET', `events/${GA}/calendar`, { query: { 'date._gte': '21/11/2026' } });
    expect(bad.status).toBe(400);
  });

  it('lists sessions on a venue date, excluding started ones, with sold_out filter and sorting', async () => {
    const today = await gaSessions(s, '2026-11-21');
    expect(today).toHaveLength(12);
    expect(today[0]?.start_datetime).toBe('2026-11-21T15:30:00.000Z');
    const soldOut = await s.json('GET', `events/${GA}/sessions`, {
      query: { _ondate: '2026-11-24', sold_out: 'true' },
    });
    const so = doc(soldOut.body).event_session?._data ?? [];
    expect(so).toHaveLength(1);
    expect(so[0]?.start_datetime).toBe('2026-11-24T19:00:00.000Z'); // 14:00 in New York
    const desc = doc(
      (
        await s.json('GET', `events/${GA}/sessions`, {
          query: { _ondate: '2026-11-22', _sort: '-start_datetime' },
        })
      ).body,
    );
    expect(desc.event_session?._data[0]?.start_datetime).toBe('2026-11-22T21:00:00.000Z');
    const ranged = doc(
      (
        await s.json('GET', `events/${PLANETARIUM}/sessions`, {
          query: { 'start_datetime._gte': '2026-11-22', 'start_datetime._lt': '2026-11-24' },
        })
      ).body,
    );
    expect(ranged.event_session?._count).toBe(6);
    const bad = await s.json('GET', `events/${GA}/sessions`, { query: { _ondate: 'tomorrow' } });
    expect(bad.status).toBe(400);
    expect(err(bad.body)?._code).toBe('validation_failed');
  });

  it('quotes sessions with a price schedule for quantities', async () => {
    const r = await s.json('POST', `events/${PLANETARIUM}/sessions`, {
      query: { _ondate: '2026-11-22' },
      body: { quantities: { [PLANETARIUM_ADULT]: 2 } },
    });
    expect(r.status).toBe(200);
    const d = doc(r.body);
    expect(d.event_session?._count).toBe(3);
    expect(d.price_schedule?._data).toHaveLength(3);
    expect(d.price_schedule?._data[0]).toMatchObject({ ticket_type_id: PLANETARIUM_ADULT, price: '15.00' });
    const wrong = await s.json('POST', `events/${PLANETARIUM}/sessions`, {
      body: { quantities: { x: 'two' } },
    });
    expect(wrong.status).toBe(400);
    expect(err(wrong.body)?._code).toBe('validation_failed');
    const withSoldOut = await s.json('POST', `events/${GA}/sessions`, {
      query: { _ondate: '2026-11-24', _include_sold_out: 'true' },
      body: { quantities: { [GA_ADULT]: 1 } },
    });
    expect(doc(withSoldOut.body).event_session?._count).toBe(13);
    const withoutSoldOut = await s.json('POST', `events/${GA}/sessions`, {
      query: { _ondate: '2026-11-24' },
      body: { quantities: { [GA_ADULT]: 1 } },
    });
    expect(doc(withoutSoldOut.body).event_session?._count).toBe(12);
  });

  it('returns one session with its groups and types', async () => {
    const [first] = await gaSessions(s, '2026-11-22');
    const r = await s.json('GET', `events/${GA}/sessions/${first?.id}`, {
      query: { _embed: 'ticket_group,ticket_type,venue' },
    });
    expect(r.status).toBe(200);
    const d = doc(r.body);
    expect(d.event_session?._data[0]?.id).toBe(first?.id);
    expect(d.ticket_group?._count).toBe(1);
    expect(d.ticket_type?._data.map((ty) => ty.id)).toContain(GA_CHILD);
    expect(d.venue?._count).toBe(1);
    const other = await s.json('GET', `events/${PLANETARIUM}/sessions/${first?.id}`);
    expect(other.status).toBe(404);
    expect(err(other.body)?._context).toBe('event_session');
  });

  it('returns config rows for resource ids', async () => {
    const r = await s.json('GET', 'config', { query: { 'resource_id._in': `${GA},${LECTURE}` } });
    expect(r.status).toBe(200);
    // The events' own rows: each one's image and time-conflict defaults, and the lecture's City Pass groups.
    const rows = doc(r.body).config?._data ?? [];
    expect(rows.map((row) => `${row.resource_id === GA ? 'GA' : 'lecture'} ${row.key}`).sort()).toEqual([
      'GA image',
      'GA web.time_conflict',
      'lecture image',
      'lecture web.ecommerce.citypass',
      'lecture web.time_conflict',
    ]);
  });
});

describe('cart rules', () => {
  it('creates a cart, enforces per-order limits, removes tickets and deletes the cart', async () => {
    const [session] = await gaSessions(s, '2026-11-26');
    const sid = session?.id as string;
    const created = await s.json('POST', 'my/cart/modify', {
      body: {
        add: [
          { event_session_id: sid, ticket_type_id: GA_ADULT },
          { event_session_id: sid, ticket_type_id: GA_CHILD },
        ],
      },
    });
    expect(created.status).toBe(200);
    const d = doc(created.body);
    const cart = d.cart?._data[0];
    expect(cart?.state).toBe('pending');
    expect(cart?.expires_in).toBe(900);
    expect(d.ticket?._data.map((k) => k.state)).toEqual(['in_cart', 'in_cart']);
    expect(d.cart_fees?._data[0]?.grand_totals).toMatchObject({
      total_before_cartmod_price: '37.00',
      total_fee_fixed_outside: '1.50',
      total_outstanding: '38.50',
    });
    expect(d.identity?._data[0]?.type).toBe('public');
    const id = cart?.id as string;

    const tooMany = await s.json('POST', `my/cart/${id}/modify`, {
      body: { add: Array.from({ length: 19 }, () => ({ event_session_id: sid, ticket_type_id: GA_ADULT })) },
    });
    expect(tooMany.status).toBe(400);
    expect(err(tooMany.body)?._code).toBe('max_tickets_per_order_exceeded');

    const wrongType = await s.json('POST', `my/cart/${id}/modify`, {
      body: { add: [{ event_session_id: sid, ticket_type_id: PLANETARIUM_ADULT }] },
    });
    expect(wrongType.status).toBe(400);
    expect(err(wrongType.body)?._code).toBe('validation_failed');

    const badBody = await s.json('POST', `my/cart/${id}/modify`, { body: { add: [{ ticket_type_id: 5 }] } });
    expect(badBody.status).toBe(400);
    expect(err(badBody.body)?._code).toBe('validation_failed');

    const child = d.ticket?._data.find((k) => k.ticket_type_id === GA_CHILD)?.id as string;
    const removed = await s.json('POST', `my/cart/${id}/modify`, { body: { remove: [child] } });
    expect(removed.status).toBe(200);
    expect(doc(removed.body).ticket?._count).toBe(1);

    const fetched = await s.json('GET', `cart/${id}`, { query: { _limit: '1000', _embed: 'seller,config' } });
    expect(fetched.status).toBe(200);
    expect(doc(fetched.body).seller?._count).toBe(1);
    const after = (await gaSessions(s, '2026-11-26')).find((x) => x.id === sid) as unknown as {
      used_capacity: number;
    };
    expect(after.used_capacity).toBe(1);

    const del = await s.json('DELETE', `cart/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({});
    const gone = await s.json('GET', `cart/${id}`);
    expect(gone.status).toBe(404);
    expect(err(gone.body)?._context).toBe('cart');
    const released = (await gaSessions(s, '2026-11-26')).find((x) => x.id === sid) as unknown as {
      used_capacity: number;
    };
    expect(released.used_capacity).toBe(0);
  });

  it('rejects a sold-out session with nothing held', async () => {
    const so = doc(
      (await s.json('GET', `events/${GA}/sessions`, { query: { _ondate: '2026-11-24', sold_out: 'true' } }))
        .body,
    ).event_session?._data[0];
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: so?.id ?? null, ticket_type_id: GA_ADULT }] },
    });
    expect(r.status).toBe(409);
    expect(err(r.body)).toMatchObject({
      _code: 'event_session_sold_out',
      _extra: { event_session_id: so?.id, start_datetime: so?.start_datetime },
    });
  });

  it('404s unknown carts and orders', async () => {
    for (const path of ['cart/00000000-0000-4000-8000-000000000000', 'my/cart/xyz', 'ticket_order/abc']) {
      const r = await s.json('GET', path);
      expect(r.status).toBe(404);
      expect(err(r.body)?._code).toBe('not_found');
    }
  });
});

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'tix-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Store</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("hi")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

const spaApp = () => createApp({ db: s.handle.db, distDir: dist });

function extractConfig(html: string) {
  const m = /<script id="tix-config" type="application\/json">(.*?)<\/script><\/head>/s.exec(html);
  expect(m).not.toBeNull();
  return runtimeConfig.parse(JSON.parse(m?.[1] ?? 'null'));
}

describe('SPA serving', () => {
  it('redirects / to the demo storefront', async () => {
    const r = await spaApp().request('/');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/demo-museum/');
  });

  it('injects the runtime configuration into index.html, with history fallback', async () => {
    for (const path of [
      '/demo-museum',
      '/demo-museum/',
      '/demo-museum/events/123',
      '/demo-museum/checkout/complete',
      // The printable order (spec 2 §2) is a storefront page (was a redirect to the confirmation).
      '/demo-museum/ticket_order/7f0c1c1e-8a51-4c1b-9f0e-0d3f5c2b9a11',
    ]) {
      const r = await spaApp().request(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      const cfg = extractConfig(await r.text());
      expect(cfg).toEqual({
        apiPrefix: '/api/',
        cachedApiPrefix: '/cached/api/',
        sellerId: SELLER,
        slug: 'demo-museum',
        sellerName: 'Demo Museum of Art & Science',
        currency: 'USD',
        timezone: 'America/New_York',
        paymentMode: 'sandbox',
        // The sandbox address lookup runs where the sandbox does (server/address).
        addressLookup: 'sandbox',
        inspect: true,
        // A guest's carts belong to the seller's public identity (the storefront checks a cart's owner).
        publicIdentityId: demoIds.publicIdentity,
        // The demo seller offers 'more time' (config row holds) and configures no data layer.
        moreTime: true,
        dataLayer: false,
        login: {
          method: 'password',
          invalidCredentialsMessage: null,
          externalLoginUrl: null,
          externalLogoutUrl: null,
          oidc: null,
        },
        // The demo seller's logo and footer (server/seed/theme.ts; its colours come as the page's style).
        theme: { logo: DEMO_THEME.logo, footer: DEMO_THEME.footer },
      });
    }
  });

  it('escapes < in the injected JSON', async () => {
    const r = await spaApp().request('/demo-museum/');
    const html = await r.text();
    const tag = html.slice(html.indexOf('<script id="tix-config"'));
    expect(tag.slice(tag.indexOf('>') + 1, tag.indexOf('</script>'))).not.toContain('<');
  });

  it('serves /__config and assets with an immutable cache', async () => {
    const cfg = await spaApp().request('/__config');
    expect(runtimeConfig.parse(await cfg.json()).sellerId).toBe(SELLER);
    const asset = await spaApp().request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await spaApp().request('/assets/missing.js')).status).toBe(404);
    expect((await spaApp().request('/assets/..%2Findex.html')).status).toBe(404);
    const icon = await spaApp().request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect((await spaApp().request('/index.html')).status).toBe(404);
  });

  it('404s unknown sellers and paths', async () => {
    expect((await spaApp().request('/other-shop/')).status).toBe(404);
    expect((await spaApp().request('/Some/Thing.txt')).status).toBe(404);
  });

  it('answers 503 with a hint when the build is missing, and hides inspection in production', async () => {
    const app = createApp({
      db: s.handle.db,
      distDir: join(dist, 'nope'),
      production: true,
    });
    const r = await app.request('/demo-museum/');
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('npm run build');
    const cfg = runtimeConfig.parse(await (await app.request('/__config')).json());
    expect(cfg.inspect).toBe(false);
    const outbox = await app.request(`/api/__outbox?seller_id=${SELLER}`, {
      headers: { 'Tix-App': 'ecomm' },
    });
    expect(outbox.status).toBe(404);
  });

  it('lets a production deployment enable ?inspect', async () => {
    const app = createApp({ db: s.handle.db, production: true, inspect: true });
    const cfg = runtimeConfig.parse(await (await app.request('/__config')).json());
    expect(cfg.inspect).toBe(true);
  });
});
