/**
 * Single-event reserve (spec 1 §4 "Single-event flow"): behaviour on real actors with scripted fakes, then
 * every path of the story's model replayed on a SimulatedClock with the flow's invariants checked at each
 * step against the pure rules, and an edge-coverage check.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { CartModel, SessionModel, TicketGroupModel } from '../../api/models';
import type { TicketFormChildEvent } from '../../machines/reserve/core/ticket-form';
import { ticketFormChild } from '../../machines/reserve/core/ticketForm.machine';
import { type TicketFormSnapshot, ticketFormOf } from '../../machines/reserve/core/view';
import type { ReserveFlowError } from '../../machines/reserve/dateFirstReserve.types';
import { groupWithinLimits, remainingForGroup, totalTickets } from '../../machines/reserve/quantities';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import {
  canSubmitSingle,
  defaultQuantities,
  isSessionless,
  needsSeats,
} from '../../machines/reserve/singleEventReserve.rules';
import type {
  SingleEventReserveEvent,
  SingleEventReserveInput,
} from '../../machines/reserve/singleEventReserve.types';
import { selectSingleEventView } from '../../machines/reserve/singleEventReserve.view';
import {
  capacityError,
  cart,
  citypassGroup,
  citypassLecture,
  codesEvent,
  codesGroup,
  lecture,
  lectureGroup,
  lectureSession,
  pairEvent,
  pairGroup,
  seatedEvent,
  seatedGroup,
  seatTakenError,
  singleInput,
  singlePathEvents,
  singlePathInputs,
  soldOutError,
  VOUCHERS,
  voucherUsedError,
} from '../../stories/fixtures/singleEventReserve';
import '../../ui/reserve/strings';
import { formatDate, formatTime } from '../../ui/format';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';
import { expectAdmitsInStep, expectAttendeeView } from './attendee-oracle';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  flush,
  oncePerSnapshot,
  type ReplayRunner,
  walkMachinePaths,
} from './graph-helpers';
import { expectPriceView } from './price-oracle';
import { postTickets } from './reserve-core-helpers';

const T = createStrings();
const text = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);

interface Script {
  session?: () => Promise<SessionModel | null>;
  groups?: () => Promise<TicketGroupModel[]>;
  reserve?: () => Promise<CartModel>;
}

function start(input: SingleEventReserveInput = singleInput(), script: Script = {}) {
  const calls = { loadSession: vi.fn(), loadSessionGroups: vi.fn(), reserve: vi.fn() };
  const reserved = vi.fn();
  const machine = singleEventReserveMachine.provide({
    actors: {
      loadSession: fromPromise(async ({ input: i }) => {
        calls.loadSession(i);
        return (script.session ?? (async () => lectureSession))();
      }),
      loadSessionGroups: fromPromise(async ({ input: i }) => {
        calls.loadSessionGroups(i);
        return (script.groups ?? (async () => input.event.ticketGroups))();
      }),
      reserveIntoCart: postTickets(calls.reserve, () => (script.reserve ?? (async () => cart))()),
    },
    actions: { reserved: ({ context }) => reserved(context.cart) },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() });
  actor.start();
  return { actor, calls, reserved };
}

type Actor = ReturnType<typeof start>['actor'];
/** The form child (`ticketForm`), as the view reaches it. */
function formOf(actor: Actor) {
  const form = actor.getSnapshot().children.ticketForm;
  if (!form) throw new Error('no ticketForm child');
  return form;
}
/** What the form holds (its quantities, seats, vouchers). */
const form = (actor: Actor) => formOf(actor).getSnapshot().context;
/** The flow's events go to the flow; the form's fields and submit to the form child, as the view sends them. */
async function send(actor: Actor, event: SingleEventReserveEvent | TicketFormChildEvent) {
  if (event.type === 'retry' || event.type === 'message.dismiss')
    actor.send(event as SingleEventReserveEvent);
  else formOf(actor).send(event as TicketFormChildEvent);
  await flush();
}
const view = (actor: Actor) => selectSingleEventView(actor.getSnapshot());

describe('singleEventReserve: loading', () => {
  it('offers only the event page’s groups: the tg query narrowed the event, the session lists all', async () => {
    const other = { ...lectureGroup, id: 'g-other', name: 'Other' };
    const { actor } = start(singleInput(), { groups: async () => [lectureGroup, other] });
    await flush();
    expect(view(actor).groups.map((g) => g.id)).toEqual([lectureGroup.id]);
  });

  it('loads the one session, then its ticket groups; the form shows the session day and time', async () => {
    const { actor, calls } = start();
    expect(view(actor).status).toBe('loading');
    await flush();
    expect(calls.loadSession).toHaveBeenCalledWith({ eventId: 'ev-lecture' });
    expect(calls.loadSessionGroups).toHaveBeenCalledWith({ eventId: 'ev-lecture', sessionId: 's-lecture' });
    expect(actor.getSnapshot().value).toBe('ready');
    const v = view(actor);
    expect(v.status).toBe('ready');
    // The start and the venue's zone; the view writes 'Sat, Dec 12, 2026, 6:30 PM' (tests/ui/SingleEventReserve).
    expect(v.session).toEqual({ start: lectureSession.start, timeZone: lecture.venue.timezone });
    expect(
      `${formatDate(v.session?.start ?? '', 'America/New_York')}, ${formatTime(v.session?.start ?? '', 'America/New_York')}`,
    ).toBe('Sat, Dec 12, 2026, 6:30 PM');
    expect(
      v.groups.map((g) => g.types.map((t) => [t.name, t.quantity, t.canIncrement, t.canDecrement])),
    ).toEqual([
      [
        ['General', 0, true, false],
        ['Student', 0, true, false],
      ],
    ]);
    expect(v.canSubmit).toBe(false);
  });

  it('the form is closed until its groups load: it ignores every edit meanwhile', async () => {
    const { actor } = start(singleInput(), { session: () => new Promise<SessionModel | null>(() => {}) });
    await flush();
    expect(formOf(actor).getSnapshot().value).toBe('closed');
    const before = form(actor);
    await send(actor, { type: 'price.change', ticketTypeId: 't-general', value: '12' });
    await send(actor, { type: 'seats.set', seats: { 'g-seated': ['A1'] } });
    await send(actor, { type: 'submit' });
    expect(form(actor)).toBe(before);
    expect(view(actor).status).toBe('loading');
  });

  it('needs no session when every group is a discount-code purchase', async () => {
    const { actor, calls } = start(singleInput(codesEvent));
    await flush();
    expect(calls.loadSession).not.toHaveBeenCalled();
    expect(calls.loadSessionGroups).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('ready');
    // The only type is preset at its first step, so the form can be submitted at once, without a session.
    expect(form(actor).quantities).toEqual({ 't-code': 1 });
    expect(view(actor).session).toBeNull();
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledWith({
      newCart: false,
      request: { eventId: 'ev-codes', sessionId: null, quantities: { 't-code': 1 } },
    });
  });

  it('shows "Sorry, tickets are not available for this event." when no session is on sale', async () => {
    const { actor, calls } = start(singleInput(), { session: async () => null });
    await flush();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(calls.loadSessionGroups).not.toHaveBeenCalled();
    expect(text(view(actor).blockingMessage)).toBe('Sorry, tickets are not available for this event.');
    expect(view(actor).canRetry).toBe(false);
  });

  it('shows the load error and loads again on retry', async () => {
    let fail = true;
    const { actor, calls } = start(singleInput(), {
      groups: async () => {
        if (fail)
          throw {
            code: 'not_found',
            description: 'Session not found.',
            status: 404,
          } satisfies ReserveFlowError;
        return [lectureGroup];
      },
    });
    await flush();
    expect(view(actor).status).toBe('error');
    expect(text(view(actor).blockingMessage)).toBe('Session not found.');
    expect(view(actor).canRetry).toBe(true);
    fail = false;
    await send(actor, { type: 'retry' });
    expect(calls.loadSession).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(view(actor).blockingMessage).toBeNull();
  });

  it('opens with default quantities: the only type at its group minimum, or the `select` type', async () => {
    const pair = start(singleInput(pairEvent));
    await flush();
    expect(form(pair.actor).quantities).toEqual({ 't-pair': 2 });
    const selected = start(singleInput(lecture, 't-student'));
    await flush();
    expect(form(selected.actor).quantities).toEqual({ 't-student': 1 });
    const unknown = start(singleInput(lecture, 't-nope'));
    await flush();
    expect(form(unknown.actor).quantities).toEqual({});
  });
});

describe('singleEventReserve: submit', () => {
  it('is disabled under 1 ticket and enabled from 1; the reserve sends the session and the counts above 0', async () => {
    const { actor, calls, reserved } = start();
    await flush();
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-general' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-general' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-student' });
    await send(actor, { type: 'quantity.decrement', ticketTypeId: 't-student' });
    expect(view(actor).canSubmit).toBe(true);
    expect(view(actor).totalCents).toBe(4000);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledWith({
      newCart: false,
      request: { eventId: 'ev-lecture', sessionId: 's-lecture', quantities: { 't-general': 2 } },
    });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ cart });
    expect(reserved).toHaveBeenCalledWith(cart);
  });

  it('is disabled while submitting: a second submit does not reserve twice', async () => {
    let finish: (c: CartModel) => void = () => {};
    const { actor, calls } = start(singleInput(lecture, 't-general'), {
      reserve: () => new Promise<CartModel>((resolve) => (finish = resolve)),
    });
    await flush();
    await send(actor, { type: 'submit' });
    expect(view(actor).submitting).toBe(true);
    expect(view(actor).canSubmit).toBe(false);
    expect(view(actor).groups[0]?.types.every((t) => !t.canIncrement && !t.canDecrement)).toBe(true);
    await send(actor, { type: 'submit' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-general' });
    expect(calls.reserve).toHaveBeenCalledTimes(1);
    expect(form(actor).quantities).toEqual({ 't-general': 1 });
    finish(cart);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('is disabled while seats are needed (seated tickets without chosen seats)', async () => {
    const { actor, calls } = start(singleInput(seatedEvent));
    await flush();
    expect(form(actor).quantities).toEqual({ 't-stalls': 1 });
    expect(view(actor).seatsNeeded).toBe(true);
    expect(view(actor).canSubmit).toBe(false);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('needs exactly one seat per seated ticket: too many seats block submit too', async () => {
    const { actor, calls } = start(singleInput(seatedEvent));
    await flush();
    await send(actor, { type: 'seats.set', seats: { 'g-seated': ['A1', 'A2'] } });
    expect(view(actor).canSubmit).toBe(false);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    await send(actor, { type: 'seats.set', seats: { 'g-seated': ['A1'] } });
    expect(view(actor).canSubmit).toBe(true);
    await send(actor, { type: 'submit' });
    expect(calls.reserve.mock.calls[0]?.[0].request.seats).toEqual({
      't-stalls': [{ seat_template_id: 'A1', ticket_group_id: 'g-seated' }],
    });
  });

  it("a lost seat race shows the server's message (not the generic one) and drops the taken seat", async () => {
    const { actor } = start(singleInput(seatedEvent), {
      reserve: async () => {
        throw seatTakenError;
      },
    });
    await flush();
    await send(actor, { type: 'seats.set', seats: { 'g-seated': ['seat-1'] } });
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(view(actor).messages.map((m) => text(m.message))).toEqual([
      'Sorry, a seat you chose has just been taken. Please choose another seat.',
    ]);
    expect(form(actor).seats).toEqual({ 'g-seated': [] });
    expect(view(actor).seatsNeeded).toBe(true);
    expect(view(actor).canSubmit).toBe(false);
  });

  it('shows a reserve error beside the form and keeps the choice; dismissing removes it', async () => {
    const { actor } = start(singleInput(lecture, 't-general'), {
      reserve: async () => {
        throw capacityError;
      },
    });
    await flush();
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(view(actor).messages.map((m) => text(m.message))).toEqual([
      'Not enough tickets left in General admission.',
    ]);
    expect(form(actor).quantities).toEqual({ 't-general': 1 });
    await send(actor, { type: 'message.dismiss', key: 'reserve.error' });
    expect(view(actor).messages).toEqual([]);
  });

  it('on a sold-out session names its time, reloads the session and its groups and clears the choice', async () => {
    let soldOut = false;
    const { actor, calls } = start(singleInput(lecture, 't-general'), {
      session: async () =>
        soldOut ? { ...lectureSession, soldOut: true, availableCapacity: 0 } : lectureSession,
      groups: async () => (soldOut ? [{ ...lectureGroup, soldOut: true }] : [lectureGroup]),
      reserve: async () => {
        soldOut = true;
        throw soldOutError;
      },
    });
    await flush();
    await send(actor, { type: 'submit' });
    expect(calls.loadSession).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(view(actor).messages.map((m) => text(m.message))).toEqual([
      'Tickets have sold out for the session at 6:30 PM. Please select another session and try again.',
    ]);
    expect(form(actor).quantities).toEqual({});
    expect(view(actor).groups[0]?.types.every((t) => !t.canIncrement)).toBe(true);
    expect(view(actor).canSubmit).toBe(false);
  });

  it('retries once in a new cart when the cart turned out gone', async () => {
    let attempts = 0;
    const { actor, calls } = start(singleInput(lecture, 't-general'), {
      reserve: async () => {
        attempts += 1;
        if (attempts <= 2) throw { code: 'cart_expired', status: 410 } satisfies ReserveFlowError;
        return cart;
      },
    });
    await flush();
    await send(actor, { type: 'submit' });
    expect(calls.reserve.mock.calls.map(([i]) => i.newCart)).toEqual([false, true]);
    expect(actor.getSnapshot().value).toBe('ready');
    await send(actor, { type: 'submit' });
    expect(calls.reserve.mock.calls.map(([i]) => i.newCart)).toEqual([false, true, false]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('throws "not provided" from its placeholder actors', async () => {
    const actor = createActor(singleEventReserveMachine, { input: singleInput() });
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loadError');
    expect(text(actor.getSnapshot().context.blocking)).toBe(
      'Sorry! Something unexpected happened. Please try again.',
    );
  });
});

describe('singleEventReserve: city-pass vouchers', () => {
  const FORMAT = 'Does not match the expected format. Please check your City Pass code.';
  const fields = (actor: Actor) =>
    view(actor).vouchers.map((f) => ({ label: text(f.label), value: f.value, error: text(f.error) }));

  it('asks one voucher per City Pass ticket; a submit with an empty or wrong one shows the spec message and does not reserve', async () => {
    const { actor, calls } = start(singleInput(citypassLecture));
    await flush();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-child' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-general' });
    expect(fields(actor)).toEqual([
      { label: 'City Pass code for City Pass Adult 1', value: '', error: null },
      { label: 'City Pass code for City Pass Child 1', value: '', error: null },
    ]);
    await send(actor, {
      type: 'voucher.change',
      ticketTypeId: 't-cp-adult',
      index: 0,
      value: VOUCHERS.wrong,
    });
    // A child voucher in the adult's field and the other way round are of the wrong format too.
    await send(actor, {
      type: 'voucher.change',
      ticketTypeId: 't-cp-child',
      index: 0,
      value: VOUCHERS.adult,
    });
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.reserve).not.toHaveBeenCalled();
    expect(fields(actor).map((f) => f.error)).toEqual([FORMAT, FORMAT]);
    await send(actor, { type: 'voucher.change', ticketTypeId: 't-cp-child', index: 0, value: '' });
    expect(fields(actor).map((f) => f.error)).toEqual([FORMAT, 'Input must not be empty']);
  });

  it('reserves with the trimmed vouchers per type and the session as the visit', async () => {
    const { actor, calls } = start(singleInput(citypassLecture));
    await flush();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-child' });
    await send(actor, {
      type: 'voucher.change',
      ticketTypeId: 't-cp-adult',
      index: 0,
      value: ` ${VOUCHERS.adult} `,
    });
    await send(actor, {
      type: 'voucher.change',
      ticketTypeId: 't-cp-child',
      index: 0,
      value: VOUCHERS.child,
    });
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.reserve.mock.calls[0]?.[0].request.vouchers).toEqual({
      byType: { 't-cp-adult': [VOUCHERS.adult], 't-cp-child': [VOUCHERS.child] },
      visitDatetime: lectureSession.start,
    });
  });

  it('a voucher the server refuses (code_exhausted) shows beside its field, not as a notice, until it changes', async () => {
    const { actor } = start(singleInput(citypassLecture), {
      reserve: async () => {
        throw voucherUsedError;
      },
    });
    await flush();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(actor, {
      type: 'voucher.change',
      ticketTypeId: 't-cp-adult',
      index: 0,
      value: VOUCHERS.adult,
    });
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(fields(actor)[0]?.error).toBe(`The City Pass code "${VOUCHERS.adult}" has already been used.`);
    expect(view(actor).messages).toEqual([]);
    await send(actor, { type: 'voucher.change', ticketTypeId: 't-cp-adult', index: 0, value: 'CP-A654321' });
    expect(fields(actor)[0]?.error).toBeNull();
  });

  it('vouchers follow the quantities: kept by position, dropped with their tickets', async () => {
    const { actor } = start(singleInput(citypassLecture));
    await flush();
    await send(actor, { type: 'quantity.set', ticketTypeId: 't-cp-adult', quantity: 2 });
    await send(actor, {
      type: 'voucher.change',
      ticketTypeId: 't-cp-adult',
      index: 0,
      value: VOUCHERS.adult,
    });
    await send(actor, { type: 'quantity.decrement', ticketTypeId: 't-cp-adult' });
    expect(form(actor).vouchers).toEqual({ 't-cp-adult': [VOUCHERS.adult] });
    await send(actor, { type: 'quantity.decrement', ticketTypeId: 't-cp-adult' });
    expect(form(actor).vouchers).toEqual({});
    expect(view(actor).vouchers).toEqual([]);
  });
});

describe('single-event rules', () => {
  it('needs a session unless every group is a discount-code purchase', () => {
    expect(isSessionless(codesEvent)).toBe(true);
    expect(isSessionless(lecture)).toBe(false);
    expect(isSessionless({ ticketGroups: [codesGroup, lectureGroup] })).toBe(false);
    expect(isSessionless({ ticketGroups: [] })).toBe(false);
  });

  it('defaults: none with several types, the only one at its minimum, nothing when it is sold out', () => {
    expect(defaultQuantities({ groups: [lectureGroup], session: lectureSession }, null)).toEqual({});
    expect(defaultQuantities({ groups: [pairGroup], session: lectureSession }, null)).toEqual({
      't-pair': 2,
    });
    expect(defaultQuantities({ groups: [{ ...pairGroup, soldOut: true }], session: null }, null)).toEqual({});
    // Fewer places than the minimum: not bookable, so nothing is preset.
    const one = { ...lectureSession, availableCapacity: 1 };
    expect(defaultQuantities({ groups: [pairGroup], session: one }, null)).toEqual({});
    expect(defaultQuantities({ groups: [pairGroup], session: one }, 't-pair')).toEqual({});
  });

  it('seats are needed for every seated ticket without a chosen seat', () => {
    expect(needsSeats([seatedGroup], { 't-stalls': 2 }, {})).toBe(true);
    expect(needsSeats([seatedGroup], { 't-stalls': 2 }, { 'g-seated': ['A1'] })).toBe(true);
    expect(needsSeats([seatedGroup], { 't-stalls': 2 }, { 'g-seated': ['A1', 'A2'] })).toBe(false);
    expect(needsSeats([lectureGroup], { 't-general': 2 }, {})).toBe(false);
  });

  it('submit: at least 1 ticket, groups within limits, exactly one seat per seated ticket', () => {
    expect(canSubmitSingle([lectureGroup], {}, {})).toBe(false);
    expect(canSubmitSingle([lectureGroup], { 't-general': 1 }, {})).toBe(true);
    expect(canSubmitSingle([lectureGroup], { 't-general': 11 }, {})).toBe(false);
    expect(canSubmitSingle([seatedGroup], { 't-stalls': 1 }, {})).toBe(false);
    expect(canSubmitSingle([seatedGroup], { 't-stalls': 1 }, { 'g-seated': ['A1'] })).toBe(true);
    expect(canSubmitSingle([seatedGroup], { 't-stalls': 1 }, { 'g-seated': ['A1', 'A2'] })).toBe(false);
    expect(canSubmitSingle([lectureGroup], { 't-general': 1 }, { 'g-seated': ['A1'] })).toBe(false);
  });
});

// ---- every path of the model ------------------------------------------------------------------------

/** The City Pass tickets chosen (the fixture's group), each with its kind and what was typed for it. */
function citypassTickets(event: { citypass?: unknown }, form: TicketFormSnapshot['context']) {
  if (!event.citypass) return [];
  return citypassGroup.types.flatMap((type) =>
    Array.from({ length: form.quantities[type.id] ?? 0 }, (_, i) => ({
      kind: type.name.includes('Child') ? 'child' : 'adult',
      value: form.vouchers[type.id]?.[i] ?? '',
    })),
  );
}

/**
 * The flow's invariants at each step, over the flow and its form child (the form's own rules, its submit
 * included, are held by its table: ticketForm.table.test.ts).
 */
function checkInvariants(runner: ReplayRunner<typeof singleEventReserveMachine>) {
  const snapshot = runner.actor.getSnapshot();
  const { context } = snapshot;
  const child = ticketFormOf(snapshot);
  const v = selectSingleEventView(snapshot);
  if (snapshot.status === 'done') {
    expect(snapshot.output).toEqual({ cart });
    return;
  }
  if (!child) throw new Error('the form child is gone before the flow is done');
  const form = child.context;
  // The form holds the flow's groups and session once they are known (and none while they load again).
  if (snapshot.matches('ready')) {
    expect(form.groups).toBe(context.groups);
    expect(form.session).toBe(context.session);
  }
  // Submit is offered exactly by the pure rule, only in ready with the form open, never while submitting.
  expect(v.canSubmit).toBe(
    snapshot.matches('ready') &&
      child.matches('editing') &&
      canSubmitSingle(form.groups, form.quantities, form.seats),
  );
  if (v.submitting) expect(v.canSubmit).toBe(false);
  if (totalTickets(form.quantities) < 1) expect(v.canSubmit).toBe(false);
  if (needsSeats(form.groups, form.quantities, form.seats)) expect(v.canSubmit).toBe(false);
  // A session is loaded whenever tickets are chosen, unless no session is needed.
  if (totalTickets(form.quantities) > 0 && !isSessionless(context.event)) expect(form.session).not.toBeNull();
  // Every count within its group's limits and capacity.
  for (const group of form.groups) {
    expect(groupWithinLimits(group, form.quantities)).toBe(true);
    expect(remainingForGroup(group, form.groups, form.quantities, form.session)).toBeGreaterThanOrEqual(0);
  }
  // The blocking message shows exactly in the blocking states.
  expect(v.blockingMessage !== null).toBe(v.status === 'unavailable' || v.status === 'error');
  // Spec 1 §5: one attendee per ticket that asks, one voucher field per City Pass ticket, kept in step.
  const where = JSON.stringify({ value: snapshot.value, admits: form.admits });
  expectAdmitsInStep(where, context.event, form.groups, form.quantities, form.admits);
  expect(v.vouchers.length, `${where}: one voucher field per City Pass ticket`).toBe(
    citypassTickets(context.event, form).length,
  );
  expectPriceView(where, v.groups, form.groups, form.quantities, form);
  // A refused voucher never shows as the form's notice.
  if (form.voucherRefusal)
    expect(context.messages.some((m) => text(m.message) === text(form.voucherRefusal?.message ?? null))).toBe(
      false,
    );
  expectAttendeeView(where, v.attendees, form.admitsChecked, (a) => resolveMessage(T, a.nameLabel));
}

describe('singleEventReserve paths', () => {
  it('walks every transition of the model with the invariants holding at each step', async () => {
    const reserved = vi.fn();
    const report = await walkMachinePaths({
      machine: singleEventReserveMachine,
      inputs: singlePathInputs,
      events: singlePathEvents,
      // The form child runs as itself (the runner fakes every other invoked actor).
      provide: {
        actors: { ticketForm: ticketFormChild },
        actions: { reserved: ({ context }) => reserved(context.cart) },
      },
      onStep: oncePerSnapshot(checkInvariants),
    });
    assertFullCoverage(report);
    recordCoverage('singleEventReserve', report);
    expect(reserved).toHaveBeenCalledWith(cart);
    console.info(
      `singleEventReserve paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions`,
    );
  });
});
