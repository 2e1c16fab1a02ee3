/**
 * Path tests of reschedule (spec 2 §2 "Reschedule page", §4 "Reschedule", §5, §6, §8 "Reschedule"; issue 24):
 * paths from xstate/graph replayed on a real actor with controlled fakes. At every step the state reached is the
 * one a transition table written here from the spec names for (previous state, event), and invariants hold:
 * Update is disabled until a date and a session are chosen and while submitting; the change is posted only with
 * both, never twice at once, removing exactly the session's reschedulable tickets (booked, beyond the horizon,
 * self-edit category, not a single event) and adding one line of each one's type in the chosen session; a
 * failure clears the chosen date; an expired cart offers 'Click here to start again.'; a member is told to log
 * out; the route is told to go back to the manage page only after the change went through. Edge coverage
 * proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { ManageOrder } from '../../api/models';
import type { OrderLoadOutput } from '../../machines/orderLoad/types';
import { rescheduleMachine } from '../../machines/reschedule/reschedule.machine';
import type {
  LoadRescheduleOutput,
  UpdateOrderInput,
  UpdateOrderOutput,
} from '../../machines/reschedule/types';
import { selectRescheduleView } from '../../machines/reschedule/view';
import {
  DAYS,
  inputs,
  LOADED,
  OPEN_DAY,
  pathEvents,
  type RescheduleSnap,
  SESSIONS,
} from '../../stories/fixtures/reschedule';
import '../../ui/manage/strings';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof rescheduleMachine>;
type State =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'logOut'
  | 'unavailable'
  | 'choosing'
  | 'loadingSessions'
  | 'updating'
  | 'failed'
  | 'done';

/** Spec 2 §2, §3, §4 restated, independently of rules.ts: the ids a reschedule of session-a moves. */
const oracleMoving = (order: ManageOrder, nowMs: number) =>
  order.tickets
    .filter(
      (t) =>
        t.sessionId === 'session-a' &&
        t.state === 'booked' &&
        t.eventType !== 'single' &&
        t.category === 'Workshops' &&
        t.start !== null &&
        Date.parse(t.start) > nowMs + 2 * 3_600_000,
    )
    .map((t) => t.id);

/** The orderLoad child's answer (a controlled fake here): refused ends the page, failed offers Try again. */
const loadOutcome = (event: EventObject): State => {
  const load = (event as unknown as { output: OrderLoadOutput<LoadRescheduleOutput> }).output;
  if (load.status === 'refused') return 'refused';
  if (load.status === 'failed') return 'loadFailed';
  const out = load.loaded;
  if (out.access.via === 'session') return 'logOut';
  return oracleMoving(out.order, out.nowMs).length ? 'choosing' : 'unavailable';
};

interface Before {
  date: string | null;
  session: string | null;
}
const openDay = (date: unknown) => DAYS.some((d) => d.date === date && !d.soldOut);

/** The transition table (spec 2 §2, §4, §5, §8): the state after `event` in `from`; null: nothing happens. */
function expectedState(from: State, event: EventObject, before: Before): State | null {
  const t = event.type;
  const e = event as unknown as Record<string, unknown>;
  switch (from) {
    case 'loading':
      return t === 'xstate.done.actor.orderLoad' ? loadOutcome(event) : null;
    case 'loadFailed':
      return t === 'restart' ? 'loading' : null;
    case 'refused':
    case 'logOut':
    case 'unavailable':
    case 'done':
      return null;
    case 'choosing':
      if (t === 'date.select') return openDay(e.date) ? 'loadingSessions' : 'choosing';
      if (t === 'update') return before.date && before.session ? 'updating' : 'choosing';
      if (t === 'session.select') return 'choosing';
      return null;
    case 'loadingSessions':
      if (t.endsWith('.loadSessions')) return 'choosing';
      if (t === 'date.select') return 'loadingSessions';
      return null;
    case 'updating':
      if (t === 'xstate.done.actor.updateOrder') return 'done';
      if (t === 'xstate.error.actor.updateOrder') return 'failed';
      return null;
    case 'failed':
      if (t === 'date.select') return openDay(e.date) ? 'loadingSessions' : 'failed';
      if (t === 'restart') return 'loading';
      return null;
  }
}

interface Trace {
  state: State;
  before: Before;
  moving: string[];
  updatesSettled: number;
  updatesDone: number;
}
const traces = new WeakMap<Runner, Trace>();
/** What the route was told (the injected rescheduled, with its params), per actor. */
const told = new WeakMap<object, unknown[]>();
const route = {
  actions: {
    rescheduled: ({ self }: { self: object }, change: unknown) =>
      told.set(self, [...(told.get(self) ?? []), change]),
  },
};

function onStep(runner: Runner, _expected: RescheduleSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const trace = traces.get(runner) ?? {
    state: 'loading' as State,
    before: { date: null, session: null },
    moving: [],
    updatesSettled: 0,
    updatesDone: 0,
  };
  const state = snapshot.value as State;
  expect(state).toBe(expectedState(trace.state, event, trace.before) ?? trace.state);
  // The route is told once, on the way back to the manage page, the cart the update answered; never before.
  expect(told.get(runner.actor) ?? []).toEqual(
    state === 'done'
      ? [{ orderId: 'order-24', cartId: (event as unknown as { output: UpdateOrderOutput }).output.cartId }]
      : [],
  );

  const load =
    event.type === 'xstate.done.actor.orderLoad'
      ? (event as unknown as { output: OrderLoadOutput<LoadRescheduleOutput> }).output
      : null;
  if (load?.status === 'loaded') trace.moving = oracleMoving(load.loaded.order, load.loaded.nowMs);
  // The day's sessions are asked for priced for the moving tickets: their count per type.
  const sessionsCall = runner.controls.calls.filter((c) => c.src === 'loadSessions').at(-1);
  if (sessionsCall) {
    const counts: Record<string, number> = {};
    for (const id of trace.moving) {
      const type = LOADED.order.tickets.find((k) => k.id === id)?.ticketTypeId as string;
      counts[type] = (counts[type] ?? 0) + 1;
    }
    expect(sessionsCall.input).toMatchObject({ quantities: counts });
  }
  const updates = runner.controls.calls.filter((c) => c.src === 'updateOrder');
  if (event.type.endsWith('.updateOrder')) trace.updatesSettled++;
  if (event.type === 'xstate.done.actor.updateOrder') trace.updatesDone++;
  expect(updates.length - trace.updatesSettled).toBeLessThanOrEqual(1);
  const latest = updates.at(-1);
  if (latest && updates.length > trace.updatesSettled) {
    const input = latest.input as UpdateOrderInput;
    expect(trace.before.date).not.toBeNull();
    expect(trace.before.session).not.toBeNull();
    expect([...input.remove].sort()).toEqual([...trace.moving].sort());
    expect(input.remove.length).toBeGreaterThan(0);
    expect(input.add.map((l) => l.sessionId)).toEqual(input.remove.map(() => trace.before.session));
    const typeOf = (id: string) => LOADED.order.tickets.find((k) => k.id === id)?.ticketTypeId;
    expect(input.add.map((l) => l.ticketTypeId)).toEqual(input.remove.map(typeOf));
    expect(input).toMatchObject({ orderId: 'order-24', token: 'tok-24' });
  }
  // The chosen session is of the day's sessions, open, and not the one the tickets are in.
  if (context.selectedSessionId) {
    const s = SESSIONS.find((x) => x.id === context.selectedSessionId);
    expect(s?.soldOut).toBe(false);
    expect(s?.id).not.toBe('session-a');
  }
  const view = selectRescheduleView(snapshot);
  // Spec 2 §2 "warns of a cost increase": the chosen session's prices of the moving tickets less what they cost,
  // when more.
  const chosen = SESSIONS.find((x) => x.id === context.selectedSessionId);
  const more = trace.moving.reduce((sum, id) => {
    const k = LOADED.order.tickets.find((x) => x.id === id);
    return sum + (chosen?.prices[k?.ticketTypeId ?? ''] ?? 0) - Math.round(Number(k?.adjustedValue) * 100);
  }, 0);
  expect(view.costIncreaseCents).toBe(chosen && more > 0 ? more : 0);
  expect(view.updateDisabled).toBe(
    state !== 'choosing' || context.selectedDate === null || context.selectedSessionId === null,
  );
  expect(view.submitting).toBe(state === 'updating');
  // Spec 2 §2: up to 8 day buttons, then 'Show more dates' (the calendar, with every day); a day chosen there
  // shows as a ninth button.
  const days = context.days.length ? DAYS : []; // every story's load answers DAYS
  expect(context.days).toEqual(days);
  expect(view.moreDates).toBe(days.length > 8);
  expect(view.calendarDays.map((d) => d.date)).toEqual(days.map((d) => d.date));
  const beyond = context.selectedDate !== null && days.findIndex((d) => d.date === context.selectedDate) >= 8;
  expect(view.days.map((d) => d.date)).toEqual([
    ...days.slice(0, 8).map((d) => d.date),
    ...(beyond ? [context.selectedDate] : []),
  ]);
  // Spec 2 §8 "Reschedule": an expired cart, or cart_remove_tickets with tickets_too_old, ticket_state_incorrect or
  // ticket_not_found, show the message plus 'Click here to start again.'; otherwise the generic text.
  if (event.type === 'xstate.error.actor.updateOrder') {
    expect(context.selectedDate).toBeNull();
    const {
      code,
      context: where,
      description,
    } = (event as unknown as { error: { code: string; context?: string; description?: string } }).error;
    const startAgain =
      code === 'cart_expired' ||
      (where === 'cart_remove_tickets' &&
        ['tickets_too_old', 'ticket_state_incorrect', 'ticket_not_found'].includes(code));
    const text = resolveMessage(defaultStrings, context.error as never);
    expect(text).toBe(
      startAgain
        ? `${description} Click here to start again.`
        : 'Oops! Sorry, something went wrong. Please try again.',
    );
    expect(view.startAgain).toBe(startAgain);
  }
  // Spec 2 §8 "Order page" (the page's load) and "Reschedule: Initial load failure".
  if (load?.status === 'failed' && state === 'loadFailed') {
    expect(context.error).toEqual(load.error);
    expect([
      'We could not find that order.',
      'Oops! Sorry, something went wrong. Please try again.',
    ]).toContain(resolveMessage(defaultStrings, context.error as never));
  }
  if (event.type === 'xstate.error.actor.loadSessions')
    expect(resolveMessage(defaultStrings, context.error as never)).toBe(
      'Oops! Sorry, something went wrong. Please try again.',
    );
  if (state === 'refused')
    expect(resolveMessage(defaultStrings, context.error as never)).toBe(
      'You must contact us to cancel this order.',
    );
  if (state === 'done') expect(trace.updatesDone).toBe(1);
  trace.state = state;
  trace.before = { date: context.selectedDate, session: context.selectedSessionId };
  traces.set(runner, trace);
}

describe('reschedule paths', () => {
  it('walks every transition, each step as the transition table says, the invariants holding (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: rescheduleMachine,
      inputs,
      events: pathEvents,
      provide: route,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('reschedule', report);
  });

  it('its config is one JSON literal with the id reschedule', () => {
    const parsed = JSON.parse(JSON.stringify(rescheduleMachine.config));
    expect(parsed.id).toBe('reschedule');
    expect(Object.keys(parsed.states)).toContain('updating');
  });

  it('date, session, Update: one change, then the route is told to return to the manage page', async () => {
    const told: string[] = [];
    const runner = createReplayRunner(rescheduleMachine, {
      input: inputs[0] as (typeof inputs)[0],
      provide: { actions: { rescheduled: (_, change) => told.push(`${change.orderId}:${change.cartId}`) } },
    });
    await runner.controls.resolve('orderLoad', { status: 'loaded', loaded: LOADED });
    expect(selectRescheduleView(runner.actor.getSnapshot()).updateDisabled).toBe(true);
    runner.actor.send({ type: 'update' });
    runner.actor.send({ type: 'date.select', date: OPEN_DAY });
    await runner.controls.resolve('loadSessions', SESSIONS);
    runner.actor.send({ type: 'session.select', sessionId: 'session-d' });
    runner.actor.send({ type: 'session.select', sessionId: 'session-c' });
    runner.actor.send({ type: 'update' });
    runner.actor.send({ type: 'update' });
    await runner.controls.resolve('updateOrder', { cartId: 'cart-edit-1' });
    expect(runner.controls.calls.map((c) => c.src)).toEqual(['orderLoad', 'loadSessions', 'updateOrder']);
    expect(runner.controls.calls[2]?.input).toEqual({
      orderId: 'order-24',
      token: 'tok-24',
      remove: ['ticket-free-adult', 'ticket-paid-adult'],
      add: [
        { sessionId: 'session-c', ticketTypeId: 'type-adult' },
        { sessionId: 'session-c', ticketTypeId: 'type-adult' },
      ],
    });
    expect(told).toEqual(['order-24:cart-edit-1']);
    runner.actor.stop();
  });
});
