/**
 * The seller's theme reaches its pages (issue 26): the style and favicon in index.html, the logo, its link and
 * the footer in the runtime configuration; configuring a theme corrects or refuses it; the build's favicon is
 * served at /favicon.ico.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { runtimeConfig } from '../../api/schemas';
import * as t from '../../server/schema';
import { DEMO_THEME } from '../../server/seed/theme';
import { configureTheme } from '../../server/theme/config';
import { SELLER, startTestServer, type TestServer } from './helpers';

let s: TestServer;
let dist: string;
const ICO = Buffer.from([0, 0, 1, 0, 1, 0]);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tix-dist-theme-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Store</title><link rel="icon" href="/favicon.ico" sizes="32x32"><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'favicon.ico'), ICO);
  s = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await s.handle.close();
});

async function page() {
  const r = await s.app.request('/demo-museum/events');
  expect(r.status).toBe(200);
  const html = await r.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const json = /<script id="tix-config" type="application\/json">(.*?)<\/script>/.exec(head)?.[1] ?? '{}';
  return { head, config: z.parse(runtimeConfig, JSON.parse(json)) };
}

describe('the theme in the page', () => {
  it("puts the demo seller's colours, fonts and radius into the page, light and dark for the visitor's choice", async () => {
    const { head } = await page();
    const style = /<style id="tix-theme">(.*?)<\/style>/.exec(head)?.[1] ?? '';
    expect(style).toMatch(/^:root\{[^}]*--tix-color-primary:#8a1c2b[^}]*--tix-color-bg:#fbf8f2/);
    expect(style).toContain('--tix-font-heading:Georgia, "Times New Roman", serif');
    expect(style).toContain('--tix-radius:2px');
    expect(style).toMatch(/@media \(prefers-color-scheme: dark\)\{:root\{[^}]*color-scheme:dark/);
  });

  it("links the seller's favicon in place of the build's, and carries the logo, its alt text and the footer", async () => {
    const { head, config } = await page();
    expect(head).toContain(`<link rel="icon" href="${DEMO_THEME.favicon}">`);
    expect(head).not.toContain('href="/favicon.ico"');
    expect(config.theme).toEqual({ logo: DEMO_THEME.logo, footer: DEMO_THEME.footer });
  });

  it('external_urls.logo makes the logo link to the seller’s own site; a theme with no favicon keeps the build’s', async () => {
    await s.handle.db.insert(t.config).values({
      id: 'test-external-urls',
      resource: 'seller',
      resourceId: SELLER,
      key: 'external_urls',
      value: { logo: 'https://museum.example/', membership: 'javascript:alert(1)' },
    });
    const { favicon: _, ...noFavicon } = DEMO_THEME;
    await configureTheme(s.handle.db, SELLER, noFavicon);
    try {
      const { head, config } = await page();
      expect(config.theme?.logoHref).toBe('https://museum.example/');
      expect(head).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    } finally {
      await s.handle.db.delete(t.config).where(eq(t.config.id, 'test-external-urls'));
      await configureTheme(s.handle.db, SELLER, DEMO_THEME);
    }
  });

  it('a theme row that is not a theme (written past configureTheme) reads as the default look', async () => {
    const where = and(eq(t.config.resourceId, SELLER), eq(t.config.key, 'theme'));
    await s.handle.db
      .update(t.config)
      .set({ value: { colors: { primary: 'red' } } })
      .where(where);
    try {
      const { head, config } = await page();
      expect(head).toContain('--tix-color-primary:#1d4ed8');
      expect(config.theme).toBeUndefined();
    } finally {
      await configureTheme(s.handle.db, SELLER, DEMO_THEME);
    }
  });
});

describe('configuring a theme', () => {
  it('corrects colours that fail AA and says so', async () => {
    const answer = await configureTheme(s.handle.db, SELLER, { colors: { primary: '#ffee58' } });
    try {
      expect(answer.corrections.join('\n')).toMatch(
        /^light primary: #ffee58 changed to #[0-9a-f]{6} to reach 4\.5:1/m,
      );
      // Light corrected; on the dark palette the yellow reads as it is.
      const { head } = await page();
      const [light, dark] = head.split('@media (prefers-color-scheme: dark)');
      expect(light).not.toContain('--tix-color-primary:#ffee58');
      expect(dark).toContain('--tix-color-primary:#ffee58');
    } finally {
      await configureTheme(s.handle.db, SELLER, DEMO_THEME);
    }
  });

  it('refuses what is not a theme, or a palette no text reads on, with the reason; the stored theme stays', async () => {
    await expect(configureTheme(s.handle.db, SELLER, { colors: { primary: 'red' } })).rejects.toMatchObject({
      status: 400,
      context: 'theme',
      description: expect.stringContaining('colors.primary: must be a hex colour'),
    });
    await expect(
      configureTheme(s.handle.db, SELLER, {
        tier: 3,
        colors: { primary: '#000000', surface: '#008a29', background: '#111418' },
        themeMode: 'dark',
      }),
    ).rejects.toMatchObject({ status: 400, description: expect.stringMatching(/cannot be read together/) });
    expect((await page()).head).toContain('--tix-color-primary:#8a1c2b');
  });
});

describe('the favicon', () => {
  it('/favicon.ico is the build’s icon', async () => {
    const r = await s.app.request('/favicon.ico');
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('image/x-icon');
    expect(Buffer.from(await r.arrayBuffer())).toEqual(ICO);
  });
});
