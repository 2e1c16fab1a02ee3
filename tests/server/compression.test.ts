import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../api/schemas';
import { negotiate, varyOnEncoding } from '../../server/http/compression';
import { SELLER, startTestServer, type TestServer } from './helpers';

let s: TestServer;
let dist: string;

// A fake built asset (comfortably over the 1 KB threshold) with the build's brotli and gzip copies beside it.
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const STYLE = `.a{color:red}\n`.repeat(100);
const BR_MARK = Buffer.from('br copy');

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tix-dist-enc-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>Store</title></head><body><div id="root"></div>${'<p>filler</p>'.repeat(100)}</body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  // Only a gzip copy: brotli-capable clients get gzip.
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), STYLE);
  writeFileSync(join(dist, 'assets', 'index-abc123.css.gz'), gzipSync(STYLE));
  // A small file the build did not compress.
  writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export const a = 1;\n');
  // A top-level build file with copies (their content tells which file was sent).
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dist, 'robots.txt.br'), BR_MARK);
  s = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await s.handle.close();
});

const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  s.app.request(path, {
    headers: { ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }), ...headers },
  });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

describe('negotiate', () => {
  it('prefers brotli, then gzip, else identity, and honours q-values, * and q=0', () => {
    expect(negotiate('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiate('gzip, deflate')).toBe('gzip');
    expect(negotiate('deflate')).toBeNull();
    expect(negotiate('identity')).toBeNull();
    expect(negotiate('')).toBeNull();
    expect(negotiate(undefined)).toBeNull();
    expect(negotiate('br;q=0, gzip')).toBe('gzip');
    expect(negotiate('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiate('BR;Q=1, GZIP')).toBe('br');
    expect(negotiate('*')).toBe('br');
    expect(negotiate('*;q=0.3, br;q=0')).toBe('gzip');
    expect(negotiate('x-gzip')).toBe('gzip');
    expect(negotiate('gzip;q=0, br;q=0')).toBeNull();
    expect(negotiate('br, gzip', ['gzip'])).toBe('gzip');
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnEncoding(null)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });
});

describe('static build files', () => {
  it('serves the brotli copy to a browser that accepts it, with type, coding, Vary and long caching', async () => {
    const r = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Encoding')).toBe('br');
    expect(r.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(r.headers.get('Vary')).toBe('Accept-Encoding');
    expect(r.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(r);
    expect(body.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('serves the gzip copy when brotli is not accepted', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'br;q=0.1, gzip;q=0.9']) {
      const r = await get('/assets/index-abc123.js', accept);
      expect(r.headers.get('Content-Encoding'), accept).toBe('gzip');
      expect(r.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
      expect(gunzipSync(await bytes(r)).toString()).toBe(SCRIPT);
    }
  });

  it('serves the file as-is without Accept-Encoding or when no copy is acceptable, still with Vary', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const r = await get('/assets/index-abc123.js', accept);
      expect(r.status).toBe(200);
      expect(r.headers.get('Content-Encoding'), String(accept)).toBeNull();
      expect(r.headers.get('Vary')).toBe('Accept-Encoding');
      expect(r.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
      expect((await bytes(r)).toString()).toBe(SCRIPT);
    }
  });

  it('falls back to the copy that exists (gzip only) and to the plain file when none does', async () => {
    const css = await get('/assets/index-abc123.css', 'gzip, deflate, br');
    expect(css.headers.get('Content-Encoding')).toBe('gzip');
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    expect(gunzipSync(await bytes(css)).toString()).toBe(STYLE);

    const tiny = await get('/assets/tiny-abc123.js', 'gzip, deflate, br');
    expect(tiny.status).toBe(200);
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(await tiny.text()).toBe('export const a = 1;\n');
  });

  it('answers 404 for missing files whatever the coding, and never leaves the build folder', async () => {
    for (const accept of [undefined, 'gzip, deflate, br']) {
      expect((await get('/assets/missing-abc123.js', accept)).status).toBe(404);
      expect((await get('/assets/..%2f..%2fetc%2fpasswd', accept)).status).toBe(404);
      expect((await get('/assets/%2e%2e/index.html', accept)).status).toBe(404);
    }
  });

  it('negotiates top-level build files the same way', async () => {
    const br = await get('/robots.txt', 'gzip, br');
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(await bytes(br)).toEqual(BR_MARK);
    const plain = await get('/robots.txt', 'gzip');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe('User-agent: *\n');
  });
});

describe('index.html', () => {
  it('is compressed on the fly with the runtime configuration injected', async () => {
    const br = await get('/demo-museum/events', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(br.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const html = brotliDecompressSync(await bytes(br)).toString();
    expect(html).toContain('<script id="tix-config" type="application/json">');

    const gz = await get('/demo-museum/events', 'gzip');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(html);

    const plain = await get('/demo-museum/events');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });
});

describe('API responses', () => {
  const listing = `events/available?seller_id=${SELLER}&_embed=meta,config,venue,ticket_type,ticket_group`;
  const api = { 'Tix-App': 'ecomm' };

  it('compresses JSON with brotli or gzip as asked, keeping type and caching', async () => {
    const plain = await get(`/api/${listing}`, undefined, api);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    document.parse(JSON.parse(text));

    const br = await get(`/api/${listing}`, 'gzip, deflate, br', api);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(br.headers.get('Cache-Control')).toBe('no-store');
    expect(br.headers.get('Content-Length')).toBeNull();
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(text.length / 2);
    expect(brotliDecompressSync(brBody).toString()).toBe(text);

    const gz = await get(`/cached/api/${listing}`, 'gzip', api);
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(text);
  });

  it('leaves small bodies alone and compresses error bodies like any other', async () => {
    const small = await get(`/api/nope?seller_id=${SELLER}`, 'gzip, br', api);
    expect(small.status).toBe(404);
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect((await small.json())._data[0]._code).toBe('not_found');
  });

  it('compresses generated SVG images', async () => {
    const ev = await s.json('GET', 'events/available', { query: { _embed: 'meta' } });
    const imageId = ev.body.meta._data.find((m: { key: string }) => m.key === 'image_cover')?.value;
    expect(imageId).toBeTruthy();
    const path = `/api/image/${imageId}?sizex=1500&sizey=600&seller_id=${SELLER}`;
    const plain = await (await get(path)).text();
    const r = await get(path, 'br');
    expect(r.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    if (plain.length >= 1024) {
      expect(r.headers.get('Content-Encoding')).toBe('br');
      expect(brotliDecompressSync(await bytes(r)).toString()).toBe(plain);
    } else expect(r.headers.get('Content-Encoding')).toBeNull();
  });

  it('does not compress HEAD responses', async () => {
    const r = await s.app.request(`/api/${listing}`, {
      method: 'HEAD',
      headers: { ...api, 'Accept-Encoding': 'br' },
    });
    expect(r.headers.get('Content-Encoding')).toBeNull();
  });
});
