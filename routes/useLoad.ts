import { startTransition, useEffect, useRef, useState } from 'react';

export type Load<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

/**
 * Runs an abortable load whenever `key` changes (the previous load is aborted). `key` names what is loaded,
 * e.g. an event id; the latest `load` function is always the one called.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Load<T> {
  const [state, setState] = useState<Load<T>>({ status: 'loading', data: null, error: null });
  const latest = useRef(load);
  latest.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload exactly when the caller's key changes
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', data: null, error: null });
    latest.current(controller.signal).then(
      (data) => {
        // A transition: React renders what the data brings in slices, so the main thread stays responsive.
        if (!controller.signal.aborted)
          startTransition(() => setState({ status: 'ready', data, error: null }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', data: null, error });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}
