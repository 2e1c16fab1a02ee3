import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { CalendarDayModel, CartModel, PricedSessionModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { readMessageRules } from '../../domain/message-rules';
import type { TicketFormChildEvent } from '../../machines/reserve/core/ticket-form';
import { ticketFormChild } from '../../machines/reserve/core/ticketForm.machine';
import { ticketFormOf } from '../../machines/reserve/core/view';
import { withMemberRemaining } from '../../machines/reserve/member-remaining';
import { isSelectionValid } from '../../machines/reserve/quantities';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import type {
  QuantityFirstReserveEvent,
  QuantityFirstReserveInput,
} from '../../machines/reserve/quantityFirstReserve.types';
import { selectQuantityFirstReserveView, totalAt } from '../../machines/reserve/quantityFirstReserve.view';
import { isSelectableSession } from '../../machines/reserve/query';
import { seatsMatch } from '../../machines/reserve/seats';
import {
  capacityError,
  cart,
  day,
  q0930,
  qfCitypassEvent,
  qfDays,
  qfEvent,
  qfInput,
  qfPathEvents,
  qfPathInputs,
  qfSeatedEvent,
  qfSeats,
  qfSerializeState,
  qfSessionsByDate,
  seatTakenError,
  soldOutError,
  typesLimitError,
} from '../../stories/fixtures/quantityFirstReserve';
import '../../ui/reserve/strings';
import { VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import { formatTime } from '../../ui/format';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';
import { recordCoverage } from './coverage';
import { assertFullCoverage, flush, oncePerSnapshot, walkMachinePaths } from './graph-helpers';
import { postTickets, sendAsTheView } from './reserve-core-helpers';

type Snapshot = SnapshotFrom<typeof quantityFirstReserveMachine>;

const T = createStrings();
const texts = (snapshot: Snapshot) =>
  snapshot.context.messages.map((m: { message: UiMessage }) => resolveMessage(T, m.message));

interface Script {
  calendar?: () => Promise<CalendarDayModel[]>;
  sessions?: (date: string) => Promise<PricedSessionModel[]>;
  reserve?: () => Promise<CartModel>;
}

function start(extra: Partial<QuantityFirstReserveInput> = {}, script: Script = {}) {
  const calls = { loadCalendar: vi.fn(), loadSessions: vi.fn(), reserve: vi.fn() };
  const reserved = vi.fn();
  const machine = quantityFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async ({ input: i }) => {
        calls.loadCalendar(i);
        return (script.calendar ?? (async () => qfDays))();
      }),
      loadSessions: fromPromise(async ({ input: i }) => {
        calls.loadSessions(i);
        return (script.sessions ?? (async (date: string) => qfSessionsByDate[date] ?? []))(i.date);
      }),
      reserveIntoCart: postTickets(calls.reserve, () => (script.reserve ?? (async () => cart))()),
    },
    actions: { reserved: ({ context }) => reserved(context.cart) },
  });
  const actor = createActor(machine, { input: qfInput(extra), clock: new SimulatedClock() });
  actor.start();
  return { actor, calls, reserved };
}

type Actor = ReturnType<typeof start>['actor'];

/** What the form child (`ticketForm`) holds: its quantities, amounts, seats, attendees and vouchers. */
function form(actor: Actor) {
  const child = ticketFormOf(actor.getSnapshot());
  if (!child) throw new Error('no ticketForm child');
  return child.context;
}

/** The flow's events go to the flow; the form's fields and submit to the form child, as the view sends them. */
async function send(actor: Actor, event: QuantityFirstReserveEvent | TicketFormChildEvent) {
  sendAsTheView(actor, event);
  await flush();
}

/** Two adults, Find tickets, the 21st, 9:30: the attendee section shows. */
async function toChosen(script?: Script) {
  const harness = start({}, script);
  await send(harness.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
  await send(harness.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
  await send(harness.actor, { type: 'tickets.find' });
  await send(harness.actor, { type: 'date.select', date: '2026-11-21' });
  await send(harness.actor, { type: 'session.select', sessionId: 's-0930' });
  return harness;
}

const view = (actor: Actor) => selectQuantityFirstReserveView(actor.getSnapshot());

describe('quantities open first', () => {
  it('starts with the quantities open and nothing loaded; Find tickets needs a valid selection', async () => {
    const { actor, calls } = start();
    await flush();
    expect(actor.getSnapshot().value).toBe('quantities');
    expect(view(actor)).toMatchObject({ quantitiesOpen: true, canFindTickets: false, dateVisible: false });
    await send(actor, { type: 'tickets.find' });
    expect(calls.loadCalendar).not.toHaveBeenCalled();
    // the family group's minimum is 2: its first step goes to 2 (the pure quantity rules)
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-family' });
    expect(form(actor).quantities).toEqual({ 't-family': 2 });
    expect(view(actor).canFindTickets).toBe(true);
  });

  it('?select= preselects that type at its group minimum', () => {
    expect(form(start({ select: 't-family' }).actor).quantities).toEqual({ 't-family': 2 });
    expect(form(start({ select: 't-adult' }).actor).quantities).toEqual({ 't-adult': 1 });
    expect(form(start({ select: 'nope' }).actor).quantities).toEqual({});
  });

  it('carries the preset price for flexible prices', () => {
    expect(start({ presetPriceCents: 2500 }).actor.getSnapshot().context.presetPriceCents).toBe(2500);
  });
});

describe("'Find tickets'", () => {
  it('closes the quantities and loads the calendar with the chosen quantities', async () => {
    const { actor, calls } = start();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-child' });
    actor.send({ type: 'tickets.find' });
    expect(view(actor)).toMatchObject({ quantitiesOpen: false, findingTickets: true });
    await flush();
    expect(calls.loadCalendar).toHaveBeenCalledWith({
      eventId: 'ev-qf',
      quantities: { 't-adult': 1, 't-child': 1 },
    });
    expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    const v = view(actor);
    expect(v.summary).toEqual([
      { name: 'Adult', quantity: 1 },
      { name: 'Child', quantity: 1 },
    ]);
    expect(v.groups.flatMap((g) => g.types).every((t) => !t.canIncrement && !t.canDecrement)).toBe(true);
    expect(v.days.map((d) => [d.date, d.disabled])).toEqual([
      ['2026-11-21', false],
      ['2026-11-22', false],
      ['2026-11-23', true],
    ]);
  });

  it("reopens the quantities with 'You can only select up to 10 different types of tickets.' on validation_failed in event_calendar", async () => {
    const { actor } = start({}, { calendar: async () => Promise.reject(typesLimitError) });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'tickets.find' });
    expect(actor.getSnapshot().value).toBe('quantities');
    expect(texts(actor.getSnapshot())).toEqual(['You can only select up to 10 different types of tickets.']);
    expect(form(actor).quantities).toEqual({ 't-adult': 1 });
  });

  it('reopens the quantities with the generic message on any other calendar failure', async () => {
    const { actor } = start({}, { calendar: async () => Promise.reject(new Error('offline')) });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'tickets.find' });
    expect(actor.getSnapshot().value).toBe('quantities');
    expect(texts(actor.getSnapshot())).toEqual(['Sorry! Something unexpected happened. Please try again.']);
  });

  it('with one day that fits, goes straight to its sessions; no day at all shows no dates', async () => {
    const one = start({}, { calendar: async () => [day('2026-11-22'), day('2026-11-23', 'sold_out')] });
    await send(one.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(one.actor, { type: 'tickets.find' });
    expect(one.calls.loadSessions).toHaveBeenCalledWith({
      eventId: 'ev-qf',
      date: '2026-11-22',
      quantities: { 't-adult': 1 },
    });
    expect(view(one.actor)).toMatchObject({
      selectedDate: '2026-11-22',
      canChangeDate: false,
      sessionVisible: true,
    });
    const none = start({}, { calendar: async () => [day('2026-11-23', 'sold_out')] });
    await send(none.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(none.actor, { type: 'tickets.find' });
    expect(view(none.actor).noDays).toBe(true);
  });
});

describe('date and session', () => {
  it('a date loads sessions with prices for the quantities; a session reveals the attendee section', async () => {
    const { actor, calls } = start();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'tickets.find' });
    await send(actor, { type: 'date.select', date: '2026-11-23' });
    expect(calls.loadSessions).not.toHaveBeenCalled();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    expect(calls.loadSessions).toHaveBeenCalledWith({
      eventId: 'ev-qf',
      date: '2026-11-21',
      quantities: { 't-adult': 2 },
    });
    let v = view(actor);
    expect(v.attendeesVisible).toBe(false);
    expect(v.canSubmit).toBe(false);
    const all = v.sessionTabs?.flatMap((t) => t.sessions) ?? [];
    // the price schedule: adults are 22.00 at 9:30, 20.00 at 1 pm; plus 1.50 fee each
    expect(all.map((s) => [formatTime(s.start, s.timeZone), s.disabled, s.totalCents])).toEqual([
      ['9:30 AM', false, 2 * 2200 + 2 * 150],
      ['11:00 AM', true, 2 * 2000 + 2 * 150],
      ['1:00 PM', false, 2 * 2000 + 2 * 150],
    ]);
    await send(actor, { type: 'session.select', sessionId: 's-1100' });
    expect(actor.getSnapshot().context.selectedSessionId).toBeNull();
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    v = view(actor);
    expect(v).toMatchObject({ attendeesVisible: true, canSubmit: true, totalCents: 4700 });
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(view(actor).totalCents).toBe(4300);
  });

  it('changing the date resets the session', async () => {
    const { actor, calls } = await toChosen();
    await send(actor, { type: 'date.change' });
    expect(actor.getSnapshot().context).toMatchObject({
      selectedDate: null,
      selectedSessionId: null,
      sessions: [],
    });
    expect(view(actor)).toMatchObject({ dateListOpen: true, canSubmit: false, attendeesVisible: false });
    await send(actor, { type: 'date.select', date: '2026-11-22' });
    expect(calls.loadSessions).toHaveBeenLastCalledWith({
      eventId: 'ev-qf',
      date: '2026-11-22',
      quantities: { 't-adult': 2 },
    });
    // choosing another day straight from the chosen session also resets it
    await send(actor, { type: 'session.select', sessionId: 's-22-1000' });
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    expect(actor.getSnapshot().context.selectedSessionId).toBeNull();
  });

  it('reopening the quantities resets dates and sessions, keeping the counts', async () => {
    const { actor } = await toChosen();
    await send(actor, { type: 'quantities.open' });
    expect(actor.getSnapshot().value).toBe('quantities');
    expect(actor.getSnapshot().context).toMatchObject({
      days: [],
      selectedDate: null,
      sessions: [],
      selectedSessionId: null,
      quantities: { 't-adult': 2 },
    });
    expect(view(actor)).toMatchObject({ quantitiesOpen: true, dateVisible: false, canSubmit: false });
  });

  it('a sessions failure offers a retry', async () => {
    let fail = true;
    const { actor } = start(
      {},
      {
        sessions: async (date) => {
          if (fail) throw new Error('offline');
          return qfSessionsByDate[date] ?? [];
        },
      },
    );
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'tickets.find' });
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    expect(view(actor).canRetry).toBe(true);
    fail = false;
    await send(actor, { type: 'retry' });
    expect(view(actor).canRetry).toBe(false);
    expect(texts(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().matches({ picking: 'sessions' })).toBe(true);
  });
});

describe('what the date-first picker shows too (spec 1 §2, §9)', () => {
  const withSessions = async (extra: Partial<QuantityFirstReserveInput> = {}) => {
    const harness = start(extra, {
      calendar: async () => [day('2026-11-21'), { ...day('2026-11-22'), availability: 4 }],
    });
    await send(harness.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(harness.actor, { type: 'tickets.find' });
    await send(harness.actor, { type: 'date.select', date: '2026-11-21' });
    return harness;
  };

  it('days carry the price line with the seller prefix and the badges; few places warn', async () => {
    const config = { 'web.price_display': { primary_ticket_type: 't-child', primary_prefix: 'Kids from' } };
    const { actor } = await withSessions({ event: { ...qfEvent, config } });
    const [first, second] = view(actor).days;
    expect(first).toMatchObject({ price: { prefix: 'Kids from', cents: 1000 }, badges: [] });
    expect(second?.badges).toEqual([{ kind: 'fewTickets' }]);
    // 1:00 PM has 5 places left: 'Hurry, less than 10 tickets available.'; 9:30 has plenty.
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(view(actor).fewTickets).toEqual({ key: 'fewTickets' });
    expect(view(actor).selectedSession?.remaining).toBeNull();
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    expect(view(actor).fewTickets).toBeNull();
  });

  it('with a remaining-capacity threshold, places left show under it instead of the warning', async () => {
    const config = { show_remaining_session_capacity_threshold: 20 };
    const { actor } = await withSessions({ event: { ...qfEvent, config } });
    expect(view(actor).days[1]?.badges).toEqual([{ kind: 'remaining', count: 4 }]);
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(view(actor).selectedSession?.remaining).toBe(5);
    expect(view(actor).fewTickets).toBeNull();
  });
});

describe('message rules and all-day days, as date-first shows them (spec 1 §3, §9)', () => {
  const rules = readMessageRules([
    {
      id: 'children',
      event_template_id: 'ev-qf',
      _rank: 0,
      actions: { quantity_message: 'Children must be with an adult' },
      triggers: { quantity: { ticket_type_names: ['Child'] } },
    },
    {
      id: 'saturday',
      event_template_id: 'ev-qf',
      _rank: 1,
      actions: { date_annotation: 'Saturday', date_message: 'Saturday tours' },
      triggers: { dateOrSession: { weekdays: [6] } },
    },
    {
      id: 'afternoon',
      event_template_id: 'ev-qf',
      _rank: 2,
      actions: { session_annotation: 'Afternoon', session_message: 'Afternoon talk' },
      triggers: { dateOrSession: { time_of_day: { start: '12:00', end: '17:00' } } },
    },
  ]);

  it('quantity messages with the quantities, the Saturday annotated and its message once chosen, the afternoon time too', async () => {
    const { actor } = start(
      { event: { ...qfEvent, messageRules: rules } },
      { calendar: async () => [day('2026-11-21'), day('2026-11-22')] },
    );
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(view(actor).ruleMessages.quantity).toEqual([]);
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-child' });
    expect(view(actor).ruleMessages).toEqual({
      date: [],
      session: [],
      quantity: ['Children must be with an adult'],
    });
    await send(actor, { type: 'tickets.find' });
    // Days: the Saturday (2026-11-21) carries its annotation after its badges; the Sunday none.
    expect(view(actor).days.map((d) => d.badges.filter((b) => b.kind === 'annotation'))).toEqual([
      [{ kind: 'annotation', text: 'Saturday' }],
      [],
    ]);
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    expect(view(actor).ruleMessages.date).toEqual(['Saturday tours']);
    const times = view(actor).sessionTabs?.flatMap((t) =>
      t.sessions.map((x) => [formatTime(x.start, x.timeZone), x.annotation]),
    );
    expect(times).toEqual([
      ['9:30 AM', null],
      ['11:00 AM', null],
      ['1:00 PM', 'Afternoon'],
    ]);
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(view(actor).ruleMessages.session).toEqual(['Afternoon talk']);
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    expect(view(actor).ruleMessages.session).toEqual([]);
  });

  it('a day whose one session is longer than 5 hours offers it as "All day"', async () => {
    const allDay = { ...q0930, id: 's-day', start: '2026-11-21T14:00:00Z', end: '2026-11-21T22:00:00Z' };
    const { actor } = start({}, { sessions: async () => [allDay] });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'tickets.find' });
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    expect(view(actor).allDaySession).toMatchObject({ id: 's-day', allDay: true });
    await send(actor, { type: 'session.select', sessionId: 's-day' });
    expect(view(actor).selectedSession?.allDay).toBe(true);
  });
});

describe('submit', () => {
  it('reserves the session and quantities, calls reserved once with the cart and ends', async () => {
    const { actor, calls, reserved } = await toChosen();
    sendAsTheView(actor, { type: 'submit' });
    expect(view(actor)).toMatchObject({ submitting: true, canSubmit: false });
    await flush();
    expect(calls.reserve).toHaveBeenCalledWith({
      newCart: false,
      request: { eventId: 'ev-qf', sessionId: 's-0930', quantities: { 't-adult': 2 } },
    });
    expect(reserved).toHaveBeenCalledTimes(1);
    expect(reserved).toHaveBeenCalledWith(cart);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ cart });
  });

  it('a submit before a session is chosen reserves nothing and leaves the form editable, not waiting', async () => {
    const { actor, calls, reserved } = start();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    // the view offers no submit here; the form alone holds, so it submits and the flow gives it back
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().value).toBe('quantities');
    expect(ticketFormOf(actor.getSnapshot())?.value).toBe('editing');
    expect(form(actor)).toMatchObject({ quantities: { 't-adult': 2 }, request: null });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(form(actor).quantities).toEqual({ 't-adult': 3 });
    await send(actor, { type: 'tickets.find' });
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledTimes(1);
    expect(reserved).toHaveBeenCalledTimes(1);
  });

  it('a gone cart is replaced by a new cart once', async () => {
    let calls = 0;
    const { actor, calls: spy } = await toChosen({
      reserve: async () => {
        calls += 1;
        if (calls === 1) throw { code: 'cart_expired', status: 410 };
        return cart;
      },
    });
    await send(actor, { type: 'submit' });
    expect(spy.reserve.mock.calls.map(([i]) => i.newCart)).toEqual([false, true]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('other errors keep the choice and show the API description', async () => {
    const { actor } = await toChosen({ reserve: async () => Promise.reject(capacityError) });
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().matches({ picking: 'chosen' })).toBe(true);
    expect(texts(actor.getSnapshot())).toEqual(['Not enough tickets left in General admission.']);
    expect(view(actor).canSubmit).toBe(true);
  });

  it('sold out: reloads the sessions, clears the session and asks for another', async () => {
    const { actor, calls } = await toChosen({ reserve: async () => Promise.reject(soldOutError) });
    await send(actor, { type: 'submit' });
    expect(calls.loadSessions).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ picking: 'sessions' })).toBe(true);
    expect(actor.getSnapshot().context.selectedSessionId).toBeNull();
    expect(texts(actor.getSnapshot())).toEqual([
      'Tickets have sold out for the session at 9:30 AM. Please select another session and try again.',
    ]);
  });

  it('sold out with nothing left that day: reloads the calendar and clears the date', async () => {
    let first = true;
    const { actor, calls } = await toChosen({
      reserve: async () => Promise.reject(soldOutError),
      sessions: async (date) => {
        const list = qfSessionsByDate[date] ?? [];
        if (first) {
          first = false;
          return list;
        }
        return list.map((s) => ({ ...s, soldOut: true, availableCapacity: 0 }));
      },
    });
    await send(actor, { type: 'submit' });
    expect(calls.loadCalendar).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    expect(actor.getSnapshot().context.selectedDate).toBeNull();
    expect(texts(actor.getSnapshot())).toEqual([
      'Tickets have sold out for Sat, Nov 21, 2026. Please select another date and try again.',
    ]);
  });
});

/** Two seated adults, Find tickets, the 21st, 9:30: the seat selection block shows. */
async function toSeatedChosen(script?: Script) {
  const harness = start({ event: qfSeatedEvent }, script);
  await send(harness.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
  await send(harness.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
  await send(harness.actor, { type: 'tickets.find' });
  await send(harness.actor, { type: 'date.select', date: '2026-11-21' });
  await send(harness.actor, { type: 'session.select', sessionId: 's-0930' });
  return harness;
}

describe('city-pass vouchers (spec 1 §5 "City-pass voucher", §8)', () => {
  const FORMAT = 'Does not match the expected format. Please check your City Pass code.';
  const textOf = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);
  const fields = (actor: Actor) =>
    view(actor).vouchers.map((f) => ({ label: textOf(f.label), value: f.value, error: textOf(f.error) }));
  const voucher = (ticketTypeId: string, value: string) =>
    ({ type: 'voucher.change', ticketTypeId, index: 0, value }) as const;

  /** One City Pass Adult and one Child, Find tickets, the 21st, 9:30: the voucher fields show. */
  async function toCitypassChosen(script?: Script) {
    const harness = start({ event: qfCitypassEvent }, script);
    await send(harness.actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(harness.actor, { type: 'quantity.increment', ticketTypeId: 't-cp-child' });
    await send(harness.actor, { type: 'tickets.find' });
    await send(harness.actor, { type: 'date.select', date: '2026-11-21' });
    await send(harness.actor, { type: 'session.select', sessionId: 's-0930' });
    return harness;
  }

  it('asks one required voucher per City Pass ticket once a session is chosen; an empty or wrong one stops the submit with the spec message', async () => {
    const { actor, calls } = await toCitypassChosen();
    expect(fields(actor)).toEqual([
      { label: 'City Pass code for City Pass Adult 1', value: '', error: null },
      { label: 'City Pass code for City Pass Child 1', value: '', error: null },
    ]);
    expect(view(actor).canSubmit).toBe(true);
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().matches({ picking: 'chosen' })).toBe(true);
    expect(calls.reserve).not.toHaveBeenCalled();
    expect(fields(actor).map((f) => f.error)).toEqual(['Input must not be empty', 'Input must not be empty']);
    await send(actor, voucher('t-cp-adult', VOUCHERS.wrong));
    await send(actor, voucher('t-cp-child', VOUCHERS.adult));
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    expect(fields(actor).map((f) => f.error)).toEqual([FORMAT, FORMAT]);
  });

  it('reserves with the trimmed vouchers per type and the chosen session as the visit', async () => {
    const { actor, calls, reserved } = await toCitypassChosen();
    await send(actor, voucher('t-cp-adult', ` ${VOUCHERS.adult} `));
    await send(actor, voucher('t-cp-child', VOUCHERS.child));
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(reserved).toHaveBeenCalledWith(cart);
    expect(calls.reserve.mock.calls[0]?.[0].request.vouchers).toEqual({
      byType: { 't-cp-adult': [VOUCHERS.adult], 't-cp-child': [VOUCHERS.child] },
      visitDatetime: qfSessionsByDate['2026-11-21']?.find((s) => s.id === 's-0930')?.start,
    });
  });

  it('a voucher the server refuses (code_exhausted) shows beside its field, not as a notice, until it changes', async () => {
    const { actor } = await toCitypassChosen({
      reserve: async () => {
        throw voucherUsedError;
      },
    });
    await send(actor, voucher('t-cp-adult', VOUCHERS.adult));
    await send(actor, voucher('t-cp-child', VOUCHERS.child));
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().matches({ picking: 'chosen' })).toBe(true);
    expect(fields(actor).map((f) => f.error)).toEqual([
      `The City Pass code "${VOUCHERS.adult}" has already been used.`,
      null,
    ]);
    expect(texts(actor.getSnapshot())).toEqual([]);
    await send(actor, voucher('t-cp-adult', 'CP-A654321'));
    expect(fields(actor)[0]?.error).toBeNull();
  });

  it('vouchers follow the quantities: reopened quantities keep them by position, none drops them', async () => {
    const { actor } = await toCitypassChosen();
    await send(actor, voucher('t-cp-adult', VOUCHERS.adult));
    await send(actor, { type: 'quantities.open' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    expect(form(actor).vouchers).toEqual({
      't-cp-adult': [VOUCHERS.adult, ''],
      't-cp-child': [''],
    });
    await send(actor, { type: 'quantity.set', ticketTypeId: 't-cp-adult', quantity: 0 });
    expect(form(actor).vouchers).toEqual({ 't-cp-child': [''] });
  });
});

describe('seats (seated ticket groups)', () => {
  it('submit stays disabled until every seated ticket has exactly one seat (too few or too many block it)', async () => {
    const { actor, calls } = await toSeatedChosen();
    expect(actor.getSnapshot().matches({ picking: 'chosen' })).toBe(true);
    expect(view(actor).canSubmit).toBe(false);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    await send(actor, { type: 'seats.set', seats: qfSeats(1) });
    expect(view(actor).canSubmit).toBe(false);
    await send(actor, { type: 'seats.set', seats: qfSeats(3) });
    expect(view(actor).canSubmit).toBe(false);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    await send(actor, { type: 'seats.set', seats: qfSeats(2) });
    expect(view(actor).canSubmit).toBe(true);
  });

  it('the reserve sends each seat with its seat template id and ticket group id', async () => {
    const { actor, calls, reserved } = await toSeatedChosen();
    await send(actor, { type: 'seats.set', seats: qfSeats(2) });
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledWith({
      newCart: false,
      request: {
        eventId: qfSeatedEvent.id,
        sessionId: 's-0930',
        quantities: { 't-adult': 2 },
        seats: {
          't-adult': [
            { seat_template_id: 'seat-A1', ticket_group_id: 'g-general' },
            { seat_template_id: 'seat-A2', ticket_group_id: 'g-general' },
          ],
        },
      },
    });
    expect(reserved).toHaveBeenCalledWith(cart);
  });

  it("a lost seat race shows the server's message and drops the taken seat; submit waits for a new one", async () => {
    const { actor } = await toSeatedChosen({
      reserve: async () => {
        throw seatTakenError;
      },
    });
    await send(actor, { type: 'seats.set', seats: qfSeats(2) });
    await send(actor, { type: 'submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ picking: 'chosen' })).toBe(true);
    expect(texts(snapshot)).toEqual([
      'Sorry, a seat you chose has just been taken. Please choose another seat.',
    ]);
    expect(form(actor).seats).toEqual({ 'g-general': ['seat-A2'] });
    expect(view(actor).canSubmit).toBe(false);
  });

  it('another session, another date or reopened quantities drop the seats', async () => {
    const { actor } = await toSeatedChosen();
    await send(actor, { type: 'seats.set', seats: qfSeats(2) });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    expect(form(actor).seats).toEqual(qfSeats(2));
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(form(actor).seats).toEqual({});
    await send(actor, { type: 'seats.set', seats: qfSeats(2) });
    await send(actor, { type: 'date.change' });
    expect(form(actor).seats).toEqual({});
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    await send(actor, { type: 'seats.set', seats: qfSeats(2) });
    await send(actor, { type: 'quantities.open' });
    expect(form(actor).seats).toEqual({});
  });

  it('a session without seated tickets submits without seats (none sent)', async () => {
    const { actor, calls } = await toChosen();
    expect(view(actor).canSubmit).toBe(true);
    await send(actor, { type: 'submit' });
    expect(calls.reserve.mock.calls[0]?.[0].request).not.toHaveProperty('seats');
  });
});

describe('path tests', () => {
  it('walks every edge of the model on a real actor and takes every transition', async () => {
    const reserved = vi.fn();
    const report = await walkMachinePaths({
      machine: quantityFirstReserveMachine,
      inputs: qfPathInputs,
      events: qfPathEvents,
      serializeState: qfSerializeState,
      // The form child runs as itself (the runner fakes every other invoked actor).
      provide: {
        actors: { ticketForm: ticketFormChild },
        actions: { reserved: ({ context }) => reserved(context.cart) },
      },
      // The invariants read the snapshot only: once per distinct snapshot.
      onStep: oncePerSnapshot((runner) => {
        const snapshot = runner.actor.getSnapshot() as Snapshot;
        const { context } = snapshot;
        if (snapshot.status === 'done') {
          expect(snapshot.output).toEqual({ cart });
          return;
        }
        const child = ticketFormOf(snapshot);
        if (!child) throw new Error('the form child is gone before the flow is done');
        const formContext = child.context;
        const v = selectQuantityFirstReserveView(snapshot);
        // Invariants, against the pure rules, on every step of every path.
        const groups = context.event.ticketGroups;
        // The form offers the event's groups; past the quantities the calendar's query is a valid choice.
        expect(formContext.groups).toBe(groups);
        if (!snapshot.matches('quantities')) expect(isSelectionValid(groups, context.quantities)).toBe(true);
        if (snapshot.matches('quantities')) {
          expect(context.selectedDate).toBeNull();
          expect(context.selectedSessionId).toBeNull();
          expect(v.dateVisible).toBe(false);
        }
        if (context.selectedSessionId !== null) {
          expect(context.selectedDate).not.toBeNull();
          const chosen = context.sessions.find((s) => s.id === context.selectedSessionId);
          expect(chosen && isSelectableSession(chosen)).toBe(true);
        }
        // The form's session is the chosen one (its seats and the city passes' visit belong to it).
        expect(formContext.session?.id ?? null).toBe(context.selectedSessionId);
        // Seats belong to the chosen session: none without one.
        if (context.selectedSessionId === null) expect(formContext.seats).toEqual({});
        // Submit is enabled exactly once a session is chosen, every seated ticket has one seat, not submitting.
        const seated = seatsMatch(groups, formContext.quantities, formContext.seats);
        expect(v.canSubmit).toBe(snapshot.matches({ picking: 'chosen' }) && seated);
        if (v.canSubmit) expect(context.selectedSessionId).not.toBeNull();
        if (snapshot.matches('reserving')) expect(context.request).not.toBeNull();
        expect(v.attendeesVisible).toBe(
          context.selectedSessionId !== null && !snapshot.matches('quantities'),
        );
        expect(v.totalCents).toBe(
          totalAt(
            { ...context, ...formContext, event: context.event, request: context.request },
            context.selectedSessionId,
          ),
        );
      }),
    });
    assertFullCoverage(report);
    recordCoverage('quantityFirstReserve', report);
    expect(reserved).toHaveBeenCalledWith(cart);
    console.info(
      `quantityFirstReserve paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions`,
    );
  }, 120_000);
});

describe('members (issue 11: the event read is member-aware, the member remaining quantity folded in)', () => {
  it("the steppers count the member's remaining quantity (the wildcard pool as the group's per-order maximum)", async () => {
    const event = qfInput().event;
    const groups = withMemberRemaining(event.ticketGroups, [
      { ticketGroupId: 'g-general', ticketTypeId: null, remaining: 2 },
    ]);
    const { actor } = start({ event: { ...event, ticketGroups: groups } });
    for (let i = 0; i < 3; i++) await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(form(actor).quantities).toEqual({ 't-adult': 2 });
    // Without a pool the group's own maximum (10) holds.
    const guest = start();
    for (let i = 0; i < 3; i++)
      await send(guest.actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(form(guest.actor).quantities).toEqual({ 't-adult': 3 });
  });

  it('member_limit_exceeded is shown as the API error, keeping the choice', async () => {
    const limit = {
      code: ErrorCode.member_limit_exceeded,
      status: 400,
      description: 'Your membership allows at most 2 member tickets for this event.',
    };
    const { actor } = await toChosen({ reserve: async () => Promise.reject(limit) });
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().matches({ picking: 'chosen' })).toBe(true);
    expect(texts(actor.getSnapshot())).toEqual([
      'Your membership allows at most 2 member tickets for this event.',
    ]);
  });
});
