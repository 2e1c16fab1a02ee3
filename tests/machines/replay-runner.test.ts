/**
 * The replay runner (stories/replay.ts) builds the machine with its fake actors once per machine and `provide`
 * object, and every runner's invocations still land in its own call log: two runners of one machine, side by
 * side, settle and record only their own calls.
 */
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { createReplayRunner } from './graph-helpers';

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
