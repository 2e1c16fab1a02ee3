/**
 * Test sellers (issue 17): `POST /__test/sellers { slug }` seeds the demo museum as the seller `slug` (its own
 * ids, members, gift codes, config rows and rate limits, see server/seed/ids.ts), idempotently, and answers
 * the ids a test needs: `{ slug, sellerId, events: { [event key]: id } }`. The e2e suite gives each Playwright
 * worker its own seller this way. Mounted only when the app is created with `testSellers` (server/main.ts:
 * NODE_ENV=test or TIX_TEST_SELLERS, never in production).
 *
 * `PUT /__test/sellers/{slug}/theme` configures the seller's theme as a seller would (server/theme/config.ts:
 * refused with the reason, or stored and answered with its corrections); `DELETE` puts the demo theme back.
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Db } from '../db';
import { errorResponse } from '../http/api';
import * as t from '../schema';
import { configureTheme } from '../theme/config';
import { SEEDED_EVENT_KEYS, seed } from './demo';
import { DEMO_THEME } from './theme';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const MAX_BODY_BYTES = 1024;

export function registerTestSellers(app: Hono, db: Db, now: () => number): void {
  app.post('/__test/sellers', async (c) => {
    // A slug is a few bytes: anything longer is refused before it is read.
    if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES)
      return c.json({ error: 'body too large' }, 413);
    const text = await c.req.text();
    if (text.length > MAX_BODY_BYTES) return c.json({ error: 'body too large' }, 413);
    let body: { slug?: unknown } | null = null;
    try {
      body = JSON.parse(text) as { slug?: unknown } | null;
    } catch {
      body = null;
    }
    const slug = body?.slug;
    if (typeof slug !== 'string' || !SLUG.test(slug)) return c.json({ error: 'invalid slug' }, 400);
    const ids = await seed(db, { slug, now });
    c.header('Cache-Control', 'no-store');
    return c.json({
      slug,
      sellerId: ids.seller,
      events: Object.fromEntries(SEEDED_EVENT_KEYS.map((key) => [key, ids.event(key)])),
    });
  });

  const sellerOf = async (slug: string) =>
    SLUG.test(slug)
      ? (await db.select({ id: t.seller.id }).from(t.seller).where(eq(t.seller.slug, slug)).limit(1))[0]
      : undefined;
  app.put('/__test/sellers/:slug/theme', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    const text = await c.req.text();
    if (text.length > 256 * 1024) return c.json({ error: 'body too large' }, 413);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return c.json({ error: 'invalid JSON' }, 400);
    }
    try {
      return c.json(await configureTheme(db, seller.id, raw));
    } catch (error) {
      return errorResponse(error);
    }
  });
  app.delete('/__test/sellers/:slug/theme', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    return c.json(await configureTheme(db, seller.id, DEMO_THEME));
  });
}
