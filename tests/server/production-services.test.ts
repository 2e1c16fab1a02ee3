/**
 * Production's outside services, each in a `server/main.ts` process of its own (split from production.test.ts
 * so that the two files' process starts run side by side): Stripe (issue 19) is the gateway when its keys are
 * set, its config says so without any secret, and a partial or test-only configuration does not start; email
 * (issue 20) without SMTP_URL warns at start and keeps messages queued (no sink, no outbox endpoint), with it the
 * delivery timer sends them over SMTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, it } from 'vitest';
import { createDb } from '../../server/db';
import { startMailSink } from '../../server/mail/sink';
import * as t from '../../server/schema';
import { DEMO_SLUG, seed, sellerIds } from '../../server/seed/demo';
import { DEMO_MEMBERS } from '../../server/seed/members';
import { type ServerProcess, startProcess } from './process-helpers';

// The three checks start processes of their own and share nothing: they run side by side (each asserting
// through its own test context's expect).
describe.concurrent('server/main.ts in production: payments and email', () => {
  const dirs: string[] = [];
  const procs: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const get = (p: ServerProcess, path: string) =>
    fetch(`http://127.0.0.1:${p.port}${path}`, { redirect: 'manual' });

  it('with Stripe keys the gateway is Stripe: its mode and publishable key in the config, nothing secret', async ({
    expect,
  }) => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_prodcheck1234',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_prodcheck1234',
      STRIPE_WEBHOOK_SECRET: 'whsec_prodcheck1234',
      STRIPE_ACCOUNT_ID: 'acct_prodvenue1',
    };
    const prod = await startProcess({
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      TIX_DEMO: '1',
      ...keys,
    });
    procs.push(prod);
    const text = await (await get(prod, `/__config?slug=${DEMO_SLUG}`)).text();
    expect(JSON.parse(text)).toMatchObject({
      paymentMode: 'stripe',
      stripePublishableKey: keys.STRIPE_PUBLISHABLE_KEY,
      stripeAccount: keys.STRIPE_ACCOUNT_ID,
    });
    expect(text).not.toContain(keys.STRIPE_SECRET_KEY);
    expect(text).not.toContain(keys.STRIPE_WEBHOOK_SECRET);
    // The webhook is served and refuses what Stripe did not sign.
    const hook = await fetch(`http://127.0.0.1:${prod.port}/api/stripe/webhook`, {
      method: 'POST',
      body: '{}',
    });
    expect(hook.status).toBe(400);
    // A partial configuration does not start (rather than run without payments unnoticed), and names no value.
    const partial = await startProcess({
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY,
    }).catch((e: Error) => e);
    expect(partial).toBeInstanceOf(Error);
    expect(String(partial)).toContain('STRIPE_PUBLISHABLE_KEY');
    expect(String(partial)).not.toContain(keys.STRIPE_SECRET_KEY);
    // The fake's address is for development and tests only.
    const based = await startProcess({
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      ...keys,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    }).catch((e: Error) => e);
    expect(String(based)).toContain('STRIPE_API_BASE is for development and tests only');
  }, 180_000);

  it('without SMTP_URL: warns at start, serves no outbox, and keeps emails queued', async ({ expect }) => {
    const venue = sellerIds('mail-venue');
    const dir = mkdtempSync(join(tmpdir(), 'tix-prod-mail-'));
    dirs.push(dir);
    const pre = await createDb({ dataDir: dir });
    try {
      await seed(pre.db, { slug: venue.slug });
    } finally {
      await pre.close();
    }
    const prod = await startProcess({ NODE_ENV: 'production', DATA_DIR: dir, TIX_DEMO: '', SMTP_URL: '' });
    procs.push(prod);
    // stderr and stdout are two pipes: the warning may arrive just after the listening line.
    await expect
      .poll(() => prod.logs())
      .toContain('[server] no SMTP_URL: emails are not sent; they stay queued in the outbox');
    expect(prod.logs()).not.toContain('SMTP sink');
    const call = prod.callAs(venue.seller);
    expect((await call('GET', '__outbox')).status).toBe(404);
    expect(
      (await call('POST', 'password_reset/request', { email: DEMO_MEMBERS.password.email })).status,
    ).toBe(200);
    await prod.kill();
    const after = await createDb({ dataDir: dir });
    try {
      const rows = await after.db.select().from(t.outbox).where(eq(t.outbox.sellerId, venue.seller));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to: DEMO_MEMBERS.password.email, status: 'queued', attempts: 0 });
    } finally {
      await after.close();
    }
  }, 120_000);

  it('with SMTP_URL: the delivery timer sends the outbox over SMTP (From MAIL_FROM)', async ({ expect }) => {
    const sink = await startMailSink();
    try {
      const prod = await startProcess({
        NODE_ENV: 'production',
        DATA_DIR: 'memory://',
        TIX_DEMO: '1',
        SMTP_URL: sink.url,
        MAIL_FROM: 'tickets@venue.example',
      });
      procs.push(prod);
      expect(prod.logs()).not.toContain('no SMTP_URL');
      expect(
        (await prod.call('POST', 'password_reset/request', { email: DEMO_MEMBERS.password.email })).status,
      ).toBe(200);
      // The timer runs every 5 s: wait for the message (polling the sink, at most 30 s).
      const deadline = Date.now() + 30_000;
      // (The demo visitor's confirmation emails, server/seed/demo-orders.ts, are queued at start too.)
      const resetMail = () => sink.messages().find((m) => m.to === DEMO_MEMBERS.password.email);
      while (!resetMail() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const mail = resetMail();
      expect(mail?.to).toBe(DEMO_MEMBERS.password.email);
      expect(mail?.messageId).toMatch(/^<[0-9a-f-]{36}@venue\.example>$/);
      expect(mail?.raw.toString()).toMatch(/^From: .*<tickets@venue\.example>/m);
      expect(mail?.links.some((l) => l.includes('/user/reset-password?token='))).toBe(true);
    } finally {
      await sink.close();
    }
  }, 120_000);
});
