/**
 * Path tests of the cart machine: paths built with xstate/graph from an events function, replayed on a real
 * actor (graph-helpers: controlled fake promise actors, SimulatedClock; fake timers keep the real expiry
 * watcher silent after its first tick; ticks are sent as events), and an edge-coverage check proving every
 * transition of the machine was walked on a real actor.
 */
import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { cartMachine, expiryWatcher } from '../../machines/cart/cart.machine';
import type { CartEvent, CartInput } from '../../machines/cart/types';
import {
  expiryPathEvents,
  inputs,
  pathEvents,
  type CartSnap as Snap,
  serializeState,
} from '../../stories/fixtures/cart';
import { useFakeTimersAtT0 } from './cart.fixtures';
import { recordCoverage } from './coverage';
import { assertFullCoverage, ownEvents, replayPath, walkMachinePaths } from './graph-helpers';

const traversal = (input: CartInput) => ({ input, events: pathEvents, serializeState });

/** The real expiry watcher (its interval never fires under fake timers); the other actors are controlled fakes. */
const provide = { actors: { expiryWatcher } };

const replay = (input: CartInput, path: StatePath<Snap, CartEvent>) =>
  replayPath(cartMachine, path, { input, serializeState, provide });

const describePath = (path: StatePath<Snap, CartEvent>) =>
  path.steps.map((s) => `${s.event.type}→${JSON.stringify(s.state.value)}`).join(' ');

describe('cart machine paths', () => {
  useFakeTimersAtT0();

  it('config is clean data (no functions survive JSON)', () => {
    const json = JSON.stringify(cartMachine.config);
    const parsed = JSON.parse(json) as { id: string; states: Record<string, unknown> };
    expect(parsed.id).toBe('cart');
    expect(Object.keys(parsed.states).sort()).toEqual(
      ['active', 'checking', 'empty', 'expired', 'loadFailed', 'loading', 'starting'].sort(),
    );
  });

  it('replays every shortest path on a real actor', async () => {
    let count = 0;
    for (const input of inputs) {
      const paths = getShortestPaths(cartMachine, traversal(input));
      expect(paths.length).toBeGreaterThan(5);
      for (const path of paths) {
        await replay(input, path);
        count++;
      }
    }
    expect(count).toBeGreaterThan(20);
  });

  it('replays every simple path to the expiry modal', async () => {
    // A small event set keeps simple paths finite: load, update, remove, tick (shared with the story).
    const input = inputs[0] as CartInput;
    const paths = getSimplePaths(cartMachine, {
      input,
      events: (s: Snap) => ownEvents<CartEvent>(s, expiryPathEvents),
      serializeState,
      toState: (s) => s.matches('expired'),
    });
    expect(paths.length).toBeGreaterThanOrEqual(3);
    for (const path of paths) {
      expect(path.state.matches('expired'), describePath(path)).toBe(true);
      await replay(input, path);
    }
  });

  it('walks every transition of the machine on a real actor (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: cartMachine,
      inputs,
      events: pathEvents,
      serializeState,
      provide,
    });
    assertFullCoverage(report);
    recordCoverage('cart', report);
    expect(report.transitions).toBeGreaterThanOrEqual(26);
    console.info(
      `cart paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  });
});
