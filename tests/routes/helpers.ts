/** Running one provided actor of a wired machine, and the fakes the wiring tests share. */
import { expect } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import type { Storage } from '../../routes/storage';

/** Starts the actor logic a wiring provided under `name`, with `input`, and returns its result. */
export async function runProvided(
  machine: { implementations: { actors: Record<string, unknown> } },
  name: string,
  input: unknown,
): Promise<unknown> {
  const logic = machine.implementations.actors[name] as AnyActorLogic | undefined;
  if (!logic) throw new Error(`${name} is not provided`);
  const actor = createActor(logic, { input });
  actor.start();
  return toPromise(actor);
}

/** A storage in memory that records what was written. */
export function memoryStorage(initial: Record<string, string> = {}): Storage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => {
      if (value === null) data.delete(key);
      else data.set(key, value);
    },
  };
}

export const anySignal = expect.any(AbortSignal);

/** Runs the reserve core a wiring provided (`reserveIntoCart`) for a tickets request; returns its output. */
export function reserveTickets(
  machine: { implementations: { actors: Record<string, unknown> } },
  tickets: { eventId: string; sessionId: string | null; quantities: Record<string, number> },
): Promise<unknown> {
  return runProvided(machine, 'reserveIntoCart', { request: { kind: 'tickets', tickets } });
}

/** Calls a wiring's provided `reserved` action as the machine does: with the context holding the cart. */
export function callReserved(
  machine: { implementations: { actions: Record<string, unknown> } },
  cart: unknown,
) {
  const action = machine.implementations.actions.reserved as (args: { context: { cart: unknown } }) => void;
  action({ context: { cart } });
}
