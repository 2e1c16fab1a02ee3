/**
 * The reference API server as a Hono app (exported for in-process tests with `app.request()`).
 * The API is mounted twice with the same handlers: `/api/` (no-store) and `/cached/api/` (GET only, public 60 s).
 */

import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type * as w from '../api/schemas';
import { captchaOf, hcaptchaVerifier } from './captcha/captcha';
import { dataLayerOf, holdsOf } from './cart/holds-config';
import { CatalogCache } from './catalog/cache';
import { contentBlocksOf } from './catalog/content-blocks';
import { localesOf } from './catalog/locales';
import type { CitypassProvider } from './citypass/port';
import { SandboxCitypass } from './citypass/sandbox';
import type { Db } from './db';
import { API_PREFIX, CACHED_PREFIX, errorResponse, mountApi } from './http/api';
import { compressResponses } from './http/compression';
import type { AppCtx } from './http/context';
import { routeHints } from './http/preload';
import { readStatic, renderIndex, staticHeaders } from './http/spa';
import { type MailRuntime, registerMailPreview } from './mail/routes';
import { OutboxSender } from './mail/sender';
import { sharedMailSink } from './mail/sink';
import { smtpTransport } from './mail/smtp';
import { authenticationOf, runtimeLogin } from './members/config';
import { idTokenVerifier, type OidcSandbox } from './members/oidc';
import { type PaymentGateway, SandboxGateway } from './payments/gateway';
import { SellerGateways } from './payments/sellers';
import { StripeGateway } from './payments/stripe';
import { registerStripeWebhook } from './payments/webhook';
import * as t from './schema';
import { DEMO_SLUG } from './seed/demo';
import { registerTestSellers } from './seed/test-sellers';
import { type PageTheme, pageTheme, themeHead } from './theme/config';
import type { WalletPasses } from './wallet/config';

export interface AppOptions {
  db: Db;
  distDir?: string;
  now?: () => number;
  production?: boolean;
  /** Allow `?inspect` (the Stately inspector). Default: outside production only. */
  inspect?: boolean;
  /** Log one line per request (method, path without query, status, duration). Off by default. */
  log?: boolean;
  /**
   * The payment gateway; it also names the storefront's payment mode (runtime config `paymentMode`). Default
   * (undefined): outside production the sandbox, which also serves its 3-D Secure stand-in route
   * `/api/sandbox/...`; in production none (as `null`). A
   * `StripeGateway`: Stripe (its publishable key and account in the runtime config, its webhook at
   * `/api/stripe/webhook`). `null`: none (production without keys or TIX_DEMO): paid orders answer 409
   * payment_unavailable, free orders complete, `/api/sandbox/*` answers 404, the mode is `unavailable`.
   */
  gateway?: PaymentGateway | null;
  /**
   * Apple Pay's domain association file (its contents, from Stripe's Dashboard), served at
   * `/.well-known/apple-developer-merchantid-domain-association`; null or absent: nothing is served there.
   */
  applePayDomainAssociation?: string | null;
  /**
   * The city-pass provider. Default (undefined): the sandbox (server/citypass/sandbox.ts) outside production,
   * none in production (vouchers answer 400 citypass_failure); server/main.ts passes the sandbox only with the
   * demo (outside production, or TIX_DEMO=1), as it does the sandbox payment gateway. `null`: none.
   */
  citypass?: CitypassProvider | null;
  /** Keep public catalogue answers of /cached/api/ in memory this long (ms). Default 0 (off). */
  publicCacheMs?: number;
  /** Keep catalogue rows (sellers, events, groups, types, venues, meta) in memory this long (ms). Default 0. */
  catalogCacheMs?: number;
  /**
   * Members: the public origin for links in emails, X-Forwarded-For trust (the number of trusted proxies in
   * front; true = 1), the identity-provider sandbox.
   */
  members?: { publicUrl?: string; trustProxy?: boolean | number; oidc?: OidcSandbox | null };
  /** Serve `POST /__test/sellers` (server/seed/test-sellers.ts) for the e2e suite. Never in production. */
  testSellers?: boolean;
  /**
   * Email delivery (server/mail/). Default outside production: a sender to the process's local SMTP sink, whose
   * messages GET /api/__outbox lists (drained first). Default in production: none (messages stay queued).
   * server/main.ts passes its own (SMTP_URL, or the sink it started).
   */
  mail?: MailRuntime;
  /** The key of signed order links (TIX_LINK_SECRET, at least 32 characters); default: one kept in the database. */
  linkSecret?: string;
  /**
   * The sellers' Apple Wallet pass certificates by slug (APPLE_WALLET_SELLERS, server/wallet/config.ts). Default:
   * none (no seller has passes; never a test certificate).
   */
  walletPasses?: WalletPasses;
  /**
   * Captcha at checkout (server/captcha/captcha.ts): `sandbox` offers the sandbox captcha (default: outside
   * production; server/main.ts passes it with TIX_DEMO=1), `hcaptchaSecret` verifies hCaptcha tokens
   * (HCAPTCHA_SECRET; without it a seller's hCaptcha refuses every token).
   */
  captcha?: { sandbox?: boolean; hcaptchaSecret?: string };
}

/** Where Apple Pay looks for the domain association file (Apple Pay on the web, domain verification). */
export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/** The From address of emails (and the domain of their Message-IDs) when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'tickets@localhost';

/** A request's path for the log: the code of a promo or gift code lookup, a gift card number (buyers' secrets) left out. */
export const logPath = (path: string) =>
  path.replace(/(\/(?:gift_)?code\/)[^/]+/, '$1…').replace(/(\/ledger\/[^/]+\/)[^/]+/, '$1…');

export function createApp(options: AppOptions): Hono {
  const now = options.now ?? Date.now;
  // Sellers with keys of their own (STRIPE_SELLERS) pay through theirs; the others through the process's.
  const sellers = options.gateway instanceof SellerGateways ? options.gateway : null;
  const processGateway = sellers ? sellers.fallback : options.gateway;
  // No gateway given: the sandbox outside production; production gives no sandbox away unless it is passed
  // (server/main.ts does with TIX_DEMO=1), so its storefront says `unavailable`, never `sandbox`.
  const sandbox =
    processGateway === undefined
      ? options.production
        ? null
        : new SandboxGateway(options.db, now)
      : processGateway instanceof SandboxGateway
        ? processGateway
        : null;
  const stripe = processGateway instanceof StripeGateway ? processGateway : null;
  const payment: Pick<w.RuntimeConfig, 'paymentMode' | 'stripePublishableKey' | 'stripeAccount'> = stripe
    ? {
        paymentMode: 'stripe',
        stripePublishableKey: stripe.publicSettings.publishableKey,
        ...(stripe.publicSettings.accountId ? { stripeAccount: stripe.publicSettings.accountId } : {}),
      }
    : { paymentMode: sandbox ? 'sandbox' : 'unavailable' };
  /** A seller's payment settings for the browser: its own Stripe keys' public half, else the process's. */
  const paymentOf = (slug: string): typeof payment => {
    const own = sellers?.publicSettingsOf(slug);
    if (!own) return payment;
    return {
      paymentMode: 'stripe',
      stripePublishableKey: own.publishableKey,
      ...(own.accountId ? { stripeAccount: own.accountId } : {}),
    };
  };
  const ctx: AppCtx = {
    db: options.db,
    now,
    production: options.production ?? false,
    gateway: options.gateway === undefined ? sandbox : options.gateway,
    cache: new CatalogCache(options.catalogCacheMs ?? 0),
    citypass:
      options.citypass === undefined
        ? (options.production ?? false)
          ? null
          : new SandboxCitypass(options.db)
        : options.citypass,
    publicUrl: options.members?.publicUrl ?? null,
    trustProxy: Number(options.members?.trustProxy ?? 0),
    linkSecret: options.linkSecret ?? null,
    walletPasses: options.walletPasses ?? new Map(),
    captcha: {
      sandbox: options.captcha?.sandbox ?? !(options.production ?? false),
      hcaptcha: hcaptchaVerifier(options.captcha?.hcaptchaSecret),
    },
  };
  const distDir = options.distDir ?? 'dist';
  const app = new Hono();
  app.onError((err) => errorResponse(err));

  if (options.log) {
    app.use('*', async (c, next) => {
      const start = performance.now();
      await next();
      // Path only: query strings may carry identifiers we prefer not to log; codes in a path are secrets.
      console.info(
        `${c.req.method} ${logPath(c.req.path)} ${c.res.status} ${Math.round(performance.now() - start)}ms`,
      );
    });
  }

  app.use('*', compressResponses({ threshold: 1024 }));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // hCaptcha's script, frames and calls (issue 23: a seller's captcha; its docs list these hosts).
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://hcaptcha.com', 'https://*.hcaptcha.com'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://hcaptcha.com', 'https://*.hcaptcha.com'],
        imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          'https://api.stripe.com',
          'https://m.stripe.network',
          'https://hcaptcha.com',
          'https://*.hcaptcha.com',
        ],
        frameSrc: [
          'https://js.stripe.com',
          'https://hooks.stripe.com',
          'https://hcaptcha.com',
          'https://*.hcaptcha.com',
        ],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
      crossOriginResourcePolicy: 'same-origin',
    }),
  );

  const oidc = options.members?.oidc ?? null;
  // Before the API: Stripe's webhook passes none of the storefront API's guards (app header, seller id).
  const stripeGateways = [...(stripe ? [stripe] : []), ...(sellers?.bySlug.values() ?? [])];
  if (stripeGateways.length) registerStripeWebhook(app, ctx, stripeGateways);
  const applePay = options.applePayDomainAssociation ?? null;
  if (applePay)
    app.get(APPLE_PAY_ASSOCIATION_PATH, (c) => {
      c.header('Content-Type', 'text/plain; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(applePay);
    });
  const mail: MailRuntime =
    options.mail ??
    (ctx.production
      ? { sender: null, sink: null }
      : {
          sink: sharedMailSink,
          sender: new OutboxSender({
            db: ctx.db,
            now,
            transport: smtpTransport(async () => (await sharedMailSink()).url),
            fromAddress: DEFAULT_MAIL_FROM,
          }),
        });
  mountApi(app, ctx, {
    mail,
    sandbox,
    publicCacheMs: options.publicCacheMs ?? 0,
    members: {
      publicUrl: options.members?.publicUrl ?? null,
      trustProxy: Number(options.members?.trustProxy ?? 0),
      verifyIdToken: idTokenVerifier(oidc),
    },
  });

  const runtimeConfig = async (slug: string): Promise<{ cfg: w.RuntimeConfig; theme: PageTheme } | null> => {
    if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) return null;
    const [seller] = await ctx.db.select().from(t.seller).where(eq(t.seller.slug, slug)).limit(1);
    if (!seller) return null;
    const theme = await pageTheme(ctx.db, seller.id);
    const cfg: w.RuntimeConfig = {
      apiPrefix: API_PREFIX,
      cachedApiPrefix: CACHED_PREFIX,
      sellerId: seller.id,
      slug: seller.slug,
      sellerName: seller.name,
      currency: seller.currency,
      timezone: seller.timezone,
      ...paymentOf(seller.slug),
      // The address lookup's provider (spec 1 §4 "Address input"): the sandbox where the sandbox runs (demo,
      // development, tests; server/address); absent: manual entry only.
      ...(sandbox ? { addressLookup: 'sandbox' as const } : {}),
      inspect: options.inspect ?? !ctx.production,
      publicIdentityId: seller.publicIdentityId,
      moreTime: (await holdsOf(ctx.db, seller.id)).moreTime,
      dataLayer: await dataLayerOf(ctx.db, seller.id),
      locales: await localesOf(ctx.db, seller.id),
      login: runtimeLogin(
        await authenticationOf(ctx.db, seller.id),
        oidc ? { issuer: oidc.issuer, clientId: oidc.clientId } : null,
      ),
      ...(Object.keys(theme.runtime).length ? { theme: theme.runtime } : {}),
    };
    // The seller's content blocks (spec 3 §6; config row content_blocks, server/catalog/content-blocks.ts).
    const blocks = await contentBlocksOf(ctx.db, seller.id);
    if (blocks) cfg.contentBlocks = blocks;
    const captcha = ctx.captcha ? await captchaOf(ctx.db, seller.id, ctx.captcha) : null;
    if (captcha) cfg.captcha = captcha;
    return { cfg, theme };
  };

  // Home: the demo seller when it is there, else the only seller; several sellers (or none): no home page.
  app.get('/', async (c) => {
    const sellers = await ctx.db
      .select({ slug: t.seller.slug })
      .from(t.seller)
      .orderBy(sql`${t.seller.slug} <> ${DEMO_SLUG}`, t.seller.slug)
      .limit(2);
    const home = sellers[0]?.slug === DEMO_SLUG || sellers.length === 1 ? sellers[0]?.slug : undefined;
    return home ? c.redirect(`/${home}/`, 302) : c.text('Not found', 404);
  });
  if (options.testSellers && !ctx.production) registerTestSellers(app, ctx.db, now);
  registerMailPreview(app, ctx);

  app.get('/__config', async (c) => {
    const page = await runtimeConfig(c.req.query('slug') ?? DEMO_SLUG);
    if (!page) return c.text('Unknown seller', 404);
    c.header('Cache-Control', 'no-store');
    // `?head`: what the server puts into index.html's head besides it (the theme), for the development server.
    if (c.req.query('head') !== undefined) return c.text(themeHead(page.theme));
    return c.json(page.cfg);
  });

  app.get('/assets/*', async (c) => {
    const rel = c.req.path.slice('/assets/'.length);
    const file = await readStatic(join(distDir, 'assets'), rel, c.req.header('Accept-Encoding'));
    if (!file) return c.text('Not found', 404);
    return c.body(new Uint8Array(file.data), 200, staticHeaders(file, 'public, max-age=31536000, immutable'));
  });

  // Top-level files of the build (favicon, robots.txt, manifest): briefly cached; build copies by Accept-Encoding.
  app.get('/:file{[A-Za-z0-9_.-]+\\.[A-Za-z0-9]+}', async (c, next) => {
    const name = c.req.param('file');
    if (name === 'index.html') return next();
    const file = await readStatic(distDir, name, c.req.header('Accept-Encoding'));
    if (!file) return next();
    return c.body(new Uint8Array(file.data), 200, staticHeaders(file, 'public, max-age=3600'));
  });

  const spa = async (c: Context) => {
    const slug = c.req.param('slug') ?? '';
    const page = await runtimeConfig(slug);
    if (!page) return c.text('Not found', 404);
    const { cfg, theme } = page;
    const hints = await routeHints(ctx.db, distDir, cfg, c.req.path.slice(slug.length + 1));
    const html = await renderIndex(
      distDir,
      cfg,
      `${themeHead(theme)}${hints}`,
      theme.input.favicon !== undefined,
    );
    if (html === null)
      return c.text(
        'The storefront has not been built yet: run `npm run build`, then reload this page.',
        503,
      );
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };
  app.get('/:slug{[a-z0-9][a-z0-9-]*}', spa);
  app.get('/:slug{[a-z0-9][a-z0-9-]*}/*', spa);

  app.notFound((c) => c.text('Not found', 404));
  return app;
}
