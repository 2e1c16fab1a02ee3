/**
 * The quantity-first flow's independent transition table (issue 29; quantityFirstReserve.table.test.ts holds
 * the machine to it), written from spec 1 §2 "Quantity-first flow", §4 "Quantity-first flow", "Date-first
 * flow" (the sold-out session), "Quantities", §5, §7 (POST calendar and POST sessions with the quantities), §8
 * (the calendar's and the reserve's messages) and §9, not read from the machine:
 *
 * quantities (open): the steppers (over the event's groups, no session yet; attendees and vouchers in step),
 * the amounts typed; 'Find tickets' with at least one ticket, every group within its limits and every chosen
 * amount fitting -> loadingCalendar (the calendar's last message cleared); the same with an amount that does
 * not fit -> the amounts show their problem. The calendar: one available day -> its sessions at once; else the
 * date list; a failure reopens the quantities with its message ('You can only select up to 10 different types
 * of tickets.' or the generic one). picking: reopening the quantities resets the days, date, sessions and seats
 * (and the load and reserve notices); choosing an available day loads its sessions (the session and seats
 * reset). The sessions: after a sold-out reserve, another selectable session of the day -> 'Tickets have sold
 * out for the session at {time}...' and the sessions; none -> the calendar again, then the date list with
 * 'Tickets have sold out for {date}...'; a failure -> its message and a retry. Changing the date (more than
 * one day) resets the session; choosing a selectable session (not sold out, with capacity, no conflict) shows
 * the attendee and voucher fields (seats kept only for the same session). Submit once the seats match and the
 * attendee, voucher and survey rules hold -> reserving; else the fields show their problems. Reserved -> done;
 * sold out -> the session remembered, the day's sessions again; a typed voucher refused -> beside its field;
 * else the message, a lost seat race's seats dropped.
 *
 * The field rules of what a reserve carries (attendees, vouchers, surveys) have their own tables from the
 * spec (reserve-admits, reserve-vouchers, reserve-surveys tests); this table reads them through core/.
 */
import type { CalendarDayModel, EventDetail, PricedSessionModel } from '../../api/models';
import { outcomeMessage } from '../../domain/error-messages/base';
import { calendarOutcome } from '../../domain/error-messages/reserve';
import { admitsHold, admitsInStep, requestAdmits } from '../../machines/reserve/core/admits';
import { requestSurveys, surveysHold } from '../../machines/reserve/core/surveys';
import { requestVouchers, vouchersHold, vouchersInStep } from '../../machines/reserve/core/vouchers';
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
  qfAttendeeEvent,
  qfCitypassEvent,
  qfDays,
  qfEvent,
  qfSeatedEvent,
  qfSeats,
  qfWishEvent,
  seatTakenError,
  soldOutError,
  typesLimitError,
} from '../../stories/fixtures/quantityFirstReserve';
import {
  above0,
  besideTheField,
  cartOf,
  dismissRow,
  faceValues,
  flowError,
  isSoldOut,
  notice,
  pricesFit,
  type Quantities,
  RESERVE_ERROR,
  refused,
  refusedError,
  requiredQuestion,
  reserved,
  reserveText,
  SUBMIT_NOTICES,
  seatsAfter,
  seatsFit,
  seatsPart,
  selectionValid,
  stepped,
  surveysTyped,
  vouchersTyped,
  withNotice,
  without,
} from './reserve.oracle';
import type { Call, EventSample, Row, Table, World } from './transition-table';

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
const available = (days: readonly CalendarDayModel[]) => days.filter((d) => d.status === 'available');
/** Spec 1 §4: a session can be chosen when it is not sold out, has capacity and does not conflict. */
const selectable = (s: PricedSessionModel) => !s.soldOut && s.availableCapacity !== 0 && s.conflict !== true;
/** Seats belong to a session: resetting the date or the session drops them. */
const cleared = { selectedDate: null, sessions: [], selectedSessionId: null, soldOut: null, seats: {} };
const groups = (c: C) => c.event.ticketGroups;
const inStep = (c: C, quantities: Quantities) => ({
  quantities,
  admits: admitsInStep(c.event, groups(c), quantities, c.admits),
  vouchers: vouchersInStep(c.event, groups(c), quantities, c.vouchers),
});
const chosenSession = (c: C) => c.sessions.find((s) => s.id === c.selectedSessionId) ?? null;

const canFind = (c: C) => selectionValid(groups(c), c.quantities) && pricesFit(groups(c), c.quantities, c);
const ticketsReady = (c: C) => seatsFit(groups(c), c.quantities, c.seats);
const canSubmit = (c: C) =>
  ticketsReady(c) &&
  admitsHold(c.event, groups(c), c.quantities, c.admits) &&
  vouchersHold(c.event, groups(c), c.quantities, c.vouchers) &&
  surveysHold(groups(c), c.quantities, c.surveys);

function reserveInput(c: C) {
  const byType = requestVouchers(c.event, groups(c), c.quantities, c.vouchers);
  const admits = requestAdmits(c.event, groups(c), c.quantities, c.admits);
  const info = requestSurveys(groups(c), c.quantities, c.surveys);
  const fv = faceValues(groups(c), c.quantities, c);
  return {
    request: {
      kind: 'tickets',
      tickets: {
        eventId: c.event.id,
        sessionId: c.selectedSessionId,
        quantities: above0(c.quantities),
        ...seatsPart(groups(c), c.quantities, c.seats),
        ...(admits ? { admits } : {}),
        ...(byType ? { vouchers: { byType, visitDatetime: chosenSession(c)?.start ?? null } } : {}),
        ...(info ? { additionalInfo: info } : {}),
        ...(fv ? { faceValues: fv } : {}),
      },
    },
  };
}

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
const on = <T extends E['type']>(state: S, row: Row<C, Ev<T>>) => ({ [state]: [row] });

const stepper = on('quantities', {
  target: null,
  effect: (c, e) =>
    inStep(c, stepped({ groups: groups(c), session: null, quantities: c.quantities }, e as never)),
});
const changeDate: Row<C, Ev<'date.change'>> = {
  when: (c) => available(c.days).length > 1,
  target: 'picking.date',
  effect: () => cleared,
};
const chooseSession = (target: S | null): Row<C, Ev<'session.select'>> => ({
  when: (c, e) => {
    const s = c.sessions.find((x) => x.id === e.sessionId);
    return s !== undefined && selectable(s);
  },
  target,
  effect: (c, e) => ({
    selectedSessionId: e.sessionId,
    seats: e.sessionId === c.selectedSessionId ? c.seats : {},
  }),
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
    reserving: { entry: { calls: (c): Call[] => [{ invoke: 'reserveIntoCart', input: reserveInput(c) }] } },
    done: { final: true },
  },
  on: {
    'quantity.increment': stepper,
    'quantity.decrement': stepper,
    'quantity.set': stepper,
    'price.change': on('quantities', {
      target: null,
      effect: (c, e) => ({ prices: { ...c.prices, [e.ticketTypeId]: e.value } }),
    }),
    'tickets.find': {
      quantities: [
        {
          label: 'tickets chosen, amounts fit',
          when: canFind,
          target: 'loadingCalendar',
          effect: (c) => ({ messages: without(c.messages, [CALENDAR]) }),
        },
        {
          label: 'an amount does not fit',
          when: (c) => selectionValid(groups(c), c.quantities),
          target: null,
          effect: () => ({ pricesChecked: true }),
        },
      ],
    },
    'xstate.done.actor.loadCalendar': {
      loadingCalendar: [
        {
          label: 'one day: its sessions at once',
          when: (_c, e) => available(e.output).length === 1,
          target: 'picking.loadingSessions',
          effect: (_c, e) => ({
            days: e.output,
            ...cleared,
            selectedDate: available(e.output)[0]?.date ?? null,
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
    })),
    'date.select': pickingRows((state) => ({
      when: (c, e) => c.days.some((d) => d.date === e.date && d.status === 'available'),
      target: 'picking.loadingSessions',
      reenter: state === 'picking.loadingSessions',
      effect: (c, e) => ({ ...cleared, selectedDate: e.date, messages: without(c.messages, [LOAD]) }),
    })),
    'xstate.done.actor.loadSessions': {
      'picking.loadingSessions': [
        {
          label: 'after sold out, another session remains',
          when: (c, e) =>
            c.soldOut !== null && e.output.some((s) => s.id !== c.soldOut?.sessionId && selectable(s)),
          target: 'picking.sessions',
          effect: (c, e) => ({
            sessions: e.output,
            soldOut: null,
            messages: withNotice(
              c.messages,
              notice('reserve.sessionSoldOut', {
                key: 'sessionSoldOut',
                params: { time: { time: c.soldOut?.start ?? '', zone: c.event.venue.timezone } },
              }),
            ),
          }),
        },
        {
          label: 'after sold out, nothing left that day',
          when: (c) => c.soldOut !== null,
          target: 'picking.reloadingCalendar',
          effect: (_c, e) => ({ sessions: e.output }),
        },
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
    'seats.set': on('picking.chosen', { target: null, effect: (_c, e) => ({ seats: e.seats }) }),
    'admit.change': on('picking.chosen', {
      target: null,
      effect: (c, e) => {
        const list = c.admits[e.ticketTypeId];
        if (!list?.[e.index]) return {};
        return {
          admits: {
            ...c.admits,
            [e.ticketTypeId]: list.map((v, i) => (i === e.index ? { ...v, [e.field]: e.value } : v)),
          },
        };
      },
    }),
    'survey.change': on('picking.chosen', {
      target: null,
      effect: (c, e) => ({ surveys: surveysTyped(c.surveys, e) }),
    }),
    'voucher.change': on('picking.chosen', {
      target: null,
      effect: (c, e) => ({ vouchers: vouchersTyped(c.vouchers, e), voucherRefusal: null }),
    }),
    submit: {
      'picking.chosen': [
        {
          when: canSubmit,
          target: 'reserving',
          effect: (c) => ({ messages: without(c.messages, SUBMIT_NOTICES), voucherRefusal: null }),
        },
        {
          when: ticketsReady,
          target: null,
          effect: () => ({ admitsChecked: true, surveysChecked: true, vouchersChecked: true }),
        },
      ],
    },
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        {
          when: (_c, e) => cartOf(e) !== null,
          target: 'done',
          effect: (_c, e) => ({ cart: cartOf(e) }),
          calls: () => [{ action: 'reserved' }],
        },
        {
          label: 'sold out: the session remembered, the day’s sessions again',
          when: (_c, e) => isSoldOut(e),
          target: 'picking.loadingSessions',
          effect: (c) => {
            const s = chosenSession(c);
            return {
              soldOut: s && c.selectedDate ? { sessionId: s.id, start: s.start, date: c.selectedDate } : null,
              selectedSessionId: null,
              seats: {},
            };
          },
        },
        {
          when: (c, e) => besideTheField(refusedError(e), c.vouchers) !== null,
          target: 'picking.chosen',
          effect: (c, e) => ({ voucherRefusal: besideTheField(refusedError(e), c.vouchers) }),
        },
        {
          target: 'picking.chosen',
          effect: (c, e) => ({ ...noted(c, e), seats: seatsAfter(c.seats, refusedError(e)) }),
        },
      ],
    },
    'xstate.error.actor.reserveIntoCart': { reserving: [{ target: 'picking.chosen', effect: noted }] },
    'message.dismiss': { '*': [dismissRow] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

export const base = (event: EventDetail, over: Partial<C> = {}): C => ({
  event,
  quantities: {},
  admits: {},
  admitsChecked: false,
  surveys: {},
  surveysChecked: false,
  vouchers: {},
  vouchersChecked: false,
  voucherRefusal: null,
  prices: {},
  presetPriceCents: null,
  pricesChecked: false,
  days: [],
  selectedDate: null,
  sessions: [],
  selectedSessionId: null,
  messages: [],
  soldOut: null,
  cart: null,
  seats: {},
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
const SURVEY_EVENT: EventDetail = {
  ...qfEvent,
  id: 'ev-qf-survey',
  ticketGroups: qfEvent.ticketGroups.map((g) =>
    g.id === 'g-general' ? { ...g, survey: [requiredQuestion('access')] } : g,
  ),
};

export const worlds: World<C>[] = [
  { name: 'nothing chosen', context: base(qfEvent) },
  {
    name: '2 adults, old notices',
    context: base(qfEvent, { quantities: { 't-adult': 2 }, messages: oldNotices }),
  },
  { name: '1 family member (under the minimum)', context: base(qfEvent, { quantities: { 't-family': 1 } }) },
  { name: '10 adults (the max)', context: base(qfEvent, { quantities: { 't-adult': 10 } }) },
  {
    name: 'wish 1 at $3 (below min), 1 adult',
    context: base(qfWishEvent, { quantities: { 't-wish': 1, 't-adult': 1 }, prices: { 't-wish': '3' } }),
  },
  {
    name: 'wish 1 at its minimum, checked',
    context: base(qfWishEvent, { quantities: { 't-wish': 1 }, pricesChecked: true }),
  },
  { name: 'the 21st picked, its sessions, old notices', context: picked({ messages: oldNotices }) },
  { name: 'one day only, its sessions', context: picked({ days: [day(DAY)] }) },
  {
    name: '9:30 chosen, seats of another session',
    context: picked({ selectedSessionId: 's-0930', seats: { 'g-general': ['seat-X'] } }),
  },
  {
    name: 'seated, 9:30 chosen, 2 seats',
    context: picked({ event: qfSeatedEvent, selectedSessionId: 's-0930', seats: qfSeats(2) }),
  },
  {
    name: 'seated, 1:00 chosen, 1 seat for 2',
    context: picked({
      event: qfSeatedEvent,
      selectedSessionId: 's-1300',
      seats: qfSeats(1),
      messages: oldNotices,
    }),
  },
  {
    name: 'attendees, 9:30 chosen, nobody named',
    context: picked({
      event: qfAttendeeEvent,
      selectedSessionId: 's-0930',
      admits: {
        't-adult': [
          { first: '', last: '', email: '' },
          { first: 'A', last: 'B', email: '' },
        ],
      },
    }),
  },
  {
    name: 'city pass, 9:30 chosen, the adult voucher typed',
    context: picked({
      event: qfCitypassEvent,
      quantities: { 't-cp-adult': 1 },
      selectedSessionId: 's-0930',
      vouchers: { 't-cp-adult': [VOUCHERS.adult] },
      voucherRefusal: { code: VOUCHERS.adult, message: { key: 'citypassFormat' } },
    }),
  },
  {
    name: 'survey, 9:30 chosen, unanswered',
    context: picked({ event: SURVEY_EVENT, selectedSessionId: 's-0930' }),
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

const child = (name: string, output: unknown): EventSample<E> => ({
  name,
  event: { type: 'xstate.done.actor.reserveIntoCart', output } as E,
});
const calendar = (name: string, output: CalendarDayModel[]): EventSample<E> => ({
  name: `calendar: ${name}`,
  event: { type: 'xstate.done.actor.loadCalendar', output } as E,
});
const sessions = (name: string, output: PricedSessionModel[]): EventSample<E> => ({
  name: `sessions: ${name}`,
  event: { type: 'xstate.done.actor.loadSessions', output } as E,
});
/** Sample events (actor events without an `actorId`: the machine does not read it). */
export const events = [
  ...['t-adult', 't-family', 't-wish', 't-unknown'].flatMap((id): EventSample<E>[] => [
    { name: `+ ${id}`, event: { type: 'quantity.increment', ticketTypeId: id } },
    { name: `- ${id}`, event: { type: 'quantity.decrement', ticketTypeId: id } },
  ]),
  { name: 'set adult 4', event: { type: 'quantity.set', ticketTypeId: 't-adult', quantity: 4 } },
  { name: 'set family 1', event: { type: 'quantity.set', ticketTypeId: 't-family', quantity: 1 } },
  { name: 'type 12 for wish', event: { type: 'price.change', ticketTypeId: 't-wish', value: '12' } },
  { name: 'find tickets', event: { type: 'tickets.find' } },
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
  { name: 'seats: 2', event: { type: 'seats.set', seats: qfSeats(2) } },
  {
    name: 'name the first adult',
    event: { type: 'admit.change', ticketTypeId: 't-adult', index: 0, field: 'first', value: 'Ada' },
  },
  {
    name: 'answer the survey',
    event: { type: 'survey.change', ticketGroupId: 'g-general', question: 'access', value: 'none' },
  },
  {
    name: 'type a voucher',
    event: { type: 'voucher.change', ticketTypeId: 't-cp-adult', index: 0, value: VOUCHERS.child },
  },
  { name: 'submit', event: { type: 'submit' } },
  child('reserved', reserved(cart)),
  child('refused: sold out', refused(soldOutError)),
  child('refused: capacity', refused(capacityError)),
  child('refused: a seat taken', refused(seatTakenError)),
  child('refused: the adult voucher used', refused(voucherUsedError)),
  child('refused: City Pass down', refused(citypassFailureError)),
  { name: 'the child failed', event: { type: 'xstate.error.actor.reserveIntoCart', error: new Error('x') } },
  { name: 'dismiss the reserve error', event: { type: 'message.dismiss', key: RESERVE_ERROR } },
] as EventSample<E>[];
