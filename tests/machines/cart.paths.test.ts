/**
 * Path tests of the cart machine: paths built with xstate/graph from an events function, replayed on a real
 * actor (stories/replay: controlled fake promise actors; the real expiry watcher, `createExpiryWatcher`, on
 * the runner's SimulatedClock), and an edge-coverage check proving every transition was walked on a real
 * actor. The model (the machine plus the spec's watcher and a clock), its events, time events and state
 * identity are the cart's story (`stories/fixtures/cart.ts`), shared with the story viewer.
 *
 * Time: the model's `tick` events stand for the passing of time. The replay does not send them: it sets the
 * simulated clock to their time, and the real watcher ticks from its own `clock.setTimeout` chain.
 *
 * Invariants after every step of every path, on the real actor, against the spec:
 * - the context is plain data (it survives JSON unchanged);
 * - an active cart that expires has `localExpiresAt` = (simulated time when the watcher armed it) +
 *   expires_in * 1000 - 5000; one that does not expire has none;
 * - the expiry modal is open only once the simulated clock reached the local expiry, and an active cart is
 *   never left past it;
 * - the modal stack as the cart drives it (its modal actions are recorded on a small model of the stack): the
 *   cart-expiry modal is open exactly while the cart is expired, so another tab's live cart arriving closes
 *   it; the mobile cart modal is closed whenever the cart shows no ticket (spec 2 §2: it closes when the
 *   ticket count drops to 0);
 * - Start over discards the timed-out cart and only that one.
 */
import { describe, expect, it } from 'vitest';
import type { InspectionEvent, SimulatedClock } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { cartMachine } from '../../machines/cart/cart.machine';
import { selectTicketCount } from '../../machines/cart/current';
import type { CartEvent, CartInput } from '../../machines/cart/types';
import {
  clockEvents,
  expiryPathEvents,
  inputs,
  cartModel as model,
  pathEvents,
  provideWatcher,
  type CartSnap as Snap,
  SPEC_EXPIRY_MARGIN_MS,
  serializeState,
  T0,
} from '../../stories/fixtures/cart';
import { recordCoverage } from './coverage';
import { assertFullCoverage, type ReplayRunner, replayPath, walkMachinePaths } from './graph-helpers';

/** What the cart's modal actions did to the modal stack (a model of `machines/modals` for two names). */
interface StackModel {
  expiryOpen: boolean;
  /** The mobile cart modal may be open: the cart showed tickets since the last close. */
  mobileMayBeOpen: boolean;
}

/** The replay running now (paths replay one at a time): its clock, the watcher's arming times, the stack. */
let live: {
  clock: SimulatedClock;
  armedAt: number[];
  stack: StackModel;
  previous: { expired: boolean; cartId: string | null };
} | null = null;

/** The story's real expiry watcher on the runner's clock, and the bookkeeping of the invariants. */
const provide = (clock: SimulatedClock) => {
  const stack: StackModel = { expiryOpen: false, mobileMayBeOpen: false };
  live = { clock, armedAt: [], stack, previous: { expired: false, cartId: null } };
  return {
    ...provideWatcher(clock),
    actions: {
      openExpiryModal: () => {
        stack.expiryOpen = true;
      },
      closeExpiryModal: () => {
        stack.expiryOpen = false;
      },
      closeMobileCart: () => {
        stack.mobileMayBeOpen = false;
      },
      closeAllModals: () => {
        stack.expiryOpen = false;
        stack.mobileMayBeOpen = false;
      },
    },
  };
};

/** Records the simulated time of every `expiry.armed` the watcher sends the cart. */
function inspect(event: InspectionEvent): void {
  if (event.type === '@xstate.event' && event.event.type === 'expiry.armed' && live) {
    live.armedAt.push(live.clock.now());
  }
}

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
  if (live) {
    const { stack, previous } = live;
    expect(stack.expiryOpen, `${where}: the expiry modal is open exactly while expired`).toBe(
      snapshot.matches('expired'),
    );
    const shown = selectTicketCount(snapshot);
    if (shown > 0) stack.mobileMayBeOpen = true;
    else
      expect(stack.mobileMayBeOpen, `${where}: no ticket, so the mobile cart modal was closed`).toBe(false);
    if (previous.expired && snapshot.matches({ empty: 'discarding' })) {
      expect(context.discardCartId, `${where}: Start over discards the timed-out cart only`).toBe(
        previous.cartId,
      );
    }
    live.previous = { expired: snapshot.matches('expired'), cartId: context.cartId };
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
    // A small event set keeps simple paths finite: load, update, remove, time (shared with the story).
    const input = inputs[0] as CartInput;
    const paths = getSimplePaths(model, {
      input,
      events: expiryPathEvents,
      serializeState,
      toState: (s: Snap) => s.matches('expired'),
    }) as StatePath<Snap, CartEvent>[];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.state.matches('expired'), describePath(path)).toBe(true);
      await replay(input, path);
    }
  });

  it('walks every transition of the machine on a real actor (edge coverage)', {
    timeout: 120_000,
  }, async () => {
    const report = await walkMachinePaths({
      machine: cartMachine,
      model,
      inputs,
      events: pathEvents,
      ...replayOptions,
    });
    assertFullCoverage(report);
    recordCoverage('cart', report);
    console.info(
      `cart paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  });
});
