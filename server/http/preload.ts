/**
 * Hints injected into index.html for the route being served, so the browser starts the slow fetches while it
 * is still parsing the page instead of after the app has rendered:
 * - the route's largest image (the LCP element): the first card image of the listing, the cover of an event
 *   (`<link rel="preload" as="image" fetchpriority="high">`), at the exact URL the storefront will ask for;
 * - the route's lazily loaded screen module and its static imports (`<link rel="modulepreload">`), from Vite's
 *   build manifest.
 * Whatever cannot be found (unknown event, no image, no manifest) simply gets no hint.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RuntimeConfig } from '../../api/schemas';
import type { Db } from '../db';
import * as t from '../schema';

/**
 * Image sizes and URL as the storefront builds them (api/join.ts `IMAGE_SIZES`, `imageUrl`): a preload only
 * helps when its URL is byte for byte the one the page requests. tests/server/preload.test.ts keeps them equal.
 */
export const HINT_IMAGE_SIZES = {
  card: { width: 272, height: 216 },
  cover: { width: 1500, height: 600 },
} as const;

export function hintImageUrl(
  cfg: Pick<RuntimeConfig, 'apiPrefix' | 'sellerId'>,
  imageId: string,
  kind: keyof typeof HINT_IMAGE_SIZES,
): string {
  const { width, height } = HINT_IMAGE_SIZES[kind];
  const query = `sizex=${width}&sizey=${height}&shrinkonly=true&seller_id=${encodeURIComponent(cfg.sellerId)}`;
  return `${cfg.apiPrefix}image/${encodeURIComponent(imageId)}?${query}`;
}

/** The hidden types the event detail asks for (api/join.ts `PUBLIC_HIDDEN_TYPES`). */
const DETAIL_HIDDEN_TYPES = ['public_browsable', 'public_link_only', 'public_member_only'];

/** Screen modules (build manifest keys) per route, as lazily loaded by routes/App.tsx. */
export const SCREENS = {
  listing: 'routes/events/EventsScreen.tsx',
  event: 'routes/event/EventScreen.tsx',
  checkout: 'routes/checkout/CheckoutScreen.tsx',
  complete: 'routes/complete/CompleteScreen.tsx',
} as const;

/**
 * The shell's slot (members banner, back button, content blocks: routes/App.tsx shows it with the route's screen,
 * in the same Suspense), hinted beside every screen so the screen never waits for it.
 */
export const SHELL_SLOT = 'routes/app/ShellSlot.tsx';

type Route = { screen: keyof typeof SCREENS; eventId?: string };

/** Which screen a path below the seller slug shows ('' and '/' redirect to the listing). */
export function matchRoute(path: string): Route | null {
  const p = path.replace(/\/+$/, '');
  if (p === '' || p === '/events') return { screen: 'listing' };
  const event = /^\/events\/([^/]+)(?:\/[^/]+)?$/.exec(p);
  if (event?.[1]) {
    try {
      return { screen: 'event', eventId: decodeURIComponent(event[1]) };
    } catch {
      return null;
    }
  }
  if (p === '/checkout/complete') return { screen: 'complete' };
  if (/^\/checkout(?:\/[^/]+)?$/.test(p)) return { screen: 'checkout' };
  return null;
}

async function metaOf(db: Db, eventId: string): Promise<Record<string, string>> {
  const rows = await db
    .select()
    .from(t.meta)
    .where(
      and(
        eq(t.meta.resource, 'event_template'),
        eq(t.meta.resourceId, eventId),
        inArray(t.meta.key, ['image_profile', 'image_cover']),
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The URL of the route's largest image, or null. */
export async function lcpImage(db: Db, cfg: RuntimeConfig, route: Route): Promise<string | null> {
  if (route.screen === 'listing') {
    // The listing's first card: public_browsable events by rank, then name (server/catalog/routes.ts events/available).
    const [first] = await db
      .select({ id: t.eventTemplate.id })
      .from(t.eventTemplate)
      .where(
        and(eq(t.eventTemplate.sellerId, cfg.sellerId), eq(t.eventTemplate.hiddenType, 'public_browsable')),
      )
      .orderBy(asc(t.eventTemplate.rank), asc(t.eventTemplate.name))
      .limit(1);
    if (!first) return null;
    const meta = await metaOf(db, first.id);
    return meta.image_profile ? hintImageUrl(cfg, meta.image_profile, 'card') : null;
  }
  if (route.screen === 'event' && route.eventId) {
    const [event] = await db
      .select({ id: t.eventTemplate.id })
      .from(t.eventTemplate)
      .where(
        and(
          eq(t.eventTemplate.id, route.eventId),
          eq(t.eventTemplate.sellerId, cfg.sellerId),
          inArray(t.eventTemplate.hiddenType, DETAIL_HIDDEN_TYPES),
        ),
      )
      .limit(1);
    if (!event) return null;
    // The detail shows the cover, or the card image when the event has no cover (routes/event/EventScreen).
    const meta = await metaOf(db, event.id);
    if (meta.image_cover) return hintImageUrl(cfg, meta.image_cover, 'cover');
    return meta.image_profile ? hintImageUrl(cfg, meta.image_profile, 'card') : null;
  }
  return null;
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
const manifests = new Map<string, { mtimeMs: number; manifest: Manifest }>();

async function readManifest(distDir: string): Promise<Manifest | null> {
  const path = join(resolve(distDir), '.vite', 'manifest.json');
  try {
    const { mtimeMs } = await stat(path);
    const cached = manifests.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.manifest;
    const manifest = JSON.parse(await readFile(path, 'utf8')) as Manifest;
    manifests.set(path, { mtimeMs, manifest });
    return manifest;
  } catch {
    return null;
  }
}

/** The screen's chunk and its static imports, minus what index.html already loads (the entry's closure). */
export function screenModules(manifest: Manifest, key: string): string[] {
  const closure = (start: string, into: Set<string>) => {
    const visit = (k: string) => {
      if (into.has(k) || !manifest[k]) return;
      into.add(k);
      for (const dep of manifest[k].imports ?? []) visit(dep);
    };
    visit(start);
    return into;
  };
  const entry = new Set<string>();
  for (const [k, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(k, entry);
  return [...closure(key, new Set())]
    .filter((k) => !entry.has(k) && manifest[k]?.file.endsWith('.js'))
    .map((k) => `/${manifest[k]?.file}`);
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<link>` tags for a path below the seller slug ('' when there is nothing to hint). */
export async function routeHints(db: Db, distDir: string, cfg: RuntimeConfig, path: string): Promise<string> {
  const route = matchRoute(path);
  if (!route) return '';
  const [image, manifest] = await Promise.all([lcpImage(db, cfg, route), readManifest(distDir)]);
  const tags: string[] = [];
  if (image) tags.push(`<link rel="preload" as="image" fetchpriority="high" href="${attr(image)}">`);
  if (manifest) {
    const files = new Set([
      ...screenModules(manifest, SCREENS[route.screen]),
      ...screenModules(manifest, SHELL_SLOT),
    ]);
    for (const file of files) tags.push(`<link rel="modulepreload" crossorigin href="${attr(file)}">`);
  }
  return tags.join('');
}
