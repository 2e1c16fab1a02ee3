/**
 * Path tests of the modal stack: paths built with xstate/graph from an events function, replayed on a real
 * actor (graph-helpers: SimulatedClock for the 200 ms close transition), with the real snapshot checked at
 * every step against an independent oracle: a plain array reducer of the stack written here from the spec
 * (and the documented decisions), plus invariants that need no oracle. An edge-coverage check proves every
 * transition of the machine was walked on a real actor.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { modalsMachine } from '../../machines/modals/modals.machine';
import type { ModalName, ModalSize, ModalsEvent } from '../../machines/modals/types';
import { selectModals } from '../../machines/modals/view';
import { AFTER, pathEvents } from '../../stories/fixtures/modals';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  createReplayRunner,
  flush,
  invariant,
  type ReplayRunner,
  walkMachinePaths,
} from './graph-helpers';

type Snap = SnapshotFrom<typeof modalsMachine>;
type Runner = ReplayRunner<typeof modalsMachine>;

// ---- the oracle ------------------------------------------------------------------------------------------

/** Spec 3 §2 "Modals": the close transition and the default size. */
const SPEC_CLOSE_MS = 200;
const SPEC_DEFAULT_SIZE: ModalSize = 'lg';

interface OracleModal {
  name: ModalName;
  size: ModalSize;
  closeable: boolean;
  closing: boolean;
  data: unknown;
}
interface Oracle {
  stack: OracleModal[];
  /** Opens that arrived while something was closing (the documented decision: they wait, not lost). */
  waiting: OracleModal[];
  /** Simulated time when the running close transition (re)started, or null. */
  closingSince: number | null;
}

const oracleStart = (): Oracle => ({ stack: [], waiting: [], closingSince: null });

/** What an open creates: the spec's cart-expiry rule, the calendar's md preset, else the opener or lg. */
function oracleModal(event: Extract<ModalsEvent, { type: 'modal.open' }>): OracleModal {
  if (event.name === 'cartExpiry') {
    return { name: event.name, size: 'sm', closeable: false, closing: false, data: event.data ?? null };
  }
  const preset: ModalSize = event.name === 'chooseDate' ? 'md' : SPEC_DEFAULT_SIZE;
  return {
    name: event.name,
    size: event.size ?? preset,
    closeable: event.closeable ?? true,
    closing: false,
    data: event.data ?? null,
  };
}

/** The stack as a plain reducer: an independent restatement of the rules. */
function oracleStep(state: Oracle, event: EventObject, now: number): Oracle {
  const closingAny = state.stack.some((m) => m.closing);
  const closeSome = (stack: OracleModal[]): Oracle => ({ ...state, stack, closingSince: now });
  const e = event as ModalsEvent;
  if (event.type === AFTER) {
    return {
      stack: [...state.stack.filter((m) => !m.closing), ...state.waiting],
      waiting: [],
      closingSince: null,
    };
  }
  switch (e.type) {
    case 'modal.open': {
      // Taken: open (not closing) or already waiting. A name that is closing waits to open again.
      const taken = [...state.stack.filter((m) => !m.closing), ...state.waiting].some(
        (m) => m.name === e.name,
      );
      if (taken) return state;
      if (closingAny) return { ...state, waiting: [...state.waiting, oracleModal(e)] };
      return { ...state, stack: [...state.stack, oracleModal(e)] };
    }
    case 'modal.dismiss': {
      const top = state.stack[state.stack.length - 1];
      if (!top?.closeable || top.closing) return state;
      return closeSome([...state.stack.slice(0, -1), { ...top, closing: true }]);
    }
    case 'modal.close': {
      if (state.stack.some((m) => m.name === e.name && !m.closing)) {
        return closeSome(state.stack.map((m) => (m.name === e.name ? { ...m, closing: true } : m)));
      }
      return { ...state, waiting: state.waiting.filter((m) => m.name !== e.name) };
    }
    case 'modal.closeAll': {
      if (state.stack.every((m) => m.closing)) return { ...state, waiting: [] };
      return { ...closeSome(state.stack.map((m) => ({ ...m, closing: true }))), waiting: [] };
    }
  }
}

// ---- per-step checks ---------------------------------------------------------------------------------------

interface Tracked {
  oracle: Oracle;
  previous: Snap;
}
/** Oracle state per replay runner (each path runs on a fresh runner). */
const tracked = new WeakMap<Runner, Tracked>();

function checkInvariants(snapshot: Snap, oracle: Oracle, previous: Snap, event: EventObject): void {
  const { stack, deferred } = snapshot.context;
  // The oracle: same stack (order, sizes, flags, data) and same waiting opens.
  invariant(stack).toEqual(oracle.stack);
  invariant(deferred).toEqual(oracle.waiting);
  // Plain data only: the context survives JSON unchanged.
  invariant(JSON.parse(JSON.stringify(snapshot.context))).toEqual(snapshot.context);
  // Names are unique across the modals shown (not closing) and the waiting opens.
  const all = [...stack.filter((m) => !m.closing), ...deferred].map((m) => m.name);
  invariant(new Set(all).size).toBe(all.length);
  // The cart-expiry modal is small and not closeable, whatever its opener said.
  for (const m of [...stack, ...deferred].filter((m) => m.name === 'cartExpiry')) {
    invariant([m.size, m.closeable]).toEqual(['sm', false]);
  }
  // Dismiss never closes the cart-expiry modal, nor anything but the top modal.
  if (event.type === 'modal.dismiss') {
    const before = previous.context.stack;
    const newlyClosing = stack.filter((m, i) => m.closing && !before[i]?.closing);
    invariant(newlyClosing.length).toBeLessThanOrEqual(1);
    if (newlyClosing[0]) {
      invariant(newlyClosing[0].name).not.toBe('cartExpiry');
      invariant(newlyClosing[0]).toBe(stack.at(-1));
    }
  }
  // Removal happens only at the end of a transition: nothing leaves the stack on any other event.
  if (event.type !== AFTER) {
    for (const m of previous.context.stack) invariant(stack.some((n) => n.name === m.name)).toBe(true);
  }
  // The state follows the stack: closed when empty, closing while a modal is closing, open otherwise.
  const expectedState = stack.length === 0 ? 'closed' : stack.some((m) => m.closing) ? 'closing' : 'open';
  invariant(snapshot.value).toBe(expectedState);
  if (expectedState !== 'closing') invariant(deferred).toEqual([]);
  // The view model agrees: top is the last opened still shown, open names exclude closing ones.
  const view = selectModals(snapshot);
  invariant(view.top).toBe(oracle.stack.at(-1)?.name ?? null);
  invariant(view.modals.map((m) => [m.name, m.top])).toEqual(
    oracle.stack.map((m, i) => [m.name, i === oracle.stack.length - 1]),
  );
  invariant(view.open).toEqual(oracle.stack.filter((m) => !m.closing).map((m) => m.name));
  invariant(view.pageInert).toBe(oracle.stack.length > 0);
}

function onStep(runner: Runner, _expected: Snap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const entry = tracked.get(runner) ?? {
    oracle: oracleStart(),
    previous: modalsMachine.resolveState({ value: 'closed', context: { stack: [], deferred: [] } }),
  };
  const oracle = oracleStep(entry.oracle, event, runner.clock.now());
  checkInvariants(snapshot, oracle, entry.previous, event);
  tracked.set(runner, { oracle, previous: snapshot });
}

// ---- tests -------------------------------------------------------------------------------------------------

describe('modal stack paths', () => {
  it('config is clean data (no functions survive JSON), every state described', () => {
    const parsed = JSON.parse(JSON.stringify(modalsMachine.config)) as {
      id: string;
      states: Record<string, { description?: string }>;
    };
    expect(parsed.id).toBe('modals');
    expect(Object.keys(parsed.states).sort()).toEqual(['closed', 'closing', 'open']);
    for (const state of Object.values(parsed.states)) expect(state.description).toBeTruthy();
  });

  it('starts with no input and an empty stack', () => {
    const runner = createReplayRunner(modalsMachine, { input: undefined });
    expect(runner.actor.getSnapshot().value).toBe('closed');
    expect(runner.actor.getSnapshot().context).toEqual({ stack: [], deferred: [] });
    runner.actor.stop();
  });

  it('walks every transition on a real actor, matching the oracle at every step (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: modalsMachine,
      inputs: [undefined],
      events: pathEvents,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('modals', report);
    console.info(
      `modals paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  }, 120_000); // 10,778 paths, 70,508 steps: over the 30 s default on a loaded machine (33.6 s in a full run)

  it('removes nothing before 200 ms of simulated time, and removes at exactly 200 ms after the last close', async () => {
    // The shortest path to every closing state (the model's states there differ by what closes, what
    // waits and in which order), replayed with simulated time between the events, then the transition's end.
    const paths = getShortestPaths(modalsMachine, { events: pathEvents }).filter((path) =>
      path.state.matches('closing'),
    );
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const runner = createReplayRunner(modalsMachine, { input: undefined });
      let oracle = oracleStart();
      for (const step of [...path.steps.slice(1), { event: { type: AFTER } }]) {
        if (step.event.type === AFTER) {
          const before = runner.actor.getSnapshot().context;
          runner.clock.increment((oracle.closingSince as number) + SPEC_CLOSE_MS - 1 - runner.clock.now());
          await flush();
          expect(runner.actor.getSnapshot().context).toBe(before);
          runner.clock.increment(1);
          await flush();
        } else {
          // Simulated time passes between events, so a restarted transition shows.
          runner.clock.increment(50);
          runner.actor.send(step.event);
          await flush();
        }
        oracle = oracleStep(oracle, step.event, runner.clock.now());
        expect(runner.actor.getSnapshot().context.stack).toEqual(oracle.stack);
      }
      expect(runner.actor.getSnapshot().matches('closing')).toBe(false);
      runner.actor.stop();
    }
  });
});

describe('modal stack decisions (examples)', () => {
  const start = () => createReplayRunner(modalsMachine, { input: undefined });
  const send = async (runner: Runner, event: ModalsEvent) => {
    runner.actor.send(event);
    await flush();
  };
  const advance = async (runner: Runner, ms: number) => {
    runner.clock.increment(ms);
    await flush();
  };
  const stackOf = (runner: Runner) =>
    runner.actor.getSnapshot().context.stack.map((m) => `${m.name}${m.closing ? ' (closing)' : ''}`);

  it('an open during a close transition waits for it, then goes on top', async () => {
    const runner = start();
    await send(runner, { type: 'modal.open', name: 'chooseDate' });
    await send(runner, { type: 'modal.dismiss' });
    await advance(runner, 100);
    await send(runner, { type: 'modal.open', name: 'cartExpiry' });
    expect(stackOf(runner)).toEqual(['chooseDate (closing)']);
    await advance(runner, 100);
    expect(stackOf(runner)).toEqual(['cartExpiry']);
    expect(runner.actor.getSnapshot().value).toBe('open');
    runner.actor.stop();
  });

  it('reopening the name that is closing opens it again once it has faded out; closing a waiting name cancels its open', async () => {
    const runner = start();
    await send(runner, { type: 'modal.open', name: 'codeRequired' });
    await send(runner, { type: 'modal.dismiss' });
    // The flow asks again before the transition ends (Add to cart refused again at once): not lost.
    await send(runner, { type: 'modal.open', name: 'codeRequired' });
    await send(runner, { type: 'modal.open', name: 'codeRequired' });
    expect(runner.actor.getSnapshot().context.deferred.map((m) => m.name)).toEqual(['codeRequired']);
    await advance(runner, 200);
    expect(stackOf(runner)).toEqual(['codeRequired']);
    expect(runner.actor.getSnapshot().value).toBe('open');
    await send(runner, { type: 'modal.close', name: 'codeRequired' });
    await send(runner, { type: 'modal.open', name: 'login' });
    await send(runner, { type: 'modal.close', name: 'login' });
    expect(runner.actor.getSnapshot().context.deferred).toEqual([]);
    await advance(runner, 200);
    expect(runner.actor.getSnapshot().value).toBe('closed');
    runner.actor.stop();
  });

  it('a second close during the transition restarts it; all closing modals leave together', async () => {
    const runner = start();
    await send(runner, { type: 'modal.open', name: 'membershipDetails' });
    await send(runner, { type: 'modal.open', name: 'terms' });
    await send(runner, { type: 'modal.close', name: 'membershipDetails' });
    await advance(runner, 150);
    await send(runner, { type: 'modal.dismiss' });
    await advance(runner, 199);
    expect(stackOf(runner)).toEqual(['membershipDetails (closing)', 'terms (closing)']);
    await advance(runner, 1);
    expect(stackOf(runner)).toEqual([]);
    runner.actor.stop();
  });

  it("closeAll (the cart-expiry modal's button) closes every modal at once and drops waiting opens", async () => {
    const runner = start();
    await send(runner, { type: 'modal.open', name: 'seatMap' });
    await send(runner, { type: 'modal.open', name: 'description', data: { eventId: 'e1' } });
    await send(runner, { type: 'modal.open', name: 'cartExpiry', closeable: true });
    await send(runner, { type: 'modal.dismiss' });
    expect(stackOf(runner)).toEqual(['seatMap', 'description', 'cartExpiry']);
    await send(runner, { type: 'modal.closeAll' });
    await send(runner, { type: 'modal.open', name: 'promoCodes' });
    await send(runner, { type: 'modal.closeAll' });
    expect(runner.actor.getSnapshot().context.deferred).toEqual([]);
    await advance(runner, 200);
    expect(stackOf(runner)).toEqual([]);
    runner.actor.stop();
  });
});
