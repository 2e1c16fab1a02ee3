/**
 * The API under `/api/` (never cached) and `/cached/api/` (GET only; catalogue answers publicly cacheable,
 * personal data `private, no-store`): request guards (header, seller, body size, query bounds) and the
 * resource modules.
 */
import type { Hono } from 'hono';
import { Hono as HonoApp } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as w from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { registerAddressLookup } from '../address/routes';
import { registerCarts } from '../cart/routes';
import { registerImages } from '../catalog/images';
import { registerCatalog } from '../catalog/routes';
import { registerLedger } from '../ledger/routes';
import { type MailRuntime, registerOutbox } from '../mail/routes';
import { registerManage } from '../manage/routes';
import { type MembersOptions, registerMembers } from '../members/routes';
import { registerMemberships } from '../memberships/routes';
import type { SandboxGateway } from '../payments/gateway';
import { registerOrders } from '../payments/orders';
import { registerPayments } from '../payments/routes';
import { registerPromo } from '../promo/routes';
import { registerErrorReports } from '../reports/routes';
import type { AppCtx, Env } from './context';
import { ApiError, payloadTooLarge } from './errors';
import { checkQuery, MAX_BODY_BYTES } from './validate';

export const API_PREFIX = '/api/';
export const CACHED_PREFIX = '/cached/api/';

export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) return Response.json(err.toBody(), { status: err.status });
  // Log only the kind of failure: driver errors can carry query parameters (personal data).
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  console.error('[server] unhandled error', e?.name ?? 'Error', e?.code ?? e?.cause?.code ?? '');
  const body: w.ErrorBody = {
    _data: [
      {
        _code: ErrorCode.internal_error,
        _context: null,
        _description: 'Sorry! Something unexpected happened.',
        _extra: null,
      },
    ],
  };
  return Response.json(body, { status: 500 });
}

/** Catalogue resources: the same for every visitor, so publicly cacheable on the cached prefix. */
const PUBLIC_PATH = /^\/cached\/api\/(events\/|events$|config$|image\/|membership_rules$|promo_banner$)/;
/** Purchaser data: carts, orders and their QR codes, the dev outbox. */
const PERSONAL_PATH =
  /\/(my\/)?cart(\/|$)|\/ticket_order(\/|$)|\/__outbox$|\/__error_reports$|\/my\/|\/giftee$/;

/**
 * PGlite runs one query at a time in this process: requests are served first come, first served (a FIFO
 * gate), so none starves behind later ones under load (without it, 1 reserve in 60 waited over 10 s at 50
 * connections). PostgreSQL needs no gate.
 */
function fifoGate(db: unknown) {
  if ((db as { $client?: { constructor?: { name?: string } } }).$client?.constructor?.name !== 'PGlite')
    return null;
  let tail: Promise<void> = Promise.resolve();
  return async <T>(run: () => Promise<T>): Promise<T> => {
    const before = tail;
    let release = () => {};
    tail = new Promise<void>((r) => {
      release = r;
    });
    await before;
    try {
      return await run();
    } finally {
      release();
    }
  };
}

function buildApi(
  ctx: AppCtx,
  sandbox: SandboxGateway | null,
  members: MembersOptions,
  mail: MailRuntime,
): Hono<Env> {
  const api = new HonoApp<Env>();
  api.onError((err) => errorResponse(err));
  const gate = fifoGate(ctx.db);
  // Payments stay outside the gate: one may wait for another request's attempt in flight.
  if (gate) api.use('*', (c, next) => (c.req.path.endsWith('/pay') ? next() : gate(next)));
  // Hono's bodyLimit reads `c.req.raw.body`, which turns the node server's lightweight request into a full
  // Request (a few % of the CPU of every call): requests without a body and requests that declare their
  // length (checked here; server/http/validate.ts reads at most that) skip it; chunked bodies go through it.
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => errorResponse(payloadTooLarge(MAX_BODY_BYTES)),
  });
  api.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return limitBody(c, next);
    if (Number.parseInt(length || '0', 10) > MAX_BODY_BYTES)
      return errorResponse(payloadTooLarge(MAX_BODY_BYTES));
    return next();
  });

  api.use('*', async (c, next) => {
    const path = c.req.path;
    // Files a page links to (images, QR codes, calendar files, wallet passes) load without the header, and error reports
    // come by navigator.sendBeacon, which cannot send one.
    const linkable =
      (c.req.method === 'GET' &&
        (/\/image\/[^/]+$/.test(path) ||
          /\/ticket_order\/[^/]+\/(qrcode|calendar\.ics|wallet\.pkpass)$/.test(path))) ||
      (c.req.method === 'POST' && /\/error_report$/.test(path));
    if (!linkable && c.req.header('Tix-App') !== 'ecomm')
      throw new ApiError(
        400,
        ErrorCode.missing_app_header,
        'request',
        'The Tix-App: ecomm header is required.',
      );
    checkQuery(new URL(c.req.url).searchParams);
    const sellerId = c.req.query('seller_id');
    const seller = sellerId && sellerId.length <= 100 ? await ctx.cache.seller(ctx.db, sellerId) : undefined;
    if (!seller)
      throw new ApiError(
        400,
        ErrorCode.unknown_seller,
        'seller',
        'The seller_id query parameter is missing or unknown.',
      );
    c.set('seller', seller);
    await next();
  });

  registerCatalog(api, ctx);
  registerCarts(api, ctx);
  registerAddressLookup(api, ctx);
  registerPayments(api, ctx, sandbox);
  registerPromo(api, ctx);
  registerOrders(api, ctx);
  registerLedger(api, ctx);
  registerManage(api, ctx);
  registerImages(api, ctx);
  registerMembers(api, ctx, members);
  registerMemberships(api, ctx);
  registerErrorReports(api, ctx);

  registerOutbox(api, ctx, mail);

  api.all('*', () => {
    throw new ApiError(404, ErrorCode.not_found, 'route', 'No such API endpoint.');
  });
  return api;
}

interface Cached {
  at: number;
  status: number;
  type: string;
  body: ArrayBuffer;
}

/**
 * Mounts the API on the app. `publicCacheMs` > 0 keeps public catalogue answers of the cached prefix in memory
 * that long (they are declared `public, max-age=60` anyway); correctness never depends on it.
 */
export function mountApi(
  app: Hono,
  ctx: AppCtx,
  opts: { sandbox: SandboxGateway | null; publicCacheMs: number; members: MembersOptions; mail: MailRuntime },
) {
  const cache = new Map<string, Cached>();
  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', PERSONAL_PATH.test(c.req.path) ? 'private, no-store' : 'no-store');
  });
  app.use('/cached/api/*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return errorResponse(
        new ApiError(
          405,
          ErrorCode.method_not_allowed,
          'request',
          'The cached API prefix accepts GET requests only.',
        ),
      );
    // Seat maps change with every reserve: never publicly cached.
    const isPublic =
      PUBLIC_PATH.test(c.req.path) && !PERSONAL_PATH.test(c.req.path) && !c.req.path.endsWith('/seat_map');
    const key = `${c.req.url}|${c.req.header('Tix-App') ?? ''}`;
    if (isPublic && opts.publicCacheMs > 0) {
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < opts.publicCacheMs)
        return new Response(hit.body, {
          status: hit.status,
          headers: { 'Content-Type': hit.type, 'Cache-Control': 'public, max-age=60' },
        });
    }
    await next();
    const cacheable = isPublic && c.res.status === 200;
    c.res.headers.set('Cache-Control', cacheable ? 'public, max-age=60' : 'private, no-store');
    if (cacheable && opts.publicCacheMs > 0) {
      const copy = c.res.clone();
      const body = await copy.arrayBuffer();
      if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: Date.now(), status: 200, type: copy.headers.get('Content-Type') ?? '', body });
    }
  });
  const api = buildApi(ctx, opts.sandbox, opts.members, opts.mail);
  app.route(API_PREFIX.slice(0, -1), api);
  app.route(CACHED_PREFIX.slice(0, -1), api);
}
