/**
 * Lazy chunks that survive a redeploy or a flaky network (spec 3 §8, §9: chunk load failures retry once with
 * cache busting after a 120 s timeout). A browser remembers a failed module fetch for the page's lifetime, so
 * asking for the same URL again fails again at once: the retry imports the chunk's URL with a cache-busting
 * query instead. When the retry fails too, the error reaches the routes' error boundary (a message and a
 * Reload button), never a blank page.
 */
import { type ComponentType, lazy } from 'react';
import { locale } from '../ui/strings';

/** Spec 3 §9: chunk load timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The module URL a failed dynamic import names (Chrome, Firefox and Safari each put it in the message). */
export const failedChunkUrl = (error: unknown): string | null =>
  /https?:\/\/[^\s'"?#]+?\.m?js(?=[\s'"?#]|$)/.exec(String((error as Error)?.message ?? error))?.[0] ?? null;

/** The load, or a rejection once `ms` pass without it. */
const timed = <T>(load: () => Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    load(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('chunk load timed out')), ms)),
  ]);

/**
 * Loads a chunk; on failure or after the timeout, once more: from its URL with a cache-busting query, or
 * (a timeout, an error that names no URL) through the factory again. Resolves once the chunk's translations
 * are there too (issue 26).
 */
export async function loadChunk<T>(
  factory: () => Promise<T>,
  importUrl: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
  ms = CHUNK_TIMEOUT_MS,
): Promise<T> {
  let module: T;
  try {
    module = await timed(factory, ms);
  } catch (error) {
    const url = failedChunkUrl(error);
    module = await timed(url ? () => importUrl(`${url}?retry=${Date.now()}`) as Promise<T> : factory, ms);
  }
  // For a visitor in another locale than English, the translations this chunk asked for (routes/app/locale.ts)
  // are there before it shows: no flash of English.
  await locale.ready;
  return module;
}

/** sessionStorage key: when this tab last reloaded itself for a chunk that would not load. */
export const CHUNK_RELOAD_KEY = 'tix:chunk-reload';
/** A second chunk failure within this time of the reload shows the notice instead of reloading again. */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

/**
 * A chunk failure the retry above cannot mend. After a redeploy the old build's chunk is gone, retry or not:
 * a new document loads the new build, whose chunks exist. And a browser that remembers a failed module URL
 * would fail a shared chunk again when a later chunk imports it by its plain URL (the layouts import the event
 * screen's chunk). So the routes' boundary reloads the page, once: a second chunk failure within
 * CHUNK_RELOAD_WINDOW_MS (the file is really missing) shows the notice with its Reload button. Returns whether
 * it reloaded.
 */
export function reloadOnceForChunk(
  error: unknown,
  reload: () => void = () => window.location.reload(),
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = typeof sessionStorage === 'undefined'
    ? null
    : sessionStorage,
  now: number = Date.now(),
): boolean {
  if (!storage || failedChunkUrl(error) === null) return false;
  try {
    const last = storage.getItem(CHUNK_RELOAD_KEY);
    if (last !== null && now - Number(last) < CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // storage refused: no way to tell a loop from a first failure
  }
  reload();
  return true;
}

/** `React.lazy` over `loadChunk`. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint (any props)
export const lazyChunk = <T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) =>
  lazy(() => loadChunk(factory));
