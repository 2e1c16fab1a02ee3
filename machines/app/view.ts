/**
 * View model of the app root: it has no screen of its own, only its app-wide children. The story viewer shows
 * each child with its system id and the state it is in.
 */
import type { SnapshotFrom } from 'xstate';
import { valueLabel } from '../shared/value-label';
import type { appMachine } from './app.machine';
import { APP_ACTORS, type AppActorName } from './types';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

export interface AppChildView {
  name: AppActorName;
  /** The system id screens and flows look it up by. */
  systemId: string;
  /** Its state as dotted paths (`loaded.active`); empty when it has no state value or is not running. */
  state: string;
}

export interface AppView {
  /** The cart, the session and the modal stack, in that order. */
  children: AppChildView[];
}

export function selectAppView(snapshot: AppSnapshot): AppView {
  const children = snapshot.children as Partial<Record<AppActorName, { getSnapshot(): unknown }>>;
  return {
    children: (Object.keys(APP_ACTORS) as AppActorName[]).map((name) => {
      const child = children[name]?.getSnapshot() as { value?: unknown } | undefined;
      return { name, systemId: APP_ACTORS[name], state: valueLabel(child?.value) };
    }),
  };
}
