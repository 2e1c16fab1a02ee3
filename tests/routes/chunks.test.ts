/**
 * Lazy chunks after a redeploy (spec 3 §8, §9): a failed chunk is imported once more from its URL with a
 * cache-busting query (the browser remembers the failed URL), a chunk that hangs is given up after 120 s and
 * retried, and a second failure is a ChunkLoadError for the route's error boundary.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  CHUNK_TIMEOUT_MS,
  failedChunkUrl,
  loadChunk,
  reloadOnceForChunk,
} from '../../routes/chunks';

const URL_A = 'http://localhost:8080/assets/EventScreen-Ab12.js';
const chrome = new TypeError(`Failed to fetch dynamically imported module: ${URL_A}`);
const firefox = new TypeError(`error loading dynamically imported module: ${URL_A}`);
const safari = new TypeError(`Importing a module script failed. ${URL_A}?x=1`);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1234);
});
afterEach(() => vi.useRealTimers());

describe('failedChunkUrl', () => {
  it("reads the chunk's URL from each browser's message", () => {
    expect(failedChunkUrl(chrome)).toBe(URL_A);
    expect(failedChunkUrl(firefox)).toBe(URL_A);
    expect(failedChunkUrl(safari)).toBe(URL_A);
    expect(failedChunkUrl(new Error('something else'))).toBeNull();
  });
});

describe('loadChunk', () => {
  it('a chunk that loads is used as it is, with no retry', async () => {
    const importUrl = vi.fn();
    await expect(loadChunk(async () => ({ default: 'screen' }), importUrl)).resolves.toEqual({
      default: 'screen',
    });
    expect(importUrl).not.toHaveBeenCalled();
  });

  it('a failed chunk is imported again from its cache-busted URL, and that module is used', async () => {
    const importUrl = vi.fn(async () => ({ default: 'fresh screen' }));
    const factory = vi.fn(async () => {
      throw chrome;
    });
    await expect(loadChunk(factory, importUrl)).resolves.toEqual({ default: 'fresh screen' });
    expect(importUrl).toHaveBeenCalledWith(`${URL_A}?retry=1234`);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('a second failure reaches the caller (once: no retry loop)', async () => {
    const importUrl = vi.fn(async () => {
      throw new TypeError('404');
    });
    const loading = loadChunk(async () => Promise.reject(chrome), importUrl);
    await expect(loading).rejects.toThrow('404');
    expect(importUrl).toHaveBeenCalledTimes(1);
  });

  it('a chunk still loading after 120 s is given up and asked for once more', async () => {
    let calls = 0;
    const factory = () => {
      calls += 1;
      return calls === 1 ? new Promise<never>(() => {}) : Promise.resolve({ default: 'second try' });
    };
    const loading = loadChunk(factory, vi.fn());
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toEqual({ default: 'second try' });
    expect(calls).toBe(2);
  });
});

describe('reloadOnceForChunk (a shared chunk the retry cannot mend)', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      items,
    };
  };

  it('reloads once for a chunk failure, then leaves the notice to show within the window', () => {
    const storage = memory();
    const reload = vi.fn();
    expect(reloadOnceForChunk(chrome, reload, storage, 10_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('10000');
    // The same tab fails again soon after: the file is really gone, no reload loop.
    expect(reloadOnceForChunk(chrome, reload, storage, 10_000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Much later (another deploy), it may reload again.
    expect(reloadOnceForChunk(firefox, reload, storage, 10_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for other errors, without storage, or when storage refuses', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(new Error('boom'), reload, memory(), 10_000)).toBe(false);
    expect(reloadOnceForChunk(chrome, reload, null, 10_000)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnceForChunk(chrome, reload, refusing, 10_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
