/**
 * Attendee details (spec 1 §5 "Attendee names: required when the group or event meta says required; email
 * required only when admit_emails is required. Label is 'Full Name' or prefixed by the ticket label. Name is
 * first and last joined by a space; an empty name gives 'Input must not be empty'."), the core's one rule, and
 * how each ticket flow carries it to the reserve.
 */
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, type EventObject, fromPromise, SimulatedClock } from 'xstate';
import type { EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import { admitAskOf, strongerAsk } from '../../domain/admit-rule';
import {
  type AdmitValue,
  admitEntries,
  admitsAfterChange,
  admitsHold,
  admitsInStep,
  requestAdmits,
} from '../../machines/reserve/core/admits';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { selectDateFirstReserveView } from '../../machines/reserve/dateFirstReserve.view';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { selectQuantityFirstReserveView } from '../../machines/reserve/quantityFirstReserve.view';
import { singleEventReserveMachine } from '../../machines/reserve/singleEventReserve.machine';
import { selectSingleEventView } from '../../machines/reserve/singleEventReserve.view';
import {
  attendeeEvent,
  cart,
  days,
  general,
  group,
  NOW,
  event as plainEvent,
  sessionsByDate,
  ticketType,
} from '../../stories/fixtures/dateFirstReserve';
import { qfAttendeeEvent, qfDays, qfSessionsByDate } from '../../stories/fixtures/quantityFirstReserve';
import { attendeeLecture, lectureGroup, lectureSession } from '../../stories/fixtures/singleEventReserve';
import '../../ui/reserve/strings';
import { createStrings, resolveMessage } from '../../ui/strings';
import { flush } from './graph-helpers';
import {
  dateFirstOnFixtures,
  formContextOf,
  postTickets,
  sendAsTheView,
  type TicketsPost,
} from './reserve-core-helpers';

const T = createStrings();
const text = (m: Parameters<typeof resolveMessage>[1] | null) => (m ? resolveMessage(T, m) : null);

const meta = (m: Record<string, string>): Pick<EventDetail, 'meta'> => ({ meta: m });
const adults = group({
  id: 'g-a',
  types: [ticketType('t-adult', 'g-a', 'Adult', 2000), ticketType('t-child', 'g-a', 'Child', 1000)],
});
const asking = (names: 'required' | 'optional' | 'off', emails: 'required' | 'optional' | 'off') =>
  group({ ...adults, id: 'g-ask', admit: { names, emails } });
const v = (first: string, last: string, email = ''): AdmitValue => ({ first, last, email });

describe('which tickets ask (meta admit_names / admit_emails)', () => {
  it("reads 'required', 'optional' and true flag words; anything else asks nothing", () => {
    expect(admitAskOf('required')).toBe('required');
    expect(admitAskOf(' Required ')).toBe('required');
    expect(admitAskOf('optional')).toBe('optional');
    expect(admitAskOf('yes')).toBe('optional');
    expect(admitAskOf('off')).toBe('off');
    expect(admitAskOf('no')).toBe('off');
    expect(admitAskOf(undefined)).toBe('off');
    expect(strongerAsk('optional', 'required')).toBe('required');
    expect(strongerAsk('off', 'optional')).toBe('optional');
  });

  it('one attendee per ticket of a group whose meta or event meta asks; none for others', () => {
    const q = { 't-adult': 2, 't-child': 1 };
    expect(admitsInStep(meta({}), [adults], q, {})).toEqual({});
    expect(admitsInStep(meta({ admit_names: 'required' }), [adults], q, {})).toEqual({
      't-adult': [v('', ''), v('', '')],
      't-child': [v('', '')],
    });
    expect(admitsInStep(meta({}), [asking('off', 'optional')], { 't-adult': 1 }, {})).toEqual({
      't-adult': [v('', '')],
    });
  });

  it('keeps the values of the remaining tickets when counts change, and drops the removed ones', () => {
    const before = { 't-adult': [v('Ada', 'Lovelace'), v('Alan', 'Turing')] };
    const m = meta({ admit_names: 'optional' });
    expect(admitsInStep(m, [adults], { 't-adult': 1 }, before)).toEqual({
      't-adult': [v('Ada', 'Lovelace')],
    });
    expect(admitsInStep(m, [adults], { 't-adult': 3 }, before)).toEqual({
      't-adult': [v('Ada', 'Lovelace'), v('Alan', 'Turing'), v('', '')],
    });
    expect(admitsInStep(m, [adults], {}, before)).toEqual({});
  });

  it('a change reaches only an existing ticket', () => {
    const admits = { 't-adult': [v('', '')] };
    const change = { type: 'admit.change' as const, ticketTypeId: 't-adult', field: 'first' as const };
    expect(admitsAfterChange(admits, { ...change, index: 0, value: 'Ada' })).toEqual({
      't-adult': [v('Ada', '')],
    });
    expect(admitsAfterChange(admits, { ...change, index: 1, value: 'Ada' })).toBe(admits);
    expect(admitsAfterChange(admits, { ...change, ticketTypeId: 't-child', index: 0, value: 'x' })).toBe(
      admits,
    );
  });
});

describe('labels and validation', () => {
  it("labels one attendee 'Full Name'; several are prefixed by the ticket label", () => {
    const m = meta({ admit_names: 'required', admit_emails: 'optional' });
    const one = admitEntries(m, [adults], { 't-adult': 1 }, {});
    expect(one.map((e) => [text(e.nameLabel), text(e.emailLabel)])).toEqual([['Full Name', 'Email']]);
    const three = admitEntries(m, [adults], { 't-adult': 2, 't-child': 1 }, {});
    expect(three.map((e) => text(e.nameLabel))).toEqual([
      'Adult 1 Full Name',
      'Adult 2 Full Name',
      'Child 1 Full Name',
    ]);
    expect(three.map((e) => text(e.emailLabel))).toEqual(['Adult 1 Email', 'Adult 2 Email', 'Child 1 Email']);
  });

  it("a required first or last name left empty (or spaces only) gives 'Input must not be empty'", () => {
    const [entry] = admitEntries(
      meta({ admit_names: 'required' }),
      [adults],
      { 't-adult': 1 },
      {
        't-adult': [v('  ', 'Lovelace')],
      },
    );
    expect(text(entry?.problems.first ?? null)).toBe('Input must not be empty');
    expect(entry?.problems.last).toBeNull();
    expect(entry?.problems.email).toBeNull();
  });

  it('optional names may stay empty; the email is required only when admit_emails says required', () => {
    const q = { 't-adult': 1 };
    const empty = { 't-adult': [v('', '')] };
    expect(admitsHold(meta({ admit_names: 'optional', admit_emails: 'optional' }), [adults], q, empty)).toBe(
      true,
    );
    const [required] = admitEntries(meta({ admit_emails: 'required' }), [adults], q, empty);
    expect(text(required?.problems.email ?? null)).toBe('Input must not be empty');
    // The group's 'required' wins over the event's 'optional' (either saying required makes it required).
    expect(admitsHold(meta({ admit_names: 'optional' }), [asking('required', 'off')], q, empty)).toBe(false);
  });

  it('an email, when given, must be an address by the one email rule', () => {
    const m = meta({ admit_emails: 'optional' });
    const problem = (email: string) =>
      text(
        admitEntries(m, [adults], { 't-adult': 1 }, { 't-adult': [v('', '', email)] })[0]?.problems.email ??
          null,
      );
    expect(problem('ada@localhost')).toBe('Please enter a valid email address.');
    expect(problem('not an email')).toBe('Please enter a valid email address.');
    expect(problem(' ada@example.com ')).toBeNull();
  });
});

describe('what the reserve sends', () => {
  it('the name is the trimmed first and last joined by a space; the email trimmed; empty ones left out', () => {
    const m = meta({ admit_names: 'optional', admit_emails: 'optional' });
    const admits = { 't-adult': [v(' Ada ', ' Lovelace ', ' ada@example.com '), v('', ''), v('Alan', '')] };
    expect(requestAdmits(m, [adults], { 't-adult': 3 }, admits)).toEqual({
      't-adult': [{ name: 'Ada Lovelace', email: 'ada@example.com' }, {}, { name: 'Alan' }],
    });
    expect(requestAdmits(m, [adults], { 't-adult': 1 }, { 't-adult': [v('', '')] })).toBeUndefined();
    // Nothing for a group that asks nothing, whatever is in the context.
    expect(
      requestAdmits(meta({}), [adults], { 't-adult': 1 }, { 't-adult': [v('Ada', 'L')] }),
    ).toBeUndefined();
  });
});

// ---- the flows -----------------------------------------------------------------------------------------

const reserveWith = (record: (post: TicketsPost) => void) => postTickets(record, async () => cart);

async function send(actor: AnyActorRef, event: Record<string, unknown>) {
  sendAsTheView(actor, event as EventObject);
  await flush();
}

const typeFirst = (ticketTypeId: string, first: string, last: string, index = 0) => [
  { type: 'admit.change', ticketTypeId, index, field: 'first', value: first },
  { type: 'admit.change', ticketTypeId, index, field: 'last', value: last },
];

describe('date-first', () => {
  async function toReady() {
    const reserve = vi.fn();
    const machine = dateFirstOnFixtures([general], reserveWith(reserve));
    const actor = createActor(machine, {
      input: { event: attendeeEvent, now: NOW },
      clock: new SimulatedClock(),
    });
    actor.start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    return { actor, reserve };
  }

  it('a submit with a required name empty reserves nothing and shows the fields’ problems; filled, it sends them', async () => {
    const { actor, reserve } = await toReady();
    let view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.canSubmit).toBe(true);
    expect(view.attendees.map((a) => text(a.nameLabel))).toEqual(['Adult 1 Full Name', 'Adult 2 Full Name']);
    expect(view.attendees[0]?.name.map((f) => [f.field, f.required, f.error])).toEqual([
      ['first', true, null],
      ['last', true, null],
    ]);
    for (const e of typeFirst('t-adult', 'Ada', 'Lovelace')) await send(actor, e);
    await send(actor, { type: 'submit' });
    expect(reserve).not.toHaveBeenCalled();
    view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.attendees[0]?.name.map((f) => f.error)).toEqual([null, null]);
    expect(view.attendees[1]?.name.map((f) => text(f.error))).toEqual([
      'Input must not be empty',
      'Input must not be empty',
    ]);
    for (const e of typeFirst('t-adult', 'Alan', 'Turing', 1)) await send(actor, e);
    await send(actor, {
      type: 'admit.change',
      ticketTypeId: 't-adult',
      index: 1,
      field: 'email',
      value: 'alan@example.com',
    });
    await send(actor, { type: 'submit' });
    expect(reserve).toHaveBeenCalledWith({
      newCart: false,
      request: {
        eventId: attendeeEvent.id,
        sessionId: 's-0930',
        quantities: { 't-adult': 2 },
        admits: { 't-adult': [{ name: 'Ada Lovelace' }, { name: 'Alan Turing', email: 'alan@example.com' }] },
      },
    });
  });

  it('a ticket removed takes its attendee with it; another session starts afresh', async () => {
    const { actor } = await toReady();
    for (const e of typeFirst('t-adult', 'Ada', 'Lovelace')) await send(actor, e);
    await send(actor, { type: 'quantity.decrement', ticketTypeId: 't-adult' });
    expect(formContextOf(actor).admits).toEqual({ 't-adult': [v('Ada', 'Lovelace')] });
    await send(actor, { type: 'session.change' });
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(formContextOf(actor).admits).toEqual({});
  });

  it('an event that asks nothing shows no attendee fields and sends none', async () => {
    const machine = dateFirstReserveMachine.provide({
      actors: {
        loadCalendar: fromPromise(async () => days),
        loadSessions: fromPromise(async ({ input }) => sessionsByDate[input.date] ?? []),
        loadSessionGroups: fromPromise(async () => [general]),
      },
    });
    const actor = createActor(machine, { input: { event: plainEvent, now: NOW } });
    actor.start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(selectDateFirstReserveView(actor.getSnapshot()).attendees).toEqual([]);
  });
});

describe('quantity-first', () => {
  it('the attendee section asks one name per ticket; the reserve carries them', async () => {
    const reserve = vi.fn();
    const machine = quantityFirstReserveMachine.provide({
      actors: {
        loadCalendar: fromPromise(async () => qfDays),
        loadSessions: fromPromise(async ({ input }) => qfSessionsByDate[input.date] ?? []),
        reserveIntoCart: reserveWith(reserve),
      },
    });
    const actor = createActor(machine, { input: { event: qfAttendeeEvent }, clock: new SimulatedClock() });
    actor.start();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'tickets.find' });
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    let view = selectQuantityFirstReserveView(actor.getSnapshot());
    expect(view.attendeesVisible).toBe(true);
    expect(view.attendees.map((a) => [text(a.nameLabel), text(a.emailLabel), a.email?.required])).toEqual([
      ['Full Name', 'Email', false],
    ]);
    await send(actor, { type: 'submit' });
    expect(reserve).not.toHaveBeenCalled();
    view = selectQuantityFirstReserveView(actor.getSnapshot());
    expect(text(view.attendees[0]?.name[0]?.error ?? null)).toBe('Input must not be empty');
    for (const e of typeFirst('t-adult', 'Grace', 'Hopper')) await send(actor, e);
    await send(actor, { type: 'submit' });
    expect(reserve.mock.calls[0]?.[0].request.admits).toEqual({ 't-adult': [{ name: 'Grace Hopper' }] });
  });
});

describe('single event', () => {
  it('the form asks one name per ticket; the reserve carries them', async () => {
    const reserve = vi.fn();
    const machine = singleEventReserveMachine.provide({
      actors: {
        loadSession: fromPromise<SessionModel | null, { eventId: string }>(async () => ({
          ...lectureSession,
          eventId: attendeeLecture.id,
        })),
        loadSessionGroups: fromPromise(async () => [lectureGroup] as TicketGroupModel[]),
        reserveIntoCart: reserveWith(reserve),
      },
    });
    const actor = createActor(machine, { input: { event: attendeeLecture } });
    actor.start();
    await flush();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-student' });
    await send(actor, { type: 'submit' });
    expect(reserve).not.toHaveBeenCalled();
    expect(selectSingleEventView(actor.getSnapshot()).attendees.map((a) => text(a.nameLabel))).toEqual([
      'Full Name',
    ]);
    for (const e of typeFirst('t-student', 'Katherine', 'Johnson')) await send(actor, e);
    await send(actor, { type: 'submit' });
    expect(reserve.mock.calls[0]?.[0].request.admits).toEqual({
      't-student': [{ name: 'Katherine Johnson' }],
    });
  });
});
