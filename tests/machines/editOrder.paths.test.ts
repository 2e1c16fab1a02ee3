/**
 * Path tests of editOrder (spec 2 §2 "Edit-order page", §4 "Edit order", §6, §8; issue 24): paths from xstate/graph
 * replayed on a real actor with controlled fakes. At every step the state reached is the one a transition table
 * written here from the spec names for (previous state, event), and invariants hold: only zero-price valid tickets
 * (booked, beyond the 2-hour horizon, Workshops) are given up, a session's Cancel only when all its tickets are
 * free, 'Cancel order' only when all the order's tickets are; removals go into the pending change's cart (a new
 * one when none); Confirm Changes with something to pay goes on to the confirm page and never completes for free;
 * the success message is 'rescheduled' when the change added tickets, else 'cancelled'; a member is told to log
 * out; with self-edit off the page is the cancel-free-order page; the sticky footer shows exactly while a change is
 * unsaved; an unsaved change whose cart expires is forgotten and the order loads again with the timed-out message
 * until the next change. Edge coverage proves every transition was walked.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { EditCart, ManageOrder } from '../../api/models';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import type { LoadEditOutput, RemoveTicketsInput } from '../../machines/editOrder/types';
import { selectEditOrderView } from '../../machines/editOrder/view';
import type { OrderLoadOutput } from '../../machines/orderLoad/types';
import {
  type EditOrderSnap,
  inputs,
  LOADED,
  LOADED_COSTS_MORE,
  LOADED_RESCHEDULED,
  pathEvents,
  REMOVED_ADULT,
} from '../../stories/fixtures/editOrder';
import '../../ui/manage/strings';
import { defaultStrings, resolveMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, createReplayRunner, type ReplayRunner, walkMachinePaths } from './graph-helpers';

type Runner = ReplayRunner<typeof editOrderMachine>;
type State =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'logOut'
  | 'cancelFreeOrder'
  | 'saved'
  | 'unsaved'
  | 'removing'
  | 'confirming'
  | 'discarding'
  | 'paying';

/** Spec 2 §4, §5 and the seller's rules restated (2-hour horizon, Workshops): the tickets that may be given up. */
const oracleRemovable = (order: ManageOrder, edit: EditCart | null, nowMs: number) =>
  order.tickets
    .filter(
      (t) =>
        t.state === 'booked' &&
        Number(t.adjustedValue) === 0 &&
        t.category === 'Workshops' &&
        t.start !== null &&
        Date.parse(t.start) > nowMs + 2 * 3_600_000 &&
        !(edit?.removed ?? []).includes(t.id),
    )
    .map((t) => t.id);
/** Spec 2 §2: a session's Cancel only when all its tickets are free. */
const oracleSession = (order: ManageOrder, edit: EditCart | null, nowMs: number, key: string) => {
  const of = order.tickets.filter((t) => t.sessionId === key);
  if (!of.every((t) => Number(t.faceValue) === 0)) return [];
  return oracleRemovable(order, edit, nowMs).filter((id) => of.some((t) => t.id === id));
};
/** Spec 2 §4: all tickets face value 0 and not all cancelled or past the horizon. */
const oracleOrder = (order: ManageOrder, edit: EditCart | null, nowMs: number) =>
  order.tickets.every((t) => Number(t.faceValue) === 0) ? oracleRemovable(order, edit, nowMs) : [];

interface Before {
  order: ManageOrder | null;
  edit: EditCart | null;
  nowMs: number;
}

function givesUp(event: EventObject, b: Before): string[] {
  if (!b.order) return [];
  const e = event as unknown as Record<string, string>;
  if (event.type === 'ticket.remove')
    return oracleRemovable(b.order, b.edit, b.nowMs).includes(e.ticketId as string)
      ? [e.ticketId as string]
      : [];
  if (event.type === 'session.cancel') return oracleSession(b.order, b.edit, b.nowMs, e.sessionKey as string);
  if (event.type === 'order.cancel') return oracleOrder(b.order, b.edit, b.nowMs);
  return [];
}

/** The transition table (spec 2 §2, §4, §6, §8): the state after `event` in `from`; null: nothing happens. */
function expectedState(from: State, event: EventObject, b: Before): State | null {
  const t = event.type;
  switch (from) {
    case 'loading': {
      if (t !== 'xstate.done.actor.orderLoad') return null;
      const load = (event as unknown as { output: OrderLoadOutput<LoadEditOutput> }).output;
      if (load.status === 'refused') return 'refused';
      if (load.status === 'failed') return 'loadFailed';
      const out = load.loaded;
      if (!out.access.rules.enabled) return 'cancelFreeOrder';
      if (out.access.via === 'session') return 'logOut';
      return out.edit?.state === 'pending' && out.edit.orderId === 'order-24' ? 'unsaved' : 'saved';
    }
    case 'loadFailed':
      return t === 'retry' ? 'loading' : null;
    case 'refused':
    case 'logOut':
    case 'cancelFreeOrder':
    case 'paying':
      return null;
    case 'saved':
    case 'unsaved':
      if (t === 'ticket.remove' || t === 'session.cancel' || t === 'order.cancel')
        return givesUp(event, b).length ? 'removing' : from;
      if (from === 'unsaved' && t === 'confirm')
        return Number(b.edit?.outstanding ?? 0) > 0 ? 'paying' : 'confirming';
      if (from === 'unsaved' && t === 'discard') return 'discarding';
      // Spec 2 §2 "Cart widget": the change's cart expires; the manage screen reloads.
      if (from === 'unsaved' && t === 'xstate.done.actor.changeExpiry') return 'loading';
      return null;
    case 'removing':
      if (t === 'xstate.done.actor.removeTickets') return 'unsaved';
      if (t === 'xstate.error.actor.removeTickets') return 'loading';
      return null;
    case 'confirming':
      return t.endsWith('.actor.confirmChange') ? 'loading' : null;
    case 'discarding':
      return t.endsWith('.actor.discardChange') ? 'loading' : null;
  }
}

interface Trace {
  state: State;
  before: Before;
  removes: number;
  /** The timed-out message was showing. */
  expired: boolean;
}
const traces = new WeakMap<Runner, Trace>();
/** What the route was told (the injected editKept, editPay, editClosed with their params), per actor. */
const told = new WeakMap<object, unknown[]>();
const tell = (self: object, call: unknown) => told.set(self, [...(told.get(self) ?? []), call]);
/** The route's side of the flow, recording what it is told. */
const route = {
  actions: {
    editKept: ({ self }: { self: object }, params: unknown) => tell(self, { editKept: params }),
    editPay: ({ self }: { self: object }, params: unknown) => tell(self, { editPay: params }),
    editClosed: ({ self }: { self: object }, params: unknown) => tell(self, { editClosed: params }),
  },
};

function onStep(runner: Runner, _expected: EditOrderSnap, event: EventObject): void {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const trace = traces.get(runner) ?? {
    state: 'loading' as State,
    before: { order: null, edit: null, nowMs: 0 },
    removes: 0,
    expired: false,
  };
  const state = snapshot.value as State;
  expect(state).toBe(expectedState(trace.state, event, trace.before) ?? trace.state);

  // A removal gives up exactly what the oracle says, into the pending change's cart (a new one when none).
  const removes = runner.controls.calls.filter((c) => c.src === 'removeTickets');
  if (removes.length > trace.removes) {
    const input = removes.at(-1)?.input as RemoveTicketsInput;
    expect(input.ticketIds.length).toBeGreaterThan(0);
    expect([...input.ticketIds].sort()).toEqual([...givesUp(event, trace.before)].sort());
    expect(input.cartId).toBe(trace.before.edit?.cartId ?? null);
    expect(input).toMatchObject({ orderId: 'order-24', token: 'tok-24' });
    trace.removes = removes.length;
  }
  // Something to pay is never completed for free: it goes on to the confirm page with its cart.
  if (state === 'confirming') expect(Number(trace.before.edit?.outstanding ?? 0)).toBe(0);
  if (state === 'paying')
    expect(told.get(runner.actor)?.at(-1)).toEqual({
      editPay: { orderId: 'order-24', cartId: 'cart-edit-1' },
    });
  if (event.type === 'xstate.done.actor.confirmChange')
    expect(context.success).toBe((trace.before.edit?.added.length ?? 0) > 0 ? 'rescheduled' : 'cancelled');
  if (event.type === 'xstate.error.actor.confirmChange')
    expect(resolveMessage(defaultStrings, context.error as never)).toBe(
      'These tickets have changed. Click here to start again.',
    );
  if (state === 'refused')
    expect(resolveMessage(defaultStrings, context.error as never)).toBe(
      'You must contact us to cancel this order.',
    );
  // An expired change: forgotten (its cart id too, and the route told), the order loaded again with the message;
  // the next change starts without it. The watch is always of the change's own cart's expires_at.
  if (event.type === 'xstate.done.actor.changeExpiry') {
    expect(context.edit).toBeNull();
    expect(context.cartId).toBeNull();
    expect(told.get(runner.actor)?.at(-1)).toEqual({ editClosed: { orderId: 'order-24' } });
  }
  const reloadedOpen =
    event.type === 'xstate.done.actor.orderLoad' &&
    (event as unknown as { output: { loaded?: LoadEditOutput } }).output.loaded?.edit?.state === 'pending';
  const startedChange = state === 'removing' && trace.state !== 'removing';
  expect(context.expired).toBe(
    event.type === 'xstate.done.actor.changeExpiry'
      ? true
      : reloadedOpen || startedChange || event.type === 'xstate.done.actor.confirmChange'
        ? false
        : trace.expired,
  );
  if (state === 'unsaved') {
    const watch = runner.controls.calls.filter((c) => c.src === 'changeExpiry').at(-1);
    expect(watch?.input).toEqual({ expiresAt: context.edit?.expiresAt ?? null });
  }
  trace.expired = context.expired;
  const view0 = selectEditOrderView(snapshot);
  expect(view0.expired).toBe(context.expired);
  // Spec 2 §8 "Cancel order": a removal the server refuses (the tickets are no longer cancellable).
  if (event.type === 'xstate.error.actor.removeTickets')
    expect(resolveMessage(defaultStrings, context.error as never)).toBe(
      'No valid tickets found on this order',
    );
  // Spec 2 §8 "Order page": 404.
  if (event.type === 'xstate.done.actor.orderLoad' && state === 'loadFailed')
    expect(resolveMessage(defaultStrings, context.error as never)).toBe('We could not find that order.');

  const view = selectEditOrderView(snapshot);
  if (state === 'unsaved') expect(view.unsaved).toBe(true);
  if (state === 'saved') expect(view.unsaved).toBe(false);
  if (state === 'logOut') expect(view.phase).toBe('logOut');
  expect(view.busy).toBe(['loading', 'removing', 'confirming', 'discarding'].includes(state));
  if (context.order) {
    const removable = oracleRemovable(context.order, context.edit, context.nowMs);
    for (const s of view.sessions)
      for (const t of s.tickets) expect(t.removable).toBe(removable.includes(t.id));
    expect(view.cancelOrderShown).toBe(oracleOrder(context.order, context.edit, context.nowMs).length > 0);
  }
  trace.state = state;
  trace.before = { order: context.order, edit: context.edit, nowMs: context.nowMs };
  traces.set(runner, trace);
}

describe('editOrder paths', () => {
  it('walks every transition, each step as the transition table says, the invariants holding (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: editOrderMachine,
      inputs,
      events: pathEvents,
      provide: route,
      onStep,
    });
    assertFullCoverage(report);
    recordCoverage('editOrder', report);
  });

  it('its config is one JSON literal with the id editOrder', () => {
    const parsed = JSON.parse(JSON.stringify(editOrderMachine.config));
    expect(parsed.id).toBe('editOrder');
    expect(Object.keys(parsed.states)).toContain('unsaved');
  });

  it("a reschedule's change at the same price: Confirm Changes completes for free, then 'rescheduled'", async () => {
    const runner = createReplayRunner(editOrderMachine, {
      input: inputs[1] as (typeof inputs)[1],
      provide: route,
    });
    await runner.controls.resolve('orderLoad', { status: 'loaded', loaded: LOADED_RESCHEDULED });
    const view = selectEditOrderView(runner.actor.getSnapshot());
    expect(view.unsaved).toBe(true);
    // The moved Child: removed from session-b, added to session-c.
    expect(view.sessions.map((s) => [s.key, s.tickets.map((t) => t.status)])).toEqual([
      ['session-a', ['booked', 'booked']],
      ['session-b', ['removed']],
      ['session-c', ['added']],
    ]);
    runner.actor.send({ type: 'confirm' });
    runner.actor.send({ type: 'confirm' });
    await runner.controls.resolve('confirmChange', undefined);
    expect(runner.actor.getSnapshot().context.success).toBe('rescheduled');
    await runner.controls.resolve('orderLoad', { status: 'loaded', loaded: LOADED });
    // The unsaved change's expiry is watched while it waits (its cart's expires_at).
    expect(runner.controls.calls.map((c) => c.src)).toEqual([
      'orderLoad',
      'changeExpiry',
      'confirmChange',
      'orderLoad',
    ]);
    expect(runner.controls.calls[1]?.input).toEqual({ expiresAt: '2026-12-01T15:20:00Z' });
    expect(runner.controls.calls[3]?.input).toEqual({ orderId: 'order-24', token: 'tok-24', cartId: null });
    expect(told.get(runner.actor)).toEqual([{ editClosed: { orderId: 'order-24' } }]);
    expect(selectEditOrderView(runner.actor.getSnapshot()).unsaved).toBe(false);
    runner.actor.stop();
  });

  it('a change that costs more goes on to the confirm page; removing a free ticket starts a change', async () => {
    const paying = createReplayRunner(editOrderMachine, {
      input: inputs[1] as (typeof inputs)[1],
      provide: route,
    });
    await paying.controls.resolve('orderLoad', { status: 'loaded', loaded: LOADED_COSTS_MORE });
    expect(selectEditOrderView(paying.actor.getSnapshot()).outstandingCents).toBe(500);
    paying.actor.send({ type: 'confirm' });
    expect(paying.actor.getSnapshot().value).toBe('paying');
    expect(told.get(paying.actor)).toEqual([{ editPay: { orderId: 'order-24', cartId: 'cart-edit-1' } }]);
    paying.actor.stop();

    const removing = createReplayRunner(editOrderMachine, {
      input: inputs[0] as (typeof inputs)[0],
      provide: route,
    });
    await removing.controls.resolve('orderLoad', { status: 'loaded', loaded: LOADED });
    // The paid Adult has no remove button; session-a's Cancel is hidden (not all free); no 'Cancel order'.
    const view = selectEditOrderView(removing.actor.getSnapshot());
    expect(view.sessions[0]?.cancelShown).toBe(false);
    expect(view.sessions[1]?.cancelShown).toBe(true);
    expect(view.cancelOrderShown).toBe(false);
    removing.actor.send({ type: 'ticket.remove', ticketId: 'ticket-paid-adult' });
    expect(removing.actor.getSnapshot().value).toBe('saved');
    removing.actor.send({ type: 'ticket.remove', ticketId: 'ticket-free-adult' });
    await removing.controls.resolve('removeTickets', REMOVED_ADULT);
    expect(removing.actor.getSnapshot().value).toBe('unsaved');
    removing.actor.send({ type: 'discard' });
    await removing.controls.resolve('discardChange', undefined);
    // The route keeps the cart the removal answered, then forgets it with the discard.
    expect(told.get(removing.actor)).toEqual([
      { editKept: { orderId: 'order-24', cartId: REMOVED_ADULT.cartId } },
      { editClosed: { orderId: 'order-24' } },
    ]);
    expect(removing.controls.calls.map((c) => c.src)).toEqual([
      'orderLoad',
      'removeTickets',
      'changeExpiry',
      'discardChange',
      'orderLoad',
    ]);
    removing.actor.stop();
  });

  it("an unsaved change's cart expires: the order loads again as it is, with the timed-out message", async () => {
    const runner = createReplayRunner(editOrderMachine, {
      input: inputs[1] as (typeof inputs)[1],
      provide: route,
    });
    await runner.controls.resolve('orderLoad', { status: 'loaded', loaded: LOADED_RESCHEDULED });
    expect(runner.actor.getSnapshot().value).toBe('unsaved');
    await runner.controls.resolve('changeExpiry', undefined);
    expect(told.get(runner.actor)).toEqual([{ editClosed: { orderId: 'order-24' } }]);
    expect(runner.actor.getSnapshot().value).toBe('loading');
    await runner.controls.resolve('orderLoad', { status: 'loaded', loaded: LOADED });
    const view = selectEditOrderView(runner.actor.getSnapshot());
    expect([view.phase, view.unsaved, view.expired]).toEqual(['ready', false, true]);
    expect(runner.controls.calls.at(-1)?.input).toEqual({
      orderId: 'order-24',
      token: 'tok-24',
      cartId: null,
    });
    // The next change starts without the message.
    runner.actor.send({ type: 'ticket.remove', ticketId: 'ticket-free-adult' });
    expect(selectEditOrderView(runner.actor.getSnapshot()).expired).toBe(false);
    runner.actor.stop();
  });
});
