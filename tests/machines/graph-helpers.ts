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
