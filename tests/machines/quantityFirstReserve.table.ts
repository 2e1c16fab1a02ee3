/**
 * The quantity-first flow's independent transition table (issue 29; quantityFirstReserve.table.test.ts holds
 * the machine to it), written from spec 1 §2 "Quantity-first flow", §4 "Quantity-first flow", "Date-first
 * flow" (the sold-out session), "Quantities", §5, §7 (POST calendar and POST sessions with the quantities), §8
 * (the calendar's and the reserve's messages) and §9, not read from the machine:
 *
 * The ticket form is the child `ticketForm` (its own table: ticketForm.table.ts), alive at the root with the
 * event's groups: it holds the quantities, amounts, seats, attendees, surveys and vouchers; this table holds
 * the flow to what it tells the form (`sendTo` calls) and what it takes from it.
 *
 * quantities (open): 'Find tickets' asks the form to confirm its quantities and amounts; the form's confirmed
 * quantities (`form.quantities`) -> loadingCalendar with them (the calendar's last message cleared). The
 * calendar: one available day -> its sessions at once; else the date list; a failure reopens the quantities
 * with its message ('You can only select up to 10 different types of tickets.' or the generic one). picking:
 * reopening the quantities resets the days, date and sessions (and the load and reserve notices); choosing an
 * available day loads its sessions (the session reset); each tells the form it has no session (its seats go).
 * The sessions: after a sold-out reserve, another selectable session of the day -> 'Tickets have sold out for
 * the session at {time}...' and the sessions; none -> the calendar again, then the date list with 'Tickets
 * have sold out for {date}...'; a failure -> its message and a retry. Changing the date (more than one day)
 * resets the session; choosing a selectable session (not sold out, with capacity, no conflict) tells the form
 * that session. The form's valid submit (`form.submitted`) -> reserving what it asked. Reserved -> done; sold
 * out -> the session remembered, the form given back with no session, the day's sessions again; a voucher the
 * form sent refused -> the form shows it beside its field; else the message, the form given back.
 */
import type { CalendarDayModel, EventDetail, PricedSessionModel } from '../../api/models';
import { outcomeMessage } from '../../domain/error-messages/base';
import { calendarOutcome } from '../../domain/error-messages/reserve';
import type {
  QuantityFirstReserveContext,
  QuantityFirstReserveEvent,
} from '../../machines/reserve/quantityFirstReserve.types';
import { citypassFailureError, VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import {
  capacityError,
  cart,
  day,
  q22,
  q0930,
  q1100,
  q1300,
  qfCitypassEvent,
  qfDays,
  qfEvent,
  qfSeatedEvent,
  seatTakenError,
  soldOutError,
  typesLimitError,
} from '../../stories/fixtures/quantityFirstReserve';
import {
  above0,
  afterSoldOutRows,
  availableDays,
  besideTheField,
  dismissRow,
  flowError,
  formRefused,
  isSoldOut,
  notice,
  type Quantities,
  RESERVE_ERROR,
  refused,
  refusedError,
  requiredQuestion,
  reserved,
  reservedRow,
  reserveText,
  SUBMIT_NOTICES,
  selectable,
  sentVouchers,
  withNotice,
  without,
} from './reserve.oracle';
import {
  type Call,
  doneSamples,
  type EventSample,
  type Row,
  type Table,
  type World,
} from './transition-table';

type C = QuantityFirstReserveContext;
type E = QuantityFirstReserveEvent;
type S =
  | 'quantities'
  | 'loadingCalendar'
  | 'picking.date'
  | 'picking.loadingSessions'
  | 'picking.sessionsError'
  | 'picking.sessions'
  | 'picking.chosen'
  | 'picking.reloadingCalendar'
  | 'reserving'
  | 'done';
type Ev<T extends E['type']> = Extract<E, { type: T }>;

const LOAD = 'load.error';
const CALENDAR = 'calendar.error';
/** Resetting the date drops the session. */
const cleared = { selectedDate: null, sessions: [], selectedSessionId: null, soldOut: null };
const chosenSession = (c: C) => c.sessions.find((s) => s.id === c.selectedSessionId) ?? null;
/** The form is told the chosen session after the change (none once it is reset). */
const formSession = (_c: C, _e: unknown, after: C): Call[] => [
  { sendTo: 'ticketForm', event: { type: 'form.session', session: chosenSession(after) } },
];
/** A submit the flow cannot take: the form back as it was (no refusal to show). */
const GIVEN_BACK: Call = { sendTo: 'ticketForm', event: { type: 'form.refused', error: null } };

/** Spec 1 §8: 'Tickets have sold out for {date}...' for the remembered session's day. */
const dateSoldOut = (c: C) => ({
  ...cleared,
  messages: withNotice(
    c.messages,
    notice('reserve.dateSoldOut', {
      key: 'dateSoldOut',
      params: { date: c.soldOut ? { day: c.soldOut.date } : '' },
    }),
  ),
});
const noted = (c: C, e: E) => ({
  messages: withNotice(c.messages, notice(RESERVE_ERROR, reserveText(refusedError(e)))),
});
const changeDate: Row<C, Ev<'date.change'>> = {
  when: (c) => availableDays(c.days).length > 1,
  target: 'picking.date',
  effect: () => cleared,
  calls: formSession,
};
const chooseSession = (target: S | null): Row<C, Ev<'session.select'>> => ({
  when: (c, e) => {
    const s = c.sessions.find((x) => x.id === e.sessionId);
    return s !== undefined && selectable(s);
  },
  target,
  effect: (_c, e) => ({ selectedSessionId: e.sessionId }),
  calls: formSession,
});
const PICKING: S[] = [
  'picking.date',
  'picking.loadingSessions',
  'picking.sessionsError',
  'picking.sessions',
  'picking.chosen',
  'picking.reloadingCalendar',
];
/** The picking state's own rows, for each of its states (choosing a day again re-enters the sessions' load). */
const pickingRows = <T extends E['type']>(row: (state: S) => Row<C, Ev<T>>) =>
  Object.fromEntries(PICKING.map((s) => [s, [row(s)]]));

export const table: Table<C, E, S> = {
  initial: 'quantities',
  states: {
    quantities: {},
    loadingCalendar: {
      entry: {
        calls: (c): Call[] => [
          { invoke: 'loadCalendar', input: { eventId: c.event.id, quantities: above0(c.quantities) } },
        ],
      },
    },
    'picking.date': {},
    'picking.loadingSessions': {
      entry: {
        calls: (c): Call[] => [
          {
            invoke: 'loadSessions',
            input: { eventId: c.event.id, date: c.selectedDate ?? '', quantities: above0(c.quantities) },
          },
        ],
      },
    },
    'picking.sessionsError': {},
    'picking.sessions': {},
    'picking.chosen': {},
    'picking.reloadingCalendar': {
      entry: {
        calls: (c): Call[] => [
          { invoke: 'loadCalendar', input: { eventId: c.event.id, quantities: above0(c.quantities) } },
        ],
      },
    },
    reserving: { entry: { calls: (c): Call[] => [{ invoke: 'reserveIntoCart', input: c.request }] } },
    done: { final: true },
  },
  on: {
    'tickets.find': {
      quantities: [
        {
          label: 'the form is asked to confirm its quantities and amounts',
          target: null,
          calls: (): Call[] => [{ sendTo: 'ticketForm', event: { type: 'quantities.confirm' } }],
        },
      ],
    },
    'form.quantities': {
      quantities: [
        {
          label: 'the form confirmed them: the calendar for them',
          target: 'loadingCalendar',
          effect: (c, e) => ({ quantities: e.quantities, messages: without(c.messages, [CALENDAR]) }),
        },
      ],
    },
    'xstate.done.actor.loadCalendar': {
      loadingCalendar: [
        {
          label: 'one day: its sessions at once',
          when: (_c, e) => availableDays(e.output).length === 1,
          target: 'picking.loadingSessions',
          effect: (_c, e) => ({
            days: e.output,
            ...cleared,
            selectedDate: availableDays(e.output)[0]?.date ?? null,
          }),
        },
        { target: 'picking.date', effect: (_c, e) => ({ days: e.output }) },
      ],
      'picking.reloadingCalendar': [
        { target: 'picking.date', effect: (c, e) => ({ days: e.output, ...dateSoldOut(c) }) },
      ],
    },
    'xstate.error.actor.loadCalendar': {
      loadingCalendar: [
        {
          target: 'quantities',
          effect: (c, e) => ({
            messages: withNotice(
              c.messages,
              notice(CALENDAR, outcomeMessage(calendarOutcome(flowError(e.error)), 'calendar')),
            ),
          }),
        },
      ],
      'picking.reloadingCalendar': [{ target: 'picking.date', effect: dateSoldOut }],
    },
    'quantities.open': pickingRows(() => ({
      target: 'quantities',
      effect: (c) => ({ ...cleared, days: [], messages: without(c.messages, [LOAD, ...SUBMIT_NOTICES]) }),
      calls: formSession,
    })),
    'date.select': pickingRows((state) => ({
      when: (c, e) => c.days.some((d) => d.date === e.date && d.status === 'available'),
      target: 'picking.loadingSessions',
      reenter: state === 'picking.loadingSessions',
      effect: (c, e) => ({ ...cleared, selectedDate: e.date, messages: without(c.messages, [LOAD]) }),
      calls: formSession,
    })),
    'xstate.done.actor.loadSessions': {
      'picking.loadingSessions': [
        ...afterSoldOutRows<C, Ev<'xstate.done.actor.loadSessions'>>(
          'picking.sessions',
          'picking.reloadingCalendar',
        ),
        { target: 'picking.sessions', effect: (_c, e) => ({ sessions: e.output }) },
      ],
    },
    'xstate.error.actor.loadSessions': {
      'picking.loadingSessions': [
        {
          target: 'picking.sessionsError',
          effect: (c, e) => ({
            messages: withNotice(c.messages, notice(LOAD, reserveText(flowError(e.error)))),
          }),
        },
      ],
    },
    retry: {
      'picking.sessionsError': [
        { target: 'picking.loadingSessions', effect: (c) => ({ messages: without(c.messages, [LOAD]) }) },
      ],
    },
    'date.change': { 'picking.sessions': [changeDate], 'picking.chosen': [changeDate] },
    'session.select': {
      'picking.sessions': [chooseSession('picking.chosen')],
      'picking.chosen': [chooseSession(null)],
    },
    // The form's submit goes to the form; the flow takes its valid submit (`form.submitted`).
    submit: {},
    'form.submitted': {
      // Not in the spec: the form is open (quantities, days, times) before the flow can reserve; a submit then
      // (the view offers none) gives the form back instead of leaving it waiting for an answer.
      '*': [{ label: 'no session yet: the form is given back', target: null, calls: () => [GIVEN_BACK] }],
      'picking.chosen': [
        {
          label: 'the form’s valid submit: reserve what it asked',
          target: 'reserving',
          effect: (c, e) => ({ messages: without(c.messages, SUBMIT_NOTICES), request: e.request }),
        },
      ],
    },
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        reservedRow<C, Ev<'xstate.done.actor.reserveIntoCart'>>(),
        {
          label: 'sold out: the session remembered, the day’s sessions again',
          when: (_c, e) => isSoldOut(e),
          target: 'picking.loadingSessions',
          effect: (c) => {
            const s = chosenSession(c);
            return {
              soldOut: s && c.selectedDate ? { sessionId: s.id, start: s.start, date: c.selectedDate } : null,
              selectedSessionId: null,
            };
          },
          calls: (c, e, after) => [formRefused(e), ...formSession(c, e, after)],
        },
        {
          label: 'a voucher the form sent refused: beside its field (the form’s)',
          when: (c, e) => besideTheField(refusedError(e), sentVouchers(c)) !== null,
          target: 'picking.chosen',
          calls: (_c, e) => [formRefused(e)],
        },
        { target: 'picking.chosen', effect: noted, calls: (_c, e) => [formRefused(e)] },
      ],
    },
    'xstate.error.actor.reserveIntoCart': {
      reserving: [{ target: 'picking.chosen', effect: noted, calls: (_c, e) => [formRefused(e)] }],
    },
    'message.dismiss': { '*': [dismissRow] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

export const base = (event: EventDetail, over: Partial<C> = {}): C => ({
  event,
  quantities: {},
  presetPriceCents: null,
  request: null,
  days: [],
  selectedDate: null,
  sessions: [],
  selectedSessionId: null,
  messages: [],
  soldOut: null,
  cart: null,
  ...over,
});
const DAY = '2026-11-21';
const picked = (over: Partial<C> = {}) =>
  base(qfEvent, {
    quantities: { 't-adult': 2 },
    days: qfDays,
    selectedDate: DAY,
    sessions: [q0930, q1100, q1300],
    ...over,
  });
const oldNotices = [
  notice(RESERVE_ERROR, { key: 'errorUnexpected' }),
  notice(LOAD, { key: 'errorUnexpected' }),
  notice(CALENDAR, { key: 'errorUnexpected' }),
  notice('reserve.dateSoldOut', { key: 'errorUnexpected' }),
];
const _SURVEY_EVENT: EventDetail = {
  ...qfEvent,
  id: 'ev-qf-survey',
  ticketGroups: qfEvent.ticketGroups.map((g) =>
    g.id === 'g-general' ? { ...g, survey: [requiredQuestion('access')] } : g,
  ),
};

/** What the form asks to reserve (its `form.submitted`): at 9:30, with vouchers when given. */
const ask = (event: EventDetail, quantities: Quantities, vouchers?: Record<string, string[]>) => ({
  request: {
    kind: 'tickets' as const,
    tickets: {
      eventId: event.id,
      sessionId: q0930.id,
      quantities,
      ...(vouchers ? { vouchers: { byType: vouchers, visitDatetime: q0930.start } } : {}),
    },
  },
});

export const worlds: World<C>[] = [
  { name: 'nothing chosen', context: base(qfEvent) },
  {
    name: '2 adults, old notices',
    context: base(qfEvent, { quantities: { 't-adult': 2 }, messages: oldNotices }),
  },
  { name: 'the 21st picked, its sessions, old notices', context: picked({ messages: oldNotices }) },
  { name: 'one day only, its sessions', context: picked({ days: [day(DAY)] }) },
  {
    name: '9:30 chosen, reserving 2 adults',
    context: picked({ selectedSessionId: 's-0930', request: ask(qfEvent, { 't-adult': 2 }) }),
  },
  {
    name: 'seated, 1:00 chosen, old notices',
    context: picked({ event: qfSeatedEvent, selectedSessionId: 's-1300', messages: oldNotices }),
  },
  {
    name: 'city pass, 9:30 chosen, reserving with the adult voucher',
    context: picked({
      event: qfCitypassEvent,
      quantities: { 't-cp-adult': 1 },
      selectedSessionId: 's-0930',
      request: ask(qfCitypassEvent, { 't-cp-adult': 1 }, { 't-cp-adult': [VOUCHERS.adult] }),
    }),
  },
  {
    name: '9:30 sold out, remembered',
    context: picked({ soldOut: { sessionId: 's-0930', start: q0930.start, date: DAY } }),
  },
  {
    name: '1:00 sold out, remembered, no date',
    context: picked({ selectedDate: null, soldOut: { sessionId: 's-1300', start: q1300.start, date: DAY } }),
  },
  { name: 'a session id not among the sessions', context: picked({ selectedSessionId: 's-gone' }) },
];

const child = doneSamples<E>('reserveIntoCart');
const calendar = doneSamples<E, CalendarDayModel[]>('loadCalendar', 'calendar');
const sessions = doneSamples<E, PricedSessionModel[]>('loadSessions', 'sessions');
/** Sample events (actor events without an `actorId`: the machine does not read it). */
export const events = [
  { name: 'find tickets', event: { type: 'tickets.find' } },
  { name: 'the form confirms 2 adults', event: { type: 'form.quantities', quantities: { 't-adult': 2 } } },
  { name: 'the form confirms 1 family', event: { type: 'form.quantities', quantities: { 't-family': 2 } } },
  { name: 'reopen the quantities', event: { type: 'quantities.open' } },
  calendar('three days', qfDays),
  calendar('one available of two', [day(DAY, 'sold_out'), day('2026-11-22')]),
  calendar('none available', [day('2026-11-23', 'sold_out')]),
  { name: 'calendar: 10 types', event: { type: 'xstate.error.actor.loadCalendar', error: typesLimitError } },
  { name: 'calendar failed', event: { type: 'xstate.error.actor.loadCalendar', error: new Error('x') } },
  { name: 'choose the 21st', event: { type: 'date.select', date: DAY } },
  { name: 'choose the 23rd (sold out)', event: { type: 'date.select', date: '2026-11-23' } },
  { name: 'choose a day not offered', event: { type: 'date.select', date: '2026-12-01' } },
  { name: 'change the date', event: { type: 'date.change' } },
  sessions('the 21st', [q0930, q1100, q1300]),
  sessions('only 9:30', [q0930]),
  sessions('9:30 and a sold-out 11:00', [q0930, q1100]),
  sessions('1:00 in conflict', [{ ...q1300, conflict: true }, q0930]),
  sessions('the 22nd', [q22]),
  { name: 'sessions failed', event: { type: 'xstate.error.actor.loadSessions', error: capacityError } },
  { name: 'retry', event: { type: 'retry' } },
  ...['s-0930', 's-1100', 's-1300', 's-none'].map(
    (id): EventSample<E> => ({ name: `choose ${id}`, event: { type: 'session.select', sessionId: id } }),
  ),
  { name: 'the form submits 2 adults', event: { type: 'form.submitted', ...ask(qfEvent, { 't-adult': 2 }) } },
  {
    name: 'the form submits a city pass',
    event: {
      type: 'form.submitted',
      ...ask(qfCitypassEvent, { 't-cp-adult': 1 }, { 't-cp-adult': [VOUCHERS.adult] }),
    },
  },
  child('reserved', reserved(cart)),
  child('refused: sold out', refused(soldOutError)),
  child('refused: capacity', refused(capacityError)),
  child('refused: a seat taken', refused(seatTakenError)),
  child('refused: the adult voucher used', refused(voucherUsedError)),
  child('refused: City Pass down', refused(citypassFailureError)),
  { name: 'the child failed', event: { type: 'xstate.error.actor.reserveIntoCart', error: new Error('x') } },
  { name: 'dismiss the reserve error', event: { type: 'message.dismiss', key: RESERVE_ERROR } },
] as EventSample<E>[];
