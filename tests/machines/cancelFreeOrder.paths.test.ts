/**
 * Path tests of cancel free order (spec 2 §2 "Cancel-free-order page", §4 "Cancel-free-order", §5, §8 "Cancel
 * order"; issue 24): paths from xstate/graph replayed on a real actor with controlled fakes. At every step the
 * state reached is the one a transition table written here from the spec names for (previous state, event), and
 * invariants hold: cancel is never posted without a selection, only with valid tickets (spec 2 §4: not
 * cancelled, adjusted_value '0', session in the future beyond the horizon), never twice at once; the email is
 * asked for (order_cancel) only after a cancel went through; the success message shows only after one; 'Cancel
 * selected' is disabled with no selection or while submitting. Edge coverage proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { ManageOrder } from '../../api/models';
import { cancelFreeOrderMachine } from '../../machines/cancelFreeOrder/cancelFreeOrder.machine';
import { groupTickets, isValidTicket, toggleSession } from '../../machines/cancelFreeOrder/rules';
import type {
  CancelTicketsInput,
  LoadOrderOutput,
  SendEmailInput,
} from '../../machines/cancelFreeOrder/types';
import { selectCancelFreeOrderView } from '../../machines/cancelFreeOrder/view';
import type { OrderLoadOutput } from '../../machines/orderLoad/types';
import {
  ACCESS,
  type CancelFreeOrderSnap,
  FREE_ADULT,
  FREE_CHILD,
  inputs,
  NOW_MS,
  ORDER,
  PAID_ADULT,
  pathEvents,
} from '../../stories/fixtures/cancelFreeOrder';
import '../../ui/manage/strings';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof cancelFreeOrderMachine>;
type LoadDone = { output: OrderLoadOutput<LoadOrderOutput> };
const LOADED: OrderLoadOutput<LoadOrderOutput> = {
  status: 'loaded',
  loaded: { order: ORDER, access: ACCESS, nowMs: NOW_MS },
};
type State =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'empty'
  | 'ready'
  | 'confirming'
  | 'cancelling'
  | 'emailing';

/** Spec 2 §4 restated, independently of rules.ts: the ids a cancel may carry. */
const oracleValid = (order: ManageOrder, nowMs: number) =>
  order.tickets
    .filter(
      (t) =>
        t.state === 'booked' &&
        Number(t.adjustedValue) === 0 &&
        t.start !== null &&
        Date.parse(t.start) > nowMs + 2 * 3_600_000 &&
        t.category === 'Workshops',
    )
    .map((t) => t.id);

/** The orderLoad child's answer (a controlled fake here): refused ends the page, failed offers Try again. */
const loadOutcome = (event: EventObject): State => {
  const output = (event as unknown as { output: OrderLoadOutput<LoadOrderOutput> }).output;
  if (output.status === 'refused') return 'refused';
  if (output.status === 'failed') return 'loadFailed';
  const { order, nowMs } = output.loaded;
  return oracleValid(order, nowMs).length ? 'ready' : 'empty';
};

/**
 * The transition table (spec 2 §2, §4, §8): the state after `event` in `from`, given the context before it; null
 * where the event does nothing there.
 */
function expectedState(
  from: State,
  event: EventObject,
  before: { selected: string[]; valid: string[] },
): State | null {
  const t = event.type;
  switch (from) {
    case 'loading':
      return t === 'xstate.done.actor.orderLoad' ? loadOutcome(event) : null;
    case 'loadFailed':
      return t === 'retry' ? 'loading' : null;
    case 'refused':
    case 'empty':
      return null;
    case 'ready':
      if (t === 'ticket.toggle' || t === 'session.toggleAll') return 'ready';
      if (t === 'cancelOrder') return before.valid.length ? 'confirming' : 'ready';
      if (t === 'cancelSelected') return before.selected.length ? 'confirming' : 'ready';
      return null;
    case 'confirming':
      if (t === 'confirm') return 'cancelling';
      if (t === 'dismiss') return 'ready';
      return null;
    case 'cancelling':
      if (t === 'xstate.done.actor.cancelTickets') return 'emailing';
      if (t === 'xstate.error.actor.cancelTickets')
        return (event as unknown as { error: { status: number } }).error.status === 403
          ? 'refused'
          : 'loading';
      return null;
    case 'emailing':
      return t.endsWith('.sendEmail') ? 'loading' : null;
  }
}

interface Trace {
  state: State;
  selected: string[];
  valid: string[];
  cancelsDone: number;
  cancelsSettled: number;
  emails: number;
}
const traces = new WeakMap<Runner, Trace>();

function onStep(runner: Runner, _expected: CancelFreeOrderSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const trace = traces.get(runner) ?? {
    state: 'loading' as State,
    selected: [],
    valid: [],
    cancelsDone: 0,
    cancelsSettled: 0,
    emails: 0,
  };
  const state = snapshot.value as State;
  // The table decides the state reached (an event the table ignores leaves it as it was).
  expect(state).toBe(expectedState(trace.state, event, trace) ?? trace.state);

  const cancels = runner.controls.calls.filter((c) => c.src === 'cancelTickets');
  const emails = runner.controls.calls.filter((c) => c.src === 'sendEmail');
  if (event.type.endsWith('.cancelTickets')) trace.cancelsSettled++;
  if (event.type === 'xstate.done.actor.cancelTickets') trace.cancelsDone++;
  // Never twice at once; never without a selection; only valid tickets of the order as loaded.
  expect(cancels.length - trace.cancelsSettled).toBeLessThanOrEqual(1);
  const latest = cancels.at(-1);
  if (latest && cancels.length > trace.cancelsSettled) {
    const input = latest.input as CancelTicketsInput;
    expect(input.ticketIds.length).toBeGreaterThan(0);
    for (const id of input.ticketIds) expect(trace.valid).toContain(id);
    expect(input).toMatchObject({ orderId: 'order-24', token: 'tok-24' });
  }
  // The email only after a cancel went through, one per cancel.
  expect(emails.length).toBeLessThanOrEqual(trace.cancelsDone);
  for (const call of emails)
    expect(call.input as SendEmailInput).toEqual({
      orderId: 'order-24',
      token: 'tok-24',
      logContext: 'order_cancel',
    });
  // Only valid tickets are ever ticked.
  for (const id of context.selected)
    expect(trace.valid.length ? trace.valid : oracleValid(context.order ?? ORDER, NOW_MS)).toContain(id);

  const view = selectCancelFreeOrderView(snapshot);
  expect(view.succeeded).toBe(context.notice === 'cancelled');
  if (view.succeeded) expect(trace.cancelsDone).toBeGreaterThan(0);
  expect(view.cancelSelectedDisabled).toBe(state !== 'ready' || context.selected.length === 0);
  expect(view.confirmOpen).toBe(state === 'confirming');
  if (state === 'confirming') expect(view.pendingCount).toBeGreaterThan(0);
  if (state === 'refused')
    expect(resolveMessage(defaultStrings, context.error as never)).toBe(
      'You must contact us to cancel this order.',
    );
  if (event.type === 'xstate.error.actor.cancelTickets') {
    const code = (event as unknown as { error: { code: string } }).error.code;
    const text = resolveMessage(defaultStrings, context.error as never);
    if (code === 'no_valid_tickets') expect(text).toBe('No valid tickets found on this order');
    if (code === 'internal_error')
      expect(text).toBe('Sorry, something unexpected happened. Please try again later.');
  }
  const load = event.type === 'xstate.done.actor.orderLoad' ? (event as unknown as LoadDone).output : null;
  if (load?.status === 'failed' && state === 'loadFailed') {
    expect(context.error).toEqual(load.error);
    expect([
      'We could not find that order.',
      'Oops! Sorry, something went wrong. Please try again.',
    ]).toContain(resolveMessage(defaultStrings, context.error as never));
  }
  if (load?.status === 'loaded') trace.valid = oracleValid(load.loaded.order, NOW_MS);
  trace.state = state;
  trace.selected = [...context.selected];
  trace.emails = emails.length;
  traces.set(runner, trace);
}

describe('cancel free order paths', () => {
  it('walks every transition, each step as the transition table says, the invariants holding (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: cancelFreeOrderMachine,
      inputs,
      events: pathEvents,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('cancelFreeOrder', report);
  });

  it('its config is one JSON literal with the id cancelFreeOrder', () => {
    const parsed = JSON.parse(JSON.stringify(cancelFreeOrderMachine.config));
    expect(parsed.id).toBe('cancelFreeOrder');
    expect(Object.keys(parsed.states)).toContain('confirming');
  });

  it('cancel selected: one call with the selection, the email, the reload and the success message', async () => {
    const runner = createReplayRunner(cancelFreeOrderMachine, { input: inputs[0] as (typeof inputs)[0] });
    await runner.controls.resolve('orderLoad', LOADED);
    expect(selectCancelFreeOrderView(runner.actor.getSnapshot()).cancelSelectedDisabled).toBe(true);
    runner.actor.send({ type: 'ticket.toggle', ticketId: PAID_ADULT.id });
    runner.actor.send({ type: 'cancelSelected' });
    expect(runner.actor.getSnapshot().value).toBe('ready');
    runner.actor.send({ type: 'ticket.toggle', ticketId: FREE_ADULT.id });
    runner.actor.send({ type: 'cancelSelected' });
    runner.actor.send({ type: 'confirm' });
    runner.actor.send({ type: 'confirm' });
    runner.actor.send({ type: 'cancelOrder' });
    await runner.controls.resolve('cancelTickets', undefined);
    await runner.controls.resolve('sendEmail', undefined);
    await runner.controls.resolve('orderLoad', LOADED);
    expect(runner.controls.calls.map((c) => c.src)).toEqual([
      'orderLoad',
      'cancelTickets',
      'sendEmail',
      'orderLoad',
    ]);
    expect((runner.controls.calls[1]?.input as CancelTicketsInput | undefined)?.ticketIds).toEqual([
      FREE_ADULT.id,
    ]);
    expect(selectCancelFreeOrderView(runner.actor.getSnapshot()).succeeded).toBe(true);
    runner.actor.stop();
  });
});

describe('cancel free order rules', () => {
  it('groups by date then session; a valid ticket is booked, free and beyond the horizon', () => {
    const groups = groupTickets(ORDER.tickets);
    expect(groups.map((d) => [d.date, d.sessions.map((s) => s.key)])).toEqual([
      ['2026-12-04', ['session-a']],
      ['2026-12-05', ['session-b']],
    ]);
    expect(isValidTicket(FREE_ADULT, NOW_MS, ACCESS)).toBe(true);
    expect(isValidTicket(PAID_ADULT, NOW_MS, ACCESS)).toBe(false);
    expect(isValidTicket({ ...FREE_ADULT, state: 'cancelled' }, NOW_MS, ACCESS)).toBe(false);
    expect(isValidTicket({ ...FREE_ADULT, state: 'redeemed' }, NOW_MS, ACCESS)).toBe(false);
    const start = Date.parse(FREE_ADULT.start as string);
    expect(isValidTicket(FREE_ADULT, start - 2 * 3_600_000 + 1, ACCESS)).toBe(false);
    expect(isValidTicket(FREE_ADULT, start - 2 * 3_600_000 - 1, ACCESS)).toBe(true);
    expect(isValidTicket({ ...FREE_CHILD, category: 'Talks' }, NOW_MS, ACCESS)).toBe(false);
    const off = { ...ACCESS, rules: { ...ACCESS.rules, enabled: false } };
    expect(isValidTicket({ ...FREE_CHILD, category: 'Talks' }, NOW_MS, off)).toBe(true);
    expect(toggleSession([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleSession(['a', 'b', 'c'], ['a', 'b'])).toEqual(['c']);
  });
});
