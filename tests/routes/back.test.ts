/**
 * The floating back button's timing (spec 3 §9) on fake timers: the debounce (100 ms) and the popstate-back
 * helper (waits 300 ms for the browser's popstate).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, popstateBack } from '../../routes/app/back';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('calls once the calls have rested 100 ms, with the last argument', () => {
    const seen: number[] = [];
    const d = debounce((y: number) => seen.push(y));
    d.call(10);
    vi.advanceTimersByTime(60);
    d.call(40);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([40]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([40]);
  });

  it('cancel drops a pending call; its own delay when given', () => {
    const seen: number[] = [];
    const d = debounce((y: number) => seen.push(y), 250);
    d.call(1);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([]);
    d.call(2);
    vi.advanceTimersByTime(249);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([2]);
  });
});

function browser(length: number) {
  const events = new EventTarget();
  const history = { length, back: vi.fn() };
  return { events, history };
}

describe('popstateBack', () => {
  it('goes back and settles true on the popstate that follows', async () => {
    const env = browser(3);
    const went = popstateBack(env);
    expect(env.history.back).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120);
    env.events.dispatchEvent(new Event('popstate'));
    await expect(went).resolves.toBe(true);
  });

  it('waits 300 ms for it, then settles false (the caller goes to its own destination)', async () => {
    const env = browser(2);
    let settled: boolean | null = null;
    void popstateBack(env).then((went) => {
      settled = went;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
    // A late popstate changes nothing: the helper stopped listening.
    env.events.dispatchEvent(new Event('popstate'));
    expect(settled).toBe(false);
  });

  it('does not go back out of a tab that opened on this page', async () => {
    const env = browser(1);
    await expect(popstateBack(env)).resolves.toBe(false);
    expect(env.history.back).not.toHaveBeenCalled();
  });
});
