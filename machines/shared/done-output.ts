import type { DoneActorEvent } from 'xstate';

/** The output of an invoked actor's done event (`xstate.done.actor.*`), typed by the caller. */
export function outputOf<T>(event: unknown): T {
  return (event as DoneActorEvent<T>).output;
}
