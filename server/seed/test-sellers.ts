/**
 * Test sellers (issue 17): `POST /__test/sellers { slug }` seeds the demo museum as the seller `slug` (its own
 * ids, members, gift codes, config rows and rate limits, see server/seed/ids.ts), idempotently, and answers
 * the ids a test needs: `{ slug, sellerId, events: { [event key]: id } }`. The e2e suite gives each Playwright
 * worker its own seller this way. Mounted only when the app is created with `testSellers` (server/main.ts:
 * NODE_ENV=test or TIX_TEST_SELLERS, never in production).
 */
import type { Hono } from 'hono';
import type { Db } from '../db';
import { SEEDED_EVENT_KEYS, seed } from './demo';

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
}
