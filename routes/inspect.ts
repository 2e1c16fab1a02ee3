import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

/**
 * `?inspect` loads @statelyai/inspect on demand (development, or when the deployment enables it) and returns
 * the inspect callback every app actor is created with. The package is never part of the first load.
 */
export async function loadInspector(search: string, enabled: boolean): Promise<Inspect> {
  if (!enabled || !new URLSearchParams(search).has('inspect')) return undefined;
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return createBrowserInspector().inspect;
  } catch (error) {
    console.warn('The state machine inspector could not be loaded.', error);
    return undefined;
  }
}
