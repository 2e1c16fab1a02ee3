/**
 * Path tests of the cart machine: paths built with xstate/graph from an events function, replayed on a real
 * actor with deferred fake actors (fake timers keep the expiry watcher silent; ticks are sent as events),
 * and an edge-coverage check proving every transition of the machine was walked on a real actor.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AnyStateMachine,
  AnyTransitionDefinition,
  EventObject,
  InspectionEvent,
  SnapshotFrom,
} from 'xstate';
import { __unsafe_getAllOwnEventDescriptors, createActor, fromPromise } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes } from 'xstate/graph';
import type { CartModel } from '../../api/models';
import { cartMachine } from '../../machines/cart/cart.machine';
import type {
  CartEvent,
  CartInput,
  DiscardCartInput,
  LoadCartInput,
  RemoveTicketsInput,
} from '../../machines/cart/types';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const now = () => T0;

function makeCart(over: Partial<CartModel> & { id: string }): CartModel {
  return {
    number: `N-${over.id}`,
    state: 'pending',
    identityId: 'public',
    expiresAt: T0 + 900_000,
    expiresIn: 900,
    ticketCount: 2,
    items: [],
    totals: {
      subtotalCents: 5000,
      feesFixedCents: 0,
      feesPercentCents: 0,
      discountCents: 0,
      paymentsCents: 0,
      outstandingCents: 5000,
    },
    currency: 'USD',
    orderIds: [],
    ...over,
  };
}

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
    totals: { ...makeCart({ id: 'x' }).totals, outstandingCents: 0 },
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

/** The events of `events` that the snapshot's states handle. */
const handled = (snapshot: Snap, events: ModelEvent[]): CartEvent[] => {
  const own = new Set(__unsafe_getAllOwnEventDescriptors(snapshot));
  return events.filter((e) => own.has(e.type)) as CartEvent[];
};

const traversal = (input: CartInput) => ({
  input,
  events: (s: Snap) => handled(s, modelEvents),
  serializeState: (s: Snap) => serializeState(s),
});

/* ---------- transition identity and coverage ---------- */

function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? []);
  const targets = (t.target ?? []).map((n) => n.id).join(',') || '(self)';
  return `${t.source.id} | ${t.eventType || '(always)'} #${list.indexOf(t)} -> ${targets}`;
}

function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t));
    for (const t of node.always ?? []) keys.push(transitionKey(t));
  }
  return keys;
}

/* ---------- replay on a real actor ---------- */

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const flush = async () => {
  for (let i = 0; i < 25; i++) await Promise.resolve();
};

async function replay(input: CartInput, path: StatePath<Snap, CartEvent>, covered: Set<string>) {
  const pending = new Map<string, Pending>();
  const deferred = (id: string) => () =>
    new Promise<never>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  const machine = cartMachine.provide({
    actors: {
      loadCart: fromPromise<CartModel, LoadCartInput>(deferred('loadCart')),
      removeTickets: fromPromise<CartModel, RemoveTicketsInput>(deferred('removeTickets')),
      discardCart: fromPromise<unknown, DiscardCartInput>(deferred('discardCart')),
    },
  });
  const actor = createActor(machine, {
    input,
    inspect: (ev: InspectionEvent) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
        for (const t of ev._transitions) covered.add(transitionKey(t));
      }
    },
  });
  actor.start();
  await flush();
  for (const [index, step] of path.steps.entries()) {
    const event = step.event as ModelEvent;
    if (index > 0) {
      const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (done) {
        const id = done[2] ?? '';
        const waiting = pending.get(id);
        if (!waiting) throw new Error(`No ${id} actor is running at step ${index}`);
        pending.delete(id);
        if (done[1] === 'done') waiting.resolve(event.output);
        else waiting.reject(event.error);
      } else {
        actor.send(event as CartEvent);
      }
      await flush();
    }
    expect(serializeState(actor.getSnapshot()), `step ${index} (${event.type})`).toBe(
      serializeState(step.state),
    );
  }
  actor.stop();
}

const describePath = (path: StatePath<Snap, CartEvent>) =>
  path.steps.map((s) => `${s.event.type}→${JSON.stringify(s.state.value)}`).join(' ');

describe('cart machine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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
        await replay(input, path, new Set());
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
      events: (s: Snap) => handled(s, events),
      serializeState: (s: Snap) => serializeState(s),
      toState: (s) => s.matches('expired'),
    });
    expect(paths.length).toBeGreaterThanOrEqual(3);
    for (const path of paths) {
      expect(path.state.matches('expired'), describePath(path)).toBe(true);
      await replay(input, path, new Set());
    }
  });

  it('walks every transition of the machine on a real actor (edge coverage)', async () => {
    const covered = new Set<string>();
    for (const input of inputs) {
      const options = traversal(input);
      const adjacency = getAdjacencyMap(cartMachine, options);
      const shortest = new Map(
        getShortestPaths(cartMachine, options).map((p) => [serializeState(p.state), p] as const),
      );
      for (const [source, { transitions }] of Object.entries(adjacency)) {
        const head = shortest.get(source);
        if (!head) throw new Error(`No path to ${source}`);
        const edges = Object.values(transitions) as { event: CartEvent; state: Snap }[];
        for (const { event, state } of edges) {
          await replay(input, { ...head, steps: [...head.steps, { event, state }], state }, covered);
        }
      }
    }
    /** Transitions no path can take, with the reason. */
    const excluded: Record<string, string> = {};
    const all = allTransitionKeys(cartMachine);
    expect(all.length).toBe(new Set(all).size);
    expect(all.length).toBeGreaterThanOrEqual(26);
    const missing = all.filter((key) => !covered.has(key) && !(key in excluded));
    expect(missing).toEqual([]);
    console.info(`cart: ${all.length} transitions, all walked`);
  });
});
