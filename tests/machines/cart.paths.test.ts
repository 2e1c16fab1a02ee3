/**
 * Path tests of the cart machine: paths built with xstate/graph from an events function, replayed on a real
 * actor (graph-helpers: controlled fake promise actors; the real expiry watcher, `createExpiryWatcher`, on the
 * runner's SimulatedClock), and an edge-coverage check proving every transition was walked on a real actor.
 *
 * Time: the model's `tick` events stand for the passing of time. The replay does not send them: it sets the
 * simulated clock to their time, and the real watcher ticks from its own `clock.setTimeout` chain.
 *
 * The model is the machine plus its environment: when the machine (re)starts its invoked watcher, the model
 * does what spec 1 §4 says the watcher does (arm the local expiry at expires_in - 5 s from now, then tick),
 * so the model's deadlines come from the spec, not from the machine.
 *
 * Invariants after every step of every path, on the real actor, against the spec:
 * - the context is plain data (it survives JSON unchanged);
 * - an active cart that expires has `localExpiresAt` = (simulated time when the watcher armed it) +
 *   expires_in * 1000 - 5000; one that does not expire has none;
 * - the expiry modal is open only once the simulated clock reached the local expiry, and an active cart is
 *   never left past it.
 */
import { describe, expect, it } from 'vitest';
import type { AnyActorScope, EventObject, InspectionEvent, SimulatedClock, SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { cartMachine, createExpiryWatcher } from '../../machines/cart/cart.machine';
import type { CartEvent, CartInput } from '../../machines/cart/types';
import { makeCart, T0 } from './cart.fixtures';
import {
  assertFullCoverage,
  ownEvents,
  type ReplayRunner,
  replayPath,
  walkMachinePaths,
} from './graph-helpers';

/** Spec 1 §4 / §9, spec 2 §9: local expiry is the server's expires_in minus 5 seconds. */
const SPEC_EXPIRY_MARGIN_MS = 5_000;

const carts = {
  c1: makeCart({ id: 'c1' }),
  c1After: makeCart({ id: 'c1', ticketCount: 1 }),
  c2: makeCart({ id: 'c2', expiresIn: 600, expiresAt: T0 + 600_000, ticketCount: 1 }),
  noTickets: makeCart({ id: 'c3', ticketCount: 0 }),
  completed: makeCart({
    id: 'c4',
    expiresIn: null,
    expiresAt: null,
    ticketCount: 0,
    state: 'complete',
    orderIds: ['o1'],
    totals: { ...makeCart().totals, outstandingCents: 0 },
  }),
  expiredState: makeCart({ id: 'c5', state: 'expired' }),
  short: makeCart({ id: 'c6', expiresIn: 20, expiresAt: T0 + 20_000 }),
  noExpiry: makeCart({ id: 'c7', expiresIn: null, expiresAt: null }),
};

type ModelEvent = EventObject & Record<string, unknown>;
type Snap = SnapshotFrom<typeof cartMachine>;

/** Every event the model may take but time; xstate/graph keeps those the current state handles. */
const modelEvents: ModelEvent[] = [
  ...[carts.c1, carts.completed, carts.expiredState, carts.short].map((output) => ({
    type: 'xstate.done.actor.loadCart',
    output,
  })),
  { type: 'xstate.error.actor.loadCart', error: { code: 'not_found', status: 404 } },
  { type: 'xstate.error.actor.loadCart', error: { code: 'unexpected', status: 0 } },
  { type: 'xstate.done.actor.removeTickets', output: carts.c1After },
  { type: 'xstate.error.actor.removeTickets', error: { code: 'tickets_too_old', status: 400 } },
  { type: 'xstate.error.actor.removeTickets', error: { code: 'cart_expired', status: 410 } },
  { type: 'xstate.done.actor.discardCart', output: undefined },
  { type: 'xstate.error.actor.discardCart', error: { code: 'unexpected', status: 0 } },
  ...[carts.c2, carts.noTickets, carts.completed, carts.short, carts.noExpiry].map((cart) => ({
    type: 'cart.updated',
    cart,
  })),
  { type: 'cart.remove', ticketIds: ['t1'] },
  { type: 'cart.remove', ticketIds: [] },
  { type: 'cart.refresh' },
  { type: 'cart.clear' },
  { type: 'expiry.confirm' },
];

// ---- the model: the machine plus its expiry watcher and clock ---------------------------------------------

/** Simulated time of each model snapshot. */
const modelTime = new WeakMap<object, number>();
const timeOf = (snapshot: object): number => modelTime.get(snapshot) ?? T0;

/** The spec's watcher: when it (re)starts, arm a fresh cart's local expiry at `now`, then tick once. */
function withWatcher(snapshot: Snap, previous: Snap | null, now: number, scope: AnyActorScope): Snap {
  let next = snapshot;
  const watcher = next.children.expiryWatcher;
  if (watcher && watcher !== previous?.children.expiryWatcher) {
    const input = (
      watcher.getSnapshot() as { input: { deadline: number | null; expiresInSeconds: number | null } }
    ).input;
    let deadline = input.deadline;
    if (deadline === null && input.expiresInSeconds !== null) {
      deadline = now + input.expiresInSeconds * 1000 - SPEC_EXPIRY_MARGIN_MS;
      next = cartMachine.transition(next, { type: 'expiry.armed', deadline }, scope);
    }
    if (deadline !== null) next = cartMachine.transition(next, { type: 'tick', now }, scope);
  }
  modelTime.set(next, now);
  return next;
}

const model = Object.assign(Object.create(cartMachine) as typeof cartMachine, {
  getInitialSnapshot: (scope: AnyActorScope, input: CartInput) =>
    withWatcher(cartMachine.getInitialSnapshot(scope, input), null, T0, scope),
  transition: (snapshot: Snap, event: CartEvent, scope: AnyActorScope) =>
    withWatcher(
      cartMachine.transition(snapshot, event, scope),
      snapshot,
      event.type === 'tick' ? event.now : timeOf(snapshot),
      scope,
    ),
});

// ---- the replay: the real watcher on the runner's clock ---------------------------------------------------

/** The replay running now (paths replay one at a time): its clock and the watcher's arming times. */
let live: { clock: SimulatedClock; armedAt: number[] } | null = null;

/** The real expiry watcher, on the same SimulatedClock as the actor. */
const provide = (clock: SimulatedClock) => {
  live = { clock, armedAt: [] };
  return { actors: { expiryWatcher: createExpiryWatcher(clock) } };
};

/** Records the simulated time of every `expiry.armed` the watcher sends the cart. */
function inspect(event: InspectionEvent): void {
  if (event.type === '@xstate.event' && event.event.type === 'expiry.armed' && live) {
    live.armedAt.push(live.clock.now());
  }
}

/** Model events of time: the clock moves to their `now`. */
const clockEvents = (event: EventObject) =>
  event.type === 'tick' ? (event as Extract<CartEvent, { type: 'tick' }>).now : undefined;

/** Time passing, once per path: just before and at the local expiry of an active cart. */
function timeEvents(s: Snap): ModelEvent[] {
  const deadline = s.context.localExpiresAt;
  if (!s.matches('active') || deadline === null || timeOf(s) !== T0) return [];
  return [
    { type: 'tick', now: deadline - 1_000 },
    { type: 'tick', now: deadline },
  ];
}

/**
 * Once time has passed, a few events show that a cart arriving later is armed from the later time (the model
 * stays small: every other edge is walked at T0).
 */
const laterEvents = modelEvents.filter(
  (e) =>
    e.type === 'expiry.confirm' ||
    e.type === 'xstate.done.actor.discardCart' ||
    e.type === 'cart.refresh' ||
    (e.type === 'xstate.done.actor.loadCart' && e.output === carts.c1) ||
    (e.type === 'cart.updated' && e.cart === carts.c2),
);

/** State identity: the state value, what matters of the context, and the simulated time. */
function serializeState(snapshot: Snap): string {
  const c = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    cartId: c.cartId,
    persistedCartId: c.persistedCartId,
    cart: c.cart ? `${c.cart.id}:${c.cart.ticketCount}` : null,
    localExpiresAt: c.localExpiresAt,
    discardCartId: c.discardCartId,
    error: c.error?.code ?? null,
    now: modelTime.get(snapshot) ?? live?.clock.now(),
  });
}

const inputs: CartInput[] = [{ storedCartId: 'c1' }, { storedCartId: null }];

/** The model events the snapshot's states handle. */
const pathEvents = (s: Snap) =>
  ownEvents<CartEvent>(s, timeOf(s) === T0 ? [...modelEvents, ...timeEvents(s)] : laterEvents);

const traversal = (input: CartInput) => ({ input, events: pathEvents, serializeState });

const replayOptions = {
  serializeState,
  provide,
  startTime: T0,
  clockEvents,
  inspect,
  onStep: checkInvariants,
};

/** The invariants of the file comment, on the real actor after a step. */
function checkInvariants(runner: ReplayRunner<typeof cartMachine>): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const now = runner.clock.now();
  const where = `${JSON.stringify(snapshot.value)} at T0+${now - T0} ms`;
  expect(JSON.parse(JSON.stringify(context)), where).toEqual(context);
  if (snapshot.matches('active') && context.cart) {
    if (context.cart.expiresIn === null) {
      expect(context.localExpiresAt, where).toBeNull();
    } else {
      const armedAt = live?.armedAt.at(-1);
      expect(armedAt, `${where}: the watcher armed the expiry`).toBeDefined();
      expect(context.localExpiresAt, where).toBe(
        (armedAt as number) + context.cart.expiresIn * 1000 - SPEC_EXPIRY_MARGIN_MS,
      );
    }
    if (context.localExpiresAt !== null) {
      expect(now, `${where}: an active cart is before its local expiry`).toBeLessThan(context.localExpiresAt);
    }
  }
  if (snapshot.matches('expired')) {
    expect(context.localExpiresAt, where).not.toBeNull();
    expect(now, `${where}: the modal opens only at the local expiry`).toBeGreaterThanOrEqual(
      context.localExpiresAt as number,
    );
  }
}

const replay = (input: CartInput, path: StatePath<Snap, CartEvent>) =>
  replayPath(cartMachine, path, { input, ...replayOptions });

const describePath = (path: StatePath<Snap, CartEvent>) =>
  path.steps.map((s) => `${s.event.type}→${JSON.stringify(s.state.value)}`).join(' ');

describe('cart machine paths', () => {
  it('replays every shortest path on a real actor, checking the invariants at each step', async () => {
    for (const input of inputs) {
      const paths = getShortestPaths(model, traversal(input));
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) await replay(input, path as StatePath<Snap, CartEvent>);
    }
  });

  it('replays every simple path to the expiry modal', async () => {
    // A small event set keeps simple paths finite: load, update, remove, time.
    const input = inputs[0] as CartInput;
    const events = modelEvents.filter(
      (e) =>
        (e.type === 'xstate.done.actor.loadCart' && e.output === carts.c1) ||
        e.type === 'xstate.done.actor.removeTickets' ||
        (e.type === 'cart.remove' && (e.ticketIds as string[]).length > 0) ||
        (e.type === 'cart.updated' && e.cart === carts.c2),
    );
    const paths = getSimplePaths(model, {
      input,
      events: (s: Snap) => ownEvents<CartEvent>(s, [...events, ...timeEvents(s)]),
      serializeState,
      toState: (s: Snap) => s.matches('expired'),
    }) as StatePath<Snap, CartEvent>[];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.state.matches('expired'), describePath(path)).toBe(true);
      await replay(input, path);
    }
  });

  it('walks every transition of the machine on a real actor (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: cartMachine,
      model,
      inputs,
      events: pathEvents,
      ...replayOptions,
    });
    assertFullCoverage(report);
    console.info(
      `cart paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  });
});
