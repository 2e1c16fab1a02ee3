/**
 * The replay runner (stories/replay.ts) builds the machine with its fake actors once per machine and `provide`
 * object, and every runner's invocations still land in its own call log: two runners of one machine, side by
 * side, settle and record only their own calls. The walk's shortest paths come from the one traversal's
 * adjacency map: as short as xstate/graph's own `getShortestPaths` finds them, to the same states.
 */
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, getInitialSnapshot, getNextSnapshot, setup } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { inputs, pathEvents, serializeState } from '../../stories/fixtures/checkout';
import { createReplayRunner, invariant, shortestPathsOf } from './graph-helpers';

const loader = setup({
  types: { input: {} as { id: string }, context: {} as { id: string; loaded: unknown } },
  actors: { load: fromPromise<unknown, { id: string }>(async () => 'real') },
}).createMachine({
  context: ({ input }) => ({ id: input.id, loaded: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loaded', actions: assign({ loaded: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    loaded: { on: { reload: 'loading' } },
    failed: {},
  },
});

describe('replay runners of one machine', () => {
  it('keep their own calls and settle only their own invocations', async () => {
    const a = createReplayRunner(loader, { input: { id: 'a' } });
    const b = createReplayRunner(loader, { input: { id: 'b' } });
    expect(a.controls.calls).toEqual([{ src: 'load', input: { id: 'a' } }]);
    expect(b.controls.calls).toEqual([{ src: 'load', input: { id: 'b' } }]);

    await a.controls.resolve('load', 'for a');
    expect(a.actor.getSnapshot().value).toBe('loaded');
    expect(a.actor.getSnapshot().context.loaded).toBe('for a');
    expect(b.actor.getSnapshot().value).toBe('loading');
    expect(b.controls.isPending('load')).toBe(true);
    expect(a.controls.isPending('load')).toBe(false);

    await b.controls.reject('load', new Error('no'));
    expect(b.actor.getSnapshot().value).toBe('failed');
    expect(a.actor.getSnapshot().value).toBe('loaded');

    a.actor.send({ type: 'reload' });
    expect(a.controls.calls).toHaveLength(2);
    expect(b.controls.calls).toHaveLength(1);
  });

  it('gives a provided actor its place instead of a fake, for that provide object only', async () => {
    const provide = {
      actors: { load: fromPromise<unknown, { id: string }>(async ({ input }) => `own ${input.id}`) },
    };
    const own = createReplayRunner(loader, { input: { id: 'c' }, provide });
    const faked = createReplayRunner(loader, { input: { id: 'd' } });
    await own.execute({ type: 'noop' });
    expect(own.actor.getSnapshot().context.loaded).toBe('own c');
    expect(own.controls.calls).toEqual([]);
    expect(faked.actor.getSnapshot().value).toBe('loading');
    expect(faked.controls.calls).toEqual([{ src: 'load', input: { id: 'd' } }]);
  });
});

describe('the shortest paths of one traversal', () => {
  /** a → b → d and a → c → d → e, with a way back from e to a and a self-loop on c. */
  const diamond = setup({
    types: { events: {} as { type: 'left' | 'right' | 'on' | 'back' | 'stay' } },
  }).createMachine({
    initial: 'a',
    states: {
      a: { on: { left: 'b', right: 'c' } },
      b: { on: { on: 'd' } },
      c: { on: { on: 'd', stay: 'c' } },
      d: { on: { on: 'e' } },
      e: { on: { back: 'a' } },
    },
  });
  const diamondEvents = (['left', 'right', 'on', 'back', 'stay'] as const).map((type) => ({ type }));
  const stateValue = (snapshot: unknown) => JSON.stringify((snapshot as { value: unknown }).value);

  it('reaches every state once, by as few steps as there are, each step a real transition', () => {
    const traversal = { events: diamondEvents, serializeState: stateValue };
    const paths = shortestPathsOf(getAdjacencyMap(diamond, traversal) as never, stateValue);
    const byState = Object.fromEntries(paths.map((path) => [stateValue(path.state), path]));
    expect(Object.keys(byState).sort()).toEqual(['"a"', '"b"', '"c"', '"d"', '"e"']);
    expect(Object.fromEntries(Object.entries(byState).map(([key, path]) => [key, path.weight]))).toEqual({
      '"a"': 0,
      '"b"': 1,
      '"c"': 1,
      '"d"': 2,
      '"e"': 3,
    });
    for (const path of paths) {
      expect(path.steps[0]?.event).toEqual({ type: 'xstate.init' });
      expect(stateValue(path.steps[0]?.state)).toBe('"a"');
      expect(path.steps).toHaveLength(path.weight + 1);
      let snapshot = getInitialSnapshot(diamond);
      for (const step of path.steps.slice(1)) {
        snapshot = getNextSnapshot(diamond, snapshot, step.event as never);
        expect(stateValue(snapshot)).toBe(stateValue(step.state));
      }
      expect(stateValue(path.state)).toBe(stateValue(path.steps.at(-1)?.state));
    }
  });

  it("agrees with xstate/graph's getShortestPaths on checkout: the same states, each as near", () => {
    for (const input of inputs.slice(0, 2)) {
      const traversal = { input, events: pathEvents, serializeState } as never;
      const serialize = serializeState as (snapshot: unknown) => string;
      const ours = shortestPathsOf(getAdjacencyMap(checkoutMachine, traversal) as never, serialize);
      const theirs = getShortestPaths(checkoutMachine, traversal);
      const weights = (paths: { state: unknown; weight: number }[]) =>
        Object.fromEntries(paths.map((path) => [serialize(path.state), path.weight]));
      expect(ours.length).toBeGreaterThan(10);
      expect(weights(ours)).toEqual(weights(theirs));
    }
  });
});

describe('invariant: expect for every step of a walk', () => {
  it("passes and fails as expect does, with expect's message", () => {
    expect(() => invariant(1, 'one').toBe(1)).not.toThrow();
    expect(() => invariant(1, 'one is two').toBe(2)).toThrow(/one is two: expected 1 to be 2/);
    expect(() => invariant(Number.NaN).toBe(Number.NaN)).not.toThrow();
    expect(() => invariant(0).toBe(-0)).toThrow();
    expect(() => invariant({ a: 1, b: undefined }).toEqual({ a: 1 })).not.toThrow();
    expect(() => invariant({ a: [1, 2] }).toEqual({ a: [1, 2] })).not.toThrow();
    expect(() => invariant({ a: [1, 2] }, 'the list').toEqual({ a: [2, 1] })).toThrow(/the list/);
    expect(() => invariant(null).toBeNull()).not.toThrow();
    expect(() => invariant(0).toBeNull()).toThrow();
    expect(() => invariant('x').not.toBeNull()).not.toThrow();
    expect(() => invariant(null, 'a token').not.toBeNull()).toThrow(/a token/);
    expect(() => invariant('a').not.toBe('b')).not.toThrow();
    expect(() => invariant('a', 'not a').not.toBe('a')).toThrow(/not a/);
    expect(() => invariant(2).toBeLessThanOrEqual(2)).not.toThrow();
    expect(() => invariant(3).toBeLessThanOrEqual(2)).toThrow();
    expect(() => invariant(1).toBeLessThan(2)).not.toThrow();
    expect(() => invariant(2).toBeLessThan(2)).toThrow();
    expect(() => invariant(3).toBeGreaterThan(2)).not.toThrow();
    expect(() => invariant(2).toBeGreaterThan(2)).toThrow();
    expect(() => invariant([1, 2]).toHaveLength(2)).not.toThrow();
    expect(() => invariant([1]).toHaveLength(2)).toThrow();
  });
});
