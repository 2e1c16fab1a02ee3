/**
 * The extractor check's comparison (scripts/extractor-diff.ts): an extracted config in the extractor's
 * (xstate 4 shaped) output form, re-created with xstate 5, compared with a runtime machine. The extracted
 * configs here are written by hand in the shapes `@xstate/machine-extractor` returns; the check itself
 * (npm run machines:check) runs the real extractor over every registered machine.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { type ExtractedState, extractedGraph, graphDifferences, UNNAMED } from '../../scripts/extractor-diff';
import { machineGraph } from '../../stories/graph';

const named = (type: string) => ({ kind: 'named' as const, action: { type, params: {} } });
const cond = (type: string) => ({ kind: 'named' as const, type });

// A shared transition written once and used twice: what once hid five of the cart's transitions.
const receive = { target: '#door.checking', actions: 'take' } as const;

const door = setup({
  actors: { bell: fromPromise(async () => 'rung') },
  guards: { isLocked: () => false },
  actions: { take: () => {}, log: () => {} },
  delays: { wait: 10 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  on: { delivered: receive },
  states: {
    closed: {
      entry: 'log',
      on: {
        open: [
          { guard: 'isLocked', target: 'closed' },
          { target: 'opened', actions: 'log' },
        ],
      },
      invoke: { src: 'bell', id: 'bell', onDone: receive },
    },
    opened: { after: { wait: { target: 'closed' } } },
    checking: { always: { target: 'closed' } },
  },
});

/** What the extractor reads from the machine above with every transition written out. */
function extractedDoor(): ExtractedState & { id: string } {
  return {
    id: 'door',
    initial: 'closed',
    on: { delivered: { target: '#door.checking', actions: named('take') } },
    states: {
      closed: {
        entry: named('log'),
        on: {
          open: [
            { target: 'closed', cond: cond('isLocked') },
            { target: 'opened', actions: named('log') },
          ],
        },
        invoke: {
          src: 'bell',
          id: 'bell',
          kind: 'named',
          onDone: { target: '#door.checking', actions: named('take') },
        },
      },
      opened: { after: { wait: { target: 'closed' } } },
      checking: { always: { target: 'closed' } },
    },
  };
}

describe('extractor check: extracted config against the runtime machine', () => {
  const runtime = machineGraph(door);

  it('finds no difference when the extractor sees every state and transition', () => {
    expect(graphDifferences(runtime, extractedGraph(extractedDoor()))).toEqual([]);
  });

  it('reports each transition the extractor could not follow (a shared constant it does not resolve)', () => {
    const extracted = extractedDoor();
    delete extracted.on;
    (extracted.states?.closed as ExtractedState).invoke = { src: 'bell', id: 'bell', kind: 'named' };
    expect(graphDifferences(runtime, extractedGraph(extracted))).toEqual([
      'transition door --delivered--> door.checking: missing from the source as extracted',
      'transition door.closed --done bell--> door.checking: missing from the source as extracted',
    ]);
  });

  it('reports a different target, guard, action or state, and a state only the source has', () => {
    const extracted = extractedDoor();
    const closed = extracted.states?.closed as ExtractedState;
    closed.on = {
      open: [
        { target: 'closed', cond: { kind: 'inline', type: '() => false' } },
        { target: 'checking', actions: named('log') },
      ],
    };
    closed.entry = { kind: 'inline', action: {} };
    extracted.states = { ...extracted.states, ajar: {} };
    expect(graphDifferences(runtime, extractedGraph(extracted))).toEqual([
      `state door.closed: entry is "log" at run time, "${UNNAMED}" in the source`,
      'state door.ajar: only in the source as extracted',
      `transition door.closed --open [isLocked]--> door.closed: guard is "isLocked" at run time, "${UNNAMED}" in the source`,
      'transition door.closed --open--> door.opened: targets is "door.opened" at run time, "door.checking" in the source',
    ]);
  });

  it('fails loudly when an extracted target does not resolve', () => {
    const extracted = extractedDoor();
    extracted.on = { delivered: { target: '#door.nowhere' } };
    expect(() => extractedGraph(extracted)).toThrow(/nowhere/);
  });
});
