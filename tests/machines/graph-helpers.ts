import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

/** The path-testing helpers live in `stories/replay.ts`, shared with the story viewer (one copy). */
export * from '../../stories/replay';

/**
 * An `onStep` check run once per distinct snapshot (state value, status, context and output) instead of once
 * per path through it: the paths share their prefixes, so a walk's steps come back to the same states again
 * and again (the date-first reserve walk: 17,344 steps over 467 model states), and a check that reads nothing
 * but the snapshot answers the same each time. Only for such checks: one that reads the runner's fakes, calls
 * or clock must stay a plain `onStep`. Every step's snapshot is still compared with the model's by the walk.
 */
export function oncePerSnapshot<TRunner extends { actor: { getSnapshot(): unknown } }>(
  check: (runner: TRunner) => void,
): (runner: TRunner) => void {
  const checked = new Set<string>();
  return (runner) => {
    const { value, status, context, output } = runner.actor.getSnapshot() as {
      value: unknown;
      status: unknown;
      context: unknown;
      output?: unknown;
    };
    const key = JSON.stringify([value, status, context, output]);
    if (checked.has(key)) return;
    check(runner);
    checked.add(key);
  };
}

/**
 * `expect` for checks run after every step of a walk: the same matchers, checked plainly first, and handed to
 * vitest's `expect` only when they fail (so a failure reads as expect's message and diff). A walk runs its
 * invariants tens of thousands of times, and expect's chain (chai's proxies, vitest's assertion state) was a
 * third of checkout's walk (measured with the inspector's profiler). Plain `toEqual` is Node's
 * `isDeepStrictEqual`, stricter than expect's: where it says unequal, expect decides.
 */
export function invariant<T>(actual: T, message?: string) {
  const fail = () => expect(actual, message);
  const number = actual as unknown as number;
  return {
    toBe: (expected: unknown) => Object.is(actual, expected) || fail().toBe(expected),
    toEqual: (expected: unknown) => isDeepStrictEqual(actual, expected) || fail().toEqual(expected),
    toBeNull: () => actual === null || fail().toBeNull(),
    toBeLessThan: (n: number) => number < n || fail().toBeLessThan(n),
    toBeLessThanOrEqual: (n: number) => number <= n || fail().toBeLessThanOrEqual(n),
    toBeGreaterThan: (n: number) => number > n || fail().toBeGreaterThan(n),
    toHaveLength: (n: number) => (actual as unknown as unknown[]).length === n || fail().toHaveLength(n),
    not: {
      toBe: (expected: unknown) => !Object.is(actual, expected) || fail().not.toBe(expected),
      toBeNull: () => actual !== null || fail().not.toBeNull(),
    },
  };
}
