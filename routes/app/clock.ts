/** The production clock the app provides to machines' actors (tests provide a simulated one). */
import type { Clock } from '../../machines/shared/clock';

export type AppClock = Clock;

export const realClock: AppClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};
