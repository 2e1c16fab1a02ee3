/**
 * Starts the reference server: `PORT` (default 8080), `DATABASE_URL` (PostgreSQL; `PG_POOL_MAX` connections,
 * default 10) or `DATA_DIR` (PGlite); `PUBLIC_CACHE_MS` (default 2000) keeps public catalogue answers of
 * /cached/api/ in memory, `CATALOG_CACHE_MS` (default 10000) catalogue rows; `LOG_REQUESTS=0` turns the per-request log line off.
 * `NODE_ENV=test` (or `TIX_TEST_SELLERS=1` outside production) serves `POST /__test/sellers`, which seeds a
 * seller of its own for each e2e worker (server/seed/test-sellers.ts); production never does.
 * Production (`NODE_ENV=production`) seeds no demo seller and runs no sandbox payment gateway unless `TIX_DEMO=1`
 * asks for the demo (as `npm start` does); with `STRIPE_*` keys the gateway is Stripe (server/payments/config.ts);
 * without a gateway paid orders answer 409 payment_unavailable.
 * Email: `SMTP_URL` (smtp:// or smtps://) delivers the outbox, From `MAIL_FROM`; without it a local SMTP sink
 * receives them outside production, and production warns and keeps them queued.
 */
import { readFileSync } from 'node:fs';
import type { createServer as CreateServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, DEFAULT_MAIL_FROM } from './app';
import { sweepExpiredCarts } from './cart/holds';
import { CatalogCache } from './catalog/cache';
import { SandboxCitypass } from './citypass/sandbox';
import { createDb } from './db';
import { OutboxSender } from './mail/sender';
import { type MailSink, startMailSink } from './mail/sink';
import { parseSmtpUrl, smtpTransport } from './mail/smtp';
import { createOidcSandbox, OIDC_MOUNT, serverWithOidc } from './members/oidc';
import { stripeFromEnv } from './payments/config';
import { SandboxGateway } from './payments/gateway';
import { recoverStalePayments } from './payments/recovery';
import { SellerGateways, stripeSellersFromEnv } from './payments/sellers';
import { StripeGateway } from './payments/stripe';
import { DEMO_SLUG, seed } from './seed/demo';
import { seedDemoOrders } from './seed/demo-orders';
import { walletPassesFromEnv } from './wallet/config';

const port = Number(process.env.PORT ?? 8080);
const handle = await createDb({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  poolMax: process.env.PG_POOL_MAX ? Number(process.env.PG_POOL_MAX) : undefined,
});
const production = process.env.NODE_ENV === 'production';
// TIX_INSPECT=1 lets a deployment allow `?inspect` in production too (flag words: 1, on, true, yes...).
const inspectFlag = process.env.TIX_INSPECT?.trim().toLowerCase();
const isFlag = (value: string | undefined) =>
  ['1', 'on', 'enabled', 'true', 't', 'yes', 'y'].includes(value?.trim().toLowerCase() ?? '');
// The demo (the demo seller with its published member password and gift codes, the sandbox payment gateway):
// always outside production; in production only when asked for with TIX_DEMO=1 (`npm start` does).
const demo = !production || isFlag(process.env.TIX_DEMO);
// The demo the server runs has the sandbox captcha and the donation form at checkout (issue 23; server/README.md,
// Captcha, Donations at checkout); the test processes (the server suite's, the e2e server: NODE_ENV=test) seed it
// without, as their own sellers are.
const demoExtras = process.env.NODE_ENV !== 'test';
const demoIds = demo
  ? await seed(handle.db, {
      captcha: demoExtras,
      donation: demoExtras,
      terms: demoExtras,
      contentBlocks: demoExtras,
    })
  : null;
if (production && demo)
  console.info(
    '[server] TIX_DEMO=1: demo seller (published passwords and gift codes) and sandbox payments (no real charges)',
  );
// Stripe when its keys are set (server/payments/config.ts); else the sandbox with the demo; else no gateway,
// and paid orders are refused.
const stripeEnv = stripeFromEnv(process.env, production);
if (!stripeEnv.ok) {
  console.error(`[server] ${stripeEnv.problem}`);
  process.exit(1);
}
const processGateway = stripeEnv.settings
  ? new StripeGateway(handle.db, Date.now, stripeEnv.settings)
  : demo
    ? new SandboxGateway(handle.db, Date.now)
    : null;
// Sellers with Stripe keys of their own (STRIPE_SELLERS, server/payments/sellers.ts); the others use the above.
const sellersEnv = stripeSellersFromEnv(process.env, production);
if (!sellersEnv.ok) {
  console.error(`[server] ${sellersEnv.problem}`);
  process.exit(1);
}
const gateway = sellersEnv.sellers.size
  ? new SellerGateways(
      handle.db,
      new Map(
        [...sellersEnv.sellers].map(([slug, settings]) => [
          slug,
          new StripeGateway(handle.db, Date.now, settings),
        ]),
      ),
      processGateway,
    )
  : processGateway;
if (sellersEnv.sellers.size)
  console.info(
    `[server] payments: Stripe keys of their own for ${[...sellersEnv.sellers.keys()].join(', ')}`,
  );
if (stripeEnv.settings)
  console.info(
    `[server] payments: Stripe (${stripeEnv.settings.secretKey.includes('_live_') ? 'live' : 'test'} mode${stripeEnv.settings.api ? ', local API' : ''})`,
  );
if (!gateway)
  console.warn(
    '[server] no payment gateway is configured: paid orders answer 409 payment_unavailable (free orders complete)',
  );
// TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For (1, 2, …; a flag word = 1).
function proxyHops(value: string | undefined): number {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0') return 0;
  if (/^[1-9]$/.test(v)) return Number(v);
  if (isFlag(v)) return 1;
  console.warn('[server] TRUST_PROXY is not a number of proxies (1-9): X-Forwarded-For is ignored');
  return 0;
}
// Links in emails use PUBLIC_URL (never the request's Host header in production).
const publicUrl = process.env.PUBLIC_URL?.replace(/\/+$/, '') || undefined;
if (production && !publicUrl)
  console.info(
    '[server] emailed links use the address the request came to (set PUBLIC_URL to give them a fixed origin)',
  );
// Email: SMTP_URL delivers the outbox; without it, the local sink outside production, nothing in production.
const smtpUrl = process.env.SMTP_URL?.trim() || undefined;
let smtpOk = false;
try {
  if (smtpUrl) smtpOk = Boolean(parseSmtpUrl(smtpUrl));
} catch {
  console.error('[server] SMTP_URL is not an smtp:// or smtps:// URL: emails stay queued in the outbox');
}
const mailFromEnv = process.env.MAIL_FROM?.trim();
if (mailFromEnv && !/^[^@\s<>]+@[^@\s<>]+$/.test(mailFromEnv))
  console.warn('[server] MAIL_FROM is not an address (name@domain): using the default');
const mailFrom =
  mailFromEnv && /^[^@\s<>]+@[^@\s<>]+$/.test(mailFromEnv)
    ? mailFromEnv
    : publicUrl
      ? `tickets@${new URL(publicUrl).hostname}`
      : DEFAULT_MAIL_FROM;
const sink: MailSink | null = !smtpUrl && !production ? await startMailSink() : null;
if (sink)
  console.info(
    `[server] no SMTP_URL: emails go to the local SMTP sink ${sink.url} (GET /api/__outbox lists them)`,
  );
if (!smtpUrl && production)
  console.warn(
    '[server] no SMTP_URL: emails are not sent; they stay queued in the outbox until SMTP_URL is set',
  );
const mailUrl = smtpOk ? smtpUrl : sink?.url;
const mailer = mailUrl
  ? new OutboxSender({
      db: handle.db,
      now: Date.now,
      transport: smtpTransport(mailUrl),
      fromAddress: mailFrom,
    })
  : null;

// The identity-provider sandbox (non-production): issuer {PUBLIC_URL or http://localhost:PORT}/oidc.
const oidcOrigins = [
  ...new Set([
    publicUrl ?? `http://localhost:${port}`,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ]),
];
const oidc = production
  ? null
  : await createOidcSandbox({
      issuer: `${oidcOrigins[0]}${OIDC_MOUNT}`,
      redirectUris: oidcOrigins.map((o) => `${o}/${DEMO_SLUG}/auth0-login`),
      postLogoutRedirectUris: oidcOrigins.flatMap((o) => [`${o}/${DEMO_SLUG}/`, `${o}/${DEMO_SLUG}`]),
    });
// Apple Pay's domain association file (Stripe's Dashboard gives it): read once, served at /.well-known/….
const applePayFile = process.env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE?.trim();
let applePayDomainAssociation: string | null = null;
if (applePayFile) {
  try {
    applePayDomainAssociation = readFileSync(applePayFile, 'utf8');
  } catch (err) {
    console.error(
      `[server] APPLE_PAY_DOMAIN_ASSOCIATION_FILE cannot be read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
    );
    process.exit(1);
  }
}
// Apple Wallet passes: the sellers' pass type certificates (APPLE_WALLET_SELLERS, server/wallet/config.ts).
const walletEnv = walletPassesFromEnv(process.env);
if (!walletEnv.ok) {
  console.error(`[server] ${walletEnv.problem}`);
  process.exit(1);
}
if (walletEnv.sellers.size)
  console.info(`[server] Apple Wallet passes for ${[...walletEnv.sellers.keys()].join(', ')}`);
// The key of signed order links (manage links); unset: a random one kept in the database.
const linkSecret = process.env.TIX_LINK_SECRET?.trim() || undefined;
if (linkSecret !== undefined && linkSecret.length < 32) {
  console.error('[server] TIX_LINK_SECRET must be at least 32 characters');
  process.exit(1);
}
const app = createApp({
  db: handle.db,
  linkSecret,
  gateway,
  applePayDomainAssociation,
  walletPasses: walletEnv.sellers,
  // The sandbox city-pass provider only with the demo, as the sandbox payment gateway (no real one yet).
  citypass: demo ? new SandboxCitypass(handle.db) : null,
  // The sandbox captcha only with the demo too; hCaptcha's tokens verified with HCAPTCHA_SECRET (issue 23).
  captcha: { sandbox: demo, hcaptchaSecret: process.env.HCAPTCHA_SECRET || undefined },
  production,
  inspect: inspectFlag ? isFlag(inspectFlag) : undefined,
  log: process.env.LOG_REQUESTS !== '0',
  publicCacheMs: Number(process.env.PUBLIC_CACHE_MS ?? 2000),
  catalogCacheMs: Number(process.env.CATALOG_CACHE_MS ?? 10_000),
  distDir: process.env.DIST_DIR,
  members: { publicUrl, trustProxy: proxyHops(process.env.TRUST_PROXY), oidc },
  testSellers: !production && (process.env.NODE_ENV === 'test' || isFlag(process.env.TIX_TEST_SELLERS)),
  mail: { sender: mailer, sink: sink ? async () => sink : null },
});
// The same gateway the app uses (the sandbox's records live in the database).
const ctx = {
  db: handle.db,
  now: Date.now,
  production,
  gateway,
  cache: new CatalogCache(0),
  linkSecret,
};

// Every process sweeps (safe concurrently): expired holds, and payment attempts cut off by a crash.
const sweeper = setInterval(() => {
  sweepExpiredCarts(ctx)
    .then(() => recoverStalePayments(ctx))
    .catch((err: unknown) => console.error('[server] cart sweep failed', (err as Error)?.name));
}, 30_000);
// Every process delivers the outbox (claims keep them from sending a message twice).
const drainer = mailer
  ? setInterval(() => {
      mailer
        .drain()
        .catch((err: unknown) => console.error('[server] mail delivery failed', (err as Error)?.name));
    }, 5_000)
  : undefined;
// Keep the demo's sessions topped up for long-running processes too.
const topUp = demo
  ? setInterval(
      () => {
        seed(handle.db).catch((err: unknown) =>
          console.error('[server] seed top-up failed', (err as Error)?.name),
        );
      },
      6 * 60 * 60 * 1000,
    )
  : undefined;

// The sandbox provider answers /oidc/* in front of the app (it is a Koa app of its own).
const createServer = ((_options: unknown, listener: Parameters<typeof serverWithOidc>[1]) =>
  serverWithOidc(oidc, listener)) as unknown as typeof CreateServer;
const server = serve({ fetch: app.fetch, port, createServer }, async (info) => {
  // The demo visitor's orders to manage (issue 24; server/seed/demo-orders.ts): only with the demo. Their manage
  // links are the demo's own (like its published passwords), printed so whoever tries the demo can open them.
  if (demoIds) {
    try {
      const orders = await seedDemoOrders(app, {
        db: handle.db,
        ids: demoIds,
        now: Date.now,
        origin: publicUrl ?? `http://localhost:${info.port}`,
        linkSecret,
        sandbox: !stripeEnv.settings && !sellersEnv.sellers.has(DEMO_SLUG),
      });
      console.info(`[server] the demo visitor's orders to manage (server/README.md, Managing an order):`);
      for (const o of orders) console.info(`[server]   order ${o.orderNumber}: ${o.link}`);
    } catch (err) {
      console.error('[server] demo orders were not made', (err as Error)?.message);
    }
  }
  console.info(`Storefront (${handle.kind}) listening on port ${info.port}`);
  console.info(`http://localhost:${info.port}/${demo ? `${DEMO_SLUG}/` : ''}`);
});

// Keep idle connections open longer than the clients that reuse them: with Node's 5 s default, a client sending
// on a kept-alive socket just as the server closes it gets ECONNRESET (a full e2e run lost a logout to it). 65 s is
// longer than browsers' and proxies' idle timeouts; headersTimeout must exceed keepAliveTimeout.
const httpServer = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;

// A port taken since `npm start` looked (or a direct `npm run server`): one line, not a stack trace.
server.on('error', (err: NodeJS.ErrnoException) => {
  console.error(
    err.code === 'EADDRINUSE'
      ? `port ${port} is in use; set PORT`
      : `[server] cannot listen on port ${port}: ${err.code ?? err.message}`,
  );
  handle.close().finally(() => process.exit(1));
});

const shutdown = () => {
  clearInterval(sweeper);
  clearInterval(topUp);
  clearInterval(drainer);
  void sink?.close();
  server.close(() => {
    handle.close().finally(() => process.exit(0));
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
