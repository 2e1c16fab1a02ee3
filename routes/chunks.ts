/**
 * Lazy chunks that survive a redeploy or a flaky network (spec 3 §8, §9: chunk load failures retry once with
 * cache busting after a 120 s timeout). A browser remembers a failed module fetch for the page's lifetime, so
 * asking for the same URL again fails again at once: the retry imports the chunk's URL with a cache-busting
 * query instead. When the retry fails too, the error reaches the route's error boundary (a message and a
 * Reload button), never a blank page.
 */
import { type ComponentType, lazy } from 'react';

/** Spec 3 §9: chunk load timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk that did not load (after its retry): the error boundary says so. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export interface ChunkLoaderDeps {
  /** Imports a module by URL (the cache-busted retry); the browser's dynamic import by default. */
  importUrl: (url: string) => Promise<unknown>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  now: () => number;
}

const browserDeps: ChunkLoaderDeps = {
  importUrl: (url) => import(/* @vite-ignore */ url),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** The module URL a failed dynamic import names (Chrome, Firefox and Safari each put it in the message). */
export function failedChunkUrl(error: unknown): string | null {
  const text = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s'"]+?\.m?js)(?:[?#][^\s'"]*)?(?=$|[\s'"])/.exec(text);
  return match?.[1] ?? null;
}

/** The URL with a cache-busting query (an existing query kept). */
export const cacheBusted = (url: string, stamp: number): string =>
  `${url}${url.includes('?') ? '&' : '?'}retry=${stamp}`;

function withTimeout<T>(load: () => Promise<T>, deps: ChunkLoaderDeps, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = deps.setTimer(() => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`)), ms);
    load().then(
      (value) => {
        deps.clearTimer(timer);
        resolve(value);
      },
      (error: unknown) => {
        deps.clearTimer(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads a chunk; on failure or after the timeout, once more from its URL with a cache-busting query. Without a
 * URL to retry (a timeout, or an error that names none) the factory is asked once more.
 */
export async function loadChunk<T>(
  factory: () => Promise<T>,
  deps: ChunkLoaderDeps = browserDeps,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<T> {
  try {
    return await withTimeout(factory, deps, timeoutMs);
  } catch (error) {
    const url = failedChunkUrl(error);
    const retry = url ? () => deps.importUrl(cacheBusted(url, deps.now())) as Promise<T> : factory;
    try {
      return await withTimeout(retry, deps, timeoutMs);
    } catch (again) {
      throw new ChunkLoadError(again instanceof Error ? again.message : String(again));
    }
  }
}

/** `React.lazy` over `loadChunk`. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint (any props)
export const lazyChunk = <T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) =>
  lazy(() => loadChunk(factory));
