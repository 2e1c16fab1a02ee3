/**
 * Path tests of the cart machine: paths built with xstate/graph from an events function, replayed on a real
 * actor (graph-helpers: controlled fake promise actors, SimulatedClock; fake timers keep the real expiry
 * watcher silent after its first tick; ticks are sent as events), and an edge-coverage check proving every
 * transition of the machine was walked on a real actor.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { cartMachine, expiryWatcher } from '../../machines/cart/cart.machine';
import type { CartEvent, CartInput } from '../../machines/cart/types';
import { makeCart, T0, useFakeTimersAtT0 } from './cart.fixtures';
import { assertFullCoverage, ownEvents, replayPath, walkMachinePaths } from './graph-helpers';

const now = () => T0;

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
};

type ModelEvent = EventObject & Record<string, unknown>;

/** Every event the model may take; xstate/graph keeps those the current state handles. */
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
  ...[carts.c2, carts.noTickets, carts.completed, carts.short].map((cart) => ({
    type: 'cart.updated',
    cart,
  })),
  { type: 'cart.remove', ticketIds: ['t1'] },
  { type: 'cart.remove', ticketIds: [] },
  { type: 'cart.refresh' },
  { type: 'cart.clear' },
  { type: 'expiry.confirm' },
  { type: 'tick', now: T0 + 1_000 },
  { type: 'tick', now: T0 + 2_000_000 },
];

type Snap = SnapshotFrom<typeof cartMachine>;

/** State identity for the traversal: the state value and what matters of the context. */
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
  });
}

const inputs: CartInput[] = [
  { storedCartId: 'c1', now },
  { storedCartId: null, now },
];

/** The model events the snapshot's states handle. */
const pathEvents = (s: Snap) => ownEvents<CartEvent>(s, modelEvents);

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
    // A small event set keeps simple paths finite: load, update, remove, tick.
    const input = inputs[0] as CartInput;
    const events = modelEvents.filter(
      (e) =>
        (e.type === 'xstate.done.actor.loadCart' && e.output === carts.c1) ||
        e.type === 'xstate.done.actor.removeTickets' ||
        (e.type === 'cart.remove' && (e.ticketIds as string[]).length > 0) ||
        (e.type === 'cart.updated' && e.cart === carts.c2) ||
        (e.type === 'tick' && e.now !== T0 + 1_000),
    );
    const paths = getSimplePaths(cartMachine, {
      input,
      events: (s: Snap) => ownEvents<CartEvent>(s, events),
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
    expect(report.transitions).toBeGreaterThanOrEqual(26);
    console.info(
      `cart paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  });
});
