/**
 * The seller's locales (issue 26): config row `locales` read into the runtime configuration (only well-formed
 * tags, the default always offered; no row or an unreadable one: nothing, an English storefront), and the test
 * sellers' route that sets it as a seller would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { readLocales } from '../../server/catalog/locales';
import { createDb, type DbHandle } from '../../server/db';
import { seed } from '../../server/seed/demo';
import { START } from './helpers';

let handle: DbHandle;
const now = () => START;

beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await seed(handle.db, { now });
});
afterAll(async () => {
  await handle.close();
});

describe('readLocales', () => {
  it('keeps well-formed tags in the seller’s order, canonical, once each, the default among them', () => {
    expect(readLocales({ default: 'en', offered: ['en', 'es'] })).toEqual({
      default: 'en',
      offered: ['en', 'es'],
    });
    expect(readLocales({ default: 'es', offered: ['en', 'ES-mx', 'es-MX', 'not a tag'] })).toEqual({
      default: 'es',
      offered: ['es', 'en', 'es-MX'],
    });
  });

  it('answers nothing for a missing or unreadable row', () => {
    for (const value of [
      undefined,
      null,
      'en',
      { default: 'en' },
      { default: '!!', offered: ['en'] },
      { default: 'en', offered: [] },
    ])
      expect(readLocales(value)).toBeUndefined();
    expect(
      readLocales({ default: 'en', offered: Array.from({ length: 21 }, (_, i) => `en-${i}`) }),
    ).toBeUndefined();
  });
});

describe('the runtime configuration carries the seller’s locales', () => {
  it('none as seeded; PUT sets them as a seller would, DELETE removes them', async () => {
    const app = createApp({ db: handle.db, now, testSellers: true });
    expect(
      (await app.request('/__test/sellers', { method: 'POST', body: JSON.stringify({ slug: 'w5-lang' }) }))
        .status,
    ).toBe(200);
    const config = async () =>
      (await (await app.request('/__config?slug=w5-lang')).json()) as { locales?: unknown };
    expect((await config()).locales).toBeUndefined();
    const put = (body: string) => app.request('/__test/sellers/w5-lang/locales', { method: 'PUT', body });
    expect((await put('{oops')).status).toBe(400);
    expect((await put(JSON.stringify({ default: 'en' }))).status).toBe(400);
    expect((await put(JSON.stringify({ default: 'en', offered: ['x'.repeat(2000)] }))).status).toBe(413);
    expect((await app.request('/__test/sellers/w9-none/locales', { method: 'PUT', body: '{}' })).status).toBe(
      404,
    );
    expect((await put(JSON.stringify({ default: 'en', offered: ['en', 'es'] }))).status).toBe(200);
    expect((await config()).locales).toEqual({ default: 'en', offered: ['en', 'es'] });
    // Only that seller's: the demo seller has none.
    expect(
      ((await (await app.request('/__config?slug=demo-museum')).json()) as { locales?: unknown }).locales,
    ).toBeUndefined();
    expect((await app.request('/__test/sellers/w5-lang/locales', { method: 'DELETE' })).status).toBe(200);
    expect((await config()).locales).toBeUndefined();
  });
});

describe('the page before the storefront starts', () => {
  it('says the seller’s default locale in <html lang>', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { renderIndex } = await import('../../server/http/spa');
    const dir = await mkdtemp(join(tmpdir(), 'tix-lang-'));
    try {
      await writeFile(
        join(dir, 'index.html'),
        '<!doctype html>\n<html lang="en">\n<head></head><body></body></html>',
      );
      const cfg = {
        apiPrefix: '/api/',
        cachedApiPrefix: '/cached/api/',
        sellerId: 's',
        slug: 's',
        sellerName: 'S',
        currency: 'EUR',
        paymentMode: 'sandbox',
        inspect: false,
      } as const;
      expect(await renderIndex(dir, cfg)).toContain('<html lang="en">');
      const spanish = await renderIndex(dir, { ...cfg, locales: { default: 'es', offered: ['es', 'en'] } });
      expect(spanish).toContain('<html lang="es">');
      expect(spanish).not.toContain('<html lang="en">');
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
