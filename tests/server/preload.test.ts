import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../api';
import { IMAGE_SIZES, imageUrl } from '../../api/join-summary';
import { runtimeConfig } from '../../api/schemas';
import {
  HINT_IMAGE_SIZES,
  hintImageUrl,
  matchRoute,
  SCREENS,
  screenModules,
} from '../../server/http/preload';
import { GA, LECTURE, startTestServer, type TestServer } from './helpers';

let s: TestServer;
let dist: string;

// A build manifest shaped like Vite's: the entry with a shared chunk, lazy screens with their own imports.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_jsx-2.js'] },
  '_jsx-2.js': { file: 'assets/jsx-2.js' },
  '_cart-3.js': { file: 'assets/cart-3.js', imports: ['_jsx-2.js', 'index.html'] },
  'routes/events/EventsScreen.tsx': {
    file: 'assets/EventsScreen-4.js',
    imports: ['_jsx-2.js', 'index.html', '_cart-3.js'],
  },
  'routes/event/EventScreen.tsx': {
    file: 'assets/EventScreen-5.js',
    imports: ['_cart-3.js', '_jsx-2.js', 'index.html'],
  },
  'routes/checkout/CheckoutScreen.tsx': { file: 'assets/CheckoutScreen-6.js', imports: ['index.html'] },
  'routes/app/ShellSlot.tsx': { file: 'assets/ShellSlot-7.js', imports: ['index.html', '_cart-3.js'] },
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tix-dist-hints-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Store</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  s = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await s.handle.close();
});

async function page(path: string) {
  const r = await s.app.request(path);
  expect(r.status).toBe(200);
  const html = await r.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (v: string) => v.replace(/&amp;/g, '&');
  return {
    head,
    images: [...head.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map(
      (m) => attr(m[1] ?? ''),
    ),
    modules: [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
  };
}

/** The storefront's own API client, answered in-process by the server. */
async function storefrontApi() {
  const cfg = runtimeConfig.parse(await (await s.app.request('/__config')).json());
  return createApi(cfg, { fetch: (input, init) => Promise.resolve(s.app.request(String(input), init)) });
}

describe('image hints use the storefront URLs', () => {
  it('builds image URLs exactly as api/join does', () => {
    const cfg = { apiPrefix: '/api/', sellerId: 'seller 1' };
    expect(HINT_IMAGE_SIZES.card).toEqual(IMAGE_SIZES.card);
    expect(HINT_IMAGE_SIZES.cover).toEqual(IMAGE_SIZES.cover);
    for (const kind of ['card', 'cover'] as const) {
      const { width, height } = IMAGE_SIZES[kind];
      expect(hintImageUrl(cfg, 'img/1', kind)).toBe(
        imageUrl({ ...cfg, cachedApiPrefix: '/cached/api/' }, 'img/1', width, height),
      );
    }
  });

  it('preloads the listing’s first card image, the one the listing renders first', async () => {
    const api = await storefrontApi();
    const events = await api.events.listAvailable({});
    const first = events[0]?.image?.src;
    expect(first).toBeTruthy();
    for (const path of ['/demo-museum/events', '/demo-museum/events/', '/demo-museum/', '/demo-museum']) {
      expect((await page(path)).images, path).toEqual([first]);
    }
  });

  it('preloads the cover of an event detail, at the URL the detail renders', async () => {
    const api = await storefrontApi();
    for (const id of [GA, LECTURE]) {
      const event = await api.events.get(id);
      const shown = (event.cover ?? event.image)?.src;
      expect(shown).toBeTruthy();
      expect((await page(`/demo-museum/events/${id}`)).images).toEqual([shown]);
      expect((await page(`/demo-museum/events/${id}/reserve?date=2026-11-22`)).images).toEqual([shown]);
    }
  });

  it('gives no image hint for unknown events and pages without a large image', async () => {
    expect((await page('/demo-museum/events/no-such-event')).images).toEqual([]);
    expect((await page('/demo-museum/checkout')).images).toEqual([]);
    expect((await page('/demo-museum/somewhere/else')).images).toEqual([]);
  });

  it('keeps the runtime configuration last in the head', async () => {
    const { head } = await page('/demo-museum/events');
    expect(head).toMatch(/<script id="tix-config" type="application\/json">[^<]*<\/script>$/);
  });
});

describe('screen module hints', () => {
  it('lists the lazy screen and its imports, not what the entry already loads', () => {
    expect(screenModules(MANIFEST, 'routes/events/EventsScreen.tsx')).toEqual([
      '/assets/EventsScreen-4.js',
      '/assets/cart-3.js',
    ]);
    expect(screenModules(MANIFEST, 'routes/missing/Missing.tsx')).toEqual([]);
  });

  it('preloads the module of the screen the path shows', async () => {
    // With the shell's slot (routes/App.tsx shows it with the screen), each file once.
    expect((await page('/demo-museum/events')).modules).toEqual([
      '/assets/EventsScreen-4.js',
      '/assets/cart-3.js',
      '/assets/ShellSlot-7.js',
    ]);
    expect((await page(`/demo-museum/events/${GA}`)).modules).toEqual([
      '/assets/EventScreen-5.js',
      '/assets/cart-3.js',
      '/assets/ShellSlot-7.js',
    ]);
    expect((await page('/demo-museum/checkout')).modules).toEqual([
      '/assets/CheckoutScreen-6.js',
      '/assets/ShellSlot-7.js',
      '/assets/cart-3.js',
    ]);
    expect((await page('/demo-museum/checkout/complete')).modules).toEqual([
      '/assets/ShellSlot-7.js',
      '/assets/cart-3.js',
    ]);
    expect((await page('/demo-museum/not-a-page')).modules).toEqual([]);
  });

  it('matches routes the way the route table does', () => {
    expect(matchRoute('')).toEqual({ screen: 'listing' });
    expect(matchRoute('/')).toEqual({ screen: 'listing' });
    expect(matchRoute('/events/')).toEqual({ screen: 'listing' });
    expect(matchRoute('/events/abc')).toEqual({ screen: 'event', eventId: 'abc' });
    expect(matchRoute('/events/a%20b/reserve')).toEqual({ screen: 'event', eventId: 'a b' });
    expect(matchRoute('/events/%E0%A4%A')).toBeNull();
    expect(matchRoute('/checkout')).toEqual({ screen: 'checkout' });
    expect(matchRoute('/checkout/cart-1')).toEqual({ screen: 'checkout' });
    expect(matchRoute('/checkout/complete')).toEqual({ screen: 'complete' });
    expect(matchRoute('/account')).toBeNull();
  });
});

describe('screen modules named for preloading', () => {
  it('are the files routes/App.tsx loads lazily (a renamed screen fails here, not silently)', () => {
    const root = join(__dirname, '../..');
    const app = readFileSync(join(root, 'routes/App.tsx'), 'utf8');
    for (const file of Object.values(SCREENS)) {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(app).toContain(`import('./${file.replace(/^routes\//, '').replace(/\.tsx$/, '')}')`);
    }
  });
});
