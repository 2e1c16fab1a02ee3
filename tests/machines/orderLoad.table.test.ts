/**
 * Order load held to its independent transition table (issues 17, 29, ./orderLoad.table.ts, written from spec 2
 * §8): every state × world × event sample, the start, and the output it ends with, on a real actor.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orderLoadMachine } from '../../machines/orderLoad/orderLoad.machine';
import type { OrderLoaded, OrderLoadInput } from '../../machines/orderLoad/types';
import { LOADED, loadErrors } from '../../stories/fixtures/orderLoad';
import { events, loadMessage, table, worlds } from './orderLoad.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

/** The child run to its end with a load that answers `answer` (resolves with it, or rejects with `error`). */
async function ended(answer: { loaded: OrderLoaded } | { error: unknown }, input: OrderLoadInput) {
  const calls: unknown[] = [];
  const machine = orderLoadMachine.provide({
    actors: {
      loadOrder: fromPromise<OrderLoaded, OrderLoadInput>(async ({ input: i }) => {
        calls.push(i);
        if ('error' in answer) throw answer.error;
        return answer.loaded;
      }),
    },
  });
  const actor = createActor(machine, { input });
  const done = new Promise<void>((resolve) => actor.subscribe({ complete: resolve }));
  actor.start();
  await done;
  return { calls, snapshot: actor.getSnapshot() };
}

describe('order load held to its transition table (spec 2 §8 "Order page", issue 24)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(orderLoadMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: orderLoadMachine, table, worlds, events })).toBeGreaterThan(20);
  });

  it('starts loading with the page’s input, nothing answered', () => {
    for (const { context } of worlds)
      expect(actualInitial(orderLoadMachine, context.input)).toEqual(expectedInitial(table, context));
  });

  it('ends with its answer: the order, a refusal or a failure with the spec’s message, the load called once', async () => {
    const input = { orderId: 'order-24', token: 'tok-24', cartId: null };
    const loaded = await ended({ loaded: LOADED }, input);
    expect(loaded.calls).toEqual([input]);
    expect(loaded.snapshot.value).toBe('loaded');
    expect(loaded.snapshot.output).toEqual({ status: 'loaded', loaded: LOADED });
    for (const error of loadErrors) {
      const { snapshot } = await ended({ error }, input);
      const refused = snapshot.value === 'refused';
      expect(snapshot.output).toEqual({ status: refused ? 'refused' : 'failed', error: loadMessage(error) });
    }
    const outcomes = await Promise.all(loadErrors.map((error) => ended({ error }, input)));
    expect(outcomes.map((o) => o.snapshot.value)).toEqual([
      'refused',
      'refused',
      'refused',
      'failed',
      'failed',
      'failed',
    ]);
    expect(outcomes.map((o) => (o.snapshot.output as { error: { key: string } }).error.key)).toEqual([
      'cancelContactUs',
      'cancelContactUs',
      'cancelContactUs',
      'orderNotFound',
      'errorOops',
      'errorOops',
    ]);
  });
});
