/**
 * The floating back button's timing (spec 3 §9): the popstate-back helper (waits 300 ms) and the debounce
 * (100 ms). Timers are injected (the window's by default), so tests run them on fake timers, never real time.
 */
import { DEBOUNCE_MS, POPSTATE_BACK_WAIT_MS } from '../../domain/shell';

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const windowTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** `fn` called once calls have rested `ms` (spec 3 §9: 100 ms), with the last call's argument. */
export function debounce<A>(fn: (arg: A) => void, ms = DEBOUNCE_MS, timers: Timers = windowTimers) {
  let pending: unknown = null;
  const cancel = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  const call = (arg: A) => {
    cancel();
    pending = timers.setTimeout(() => {
      pending = null;
      fn(arg);
    }, ms);
  };
  return { call, cancel };
}

export interface BackEnvironment {
  history: Pick<History, 'back' | 'length'>;
  /** Where popstate is heard (the window). */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  timers?: Timers;
}

/**
 * The popstate-back helper: goes back in history and waits up to `wait` ms (spec 3 §9: 300 ms) for the
 * popstate that says it happened. True when it did; false when the tab has nothing to go back to (its history
 * holds this page alone, or no popstate came in time), so the caller goes on to a destination of its own.
 */
export function popstateBack(env: BackEnvironment, wait = POPSTATE_BACK_WAIT_MS): Promise<boolean> {
  const timers = env.timers ?? windowTimers;
  if (env.history.length <= 1) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (went: boolean) => {
      env.events.removeEventListener('popstate', onPop);
      timers.clearTimeout(timer);
      resolve(went);
    };
    const onPop = () => done(true);
    env.events.addEventListener('popstate', onPop);
    const timer = timers.setTimeout(() => done(false), wait);
    env.history.back();
  });
}
