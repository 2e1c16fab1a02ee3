import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
  transition,
} from 'xstate';
import type { CalendarDayModel, CartModel, SessionModel, TicketGroupModel } from '../../api/models';
import { readMessageRules } from '../../domain/message-rules';
import type { TicketFormChildContext, TicketFormChildEvent } from '../../machines/reserve/core/ticket-form';
import { ticketFormChild, ticketFormMachine } from '../../machines/reserve/core/ticketForm.machine';
import { type TicketFormSnapshot, ticketFormOf } from '../../machines/reserve/core/view';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import {
  canSubmit,
  dfFormContext,
  isSubmitting,
  selectBlockingMessage,
  selectCanRetry,
  selectDatePicker,
  selectFewTicketsMessage,
  selectMessages,
  selectScreen,
  selectSessionPicker,
  selectTicketGroups,
  selectTotalCents,
  selectTotalFeesCents,
} from '../../machines/reserve/dateFirstReserve.selectors';
import type { DateFirstReserveInput, ReserveFlowError } from '../../machines/reserve/dateFirstReserve.types';
import { selectDateFirstReserveView } from '../../machines/reserve/dateFirstReserve.view';
import {
  capacityError,
  cart,
  citypassEvent,
  citypassGroup,
  day,
  days,
  E,
  family,
  flexibleCitypassGroup,
  general,
  group,
  input,
  isReady,
  pathEvents,
  pathInputs,
  s22,
  s0930,
  s1100,
  s1300,
  sessionsByDate,
  soldOutError,
  ticketType,
} from '../../stories/fixtures/dateFirstReserve';
import '../../ui/reserve/strings';
import { VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import { codeRequiredError } from '../../stories/fixtures/reserveIntoCart';
import { formatTime } from '../../ui/format';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';
import { attendeeRuleHolds, expectAdmitsInStep, expectAttendeeView } from './attendee-oracle';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  createReplayRunner,
  flush,
  oncePerSnapshot,
  walkMachinePaths,
} from './graph-helpers';
import { priceRuleHolds } from './price-oracle';
import { postTickets, sendAsTheView } from './reserve-core-helpers';
import { expectVoucherView, voucherRuleHolds } from './voucher-oracle';

type Snapshot = SnapshotFrom<typeof dateFirstReserveMachine>;

const T = createStrings();
/** A notice as the visitor reads it (the catalogue's text). */
const textOfNotice = (notice: { message: UiMessage }) => resolveMessage(T, notice.message);
const textOfMaybe = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);

// ---- a harness over real actors with scripted fakes ---------------------------------------------------

interface Script {
  calendar?: () => Promise<CalendarDayModel[]>;
  sessions?: (date: string) => Promise<SessionModel[]>;
  findSession?: (sessionId: string) => Promise<SessionModel | null>;
  groups?: (sessionId: string) => Promise<TicketGroupModel[]>;
  reserve?: () => Promise<CartModel>;
}

function start(
  query?: DateFirstReserveInput['query'],
  script: Script = {},
  event: DateFirstReserveInput['event'] = input().event,
) {
  const calls = {
    loadCalendar: vi.fn(),
    loadSessions: vi.fn(),
    findSession: vi.fn(),
    loadSessionGroups: vi.fn(),
    reserve: vi.fn(),
  };
  const reserved = vi.fn();
  const machine = dateFirstReserveMachine.provide({
    actors: {
      loadCalendar: fromPromise(async ({ input: i }) => {
        calls.loadCalendar(i);
        return (script.calendar ?? (async () => days))();
      }),
      loadSessions: fromPromise(async ({ input: i }) => {
        calls.loadSessions(i);
        return (script.sessions ?? (async (date: string) => sessionsByDate[date] ?? []))(i.date);
      }),
      findSession: fromPromise(async ({ input: i }) => {
        calls.findSession(i);
        return (
          script.findSession ??
          (async (id: string) =>
            Object.values(sessionsByDate)
              .flat()
              .find((s) => s.id === id) ?? null)
        )(i.sessionId);
      }),
      loadSessionGroups: fromPromise(async ({ input: i }) => {
        calls.loadSessionGroups(i);
        return (script.groups ?? (async () => [general, family]))(i.sessionId);
      }),
      reserveIntoCart: postTickets(calls.reserve, () => (script.reserve ?? (async () => cart))()),
    },
    actions: { reserved: ({ context }) => reserved(context.cart) },
  });
  const actor = createActor(machine, { input: { ...input(query), event }, clock: new SimulatedClock() });
  actor.start();
  return { actor, calls, reserved };
}

type Actor = ReturnType<typeof start>['actor'];

/** Sends as the view does: the form's fields and submit to the form child, the rest to the flow. */
async function send(actor: Actor, event: Parameters<Actor['send']>[0] | TicketFormChildEvent) {
  sendAsTheView(actor, event);
  await flush();
}

/** What the form child holds (its quantities, seats, fields). */
const formOf = (actor: Actor) => dfFormContext(actor.getSnapshot());

/** Loads, picks the 21st and the 9:30 session: tickets ready. */
async function toTickets(query?: DateFirstReserveInput['query'], script?: Script) {
  const harness = start(query, script);
  await flush();
  await send(harness.actor, { type: 'date.select', date: '2026-11-21' });
  await send(harness.actor, { type: 'session.select', sessionId: 's-0930' });
  return harness;
}

// ---- the machine's shape --------------------------------------------------------------------------------

describe('dateFirstReserve machine definition', () => {
  it('throws "not provided" from its placeholder actors', async () => {
    const actor = createActor(dateFirstReserveMachine, { input: input() });
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('initError');
    expect(textOfMaybe(actor.getSnapshot().context.initError)).toBe(
      'Sorry! Something unexpected happened. Please try again.',
    );
  });
});

// ---- loading ---------------------------------------------------------------------------------------------

describe('loading', () => {
  it('loads the calendar with the event and its ticket groups, then shows the day list', async () => {
    const { actor, calls } = start();
    expect(selectScreen(actor.getSnapshot())).toBe('loading');
    await flush();
    expect(calls.loadCalendar).toHaveBeenCalledWith({
      eventId: 'ev-1',
      ticketGroupIds: ['g-general', 'g-family'],
    });
    expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    const picker = selectDatePicker(actor.getSnapshot());
    expect(picker.days.map((d) => [d.date, d.disabled])).toEqual([
      ['2026-11-21', false],
      ['2026-11-22', false],
      ['2026-11-23', true],
    ]);
    expect(picker.isOpen).toBe(true);
    expect(picker.hasMoreDates).toBe(false);
  });

  it('offers "Show more dates" after 8 day buttons', async () => {
    const many = Array.from({ length: 10 }, (_, i) => day(`2026-12-${String(i + 1).padStart(2, '0')}`));
    const { actor } = start(undefined, { calendar: async () => many });
    await flush();
    const picker = selectDatePicker(actor.getSnapshot());
    expect(picker.buttonDays).toHaveLength(8);
    expect(picker.hasMoreDates).toBe(true);
  });

  it('goes to noAvailability with "No times available." when no day is available', async () => {
    const { actor } = start(undefined, { calendar: async () => [day('2026-11-23', 'sold_out')] });
    await flush();
    expect(actor.getSnapshot().value).toBe('noAvailability');
    expect(textOfMaybe(selectBlockingMessage(actor.getSnapshot()))).toBe('No times available.');
  });

  it('goes to initError with the API message when the calendar fails, and retries', async () => {
    let fail = true;
    const { actor, calls } = start(undefined, {
      calendar: async () => {
        if (fail)
          throw {
            code: 'not_found',
            description: 'Event not found.',
            status: 404,
          } satisfies ReserveFlowError;
        return days;
      },
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('initError');
    expect(textOfMaybe(selectBlockingMessage(actor.getSnapshot()))).toBe('Event not found.');
    fail = false;
    await send(actor, { type: 'retry' });
    expect(calls.loadCalendar).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    expect(textOfMaybe(selectBlockingMessage(actor.getSnapshot()))).toBeNull();
  });

  it('preselects the only available day and loads its sessions', async () => {
    const { actor, calls } = start(undefined, {
      calendar: async () => [day('2026-11-22'), day('2026-11-23', 'other')],
    });
    await flush();
    expect(actor.getSnapshot().context.selectedDate).toBe('2026-11-22');
    expect(calls.loadSessions).toHaveBeenCalledWith({ eventId: 'ev-1', date: '2026-11-22' });
    expect(actor.getSnapshot().matches({ picking: { session: { loaded: 'choosing' } } })).toBe(true);
    expect(selectDatePicker(actor.getSnapshot()).canChange).toBe(false);
  });
});

// ---- date, session and quantities ------------------------------------------------------------------------

describe('choosing a date', () => {
  it("loads that day's sessions; Change is offered when more than one day is available", async () => {
    const { actor, calls } = start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    expect(calls.loadSessions).toHaveBeenCalledWith({ eventId: 'ev-1', date: '2026-11-21' });
    const picker = selectDatePicker(actor.getSnapshot());
    expect(picker.selectedDate).toBe('2026-11-21');
    expect(picker.isOpen).toBe(false);
    expect(picker.canChange).toBe(true);
    await send(actor, { type: 'date.change' });
    expect(selectDatePicker(actor.getSnapshot()).isOpen).toBe(true);
  });

  it('ignores a day that is not available', async () => {
    const { actor, calls } = start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-23' });
    expect(actor.getSnapshot().context.selectedDate).toBeNull();
    expect(calls.loadSessions).not.toHaveBeenCalled();
  });

  it('clears the session and quantities and reloads sessions for the new day', async () => {
    const { actor, calls } = await toTickets();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(formOf(actor).quantities).toEqual({ 't-adult': 1 });
    await send(actor, { type: 'date.change' });
    await send(actor, { type: 'date.select', date: '2026-11-22' });
    const { context } = actor.getSnapshot();
    expect(context.selectedDate).toBe('2026-11-22');
    expect(context.selectedSessionId).toBeNull();
    // The form is emptied: no groups, nothing chosen, closed (edits no longer reach it).
    expect(formOf(actor).quantities).toEqual({});
    expect(ticketFormOf(actor.getSnapshot())?.matches('closed')).toBe(true);
    expect(context.groups).toEqual([]);
    expect(calls.loadSessions).toHaveBeenLastCalledWith({ eventId: 'ev-1', date: '2026-11-22' });
    expect(selectSessionPicker(actor.getSnapshot()).sessions.map((s) => s.id)).toEqual(['s-22-1000']);
    expect(canSubmit(actor.getSnapshot())).toBe(false);
  });

  it('keeps the picker usable and shows the error when sessions fail to load', async () => {
    let fail = true;
    const { actor } = start(undefined, {
      sessions: async (date) => {
        if (fail) throw new Error('offline');
        return sessionsByDate[date] ?? [];
      },
    });
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    expect(actor.getSnapshot().matches({ picking: { session: 'loadError' } })).toBe(true);
    expect(selectMessages(actor.getSnapshot()).map(textOfNotice)).toEqual([
      'Sorry! Something unexpected happened. Please try again.',
    ]);
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
    fail = false;
    await send(actor, { type: 'retry' });
    expect(actor.getSnapshot().matches({ picking: { session: { loaded: 'choosing' } } })).toBe(true);
    expect(selectMessages(actor.getSnapshot())).toEqual([]);
    expect(selectCanRetry(actor.getSnapshot())).toBe(false);
  });
});

describe('choosing a session', () => {
  it('shows sessions with sold-out ones disabled, times in the venue zone', async () => {
    const { actor } = start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    const view = selectSessionPicker(actor.getSnapshot());
    // The view model carries each start and the venue's zone; the view writes the time ('9:30 AM' in English).
    expect(view.sessions.every((s) => s.timeZone === 'America/New_York')).toBe(true);
    expect(view.sessions.map((s) => [formatTime(s.start, s.timeZone), s.disabled])).toEqual([
      ['9:30 AM', false],
      ['11:00 AM', true],
      ['1:00 PM', false],
    ]);
    expect(view.isOpen).toBe(true);
  });

  it('cannot choose a sold-out session', async () => {
    const { actor, calls } = start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-1100' });
    expect(actor.getSnapshot().context.selectedSessionId).toBeNull();
    expect(actor.getSnapshot().matches({ picking: { session: { loaded: 'choosing' } } })).toBe(true);
    expect(calls.loadSessionGroups).not.toHaveBeenCalled();
  });

  it('a session overlapping the cart (conflict) is not in the tabs, its time is listed apart, and it cannot be chosen', async () => {
    const marked = (date: string) =>
      Promise.resolve(
        (sessionsByDate[date] ?? []).map((s) => (s.id === 's-1300' ? { ...s, conflict: true as const } : s)),
      );
    const { actor, calls } = start(undefined, { sessions: marked });
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    const view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.sessionTabs?.flatMap((t) => t.sessions.map((s) => formatTime(s.start, s.timeZone)))).toEqual([
      '9:30 AM',
      '11:00 AM',
    ]);
    expect(view.conflictingTimes.map((t) => formatTime(t.time, t.zone))).toEqual(['1:00 PM']);
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(actor.getSnapshot().context.selectedSessionId).toBeNull();
    expect(calls.loadSessionGroups).not.toHaveBeenCalled();
    // The query's session is one the visitor cannot have either: the spec's 'time unavailable' warning.
    const preset = start({ session: 's-1300' }, { sessions: marked });
    await flush();
    expect(preset.actor.getSnapshot().context.selectedSessionId).toBeNull();
    expect(
      selectDateFirstReserveView(preset.actor.getSnapshot()).conflictingTimes.map((t) =>
        formatTime(t.time, t.zone),
      ),
    ).toEqual(['1:00 PM']);
  });

  it('an all-day day (spec 1 §9: a repeating event, one session longer than 5 hours) offers "All day", no time tabs', async () => {
    const long = (id: string, start: string, minutes: number): SessionModel => ({
      ...s0930,
      id,
      start,
      end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    });
    const byDate: Record<string, SessionModel[]> = {
      '2026-11-21': [long('s-day', '2026-11-21T14:00:00Z', 8 * 60)],
      '2026-11-22': [long('s-5h', '2026-11-22T14:00:00Z', 5 * 60)],
    };
    const { actor, calls } = start(undefined, { sessions: async (date) => byDate[date] ?? [] });
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    let view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.allDaySession?.id).toBe('s-day');
    expect(view.allDaySession?.allDay).toBe(true);
    await send(actor, { type: 'session.select', sessionId: 's-day' });
    expect(calls.loadSessionGroups).toHaveBeenCalledWith({ eventId: 'ev-1', sessionId: 's-day' });
    expect(selectDateFirstReserveView(actor.getSnapshot()).selectedSession?.allDay).toBe(true);
    // Exactly 5 hours is a time like any other.
    await send(actor, { type: 'date.select', date: '2026-11-22' });
    view = selectDateFirstReserveView(actor.getSnapshot());
    expect(view.allDaySession).toBeNull();
    expect(view.sessionTabs?.flatMap((t) => t.sessions.map((x) => x.allDay))).toEqual([false]);
    // A single event keeps its time, however long.
    const single = start(
      undefined,
      { sessions: async (date) => byDate[date] ?? [] },
      { ...input().event, eventType: 'single' },
    );
    await flush();
    await send(single.actor, { type: 'date.select', date: '2026-11-21' });
    expect(selectDateFirstReserveView(single.actor.getSnapshot()).allDaySession).toBeNull();
  });

  it('loads its ticket groups and resets quantities; Change re-opens the list', async () => {
    const { actor, calls } = await toTickets();
    expect(calls.loadSessionGroups).toHaveBeenCalledWith({ eventId: 'ev-1', sessionId: 's-0930' });
    expect(isReady(actor.getSnapshot())).toBe(true);
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'session.change' });
    expect(selectSessionPicker(actor.getSnapshot()).isOpen).toBe(true);
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(calls.loadSessionGroups).toHaveBeenLastCalledWith({ eventId: 'ev-1', sessionId: 's-1300' });
    expect(formOf(actor).quantities).toEqual({});
    expect(selectSessionPicker(actor.getSnapshot()).canChange).toBe(true);
  });

  it('offers only the event page’s groups: a session lists all, the tg query narrowed the event to one', async () => {
    const balcony = group({ ...family, id: 'g-balcony', name: 'Balcony' });
    const narrowed = { ...input().event, ticketGroups: [general] };
    const { actor } = start(undefined, { groups: async () => [general, balcony, family] }, narrowed);
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-0930' });
    expect(selectTicketGroups(actor.getSnapshot()).map((g) => g.id)).toEqual([general.id]);
  });

  it('warns when fewer than 10 tickets are left in the session', async () => {
    const { actor } = await toTickets();
    expect(textOfMaybe(selectFewTicketsMessage(actor.getSnapshot()))).toBeNull();
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(textOfMaybe(selectFewTicketsMessage(actor.getSnapshot()))).toBe(
      'Hurry, less than 10 tickets available.',
    );
  });
});

describe('quantities in the machine', () => {
  it('applies the quantity rules and exposes per-type controls and totals', async () => {
    const { actor } = await toTickets();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-family' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(formOf(actor).quantities).toEqual({ 't-family': 2, 't-adult': 1 });
    const groups = selectTicketGroups(actor.getSnapshot());
    const familyView = groups.find((g) => g.id === 'g-family');
    expect(familyView?.remaining).toBe(2);
    expect(familyView?.types[0]).toMatchObject({ quantity: 2, canIncrement: true, canDecrement: true });
    expect(selectTotalCents(actor.getSnapshot())).toBe(2 * 1500 + 2000);
    expect(selectTotalFeesCents(actor.getSnapshot())).toBe(150);
    await send(actor, { type: 'quantity.decrement', ticketTypeId: 't-family' });
    expect(formOf(actor).quantities).toEqual({ 't-adult': 1 });
    await send(actor, { type: 'quantity.set', ticketTypeId: 't-adult', quantity: 50 });
    expect(formOf(actor).quantities).toEqual({ 't-adult': 10 });
  });
});

// ---- submit ------------------------------------------------------------------------------------------------

describe('submit', () => {
  it('is blocked without tickets', async () => {
    const { actor, calls } = await toTickets();
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    await send(actor, { type: 'submit' });
    expect(isReady(actor.getSnapshot())).toBe(true);
    expect(calls.reserve).not.toHaveBeenCalled();
  });

  it('is blocked while a group is outside its order limits', async () => {
    const minThree = group({ ...general, minPerOrder: 3 });
    const { actor, calls } = await toTickets(undefined, { groups: async () => [minThree] });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(formOf(actor).quantities).toEqual({ 't-adult': 1 });
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    expect(selectTicketGroups(actor.getSnapshot())[0]?.withinLimits).toBe(false);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    await send(actor, { type: 'quantity.set', ticketTypeId: 't-child', quantity: 2 });
    expect(canSubmit(actor.getSnapshot())).toBe(true);
  });

  it('takes no submit without a ticket (spec 1 §4): not even to show what attendees lack', async () => {
    const { actor, calls } = await toTickets();
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false);
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
  });

  it('is blocked before a session is chosen', async () => {
    const { actor, calls } = start();
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'submit' });
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    expect(calls.reserve).not.toHaveBeenCalled();
  });

  it('reserves only quantities above 0, calls reserved once with the cart and ends with it', async () => {
    let release: (cart: CartModel) => void = () => {};
    const { actor, calls, reserved } = await toTickets(undefined, {
      reserve: () =>
        new Promise<CartModel>((resolve) => {
          release = resolve;
        }),
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-child' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'quantity.decrement', ticketTypeId: 't-child' });
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    await send(actor, { type: 'submit' });
    expect(isSubmitting(actor.getSnapshot())).toBe(true);
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    expect(calls.reserve).toHaveBeenCalledWith({
      newCart: false,
      request: { eventId: 'ev-1', sessionId: 's-0930', quantities: { 't-adult': 1 } },
    });
    await send(actor, { type: 'submit' });
    expect(calls.reserve).toHaveBeenCalledTimes(1);
    release(cart);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ cart });
    expect(reserved).toHaveBeenCalledTimes(1);
    expect(reserved).toHaveBeenCalledWith(cart);
  });

  it('a cart found gone on reserve (not_found, cart_expired) is replaced by a new cart once', async () => {
    for (const code of ['not_found', 'cart_expired']) {
      let calls = 0;
      const {
        actor,
        calls: spy,
        reserved,
      } = await toTickets(undefined, {
        reserve: async () => {
          calls += 1;
          if (calls === 1) throw { code, status: code === 'not_found' ? 404 : 410, description: 'Gone.' };
          return cart;
        },
      });
      await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
      await send(actor, { type: 'submit' });
      await flush();
      expect(spy.reserve.mock.calls.map(([i]) => i.newCart)).toEqual([false, true]);
      expect(actor.getSnapshot().output).toEqual({ cart });
      expect(reserved).toHaveBeenCalledTimes(1);
    }
  });

  it('a new cart is tried only once per submit: a second gone cart is shown, and the next submit starts over', async () => {
    const { actor, calls } = await toTickets(undefined, {
      reserve: async () => {
        throw { code: 'cart_expired', status: 410, description: 'Your cart has expired.' };
      },
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'submit' });
    await flush();
    expect(calls.reserve.mock.calls.map(([i]) => i.newCart)).toEqual([false, true]);
    expect(selectMessages(actor.getSnapshot()).map(textOfNotice)).toEqual(['Your cart has expired.']);
    expect(isReady(actor.getSnapshot())).toBe(true);
    await send(actor, { type: 'submit' });
    await flush();
    expect(calls.reserve.mock.calls.map(([i]) => i.newCart)).toEqual([false, true, false, true]);
  });
});

// ---- reserve errors ------------------------------------------------------------------------------------

describe('reserve errors', () => {
  it('sold-out session with others left: reloads sessions, clears the session, asks for another', async () => {
    let soldOut = false;
    const { actor, calls, reserved } = await toTickets(undefined, {
      sessions: async (date) =>
        soldOut
          ? [{ ...s0930, soldOut: true, availableCapacity: 0 }, s1100, s1300]
          : (sessionsByDate[date] ?? []),
      reserve: async () => {
        soldOut = true;
        throw soldOutError;
      },
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'submit' });
    await flush();
    expect(calls.loadSessions).toHaveBeenCalledTimes(2);
    expect(calls.loadSessions).toHaveBeenLastCalledWith({ eventId: 'ev-1', date: '2026-11-21' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ picking: { session: { loaded: 'choosing' } } })).toBe(true);
    expect(snapshot.context.selectedDate).toBe('2026-11-21');
    expect(snapshot.context.selectedSessionId).toBeNull();
    expect(dfFormContext(snapshot).quantities).toEqual({});
    expect(selectMessages(snapshot).map(textOfNotice)).toEqual([
      'Tickets have sold out for the session at 9:30 AM. Please select another session and try again.',
    ]);
    expect(calls.loadCalendar).toHaveBeenCalledTimes(1);
    expect(reserved).not.toHaveBeenCalled();
  });

  it('sold-out session with nothing left that day: reloads the calendar, clears the date', async () => {
    let soldOut = false;
    const { actor, calls } = await toTickets(undefined, {
      calendar: async () => (soldOut ? [day('2026-11-21', 'sold_out'), day('2026-11-22')] : days),
      sessions: async (date) =>
        soldOut
          ? (sessionsByDate[date] ?? []).map((s) => ({ ...s, soldOut: true, availableCapacity: 0 }))
          : (sessionsByDate[date] ?? []),
      reserve: async () => {
        soldOut = true;
        throw soldOutError;
      },
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'submit' });
    await flush();
    await flush();
    expect(calls.loadSessions).toHaveBeenCalledTimes(2);
    expect(calls.loadCalendar).toHaveBeenCalledTimes(2);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ picking: 'date' })).toBe(true);
    expect(snapshot.context.selectedDate).toBeNull();
    expect(snapshot.context.selectedSessionId).toBeNull();
    expect(selectDatePicker(snapshot).days.find((d) => d.date === '2026-11-21')?.disabled).toBe(true);
    expect(selectMessages(snapshot).map(textOfNotice)).toEqual([
      'Tickets have sold out for Sat, Nov 21, 2026. Please select another date and try again.',
    ]);
  });

  it('sold-out session when no day is left: noAvailability', async () => {
    let soldOut = false;
    const { actor, calls } = await toTickets(undefined, {
      calendar: async () => (soldOut ? [day('2026-11-21', 'sold_out')] : days),
      sessions: async (date) =>
        (sessionsByDate[date] ?? []).map((s) =>
          soldOut ? { ...s, soldOut: true, availableCapacity: 0 } : s,
        ),
      reserve: async () => {
        soldOut = true;
        throw soldOutError;
      },
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'submit' });
    await flush();
    expect(calls.loadCalendar).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('noAvailability');
    expect(textOfMaybe(selectBlockingMessage(actor.getSnapshot()))).toBe('No times available.');
  });

  it('other errors keep the date, session and quantities and show the API description', async () => {
    let attempt = 0;
    const { actor, calls, reserved } = await toTickets(undefined, {
      reserve: async () => {
        attempt++;
        if (attempt === 1) throw capacityError;
        if (attempt === 2) throw new Error('socket hang up');
        return cart;
      },
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    await send(actor, { type: 'submit' });
    let snapshot = actor.getSnapshot();
    expect(isReady(snapshot)).toBe(true);
    expect(snapshot.context.selectedDate).toBe('2026-11-21');
    expect(snapshot.context.selectedSessionId).toBe('s-0930');
    expect(dfFormContext(snapshot).quantities).toEqual({ 't-adult': 1 });
    expect(selectMessages(snapshot)).toEqual([
      {
        key: 'reserve.error',
        level: 'error',
        message: {
          key: 'errorDescription',
          params: { description: 'Not enough tickets left in General admission.' },
        },
      },
    ]);
    expect(calls.loadSessions).toHaveBeenCalledTimes(1);
    expect(calls.loadSessionGroups).toHaveBeenCalledTimes(1);
    await send(actor, { type: 'submit' });
    snapshot = actor.getSnapshot();
    expect(selectMessages(snapshot).map(textOfNotice)).toEqual([
      'Sorry! Something unexpected happened. Please try again.',
    ]);
    await send(actor, { type: 'message.dismiss', key: 'reserve.error' });
    expect(selectMessages(actor.getSnapshot())).toEqual([]);
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().output).toEqual({ cart });
    expect(reserved).toHaveBeenCalledTimes(1);
  });
});

// ---- query parameters ----------------------------------------------------------------------------------

describe('city-pass vouchers (spec 1 §5 "City-pass voucher", §8)', () => {
  const FORMAT = 'Does not match the expected format. Please check your City Pass code.';
  const fields = (actor: Actor) =>
    selectDateFirstReserveView(actor.getSnapshot()).vouchers.map((f) => ({
      label: textOfMaybe(f.label),
      value: f.value,
      error: textOfMaybe(f.error),
    }));
  const voucher = (ticketTypeId: string, value: string) =>
    ({ type: 'voucher.change', ticketTypeId, index: 0, value }) as const;

  /** The City Pass event on the 21st at 9:30, its groups loaded (general admission and City Pass). */
  async function toCitypassTickets(script: Script = {}) {
    const harness = start(
      undefined,
      { groups: async () => [general, citypassGroup], ...script },
      citypassEvent,
    );
    await flush();
    await send(harness.actor, { type: 'date.select', date: '2026-11-21' });
    await send(harness.actor, { type: 'session.select', sessionId: 's-0930' });
    return harness;
  }

  it('asks one required voucher per City Pass ticket after the quantities; an empty or wrong one stops the submit with the spec message', async () => {
    const { actor, calls } = await toCitypassTickets();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-adult' });
    expect(fields(actor)).toEqual([]);
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-child' });
    expect(fields(actor)).toEqual([
      { label: 'City Pass code for City Pass Adult 1', value: '', error: null },
      { label: 'City Pass code for City Pass Child 1', value: '', error: null },
    ]);
    // The button does not wait for the vouchers: a submit shows what they lack.
    expect(selectDateFirstReserveView(actor.getSnapshot()).canSubmit).toBe(true);
    await send(actor, { type: 'submit' });
    expect(isReady(actor.getSnapshot())).toBe(true);
    expect(calls.reserve).not.toHaveBeenCalled();
    expect(fields(actor).map((f) => f.error)).toEqual(['Input must not be empty', 'Input must not be empty']);
    await send(actor, voucher('t-cp-adult', VOUCHERS.wrong));
    // A child voucher in a child field fits; an adult one there is of the wrong format.
    await send(actor, voucher('t-cp-child', VOUCHERS.adult));
    await send(actor, { type: 'submit' });
    expect(calls.reserve).not.toHaveBeenCalled();
    expect(fields(actor).map((f) => f.error)).toEqual([FORMAT, FORMAT]);
  });

  it('reserves with the trimmed vouchers per type and the chosen session as the visit', async () => {
    const { actor, calls, reserved } = await toCitypassTickets();
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-child' });
    await send(actor, voucher('t-cp-adult', ` ${VOUCHERS.adult} `));
    await send(actor, voucher('t-cp-child', VOUCHERS.child));
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(reserved).toHaveBeenCalledWith(cart);
    expect(calls.reserve.mock.calls[0]?.[0].request.vouchers).toEqual({
      byType: { 't-cp-adult': [VOUCHERS.adult], 't-cp-child': [VOUCHERS.child] },
      visitDatetime: s0930.start,
    });
  });

  it('a voucher the server refuses (code_exhausted) shows beside its field, not as a notice, until it changes', async () => {
    const { actor } = await toCitypassTickets({
      reserve: async () => {
        throw voucherUsedError;
      },
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(actor, voucher('t-cp-adult', VOUCHERS.adult));
    await send(actor, { type: 'submit' });
    expect(isReady(actor.getSnapshot())).toBe(true);
    expect(fields(actor)[0]?.error).toBe(`The City Pass code "${VOUCHERS.adult}" has already been used.`);
    expect(selectMessages(actor.getSnapshot())).toEqual([]);
    await send(actor, voucher('t-cp-adult', 'CP-A654321'));
    expect(fields(actor)[0]?.error).toBeNull();
  });

  it("a retry from the 'code required' prompt refused on a voucher closes the prompt and shows it beside the voucher's field", async () => {
    const answers = [codeRequiredError, voucherUsedError];
    const { actor, calls } = await toCitypassTickets({
      reserve: async () => {
        throw answers.shift();
      },
    });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-adult' });
    await send(actor, voucher('t-cp-adult', VOUCHERS.adult));
    await send(actor, { type: 'submit' });
    const child = actor.getSnapshot().children.reserveIntoCart;
    const prompt = child?.getSnapshot();
    expect(prompt && 'value' in prompt ? prompt.value : null).toEqual({ askingForCode: 'editing' });
    child?.send({ type: 'code.change', value: 'PRESS2026' });
    child?.send({ type: 'code.submit' });
    await flush();
    expect(calls.reserve).toHaveBeenCalledTimes(2);
    expect(isReady(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().children.reserveIntoCart).toBeUndefined();
    expect(fields(actor)[0]?.error).toBe(`The City Pass code "${VOUCHERS.adult}" has already been used.`);
    expect(selectMessages(actor.getSnapshot())).toEqual([]);
  });

  it('flexible City Pass tickets carry their vouchers without a visit; a refusal shows beside the field', async () => {
    let refuse = true;
    const { actor, calls } = start(
      undefined,
      {
        reserve: async () => {
          if (refuse) throw voucherUsedError;
          return cart;
        },
      },
      citypassEvent,
    );
    await flush();
    await send(actor, { type: 'flexible.select' });
    expect(actor.getSnapshot().context.groups).toEqual([flexibleCitypassGroup]);
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-cp-flex' });
    await send(actor, voucher('t-cp-flex', VOUCHERS.adult));
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().matches({ picking: 'flexible' })).toBe(true);
    expect(fields(actor)[0]?.error).toBe(`The City Pass code "${VOUCHERS.adult}" has already been used.`);
    expect(selectMessages(actor.getSnapshot())).toEqual([]);
    refuse = false;
    await send(actor, voucher('t-cp-flex', 'CP-A654321'));
    await send(actor, { type: 'submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.reserve.mock.calls[1]?.[0].request.vouchers).toEqual({
      byType: { 't-cp-flex': ['CP-A654321'] },
      visitDatetime: null,
    });
  });

  it('vouchers follow the quantities and are dropped with the session', async () => {
    const { actor } = await toCitypassTickets();
    await send(actor, { type: 'quantity.set', ticketTypeId: 't-cp-adult', quantity: 2 });
    await send(actor, voucher('t-cp-adult', VOUCHERS.adult));
    await send(actor, { type: 'quantity.decrement', ticketTypeId: 't-cp-adult' });
    expect(formOf(actor).vouchers).toEqual({ 't-cp-adult': [VOUCHERS.adult] });
    await send(actor, { type: 'session.change' });
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(formOf(actor).vouchers).toEqual({});
  });
});

describe('query parameters', () => {
  const warnings = (actor: Actor) =>
    selectMessages(actor.getSnapshot()).map((m) => `${m.level}: ${textOfNotice(m)}`);

  it('date preselects an available day', async () => {
    const { actor, calls } = start({ date: '2026-11-22' });
    await flush();
    expect(actor.getSnapshot().context.selectedDate).toBe('2026-11-22');
    expect(calls.loadSessions).toHaveBeenCalledWith({ eventId: 'ev-1', date: '2026-11-22' });
    expect(warnings(actor)).toEqual([]);
  });

  it.each([['2026-11-23'], ['2026-11-30'], ['21/11/2026'], ['2026-02-30']])(
    'date %s that is not an available YYYY-MM-DD day warns and keeps the picker',
    async (date) => {
      const { actor } = start({ date });
      await flush();
      expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
      expect(warnings(actor)).toEqual([
        'warning: Sorry, tickets are not available on the date of your visit.',
      ]);
    },
  );

  it('session and date together warn and preselect nothing', async () => {
    const { actor } = start({ date: '2026-11-22', session: 's-22-1000' });
    await flush();
    expect(actor.getSnapshot().context.selectedDate).toBeNull();
    expect(warnings(actor)).toEqual([
      'warning: The session and date query parameters can not be used together.',
    ]);
  });

  it('in strict mode any query problem blocks with the generic message', async () => {
    const { actor, calls } = start({ date: '2026-11-22', session: 's-22-1000', reserve: 'strict' });
    await flush();
    expect(actor.getSnapshot().value).toBe('queryRejected');
    expect(selectScreen(actor.getSnapshot())).toBe('initError');
    expect(textOfMaybe(selectBlockingMessage(actor.getSnapshot()))).toBe(
      'Sorry, tickets are not available for this event.',
    );
    // The same query would get the same answer: no 'Try again' that reloads into the same refusal.
    expect(selectCanRetry(actor.getSnapshot())).toBe(false);
    await send(actor, { type: 'retry' });
    expect(actor.getSnapshot().value).toBe('queryRejected');
    expect(calls.loadCalendar).toHaveBeenCalledTimes(1);
  });

  it('in strict mode a date that is not available blocks without a retry', async () => {
    const { actor } = start({ date: '2020-01-01', reserve: 'strict' });
    await flush();
    expect(actor.getSnapshot().value).toBe('queryRejected');
    expect(selectCanRetry(actor.getSnapshot())).toBe(false);
  });

  it.each([['warn'], ['yes'], ['1'], ['on']])('reserve=%s warns', async (reserve) => {
    const { actor } = start({ date: '2026-11-23', reserve });
    await flush();
    expect(warnings(actor)).toEqual(['warning: Sorry, tickets are not available on the date of your visit.']);
  });

  it('a falsy reserve word silences query problems', async () => {
    const { actor } = start({ date: '2026-11-23', reserve: 'no' });
    await flush();
    expect(actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    expect(warnings(actor)).toEqual([]);
  });

  it('a session id among the loaded sessions is preselected with its ticket groups', async () => {
    const { actor, calls } = start({ session: 's-1300' });
    await flush();
    await flush();
    expect(calls.loadSessionGroups).toHaveBeenCalledWith({ eventId: 'ev-1', sessionId: 's-1300' });
    expect(isReady(actor.getSnapshot())).toBe(true);
  });

  it('a session id on a later day is looked up and its day chosen', async () => {
    const { actor, calls } = start({ session: 's-22-1000' });
    await flush();
    await flush();
    expect(calls.findSession).toHaveBeenCalledWith({ eventId: 'ev-1', sessionId: 's-22-1000' });
    expect(actor.getSnapshot().context.selectedDate).toBe('2026-11-22');
    expect(actor.getSnapshot().context.selectedSessionId).toBe('s-22-1000');
    expect(warnings(actor)).toEqual([]);
  });

  it('a session id whose lookup fails warns that the time is not found; strict blocks', async () => {
    const offline = async () => {
      throw new Error('offline');
    };
    const warn = start({ session: 's-0930' }, { findSession: offline });
    await flush();
    expect(warn.actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    expect(warnings(warn.actor)).toEqual(['warning: Sorry, the selected time is not found.']);
    const strict = start({ session: 's-0930', reserve: 'strict' }, { findSession: offline });
    await flush();
    // A failed lookup is not a refusal: it can be tried again.
    expect(strict.actor.getSnapshot().value).toBe('initError');
    expect(selectCanRetry(strict.actor.getSnapshot())).toBe(true);
  });

  it('an unknown session id warns; in strict mode it blocks', async () => {
    const warn = start({ session: 's-unknown' });
    await flush();
    expect(warn.actor.getSnapshot().matches({ picking: 'date' })).toBe(true);
    expect(warnings(warn.actor)).toEqual(['warning: Sorry, the selected time is not found.']);
    const strict = start({ session: 's-unknown', reserve: 'strict' });
    await flush();
    expect(strict.actor.getSnapshot().value).toBe('queryRejected');
    expect(textOfMaybe(selectBlockingMessage(strict.actor.getSnapshot()))).toBe(
      'Sorry, tickets are not available for this event.',
    );
  });

  it('a sold-out session id warns that the time is not available', async () => {
    const { actor } = start({ session: 's-1100' });
    await flush();
    expect(actor.getSnapshot().context.selectedSessionId).toBeNull();
    expect(warnings(actor)).toEqual(['warning: Sorry, tickets are not available at the selected time.']);
  });

  it("'today' picks today's first open session from now on, 'next' the first open day", async () => {
    const today = start({ session: 'today' }, { sessions: async (date) => sessionsByDate[date] ?? [] });
    await flush();
    await flush();
    expect(today.actor.getSnapshot().context.selectedDate).toBe('2026-11-21');
    expect(today.actor.getSnapshot().context.selectedSessionId).toBe('s-0930');

    const later = start(
      { session: 'next' },
      { calendar: async () => [day('2026-11-20'), day('2026-11-22')], sessions: async () => [s22] },
    );
    await flush();
    await flush();
    expect(later.actor.getSnapshot().context.selectedDate).toBe('2026-11-22');
    expect(later.actor.getSnapshot().context.selectedSessionId).toBe('s-22-1000');
  });

  it("'today' when today is not available warns", async () => {
    const { actor } = start(
      { session: 'today' },
      { calendar: async () => [day('2026-11-22'), day('2026-11-24')] },
    );
    await flush();
    expect(warnings(actor)).toEqual(['warning: Sorry, tickets are not available on the date of your visit.']);
  });

  it('quantities by type id or name are applied through the rules; unknown ones warn', async () => {
    const { actor } = start({
      session: 's-0930',
      quantities: { 't-adult': '2', 'family member': '1', Senior: '1' },
    });
    await flush();
    await flush();
    expect(isReady(actor.getSnapshot())).toBe(true);
    expect(formOf(actor).quantities).toEqual({ 't-adult': 2, 't-family': 2 });
    expect(warnings(actor)).toEqual(['warning: Sorry, ticket types not found: Senior.']);
    await send(actor, { type: 'session.change' });
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    expect(formOf(actor).quantities).toEqual({});
  });

  it('a known type the chosen session does not sell is said to be not available (warn mode only)', async () => {
    const query = { session: 's-0930', quantities: { 't-adult': '1', 'family member': '2' } };
    const { actor } = start(query, { groups: async () => [general] });
    await flush();
    await flush();
    expect(formOf(actor).quantities).toEqual({ 't-adult': 1 });
    expect(warnings(actor)).toEqual(['warning: Sorry, these ticket types are not available.']);
    const silent = start({ ...query, reserve: 'off' }, { groups: async () => [general] });
    await flush();
    await flush();
    expect(warnings(silent.actor)).toEqual([]);
  });
});

// ---- path tests ------------------------------------------------------------------------------------------

// ---- invariants of every step, against spec 1 (independent of the machine's rules and selectors) -------------

/** Spec 1 §9: max quantity per ticket type. */
const SPEC_MAX_PER_TYPE = 1000;

/** A ticket group's capacity numbers as the API sends them (spec 1 §3, §9): capacity -1 is unlimited. */
interface GroupCapacity {
  capacity: number;
  oversell: number;
  used: number;
}

/** Capacity numbers of every fixture group by id (groups not listed are unlimited). */
const groupCapacities: Record<string, GroupCapacity> = {};

/** A fixture group with its wire capacity numbers; the model's `remaining` is what the API layer maps them to. */
function groupWithCapacity(
  partial: Partial<TicketGroupModel> & Pick<TicketGroupModel, 'id' | 'types'>,
  numbers: GroupCapacity,
): TicketGroupModel {
  groupCapacities[partial.id] = numbers;
  const remaining =
    numbers.capacity === -1 ? null : Math.max(0, numbers.capacity + numbers.oversell - numbers.used);
  return group({ ...partial, remaining });
}

/** Spec 1 §9: capacity plus oversell minus used; infinite for capacity -1 or no numbers. */
function capacityLeft(groupId: string): number {
  const numbers = groupCapacities[groupId];
  if (!numbers || numbers.capacity === -1) return Number.POSITIVE_INFINITY;
  return numbers.capacity + numbers.oversell - numbers.used;
}

const orInfinity = (value: number | null | undefined) => value ?? Number.POSITIVE_INFINITY;

/** Spec 1 §4 "Quantities": the first step up from 0 is min_tickets_per_order for a one-type group, else 1. */
const firstStep = (g: TicketGroupModel) => (g.types.length === 1 ? Math.max(1, g.minPerOrder ?? 1) : 1);

/** The form is shown: a session's tickets ready, or flexible tickets (spec 1 §2). */
const formShown = (snapshot: Snapshot) => isReady(snapshot) || snapshot.matches({ picking: 'flexible' });

/** Spec 1 §4 date-first submit rule (a session or flexible tickets) and §5 quantity rule (no seats here). */
function submitRuleHolds(snapshot: Snapshot, form: TicketFormChildContext): boolean {
  const { context } = snapshot;
  const counts = Object.values(form.quantities);
  const withinLimits = form.groups.every((g) => {
    const sum = g.types.reduce((n, t) => n + (form.quantities[t.id] ?? 0), 0);
    return sum === 0 || (sum >= (g.minPerOrder ?? 0) && sum <= orInfinity(g.maxPerOrder));
  });
  return (
    !snapshot.matches('reserving') &&
    counts.reduce((n, c) => n + c, 0) >= 1 &&
    (context.selectedSessionId !== null || context.flexible) &&
    withinLimits
  );
}

/**
 * After every step, on the flow and its form child: each count is a whole number, 0 or at least the group's
 * first step; each group's sum is at most its remaining capacity, min(max_tickets_per_order, capacity +
 * oversell - used, session availability unless excluded), and the groups sharing the session never exceed
 * its availability; no form is open while none is shown (edits reach nothing); submit is possible only when
 * the spec's submit rule holds, and always when it holds while tickets are being chosen.
 */
function checkReserveInvariants(snapshot: Snapshot, formSnapshot: TicketFormSnapshot | undefined): void {
  const { context } = snapshot;
  const form = dfFormContext(snapshot, formSnapshot);
  const where = JSON.stringify({ value: snapshot.value, quantities: form.quantities });
  // No form shown (and not reserving what it asked): the form is closed, so no edit reaches it.
  if (!formShown(snapshot) && !snapshot.matches('reserving'))
    expect(formSnapshot?.matches('editing') ?? false, `${where}: no form open`).toBe(false);
  if (formShown(snapshot))
    expect(form.groups, `${where}: the form has the shown groups`).toBe(context.groups);
  const session = context.sessions.find((x) => x.id === context.selectedSessionId) ?? null;
  const availability = orInfinity(session?.availableCapacity);
  for (const [typeId, count] of Object.entries(form.quantities)) {
    const owner = form.groups.find((g) => g.types.some((t) => t.id === typeId));
    expect(owner, `${where}: ${typeId} belongs to a loaded group`).toBeDefined();
    expect(Number.isInteger(count) && count >= 0 && count <= SPEC_MAX_PER_TYPE, where).toBe(true);
    if (owner && count > 0)
      expect(count, `${where}: ${typeId} from 0 goes to the minimum`).toBeGreaterThanOrEqual(
        firstStep(owner),
      );
  }
  let sharedSum = 0;
  for (const g of form.groups) {
    const sum = g.types.reduce((n, t) => n + (form.quantities[t.id] ?? 0), 0);
    const remaining = Math.min(
      orInfinity(g.maxPerOrder),
      capacityLeft(g.id),
      g.excludeFromEventCapacity ? Number.POSITIVE_INFINITY : availability,
    );
    expect(sum, `${where}: ${g.id} within its remaining capacity`).toBeLessThanOrEqual(remaining);
    if (!g.excludeFromEventCapacity) sharedSum += sum;
  }
  expect(sharedSum, `${where}: the session's availability is shared`).toBeLessThanOrEqual(availability);
  // Submit reserves (a submit the attendee rule stops only shows the fields' problems): the open form submits
  // (a form that submitted waits for the reserve's answer).
  const editing = formSnapshot?.matches('editing') ?? false;
  const possible =
    formShown(snapshot) &&
    formSnapshot !== undefined &&
    editing &&
    transition(formSnapshot.machine, formSnapshot, { type: 'submit' })[0].matches('submitted');
  // Spec 1 §5: the attendee rule and the city-pass voucher rule (one trimmed voucher of its kind's format per
  // City Pass ticket) hold before a reserve.
  const attendeesHold =
    attendeeRuleHolds(context.event, form.groups, form.quantities, form.admits) &&
    voucherRuleHolds(context.event, form.groups, form.quantities, form.vouchers) &&
    priceRuleHolds(form.groups, form.quantities, form);
  if (possible)
    expect(
      submitRuleHolds(snapshot, form) && attendeesHold,
      `${where}: submit possible only under the spec's rule`,
    ).toBe(true);
  if (formShown(snapshot) && editing && submitRuleHolds(snapshot, form))
    expect(possible, `${where}: submit offered`).toBe(attendeesHold);
  // Spec 1 §5 "Attendee names": one attendee per ticket that asks, in step with the quantities.
  expectAdmitsInStep(where, context.event, form.groups, form.quantities, form.admits);
  const view = selectDateFirstReserveView(snapshot, formSnapshot);
  expectAttendeeView(where, view.attendees, form.admitsChecked, (a) => resolveMessage(T, a.nameLabel));
  expectVoucherView(
    where,
    view.vouchers,
    { ...form, event: context.event, messages: context.messages },
    form.groups,
  );
  // The submit button does not wait for the attendees: a submit shows what is missing.
  expect(view.canSubmit, `${where}: the button's rule`).toBe(
    formShown(snapshot) && editing && submitRuleHolds(snapshot, form),
  );
}

/** Groups for the quantity walk: limits that bind (min, max, group capacity, session availability, excluded). */
const pair = groupWithCapacity(
  {
    id: 'g-pair',
    minPerOrder: 2,
    maxPerOrder: 6,
    types: [ticketType('t-a', 'g-pair', 'A', 1000), ticketType('t-b', 'g-pair', 'B', 1000)],
  },
  { capacity: 5, oversell: 1, used: 2 },
);
const familyOnly = group({ ...family });
const members = groupWithCapacity(
  {
    id: 'g-member',
    excludeFromEventCapacity: true,
    types: [ticketType('t-member', 'g-member', 'Member', 0)],
  },
  { capacity: 2, oversell: 0, used: 0 },
);

/**
 * The quantity walk's message rules (spec 1 §3): Saturdays are annotated and have a message, afternoon times
 * (12:00 to 5:00 PM, venue time) too, and two quantity messages: three or four tickets of the pair group, and
 * any Member ticket.
 */
const walkRules = readMessageRules([
  {
    id: 'weekend',
    event_template_id: 'ev-1',
    _rank: 0,
    actions: { date_annotation: 'Saturday', date_message: 'Saturday tours' },
    triggers: { dateOrSession: { weekdays: ['saturday'] } },
  },
  {
    id: 'afternoon',
    event_template_id: 'ev-1',
    _rank: 1,
    actions: { session_annotation: 'Afternoon', session_message: 'Afternoon talk' },
    triggers: { dateOrSession: { time_of_day: { start: '12:00', end: '17:00' } } },
  },
  {
    id: 'pairs',
    event_template_id: 'ev-1',
    _rank: 2,
    actions: { quantity_message: 'Three or four in the pair group' },
    triggers: { quantity: { ticket_group_ids: ['g-pair'], min: 3, max: 4 } },
  },
  {
    id: 'members',
    event_template_id: 'ev-1',
    _rank: 3,
    actions: { quantity_message: 'Members bring their card' },
    triggers: { quantity: { ticket_type_names: ['member'] } },
  },
]);

/** The event of the quantity walk: its groups are the ones the session offers, and the walk's message rules. */
const quantityInput = (): DateFirstReserveInput => ({
  ...input(),
  event: { ...input().event, ticketGroups: [pair, familyOnly, members], messageRules: walkRules },
});

/**
 * The walk's rules where they show, read from the rules' own words (an oracle apart from the rule code): the
 * Saturday (2026-11-21) is annotated and says so once chosen; the 1:00 PM session is the afternoon one; the
 * quantity messages follow the pair group's count and the Member tickets.
 */
function expectWalkRuleMessages(snapshot: Snapshot, formSnapshot: TicketFormSnapshot): void {
  const { context } = snapshot;
  const q = formSnapshot.context.quantities;
  const where = JSON.stringify({ value: formSnapshot.value, quantities: q });
  const view = selectDateFirstReserveView(snapshot, formSnapshot);
  const pairCount = (q['t-a'] ?? 0) + (q['t-b'] ?? 0);
  const chosen = context.sessions.find((x) => x.id === context.selectedSessionId) ?? null;
  expect(view.ruleMessages, where).toEqual({
    date: context.selectedDate === '2026-11-21' ? ['Saturday tours'] : [],
    session: chosen?.id === 's-1300' ? ['Afternoon talk'] : [],
    quantity: [
      ...(pairCount >= 3 && pairCount <= 4 ? ['Three or four in the pair group'] : []),
      ...((q['t-member'] ?? 0) >= 1 ? ['Members bring their card'] : []),
    ],
  });
  for (const d of view.days)
    expect(
      d.badges.filter((b) => b.kind === 'annotation'),
      `${where}: ${d.date}`,
    ).toEqual(d.date === '2026-11-21' ? [{ kind: 'annotation', text: 'Saturday' }] : []);
  for (const session of selectSessionPicker(snapshot, formSnapshot.context).sessions)
    expect(session.annotation, `${where}: ${session.id}`).toBe(session.id === 's-1300' ? 'Afternoon' : null);
}

/**
 * The quantity walk's flow: the quantity-walk event on the 21st at 1:00 PM (5 places left), its groups
 * loaded, the form open. The walk then runs the form as the flow gave it (its reset's groups and session).
 */
async function toQuantityWalk() {
  const { actor } = start(
    undefined,
    { groups: async () => [pair, familyOnly, members] },
    quantityInput().event,
  );
  await flush();
  await send(actor, { type: 'date.select', date: '2026-11-21' });
  await send(actor, { type: 'session.select', sessionId: 's-1300' });
  const flow = actor.getSnapshot();
  expect(isReady(flow)).toBe(true);
  const form = dfFormContext(flow);
  return { flow, formInput: { event: form.event, groups: form.groups, session: form.session } };
}

/** Every quantity change and submit on the form (the date-first flow's form at 1:00 PM). */
function quantityEvents(snapshot: TicketFormSnapshot): EventObject[] {
  const { context } = snapshot;
  if (!snapshot.matches('editing')) return [];
  // No fixture group allows more than 6: a larger count already breaks the invariants, and exploring further
  // from it could be endless (a broken clamp); the replay of the path to it reports the failure.
  if (Object.values(context.quantities).some((count) => count > 6)) return [];
  const events = [
    E('quantity.increment', { ticketTypeId: 't-a' }),
    E('quantity.decrement', { ticketTypeId: 't-a' }),
    E('quantity.set', { ticketTypeId: 't-a', quantity: 99 }),
    E('quantity.decrement', { ticketTypeId: 't-family' }),
    E('quantity.increment', { ticketTypeId: 't-member' }),
    E('submit'),
  ];
  if ((context.quantities['t-b'] ?? 0) === 0) events.push(E('quantity.increment', { ticketTypeId: 't-b' }));
  // The family's first step (its minimum of 2) is offered whatever is left: where it does not fit, it must be
  // refused, which the invariants check.
  events.push(
    E('quantity.increment', { ticketTypeId: 't-family' }),
    E('quantity.set', { ticketTypeId: 't-family', quantity: 1 }),
  );
  return events;
}

/** State identity of the quantity walk: the state and the counts (in any order of selection). */
const quantityState = (snapshot: TicketFormSnapshot) =>
  JSON.stringify({ value: snapshot.value, quantities: Object.entries(snapshot.context.quantities).sort() });

/** The flow's serialized state (the form is the child's: the flow's context and state name it). */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

describe('path tests', () => {
  it('walks every edge of the model on a real actor and takes every transition', async () => {
    const reserved = vi.fn();
    const report = await walkMachinePaths({
      machine: dateFirstReserveMachine,
      inputs: pathInputs,
      events: pathEvents,
      serializeState,
      // The form child runs as itself (the runner fakes every other invoked actor).
      provide: {
        actors: { ticketForm: ticketFormChild },
        actions: { reserved: ({ context }) => reserved(context.cart) },
      },
      // The invariants read the snapshot only: once per distinct snapshot.
      onStep: oncePerSnapshot((runner) => {
        const snapshot = runner.actor.getSnapshot() as Snapshot;
        const { context } = snapshot;
        // Invariants of the flow, on every step of every path.
        const chosen = context.sessions.find((s) => s.id === context.selectedSessionId);
        if (context.selectedSessionId !== null && snapshot.matches('picking')) {
          expect(chosen?.soldOut).toBe(false);
          expect(context.selectedDate).not.toBeNull();
        }
        if (context.groups.length > 0)
          expect(context.selectedSessionId !== null || context.flexible).toBe(true);
        // Flexible tickets: no date, no session, only the flexible groups (spec 1 §4: choosing them clears the date).
        if (context.flexible) {
          expect(context.selectedDate).toBeNull();
          expect(context.selectedSessionId).toBeNull();
          expect(context.groups.every((g) => g.flexible === true)).toBe(true);
        }
        if (snapshot.status === 'done') {
          expect(snapshot.output).toEqual({ cart });
          return;
        }
        checkReserveInvariants(snapshot, ticketFormOf(snapshot));
      }),
    });
    assertFullCoverage(report);
    recordCoverage('dateFirstReserve', report);
    expect(reserved).toHaveBeenCalledWith(cart);
    console.info(
      `dateFirstReserve paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions`,
    );
  }, 120_000);

  it('keeps every quantity within its limits and the submit rule on every path of quantity changes', async () => {
    const { flow, formInput } = await toQuantityWalk();
    const report = await walkMachinePaths({
      machine: ticketFormMachine,
      inputs: [formInput],
      events: quantityEvents,
      serializeState: quantityState,
      onStep: oncePerSnapshot((runner) => {
        const formSnapshot = runner.actor.getSnapshot() as TicketFormSnapshot;
        checkReserveInvariants(flow, formSnapshot);
        // Spec 1 §3 message rules: what each rule says shows where it belongs, at every step.
        expectWalkRuleMessages(flow, formSnapshot);
      }),
    });
    // Every edge of this model was walked.
    expect(report.uncoveredEdges).toEqual([]);
    console.info(
      `dateFirstReserve quantity paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges`,
    );
  });

  it('a first step that does not fit is refused: no family ticket when fewer places are left than its minimum', async () => {
    const { actor } = start(
      undefined,
      { groups: async () => [pair, familyOnly, members] },
      quantityInput().event,
    );
    await flush();
    await send(actor, { type: 'date.select', date: '2026-11-21' });
    await send(actor, { type: 'session.select', sessionId: 's-1300' });
    await send(actor, { type: 'quantity.set', ticketTypeId: 't-a', quantity: 4 });
    await send(actor, { type: 'quantity.increment', ticketTypeId: 't-family' });
    await send(actor, { type: 'quantity.set', ticketTypeId: 't-family', quantity: 2 });
    const snapshot = actor.getSnapshot();
    expect(formOf(actor).quantities).toEqual({ 't-a': 4 });
    const familyView = selectTicketGroups(snapshot).find((g) => g.id === familyOnly.id);
    expect(familyView?.types[0]?.canIncrement).toBe(false);
    expect(submitRuleHolds(snapshot, formOf(actor))).toBe(true);
    actor.stop();
  });

  it('replays delays on the simulated clock (helper self-check on a machine with after)', async () => {
    const { setup } = await import('xstate');
    const timer = setup({ delays: { wait: 5000 } }).createMachine({
      id: 'timer',
      initial: 'idle',
      states: { idle: { on: { go: 'waiting' } }, waiting: { after: { wait: 'over' } }, over: {} },
    });
    const runner = createReplayRunner(timer, { input: undefined });
    await runner.execute({ type: 'go' });
    await runner.execute({ type: 'xstate.after.wait.timer.waiting' });
    expect(runner.actor.getSnapshot().value).toBe('over');
    expect(runner.clock.now()).toBe(5000);
    const report = await walkMachinePaths({
      machine: timer,
      inputs: [undefined],
      events: (snapshot) =>
        snapshot.matches('idle')
          ? [{ type: 'go' }]
          : snapshot.matches('waiting')
            ? [{ type: 'xstate.after.wait.timer.waiting' }]
            : [],
    });
    assertFullCoverage(report);
    expect(report.paths).toBe(1);
  });
});
