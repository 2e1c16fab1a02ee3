/**
 * Shapes no registered machine has yet (parallel regions, history, final states, delays, invokes) are
 * modelled, exported and laid out too: a synthetic machine as the oracle.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import { machineGraph } from '../../stories/graph';
import { layoutGraph } from '../../stories/layout';
import { parseMermaid, toMermaid } from '../../stories/mermaid';

const player = setup({
  actors: { load: fromPromise(async () => 1) },
  delays: { idleTimeout: 3000 },
  guards: { isReady: () => true },
}).createMachine({
  id: 'player',
  initial: 'loading',
  states: {
    loading: { invoke: { id: 'load', src: 'load', onDone: 'playing', onError: 'failed' } },
    playing: {
      type: 'parallel',
      on: { stop: 'stopped' },
      states: {
        audio: {
          initial: 'on',
          states: { on: { on: { mute: 'off' } }, off: { on: { unmute: 'on' } }, hist: { type: 'history' } },
        },
        video: { initial: 'shown', states: { shown: { after: { idleTimeout: 'dimmed' } }, dimmed: {} } },
      },
    },
    failed: { on: { retry: { guard: 'isReady', target: 'loading' } } },
    stopped: { type: 'final' },
  },
});

describe('shapes', () => {
  const graph = machineGraph(player);
  const kind = (id: string) => graph.states.find((s) => s.id === id)?.kind;

  it('models parallel regions, history, final states, delays, guards and invokes', () => {
    expect([kind('player.playing'), kind('player.playing.audio.hist'), kind('player.stopped')]).toEqual([
      'parallel',
      'history',
      'final',
    ]);
    expect(graph.states.find((s) => s.id === 'player.playing')?.initial).toBeNull();
    const after = graph.transitions.find((t) => t.kind === 'after');
    expect(after).toMatchObject({
      delay: 'idleTimeout',
      event: 'after idleTimeout',
      targets: ['player.playing.video.dimmed'],
    });
    expect(graph.transitions.find((t) => t.event === 'retry')?.guard).toBe('isReady');
    expect(graph.transitions.find((t) => t.kind === 'done')?.event).toBe('done load');
  });

  it('writes parallel regions apart and the final marker in Mermaid, and reads it back', () => {
    const text = toMermaid(graph);
    expect(text).toMatch(/state playing \{\n(.*\n)*\s+--\n/);
    const parsed = parseMermaid(text);
    expect(parsed.finals).toEqual(new Set(['stopped']));
    expect(parsed.children.get('playing')).toEqual(['playing__audio', 'playing__video']);
    expect(parsed.transitions).toContainEqual({
      from: 'playing__video__shown',
      to: 'playing__video__dimmed',
      label: 'after idleTimeout',
    });
    expect(createMachine(JSON.parse(JSON.stringify(player.config))).root.states.playing?.type).toBe(
      'parallel',
    );
  });

  it('lays every state out inside its parent', async () => {
    const layout = await layoutGraph(graph);
    for (const state of graph.states.slice(1)) expect(layout.states[state.id], state.id).toBeDefined();
    const audio = layout.states['player.playing.audio'];
    const playing = layout.states['player.playing'];
    expect(audio && playing && audio.x >= playing.x && audio.y >= playing.y).toBe(true);
  });
});
