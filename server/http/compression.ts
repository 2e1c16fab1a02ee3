/**
 * Content coding: choosing brotli, gzip or none from `Accept-Encoding` (RFC 9110 §12.5.3), and a middleware
 * that compresses buffered responses (API JSON, generated SVG images, index.html) on the fly. Static build
 * files are compressed at build time instead (vite.config.ts) and served by `server/http/spa.ts`.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Coding = 'br' | 'gzip';

/** Preference when the client weighs codings equally: brotli is smaller, gzip is universal. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip'];

/**
 * The coding to answer with among `available` (null = identity). Honours q-values, `*` and `q=0`; on equal
 * weights brotli wins over gzip. Identity is always acceptable here (we never answer 406).
 */
export function negotiate(
  header: string | undefined | null,
  available: readonly Coding[] = PREFERENCE,
): Coding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    // 'x-gzip' is gzip's old alias.
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const star = weights.get('*');
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds Accept-Encoding to a Vary header value. */
export function varyOnEncoding(current: string | null): string {
  if (!current) return 'Accept-Encoding';
  if (current.trim() === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** On-the-fly settings: brotli quality 5 is about as fast as gzip 6 and smaller; build files use quality 11. */
export function compressBuffer(data: Uint8Array, coding: Coding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        },
      })
    : gzipAsync(data, { level: 6 });
}

const COMPRESSIBLE =
  /^\s*(?:text\/[^;\s]+|application\/(?:json|javascript|xml|manifest\+json|[^;\s]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * Compresses compressible responses of at least `threshold` bytes with brotli or gzip as the request accepts,
 * and marks them `Vary: Accept-Encoding`. Skips HEAD, empty bodies, 204/206/304, responses that already have a
 * Content-Encoding (pre-compressed build files), and `Cache-Control: no-transform`. Bodies are buffered: the
 * server has no streaming responses.
 */
export function compressResponses(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method === 'HEAD' ||
      !res.body ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    res.headers.set('Vary', varyOnEncoding(res.headers.get('Vary')));
    const coding = negotiate(c.req.header('Accept-Encoding'));
    const length = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (!coding || length < threshold) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength < threshold) {
      c.res = new Response(body, res);
      return;
    }
    c.res = new Response(new Uint8Array(await compressBuffer(body, coding)), res);
    // Hono copies the previous response's headers onto the new one: fix up the ones that changed.
    c.res.headers.set('Content-Encoding', coding);
    c.res.headers.delete('Content-Length');
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
