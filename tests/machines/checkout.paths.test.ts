/**
 * Path tests of the checkout machine: paths built with xstate/graph from an events function (for four
 * inputs: identity form and terms shown or not, amount due or free), replayed on a real actor
 * (graph-helpers: controlled fake promise actors, SimulatedClock), and an edge-coverage check proving every
 * transition was walked on a real actor.
 *
 * Invariants after every step of every path, on the fake actors' call log (spec 2 §4 "Checkout submit"):
 * nothing is called before the first submit; per submit, at most one card confirmation and at most one
 * customer confirmation (402 intent_requires_action); `pay` at most once before the customer confirmation and
 * once after it, so at most twice, and the second time with the payment-intent id as the source; once the
 * customer confirmed, exactly two pay calls (the 402 path pays twice in total); nothing due: no card and no
 * pay at all.
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
import {
  assertFullCoverage,
  ownEvents,
  type ReplayRunner,
  replayPath,
  walkMachinePaths,
} from './graph-helpers';

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

/** Per replayed actor: how many fake-actor calls there were after the previous step. */
const callsBefore = new WeakMap<object, number>();
/** Per replayed actor: where in the call log the current submit began (absent before the first submit). */
const submitStart = new WeakMap<object, number>();

/** The invariants of the file comment, after a step. */
function checkInvariants(runner: ReplayRunner<typeof checkoutMachine>, _: unknown, event: EventObject): void {
  const { calls } = runner.controls;
  if (event.type === 'submit') submitStart.set(runner, callsBefore.get(runner) ?? 0);
  callsBefore.set(runner, calls.length);
  const start = submitStart.get(runner);
  if (start === undefined) {
    expect(calls, 'nothing is called before the first submit').toEqual([]);
    return;
  }
  const sinceSubmit = calls.slice(start);
  const log = sinceSubmit.map((call) => call.src).join(', ');
  const count = (src: string) => sinceSubmit.filter((call) => call.src === src).length;
  expect(count('confirmCard'), `one card confirmation per submit: ${log}`).toBeLessThanOrEqual(1);
  expect(count('confirmAction'), `one customer confirmation per submit: ${log}`).toBeLessThanOrEqual(1);
  const confirmation = sinceSubmit.findIndex((call) => call.src === 'confirmAction');
  const pays = sinceSubmit.flatMap((call, i) => (call.src === 'pay' ? [i] : []));
  const paysBefore = pays.filter((i) => confirmation === -1 || i < confirmation);
  const paysAfter = pays.filter((i) => confirmation !== -1 && i > confirmation);
  expect(paysBefore.length, `one pay before the customer confirmation: ${log}`).toBeLessThanOrEqual(1);
  expect(paysAfter.length, `one pay after the customer confirmation: ${log}`).toBeLessThanOrEqual(1);
  if (paysAfter.length === 1) {
    const retry = sinceSubmit[paysAfter[0] as number]?.input as { source: string };
    expect(retry.source, 'the retry pays with the payment-intent id').toBe('pi_1');
  }
  if (event.type === 'xstate.done.actor.confirmAction') {
    expect(pays.length, `the 402 path pays twice in total: ${log}`).toBe(2);
  }
  if (runner.actor.getSnapshot().context.cart.totals.outstandingCents <= 0) {
    expect(count('confirmCard') + count('pay'), `nothing due: no card, no pay: ${log}`).toBe(0);
  }
}

const replay = (input: CheckoutInput, path: StatePath<Snap, CheckoutEvent>) =>
  replayPath(checkoutMachine, path, { input, serializeState, onStep: checkInvariants });

describe('checkout machine paths', () => {
  it('replays every shortest path on a real actor, checking the invariants at each step', async () => {
    for (const input of inputs) {
      for (const path of getShortestPaths(checkoutMachine, traversal(input))) await replay(input, path);
    }
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
      onStep: checkInvariants,
    });
    assertFullCoverage(report);
    console.info(
      `checkout paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  });
});
