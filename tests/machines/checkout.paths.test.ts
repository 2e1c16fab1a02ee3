/**
 * Path tests of the checkout machine: paths built with xstate/graph from an events function (for four
 * inputs: identity form and terms shown or not, amount due or free), replayed on a real actor
 * (graph-helpers: controlled fake promise actors, SimulatedClock), and an edge-coverage check proving every
 * transition was walked on a real actor.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type {
  CheckoutEvent,
  CheckoutInput,
  IdentityField,
  IdentityValues,
} from '../../machines/checkout/types';
import { makeCart } from './checkout.fixtures';
import { assertFullCoverage, ownEvents, replayPath, walkMachinePaths } from './graph-helpers';

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

/** The candidate events the snapshot's states handle. */
const pathEvents = (s: Snap) => ownEvents<CheckoutEvent>(s, candidateEvents(s));

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
    const happy = new Set([
      'xstate.done.actor.confirmCard',
      'xstate.done.actor.storePurchaser',
      'xstate.done.actor.pay',
      'xstate.done.actor.confirmAction',
    ]);
    const paths = getSimplePaths(checkoutMachine, {
      input,
      events: (s: Snap) =>
        ownEvents<CheckoutEvent>(
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
    expect(report.transitions).toBeGreaterThanOrEqual(29);
    console.info(
      `checkout paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  });
});
