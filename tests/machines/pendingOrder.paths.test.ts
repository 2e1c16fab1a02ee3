/**
 * Path tests of the pending order page (spec 2 §2 "Pending page", §4 "Checkout submit": pending goes to
 * /checkout/pending/{cartId}; issue 19): paths from xstate/graph replayed on a real actor with controlled fakes
 * and a simulated clock (the poll's delay is the clock moving, never real time). At every step the state reached
 * is the one the transition table written here names for (previous state, event), and invariants hold: the cart
 * is checked once per check, and only after the poll's full delay; the confirmation is asked for only with the
 * orders a check found; a failed payment (no orders, nothing in flight) stops polling and goes back to checkout
 * once, never together with the confirmation; the debit wording follows the input. Edge coverage proves every
 * transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { pendingOrderMachine } from '../../machines/pendingOrder/pendingOrder.machine';
import { PENDING_MAX_FAILURES, PENDING_POLL_MS } from '../../machines/pendingOrder/rules';
import type { CheckCartOutput, PendingOrderInput } from '../../machines/pendingOrder/types';
import { selectPendingOrderView } from '../../machines/pendingOrder/view';
import {
  inputs,
  type PendingOrderSnap,
  pathEvents,
  serializeState,
} from '../../stories/fixtures/pendingOrder';
import { recordCoverage } from './coverage';
import { assertFullCoverage, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof pendingOrderMachine>;
type State = 'checking' | 'waiting' | 'failed' | 'missing' | 'paymentFailed' | 'completed';

const errorOf = (event: EventObject) =>
  (event as unknown as { error: { code: string; status: number } }).error;
const outputOf = (event: EventObject) => (event as unknown as { output: CheckCartOutput }).output;

/**
 * The transition table (spec 2 §2: orders → the confirmation; issue 19: a payment that failed → back to
 * checkout; a missing cart stops; failures in a row up to PENDING_MAX_FAILURES, then a retry): the state after
 * `event` in `from`, given the failures in a row before it; null where the event does nothing there.
 */
function expectedState(from: State, event: EventObject, failures: number): State | null {
  const t = event.type;
  switch (from) {
    case 'checking': {
      if (t === 'xstate.done.actor.checkCart') {
        const { orderIds, paying } = outputOf(event);
        if (orderIds.length > 0) return 'completed';
        return paying ? 'waiting' : 'paymentFailed';
      }
      if (t === 'xstate.error.actor.checkCart') {
        const { code, status } = errorOf(event);
        if (code === 'not_found' || status === 404 || status === 403) return 'missing';
        return failures + 1 >= PENDING_MAX_FAILURES ? 'failed' : 'waiting';
      }
      return null;
    }
    case 'waiting':
      return t.startsWith('xstate.after.') ? 'checking' : null;
    case 'failed':
      return t === 'retry' ? 'checking' : null;
    case 'missing':
    case 'paymentFailed':
    case 'completed':
      return null;
  }
}

interface Trace {
  state: State;
  failures: number;
  checksStarted: number;
  waitingSince: number;
  lastOutput: CheckCartOutput | null;
}
const traces = new WeakMap<Runner, Trace>();
const seen = new WeakMap<Runner, { completed: string[][]; paymentFailed: string[] }>();

function onStep(runner: Runner, _expected: PendingOrderSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const input = inputOfRunner(runner);
  const trace = traces.get(runner) ?? {
    state: 'checking' as State,
    failures: 0,
    checksStarted: 1,
    waitingSince: 0,
    lastOutput: null,
  };
  const state = snapshot.value as State;
  expect(state).toBe(expectedState(trace.state, event, trace.failures) ?? trace.state);

  // The cart is checked once per entry into `checking`, and from `waiting` only after the poll's full delay.
  if (state === 'checking' && trace.state !== 'checking') {
    trace.checksStarted++;
    if (trace.state === 'waiting') expect(runner.clock.now() - trace.waitingSince).toBe(PENDING_POLL_MS);
  }
  expect(runner.controls.calls.filter((c) => c.src === 'checkCart')).toHaveLength(trace.checksStarted);
  for (const call of runner.controls.calls) expect(call.input).toEqual({ cartId: input.cartId });
  if (state === 'waiting' && trace.state !== 'waiting') trace.waitingSince = runner.clock.now();
  if (event.type === 'xstate.done.actor.checkCart') trace.lastOutput = outputOf(event);

  // What the route is told: the confirmation with the orders found, or back to checkout; once, never both.
  const told = seen.get(runner) ?? { completed: [], paymentFailed: [] };
  expect(told.completed).toEqual(state === 'completed' ? [trace.lastOutput?.orderIds] : []);
  expect(told.paymentFailed).toEqual(state === 'paymentFailed' ? [input.cartId] : []);

  if (event.type === 'xstate.error.actor.checkCart' && state !== 'missing') trace.failures++;
  if (event.type === 'xstate.done.actor.checkCart' || event.type === 'retry') trace.failures = 0;
  // Failures in a row decide the retry; a final state has no use for the count.
  if (state === 'failed') expect(snapshot.context.failures).toBe(PENDING_MAX_FAILURES);
  else if (state === 'waiting' || state === 'checking')
    expect(snapshot.context.failures).toBe(trace.failures);

  const view = selectPendingOrderView(snapshot);
  expect(view).toEqual({
    stage: state === 'checking' || state === 'waiting' ? 'pending' : state,
    // The reference is the cart's number from the last check (spec 2 §2), never its id; none before a check.
    reference: trace.lastOutput?.cartNumber ?? null,
    debit: input.debit === true,
  });
  trace.state = state;
  traces.set(runner, trace);
}

/** The input a runner was started with: the fixture's inputs differ in their cart ids. */
const inputOfRunner = (runner: Runner): PendingOrderInput => {
  const input = inputs.find((i) => i.cartId === runner.actor.getSnapshot().context.cartId);
  if (!input) throw new Error('runner without input');
  return input;
};

describe('pending order paths', () => {
  it('walks every transition, each step as the transition table says, the invariants holding (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: pendingOrderMachine,
      inputs,
      events: pathEvents,
      serializeState,
      // The injected actions record what the route would do, per runner (the clock is the runner's).
      provide: () => {
        const told = { completed: [] as string[][], paymentFailed: [] as string[] };
        pendingTold.push(told);
        return {
          actions: {
            completed: (_args: unknown, params: { orderIds: string[] }) =>
              told.completed.push(params.orderIds),
            paymentFailed: (_args: unknown, params: { cartId: string }) =>
              told.paymentFailed.push(params.cartId),
          },
        };
      },
      onStep: (runner, expected, event) => {
        if (!seen.has(runner)) {
          const told = pendingTold.shift();
          if (!told) throw new Error('no recorder for the runner');
          seen.set(runner, told);
        }
        onStep(runner, expected, event);
      },
    });
    assertFullCoverage(report);
    recordCoverage('pendingOrder', report);
  });

  it('its config is one JSON literal with the id pendingOrder', () => {
    const parsed = JSON.parse(JSON.stringify(pendingOrderMachine.config));
    expect(parsed.id).toBe('pendingOrder');
    expect(Object.keys(parsed.states)).toEqual([
      'checking',
      'waiting',
      'failed',
      'missing',
      'paymentFailed',
      'completed',
    ]);
  });
});

const pendingTold: { completed: string[][]; paymentFailed: string[] }[] = [];
