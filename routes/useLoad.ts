import { type DependencyList, useEffect, useState } from 'react';

export type Load<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: unknown };

/** Runs an abortable load when its dependencies change; the previous load is aborted. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Load<T> {
  const [state, setState] = useState<Load<T>>({ status: 'loading', data: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', data: null, error: null });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', data: null, error });
      },
    );
    return () => controller.abort();
  }, deps);
  return state;
}
