/**
 * The reference API server as a Hono app (exported for in-process tests with `app.request()`).
 * The API is mounted twice with the same handlers: `/api/` (no-store) and `/cached/api/` (GET only, public 60 s).
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type * as w from '../api/schemas';
import { registerCarts } from './carts';
import { registerCatalog } from './catalog';
import { compressResponses } from './compression';
import type { AppCtx, Env } from './context';
import type { Db } from './db';
import { coll } from './docs';
import { ApiError } from './errors';
import { registerImages } from './images';
import { registerOrders } from './orders';
import { routeHints } from './preload';
import * as t from './schema';
import { DEMO_SLUG } from './seed';
import { readStatic, renderIndex, staticHeaders } from './spa';

export interface AppOptions {
  db: Db;
  distDir?: string;
  paymentMode: 'sandbox';
  now?: () => number;
  production?: boolean;
  /** Allow `?inspect` (the Stately inspector). Default: outside production only. */
  inspect?: boolean;
  /** Log one line per request (method, path without query, status, duration). Off by default. */
  log?: boolean;
}

const API_PREFIX = '/api/';
const CACHED_PREFIX = '/cached/api/';

function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) return Response.json(err.toBody(), { status: err.status });
  // Log only the kind of failure: driver errors can carry query parameters (personal data).
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  console.error('[server] unhandled error', e?.name ?? 'Error', e?.code ?? e?.cause?.code ?? '');
  const body: w.ErrorBody = {
    _data: [
      {
        _code: 'internal_error',
        _context: null,
        _description: 'Sorry! Something unexpected happened.',
        _extra: null,
      },
    ],
  };
  return Response.json(body, { status: 500 });
}

function buildApi(ctx: AppCtx): Hono<Env> {
  const api = new Hono<Env>();
  api.onError((err) => errorResponse(err));

  api.use('*', async (c, next) => {
    const path = c.req.path;
    const isImage =
      c.req.method === 'GET' && (/\/image\/[^/]+$/.test(path) || /\/ticket_order\/[^/]+\/qrcode$/.test(path));
    if (!isImage && c.req.header('Tix-App') !== 'ecomm')
      throw new ApiError(400, 'missing_app_header', 'request', 'The Tix-App: ecomm header is required.');
    const sellerId = c.req.query('seller_id');
    const [seller] = sellerId
      ? await ctx.db.select().from(t.seller).where(eq(t.seller.id, sellerId)).limit(1)
      : [];
    if (!seller)
      throw new ApiError(
        400,
        'unknown_seller',
        'seller',
        'The seller_id query parameter is missing or unknown.',
      );
    c.set('seller', seller);
    await next();
  });

  registerCatalog(api, ctx);
  registerCarts(api, ctx);
  registerOrders(api, ctx);
  registerImages(api, ctx);

  if (!ctx.production) {
    api.get('/__outbox', async (c) => {
      const rows = await ctx.db
        .select()
        .from(t.outbox)
        .where(eq(t.outbox.sellerId, c.get('seller').id));
      rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      return c.json({
        outbox: coll(
          rows.map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            body: r.body,
            created_at: r.createdAt.toISOString(),
          })),
        ),
      });
    });
  }

  api.all('*', () => {
    throw new ApiError(404, 'not_found', 'route', 'No such API endpoint.');
  });
  return api;
}

export function createApp(options: AppOptions): Hono {
  const ctx: AppCtx = {
    db: options.db,
    now: options.now ?? Date.now,
    production: options.production ?? false,
  };
  const distDir = options.distDir ?? 'dist';
  const app = new Hono();
  app.onError((err) => errorResponse(err));

  if (options.log) {
    app.use('*', async (c, next) => {
      const start = performance.now();
      await next();
      // Path only: query strings may carry identifiers we prefer not to log.
      console.info(
        `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - start)}ms`,
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
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://m.stripe.network'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
      crossOriginResourcePolicy: 'same-origin',
    }),
  );

  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/cached/api/*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return errorResponse(
        new ApiError(
          405,
          'method_not_allowed',
          'request',
          'The cached API prefix accepts GET requests only.',
        ),
      );
    await next();
    // Carts (and the dev outbox) carry purchaser details: never cached publicly, whatever the prefix.
    const personal = /\/(my\/)?cart\/|\/__outbox$/.test(c.req.path);
    c.res.headers.set('Cache-Control', c.res.status === 200 && !personal ? 'public, max-age=60' : 'no-store');
  });

  const api = buildApi(ctx);
  app.route(API_PREFIX.slice(0, -1), api);
  app.route(CACHED_PREFIX.slice(0, -1), api);

  const runtimeConfig = async (slug: string): Promise<w.RuntimeConfig | null> => {
    const [seller] = await ctx.db.select().from(t.seller).where(eq(t.seller.slug, slug)).limit(1);
    if (!seller) return null;
    return {
      apiPrefix: API_PREFIX,
      cachedApiPrefix: CACHED_PREFIX,
      sellerId: seller.id,
      slug: seller.slug,
      sellerName: seller.name,
      currency: seller.currency,
      paymentMode: options.paymentMode,
      inspect: options.inspect ?? !ctx.production,
    };
  };

  app.get('/', (c) => c.redirect(`/${DEMO_SLUG}/`, 302));

  app.get('/__config', async (c) => {
    const cfg = await runtimeConfig(c.req.query('slug') ?? DEMO_SLUG);
    if (!cfg) return c.text('Unknown seller', 404);
    c.header('Cache-Control', 'no-store');
    return c.json(cfg);
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
    const cfg = await runtimeConfig(slug);
    if (!cfg) return c.text('Not found', 404);
    const hints = await routeHints(ctx.db, distDir, cfg, c.req.path.slice(slug.length + 1));
    const html = await renderIndex(distDir, cfg, hints);
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
