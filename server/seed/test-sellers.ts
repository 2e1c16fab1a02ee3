/**
 * Test sellers (issue 17): `POST /__test/sellers { slug }` seeds the demo museum as the seller `slug` (its own
 * ids, members, gift codes, config rows and rate limits, see server/seed/ids.ts), idempotently, and answers
 * the ids a test needs: `{ slug, sellerId, events: { [event key]: id } }`. The e2e suite gives each Playwright
 * worker its own seller this way. Mounted only when the app is created with `testSellers` (server/main.ts:
 * NODE_ENV=test or TIX_TEST_SELLERS, never in production).
 *
 * `PUT /__test/sellers/{slug}/theme` configures the seller's theme as a seller would (server/theme/config.ts:
 * refused with the reason, or stored and answered with its corrections); `DELETE` puts the demo theme back.
 *
 * `POST /__test/sellers/{slug}/carts/{cartId}/schedule_back { days }` (issue 22) moves the booked schedule of one of
 * the seller's carts `days` (1–366) earlier, as if that many days had passed for it: an instalment falls overdue
 * without moving the server's clock under the other workers' carts and sessions. Answers `{ moved }` (rows).
 * `PUT /__test/sellers/{slug}/locales { default, offered }` sets the seller's locales (server/catalog/locales.ts);
 * `DELETE` removes them (English only, as seeded).
 * `PUT /__test/sellers/{slug}/self_edit_rules` sets the seller's self-edit rules (spec 2 §3; server/manage/rules.ts,
 * e.g. `{ "enabled": false }` for the cancel-free-order page); `DELETE` puts the demo's back.
 * `PUT /__test/sellers/{slug}/captcha` turns the sandbox captcha at checkout on (issue 23); `DELETE` off again.
 * `PUT /__test/sellers/{slug}/donation` turns checkout's donation form on (issue 23: the config row
 * `checkout_donation` naming the seller's donation group); `DELETE` off again (as seeded).
 * `PUT /__test/sellers/{slug}/content_blocks { blocks }` sets the seller's content blocks as a seller would (issue
 * 26, server/catalog/content-blocks.ts: 400 with the reason when refused, 413 past 64 KB); `DELETE` removes them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { configureContentBlocks } from '../catalog/content-blocks';
import { configureLocales, readLocales } from '../catalog/locales';
import type { Db } from '../db';
import { errorResponse } from '../http/api';
import { SELF_EDIT_KEY, selfEditRulesSchema } from '../manage/rules';
import { scheduledPayment } from '../payments/schema';
import * as t from '../schema';
import { configureTheme } from '../theme/config';
import { DEMO_SELF_EDIT_RULES, SEEDED_EVENT_KEYS, seed, setSellerCaptcha } from './demo';
import { donationIdsOf, setCheckoutDonation } from './donation';
import { DEMO_THEME } from './theme';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const MAX_BODY_BYTES = 1024;

/** A test route's JSON body, or its answer: 413 past `maxBytes`, 400 when it is not JSON. */
async function jsonBody(
  c: Context,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; answer: Response }> {
  const text = await c.req.text();
  if (text.length > maxBytes) return { ok: false, answer: c.json({ error: 'body too large' }, 413) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, answer: c.json({ error: 'invalid JSON' }, 400) };
  }
}

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
    const body = await jsonBody(c, 256 * 1024);
    if (!body.ok) return body.answer;
    const raw = body.value;
    try {
      return c.json(await configureTheme(db, seller.id, raw));
    } catch (error) {
      return errorResponse(error);
    }
  });
  const scheduleBack = z.strictObject({ days: z.number().check(z.int(), z.minimum(1), z.maximum(366)) });
  app.post('/__test/sellers/:slug/carts/:cartId/schedule_back', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    const body = await jsonBody(c, MAX_BODY_BYTES);
    if (!body.ok) return body.answer;
    const raw = body.value;
    const parsed = scheduleBack.safeParse(raw);
    if (!parsed.success) return c.json({ error: 'days: an integer from 1 to 366' }, 400);
    const cartId = c.req.param('cartId').slice(0, 64);
    const [cart] = await db
      .select({ id: t.cart.id })
      .from(t.cart)
      .where(and(eq(t.cart.id, cartId), eq(t.cart.sellerId, seller.id)))
      .limit(1);
    if (!cart) return c.json({ error: 'unknown cart' }, 404);
    const moved = await db
      .update(scheduledPayment)
      .set({ dueAt: sql`${scheduledPayment.dueAt} - make_interval(days => ${parsed.data.days})` })
      .where(eq(scheduledPayment.cartId, cart.id))
      .returning({ id: scheduledPayment.id });
    c.header('Cache-Control', 'no-store');
    return c.json({ moved: moved.length });
  });
  app.delete('/__test/sellers/:slug/theme', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    return c.json(await configureTheme(db, seller.id, DEMO_THEME));
  });

  // The seller's locales (issue 26): PUT sets the config row `locales` as a seller would, DELETE removes it.
  app.put('/__test/sellers/:slug/locales', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    const body = await jsonBody(c, MAX_BODY_BYTES);
    if (!body.ok) return body.answer;
    const locales = readLocales(body.value);
    if (!locales) return c.json({ error: 'invalid locales' }, 400);
    await configureLocales(db, seller.id, locales);
    return c.json({ locales });
  });
  app.delete('/__test/sellers/:slug/locales', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    await configureLocales(db, seller.id, null);
    return c.json({ locales: null });
  });
  // Issue 23: the seller's sandbox captcha at checkout on (PUT) or off (DELETE, as seeded).
  app.put('/__test/sellers/:slug/captcha', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    await setSellerCaptcha(db, seller.id, { provider: 'sandbox' });
    return c.json({ captcha: { provider: 'sandbox' } });
  });
  app.delete('/__test/sellers/:slug/captcha', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    await setSellerCaptcha(db, seller.id, null);
    return c.json({ captcha: null });
  });
  // Issue 23: checkout's donation form on (PUT: the seller's donation group) or off (DELETE, as seeded).
  app.put('/__test/sellers/:slug/donation', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    const slug = c.req.param('slug');
    await setCheckoutDonation(db, seller.id, slug, true);
    return c.json({ checkout_donation: { ticket_group_id: donationIdsOf(slug).group } });
  });
  app.delete('/__test/sellers/:slug/donation', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    await setCheckoutDonation(db, seller.id, c.req.param('slug'), false);
    return c.json({ checkout_donation: null });
  });

  // Issue 26: the seller's content blocks (spec 3 §6), set as a seller would (PUT) or removed (DELETE).
  app.put('/__test/sellers/:slug/content_blocks', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    const body = await jsonBody(c, 64 * 1024);
    if (!body.ok) return body.answer;
    if (body.value === null) return c.json({ error: 'content_blocks: an object { blocks }' }, 400);
    const set = await configureContentBlocks(db, seller.id, c.req.param('slug'), body.value);
    if (!set.ok) return c.json({ error: set.error }, 400);
    return c.json({ content_blocks: set.value });
  });
  app.delete('/__test/sellers/:slug/content_blocks', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    await configureContentBlocks(db, seller.id, c.req.param('slug'), null);
    return c.json({ content_blocks: null });
  });

  /** The seller's config row self_edit_rules (the seed wrote it) set to `value`. */
  const setSelfEdit = (sellerId: string, value: unknown) =>
    db
      .update(t.config)
      .set({ value })
      .where(
        and(
          eq(t.config.resource, 'seller'),
          eq(t.config.resourceId, sellerId),
          eq(t.config.key, SELF_EDIT_KEY),
        ),
      )
      .returning({ value: t.config.value });
  app.put('/__test/sellers/:slug/self_edit_rules', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    const body = await jsonBody(c, MAX_BODY_BYTES);
    if (!body.ok) return body.answer;
    const raw = body.value;
    const rules = selfEditRulesSchema.safeParse(raw);
    if (!rules.success) return c.json({ error: 'invalid self_edit_rules' }, 400);
    const [row] = await setSelfEdit(seller.id, rules.data);
    return c.json({ self_edit_rules: row?.value ?? null });
  });
  app.delete('/__test/sellers/:slug/self_edit_rules', async (c) => {
    const seller = await sellerOf(c.req.param('slug'));
    if (!seller) return c.json({ error: 'unknown seller' }, 404);
    const [row] = await setSelfEdit(seller.id, DEMO_SELF_EDIT_RULES);
    return c.json({ self_edit_rules: row?.value ?? null });
  });
}
