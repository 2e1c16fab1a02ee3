/**
 * Path tests of the checkout machine: paths built with xstate/graph from an events function (for four
 * inputs: identity form and terms shown or not, amount due or free), replayed on a real actor with deferred
 * fake actors, and an edge-coverage check proving every transition was walked on a real actor.
 */
import { describe, expect, it } from 'vitest';
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
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type {
  CheckoutEvent,
  CheckoutInput,
  CheckoutResult,
  ConfirmActionInput,
  ConfirmCardInput,
  ConfirmCardOutput,
  FreeCheckoutInput,
  IdentityField,
  IdentityValues,
  PayInput,
  StorePurchaserInput,
} from '../../machines/checkout/types';

function makeCart(outstandingCents: number): CartModel {
  return {
    id: 'cart-1',
    number: 'N-1',
    state: 'pending',
    identityId: 'public',
    expiresAt: null,
    expiresIn: 900,
    ticketCount: 2,
    items: [],
    totals: {
      subtotalCents: outstandingCents,
      feesFixedCents: 0,
      feesPercentCents: 0,
      discountCents: 0,
      paymentsCents: 0,
      outstandingCents,
    },
    currency: 'USD',
    orderIds: [],
  };
}

const inputs: CheckoutInput[] = [
  { cart: makeCart(5000), identityFormShown: true, termsShown: true },
  { cart: makeCart(0), identityFormShown: true, termsShown: false },
  { cart: makeCart(2500), identityFormShown: false, termsShown: false },
  { cart: makeCart(0), identityFormShown: false, termsShown: true },
];

const FIELDS: IdentityField[] = ['firstName', 'lastName', 'email', 'emailConfirm'];
const filled: IdentityValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  emailConfirm: 'ADA@Example.com',
};

type ModelEvent = EventObject & Record<string, unknown>;
type Snap = SnapshotFrom<typeof checkoutMachine>;

const actorEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.confirmCard', output: { source: 'pm_card_visa' } },
  {
    type: 'xstate.error.actor.confirmCard',
    error: { code: 'card_declined', description: 'Your card was declined.' },
  },
  { type: 'xstate.error.actor.confirmCard', error: { code: 'payment_provider_unavailable' } },
  { type: 'xstate.done.actor.storePurchaser', output: undefined },
  {
    type: 'xstate.error.actor.storePurchaser',
    error: { code: 'validate_not_email', description: 'That is not an email address.', status: 400 },
  },
  {
    type: 'xstate.error.actor.storePurchaser',
    error: { code: 'cart_booked', status: 409, extra: { ticket_order_id: 'o9' } },
  },
  { type: 'xstate.done.actor.pay', output: { orderIds: ['o1', 'o2'] } },
  {
    type: 'xstate.error.actor.pay',
    error: {
      code: 'intent_requires_action',
      status: 402,
      extra: { client_secret: 'pi_1_secret_x', payment_intent_id: 'pi_1' },
    },
  },
  {
    type: 'xstate.error.actor.pay',
    error: { code: 'cart_booked', status: 409, extra: { ticket_order_id: 'o9' } },
  },
  { type: 'xstate.error.actor.pay', error: { code: 'intent_processing', status: 402 } },
  {
    type: 'xstate.error.actor.pay',
    error: { code: 'card_declined', status: 402, extra: { message: 'Your card was declined.' } },
  },
  { type: 'xstate.error.actor.pay', error: { code: 'unexpected', status: 500 } },
  { type: 'xstate.done.actor.confirmAction', output: undefined },
  {
    type: 'xstate.error.actor.confirmAction',
    error: {
      code: 'payment_intent_authentication_failure',
      description: 'We are unable to authenticate you.',
    },
  },
  { type: 'xstate.done.actor.freeCheckout', output: { orderIds: ['o3'] } },
  {
    type: 'xstate.error.actor.freeCheckout',
    error: { code: 'cart_booked', extra: { ticket_order_id: 'o9' } },
  },
  { type: 'xstate.error.actor.freeCheckout', error: { code: 'not_found', description: 'Cart not found.' } },
];

/** The events offered in a state: fill the form in order (or type a bad email), tick the terms, focus, submit. */
function candidateEvents(s: Snap): ModelEvent[] {
  const { values, termsAccepted, checkoutBegun, cart } = s.context;
  const events: ModelEvent[] = [...actorEvents];
  if (s.matches('editing')) {
    const next = FIELDS.find((f) => values[f] !== filled[f]);
    if (next) events.push({ type: 'field.change', name: next, value: filled[next] });
    if (values.email === '' && values.lastName !== '') {
      events.push({ type: 'field.change', name: 'email', value: 'not-an-email' });
    }
    if (!termsAccepted) events.push({ type: 'terms.change', accepted: true });
    if (!checkoutBegun && values.firstName === '') events.push({ type: 'field.focus', name: 'firstName' });
    events.push({ type: 'submit' }, { type: 'cart.updated', cart });
  }
  return events;
}

const handled = (snapshot: Snap, events: ModelEvent[]): CheckoutEvent[] => {
  const own = new Set(__unsafe_getAllOwnEventDescriptors(snapshot));
  return events.filter((e) => own.has(e.type)) as CheckoutEvent[];
};

function serializeState(s: Snap): string {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    values: c.values,
    termsAccepted: c.termsAccepted,
    checkoutBegun: c.checkoutBegun,
    actionConfirmed: s.matches('submitting') ? c.actionConfirmed : null,
  });
}

const traversal = (input: CheckoutInput) => ({
  input,
  events: (s: Snap) => handled(s, candidateEvents(s)),
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

/** What the traversal identifies states by (the graph keeps one representative snapshot per key). */
const observed = serializeState;

async function replay(input: CheckoutInput, path: StatePath<Snap, CheckoutEvent>, covered: Set<string>) {
  const pending = new Map<string, Pending>();
  const deferred = (id: string) => () =>
    new Promise<never>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  const machine = checkoutMachine.provide({
    actors: {
      confirmCard: fromPromise<ConfirmCardOutput, ConfirmCardInput>(deferred('confirmCard')),
      storePurchaser: fromPromise<unknown, StorePurchaserInput>(deferred('storePurchaser')),
      pay: fromPromise<CheckoutResult, PayInput>(deferred('pay')),
      freeCheckout: fromPromise<CheckoutResult, FreeCheckoutInput>(deferred('freeCheckout')),
      confirmAction: fromPromise<unknown, ConfirmActionInput>(deferred('confirmAction')),
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
        actor.send(event as CheckoutEvent);
      }
      await flush();
    }
    expect(observed(actor.getSnapshot()), `step ${index} (${event.type})`).toBe(observed(step.state));
  }
  actor.stop();
}

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
        await replay(input, path, new Set());
        count++;
      }
    }
    expect(count).toBeGreaterThan(40);
  });

  it('replays every simple path to completed for a card payment with the identity form and terms', async () => {
    const input = inputs[0] as CheckoutInput;
    const happy = new Set([
      'xstate.done.actor.confirmCard',
      'xstate.done.actor.storePurchaser',
      'xstate.done.actor.pay',
      'xstate.done.actor.confirmAction',
    ]);
    const paths = getSimplePaths(checkoutMachine, {
      input,
      events: (s: Snap) =>
        handled(
          s,
          candidateEvents(s).filter(
            (e) =>
              happy.has(e.type) ||
              (e.type === 'xstate.error.actor.pay' &&
                (e.error as { code: string }).code === 'intent_requires_action') ||
              e.type === 'field.change' ||
              e.type === 'terms.change' ||
              e.type === 'submit',
          ),
        ),
      serializeState: (s: Snap) => serializeState(s),
      toState: (s) => s.matches('completed'),
    });
    const viaAction = paths.filter((p) =>
      p.steps.some((s) => (s.event as EventObject).type === 'xstate.done.actor.confirmAction'),
    );
    expect(paths.length).toBeGreaterThan(2);
    expect(viaAction.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.state.matches('completed')).toBe(true);
      await replay(input, path, new Set());
    }
  });

  it('walks every transition of the machine on a real actor (edge coverage)', async () => {
    const covered = new Set<string>();
    for (const input of inputs) {
      const options = traversal(input);
      const adjacency = getAdjacencyMap(checkoutMachine, options);
      const shortest = new Map(
        getShortestPaths(checkoutMachine, options).map((p) => [serializeState(p.state), p] as const),
      );
      for (const [source, { transitions }] of Object.entries(adjacency)) {
        const head = shortest.get(source);
        if (!head) throw new Error(`No path to ${source}`);
        const edges = Object.values(transitions) as { event: CheckoutEvent; state: Snap }[];
        for (const { event, state } of edges) {
          await replay(input, { ...head, steps: [...head.steps, { event, state }], state }, covered);
        }
      }
    }
    /** Transitions no path can take, with the reason. */
    const excluded: Record<string, string> = {};
    const all = allTransitionKeys(checkoutMachine);
    expect(all.length).toBe(new Set(all).size);
    expect(all.length).toBeGreaterThanOrEqual(29);
    const missing = all.filter((key) => !covered.has(key) && !(key in excluded));
    expect(missing).toEqual([]);
    console.info(`checkout: ${all.length} transitions, all walked`);
  });
});
