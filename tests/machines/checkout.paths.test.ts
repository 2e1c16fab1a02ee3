/**
 * Path tests of the checkout machine: paths built with xstate/graph from an events function (for four
 * inputs: identity form and terms shown or not, amount due or free), replayed on a real actor
 * (graph-helpers: controlled fake promise actors, SimulatedClock), and an edge-coverage check proving every
 * transition was walked on a real actor.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutEvent, CheckoutInput } from '../../machines/checkout/types';
import {
  happyPathEvents,
  inputs,
  pathEvents,
  type Snap,
  serializeState,
} from '../../stories/fixtures/checkout';
import { recordCoverage } from './coverage';
import { assertFullCoverage, replayPath, walkMachinePaths } from './graph-helpers';

const traversal = (input: CheckoutInput) => ({ input, events: pathEvents, serializeState });

const replay = (input: CheckoutInput, path: StatePath<Snap, CheckoutEvent>) =>
  replayPath(checkoutMachine, path, { input, serializeState });

describe('checkout machine paths', () => {
  it('config is clean data (no functions survive JSON)', () => {
    const parsed = JSON.parse(JSON.stringify(checkoutMachine.config)) as {
      id: string;
      states: Record<string, { states?: Record<string, unknown> }>;
    };
    expect(parsed.id).toBe('checkout');
    expect(Object.keys(parsed.states)).toEqual(['editing', 'submitting', 'completed', 'pending']);
    expect(Object.keys(parsed.states.submitting?.states ?? {})).toEqual([
      'validating',
      'checkingGiftRecipient',
      'confirmingCard',
      'storingPurchaser',
      'paying',
      'confirmingAction',
      'checkingOutFree',
    ]);
  });

  it('replays every shortest path on a real actor', async () => {
    let count = 0;
    for (const input of inputs) {
      for (const path of getShortestPaths(checkoutMachine, traversal(input))) {
        await replay(input, path);
        count++;
      }
    }
    expect(count).toBeGreaterThan(40);
  });

  it('replays every simple path to completed for a card payment with the identity form and terms', async () => {
    const input = inputs[0] as CheckoutInput;
    const paths = getSimplePaths(checkoutMachine, {
      input,
      events: happyPathEvents,
      serializeState,
      toState: (s) => s.matches('completed'),
    });
    const viaAction = paths.filter((p) =>
      p.steps.some((s) => (s.event as EventObject).type === 'xstate.done.actor.confirmAction'),
    );
    expect(paths.length).toBeGreaterThan(2);
    expect(viaAction.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.state.matches('completed')).toBe(true);
      await replay(input, path);
    }
  });

  it('walks every transition of the machine on a real actor (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: checkoutMachine,
      inputs,
      events: pathEvents,
      serializeState,
    });
    assertFullCoverage(report);
    recordCoverage('checkout', report);
    expect(report.transitions).toBeGreaterThanOrEqual(29);
    console.info(
      `checkout paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  });
});
