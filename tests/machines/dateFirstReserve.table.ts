/**
 * The date-first flow's independent transition table (issue 29; dateFirstReserve.table.test.ts holds the
 * machine to it), written from spec 1 §2 "Date-first reserve screen" (the query: session, date, reserve, ticket
 * quantities; flexible tickets), §4 "Date-first flow", "Quantities", §5 (the query's messages, the submit rule,
 * seats, attendees, surveys, flexible price, vouchers), §8 and §9, not read from the machine:
 *
 * loading (the calendar of the event's groups): no available day -> noAvailability; reserve=strict and a query
 * problem -> queryRejected ('Sorry, tickets are not available for this event.'); a session id in the query ->
 * findingSession (its day looked up: on an available day -> picking with that day; else strict -> rejected,
 * otherwise 'the selected time is not found' in warn mode, and the picker); else picking with the query's plan
 * (its problems as warnings in warn mode). A failed load -> initError with its message, retry clears it all.
 * picking opens on the day's sessions when a day is chosen, else the date list. Anywhere in picking: an
 * available day -> its sessions (the session, groups, tickets, fields, seats and sold-out memory cleared);
 * flexible tickets (when the event has them) -> their form, no date or session. The sessions: after a sold-out
 * reserve, another selectable session -> 'Tickets have sold out for the session at {time}...', none -> the
 * calendar reloaded, the date cleared and 'Tickets have sold out for {date}...' (no day left: noAvailability);
 * a preset session (the query's id, 'today' or 'next') that resolves -> chosen; unresolved: strict -> rejected,
 * warn -> its warning; a failure -> its message and a retry. Changing the date (more than one day) shows the
 * date list; choosing a selectable session loads its groups (the event's own, without the flexible ones) with
 * the query's counts once (types the session does not sell: 'ticket types not available' in warn mode), the
 * tickets reset. The form (session or flexible): steppers, seats, fields; submit with a session or flexible
 * tickets, at least one ticket, the limits, seats and field rules -> reserving; else the fields show their
 * problems. Reserved -> done; sold out -> the session remembered and the day's sessions again; a typed voucher
 * refused -> beside its field; else the message (a lost seat race's seats dropped); flexible tickets go back to
 * their form.
 *
 * The query's reading (machines/reserve/query.ts: the plan, the preset session, the found session's day) and
 * the field rules of what a reserve carries (attendees, vouchers, surveys) have their own tables from the spec
 * (reserve-query, reserve-admits, reserve-vouchers, reserve-surveys tests); this table reads them through them.
 */
import type { CalendarDayModel, EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import { admitsHold, admitsInStep, requestAdmits } from '../../machines/reserve/core/admits';
import { requestSurveys, surveysHold } from '../../machines/reserve/core/surveys';
import { requestVouchers, vouchersHold, vouchersInStep } from '../../machines/reserve/core/vouchers';
import {
  foundSessionDate,
  planFromQuery,
  type QueryProblem,
  resolvePresetSession,
  sessionIdOf,
} from '../../machines/reserve/query';
import type {
  DateFirstReserveContext,
  DateFirstReserveEvent,
  ReserveQuery,
} from '../../machines/reserve/types';
import { citypassFailureError, VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import {
  attendeeEvent,
  capacityError,
  cart,
  citypassEvent,
  citypassGroup,
  day,
  days,
  event,
  family,
  flexibleEvent,
  flexibleGroup,
  general,
  NOW,
  s22,
  s0930,
  s1100,
  s1300,
  soldOutError,
  wishGroup,
} from '../../stories/fixtures/dateFirstReserve';
import { seatTakenError } from '../../stories/fixtures/singleEventReserve';
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

type C = DateFirstReserveContext;
type E = DateFirstReserveEvent;
type Ev<T extends E['type']> = Extract<E, { type: T }>;
const PICKING_STATES = [
  'picking.date',
  'picking.flexible',
  'picking.session.loading',
  'picking.session.loadError',
  'picking.session.loaded.choosing',
  'picking.session.loaded.chosen.loading',
  'picking.session.loaded.chosen.loadError',
  'picking.session.loaded.chosen.ready',
  'picking.calendarReloading',
] as const;
type P = (typeof PICKING_STATES)[number];
type S =
  | 'loading'
  | 'findingSession'
  | 'noAvailability'
  | 'initError'
  | 'queryRejected'
  | 'picking.entry'
  | P
  | 'reserving'
  | 'done';
const READY = 'picking.session.loaded.chosen.ready';
const LOAD = 'load.error';

// ---- the oracle -------------------------------------------------------------------------------------------

const available = (list: readonly CalendarDayModel[]) => list.filter((d) => d.status === 'available');
const selectable = (s: SessionModel) => !s.soldOut && s.availableCapacity !== 0 && s.conflict !== true;
const warning = (p: QueryProblem) => ({
  key: p.key,
  level: 'warning' as const,
  message: p.params ? { key: p.name, params: p.params } : { key: p.name },
});
const UNAVAILABLE = { key: 'eventUnavailable' } as const;
const noFields = {
  admits: {},
  admitsChecked: false,
  vouchers: {},
  vouchersChecked: false,
  voucherRefusal: null,
};
const noTickets = { groups: [], quantities: {}, ...noFields };
const chosenSession = (c: C) => c.sessions.find((s) => s.id === c.selectedSessionId) ?? null;
const flexibleGroups = (e: EventDetail) => e.ticketGroups.filter((g) => g.flexible === true);
const inStep = (c: C, quantities: Quantities) => ({
  quantities,
  admits: admitsInStep(c.event, c.groups, quantities, c.admits),
  vouchers: vouchersInStep(c.event, c.groups, quantities, c.vouchers),
});

/** The query's plan on the loaded days: the day, the preset session and counts, its warnings in warn mode. */
function planned(c: C, loaded: CalendarDayModel[]) {
  const plan = planFromQuery(c.query, c.event, loaded, c.now);
  const notices = c.mode === 'warn' ? plan.problems.map(warning) : [];
  return {
    selectedDate: plan.date,
    preset: { session: plan.session, quantities: plan.quantities },
    messages: notices.reduce(withNotice, c.messages),
  };
}
const resolution = (c: C, sessions: SessionModel[]) =>
  c.preset.session === null ? null : resolvePresetSession(c.preset.session, sessions, c.now);
const sessionNotFound = (c: C) => ({
  preset: { ...c.preset, session: null },
  messages:
    c.mode === 'warn'
      ? withNotice(c.messages, warning({ key: 'query.session', name: 'sessionNotFound' }))
      : c.messages,
});
const dateSoldOut = (c: C) => ({
  selectedDate: null,
  sessions: [],
  selectedSessionId: null,
  ...noTickets,
  soldOut: null,
  messages: withNotice(
    c.messages,
    notice('reserve.dateSoldOut', {
      key: 'dateSoldOut',
      params: { date: c.soldOut ? { day: c.soldOut.date } : '' },
    }),
  ),
});
const ticketsReady = (c: C) =>
  (c.selectedSessionId !== null || c.flexible) &&
  selectionValid(c.groups, c.quantities) &&
  seatsFit(c.groups, c.quantities, c.seats);
const canSubmit = (c: C) =>
  ticketsReady(c) &&
  admitsHold(c.event, c.groups, c.quantities, c.admits) &&
  vouchersHold(c.event, c.groups, c.quantities, c.vouchers) &&
  surveysHold(c.groups, c.quantities, c.surveys) &&
  pricesFit(c.groups, c.quantities, c);

function reserveInput(c: C) {
  const byType = requestVouchers(c.event, c.groups, c.quantities, c.vouchers);
  const admits = requestAdmits(c.event, c.groups, c.quantities, c.admits);
  const info = requestSurveys(c.groups, c.quantities, c.surveys);
  const fv = faceValues(c.groups, c.quantities, c);
  const visit = c.flexible ? null : (chosenSession(c)?.start ?? null);
  return {
    request: {
      kind: 'tickets',
      tickets: {
        eventId: c.event.id,
        sessionId: c.flexible ? null : c.selectedSessionId,
        quantities: above0(c.quantities),
        ...seatsPart(c.groups, c.quantities, c.seats),
        ...(admits ? { admits } : {}),
        ...(byType ? { vouchers: { byType, visitDatetime: visit } } : {}),
        ...(info ? { additionalInfo: info } : {}),
        ...(fv ? { faceValues: fv } : {}),
      },
    },
  };
}
const noted = (c: C, e: E) => ({
  messages: withNotice(c.messages, notice(RESERVE_ERROR, reserveText(refusedError(e)))),
});

// ---- rows -------------------------------------------------------------------------------------------------

const stay = <T extends E['type']>(effect: (c: C, e: Ev<T>) => Partial<C>): Row<C, Ev<T>> => ({
  target: null,
  effect,
});
const FORMS = ['picking.flexible', READY] as const;
const inForms = <T extends E['type']>(row: Row<C, Ev<T>>) => Object.fromEntries(FORMS.map((s) => [s, [row]]));
const stepper = <T extends 'quantity.increment' | 'quantity.decrement' | 'quantity.set'>() =>
  inForms<T>(
    stay<T>((c, e) =>
      inStep(c, stepped({ groups: c.groups, session: chosenSession(c), quantities: c.quantities }, e)),
    ),
  );
/** Rows of a compound state, for each of its atomic states (`reenter` where the target is the state itself). */
const within = <T extends E['type']>(prefix: string, row: (state: S) => Row<C, Ev<T>>) =>
  Object.fromEntries(
    PICKING_STATES.filter((s) => s.startsWith(`${prefix}.`)).map((s) => [s, [row(s)]]),
  ) as Partial<Record<S, Row<C, Ev<T>>[]>>;

export const table: Table<C, E, S> = {
  initial: 'loading',
  states: {
    loading: {
      entry: {
        calls: (c): Call[] => [
          {
            invoke: 'loadCalendar',
            input: { eventId: c.event.id, ticketGroupIds: c.event.ticketGroups.map((g) => g.id) },
          },
        ],
      },
    },
    findingSession: {
      entry: {
        calls: (c): Call[] => [
          {
            invoke: 'findSession',
            input: { eventId: c.event.id, sessionId: sessionIdOf(c.preset.session) ?? '' },
          },
        ],
      },
    },
    noAvailability: {},
    initError: {},
    queryRejected: {},
    'picking.entry': {
      always: [
        { when: (c) => c.selectedDate !== null, target: 'picking.session.loading' },
        { target: 'picking.date' },
      ],
    },
    'picking.date': {},
    'picking.flexible': {},
    'picking.session.loading': {
      entry: {
        calls: (c): Call[] => [
          { invoke: 'loadSessions', input: { eventId: c.event.id, date: c.selectedDate ?? '' } },
        ],
      },
    },
    'picking.session.loadError': {},
    'picking.session.loaded.choosing': {},
    'picking.session.loaded.chosen.loading': {
      entry: {
        calls: (c): Call[] => [
          {
            invoke: 'loadSessionGroups',
            input: { eventId: c.event.id, sessionId: c.selectedSessionId ?? '' },
          },
        ],
      },
    },
    'picking.session.loaded.chosen.loadError': {},
    [READY]: {},
    'picking.calendarReloading': {
      entry: {
        calls: (c): Call[] => [
          {
            invoke: 'loadCalendar',
            input: { eventId: c.event.id, ticketGroupIds: c.event.ticketGroups.map((g) => g.id) },
          },
        ],
      },
    },
    reserving: { entry: { calls: (c): Call[] => [{ invoke: 'reserveIntoCart', input: reserveInput(c) }] } },
    done: { final: true },
  },
  on: {
    'xstate.done.actor.loadCalendar': {
      loading: [
        {
          label: 'no available day',
          when: (_c, e) => available(e.output).length === 0,
          target: 'noAvailability',
          effect: (_c, e) => ({ days: e.output }),
        },
        {
          label: 'strict, a query problem',
          when: (c, e) =>
            c.mode === 'strict' && planFromQuery(c.query, c.event, e.output, c.now).problems.length > 0,
          target: 'queryRejected',
          effect: (_c, e) => ({ days: e.output, initError: UNAVAILABLE }),
        },
        {
          label: 'a session id: its day looked up',
          when: (c, e) => sessionIdOf(planFromQuery(c.query, c.event, e.output, c.now).session) !== null,
          target: 'findingSession',
          effect: (c, e) => ({ days: e.output, ...planned(c, e.output) }),
        },
        { target: 'picking.entry', effect: (c, e) => ({ days: e.output, ...planned(c, e.output) }) },
      ],
      'picking.calendarReloading': [
        {
          when: (_c, e) => available(e.output).length === 0,
          target: 'noAvailability',
          effect: (c, e) => ({ days: e.output, ...dateSoldOut(c) }),
        },
        { target: 'picking.date', effect: (c, e) => ({ days: e.output, ...dateSoldOut(c) }) },
      ],
    },
    'xstate.error.actor.loadCalendar': {
      loading: [{ target: 'initError', effect: (_c, e) => ({ initError: reserveText(flowError(e.error)) }) }],
      'picking.calendarReloading': [{ target: 'picking.date', effect: dateSoldOut }],
    },
    'xstate.done.actor.findSession': {
      findingSession: [
        {
          label: 'found on an available day',
          when: (c, e) => foundSessionDate(e.output, c.days, c.event.venue.timezone) !== null,
          target: 'picking.entry',
          effect: (c, e) => ({ selectedDate: foundSessionDate(e.output, c.days, c.event.venue.timezone) }),
        },
        {
          when: (c) => c.mode === 'strict',
          target: 'queryRejected',
          effect: () => ({ initError: UNAVAILABLE }),
        },
        { target: 'picking.entry', effect: sessionNotFound },
      ],
    },
    'xstate.error.actor.findSession': {
      findingSession: [
        {
          when: (c) => c.mode === 'strict',
          target: 'initError',
          effect: (_c, e) => ({ initError: reserveText(flowError(e.error)) }),
        },
        { target: 'picking.entry', effect: sessionNotFound },
      ],
    },
    retry: {
      initError: [{ target: 'loading', effect: () => ({ initError: null, messages: [] }) }],
      'picking.session.loadError': [
        { target: 'picking.session.loading', effect: (c) => ({ messages: without(c.messages, [LOAD]) }) },
      ],
      'picking.session.loaded.chosen.loadError': [
        {
          target: 'picking.session.loaded.chosen.loading',
          effect: (c) => ({ messages: without(c.messages, [LOAD]) }),
        },
      ],
    },
    'date.select': within<'date.select'>('picking', (state) => ({
      when: (c, e) => c.days.some((d) => d.date === e.date && d.status === 'available'),
      target: 'picking.session.loading',
      reenter: state === 'picking.session.loading',
      effect: (c, e) => ({
        selectedDate: e.date,
        flexible: false,
        sessions: [],
        selectedSessionId: null,
        ...noTickets,
        seats: {},
        soldOut: null,
        preset: { ...c.preset, session: null },
      }),
    })),
    'flexible.select': within<'flexible.select'>('picking', (state) => ({
      when: (c) => flexibleGroups(c.event).length > 0,
      target: 'picking.flexible',
      reenter: state === 'picking.flexible',
      effect: (c) => ({
        flexible: true,
        selectedDate: null,
        sessions: [],
        selectedSessionId: null,
        ...noTickets,
        groups: flexibleGroups(c.event),
        soldOut: null,
        preset: { ...c.preset, session: null },
      }),
    })),
    'flexible.clear': {
      'picking.flexible': [{ target: 'picking.date', effect: () => ({ flexible: false, ...noTickets }) }],
    },
    'date.change': within<'date.change'>('picking.session', () => ({
      when: (c) => available(c.days).length > 1,
      target: 'picking.date',
    })),
    'xstate.done.actor.loadSessions': {
      'picking.session.loading': [
        {
          label: 'after sold out, another session remains',
          when: (c, e) =>
            c.soldOut !== null && e.output.some((s) => s.id !== c.soldOut?.sessionId && selectable(s)),
          target: 'picking.session.loaded.choosing',
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
          target: 'picking.calendarReloading',
          effect: (_c, e) => ({ sessions: e.output }),
        },
        {
          label: 'strict, the preset session unresolved',
          when: (c, e) => {
            const r = resolution(c, e.output);
            return c.mode === 'strict' && r !== null && 'problem' in r;
          },
          target: 'queryRejected',
          effect: (_c, e) => ({ sessions: e.output, initError: UNAVAILABLE }),
        },
        {
          label: 'the preset session resolved',
          when: (c, e) => {
            const r = resolution(c, e.output);
            return r !== null && 'sessionId' in r;
          },
          target: 'picking.session.loaded.chosen.loading',
          effect: (c, e) => {
            const r = resolution(c, e.output);
            return {
              sessions: e.output,
              selectedSessionId: r && 'sessionId' in r ? r.sessionId : null,
              ...noTickets,
              preset: { ...c.preset, session: null },
            };
          },
        },
        {
          target: 'picking.session.loaded.choosing',
          effect: (c, e) => {
            const r = resolution(c, e.output);
            return {
              sessions: e.output,
              preset: { ...c.preset, session: null },
              messages:
                r && 'problem' in r && c.mode === 'warn'
                  ? withNotice(c.messages, warning(r.problem))
                  : c.messages,
            };
          },
        },
      ],
    },
    'xstate.error.actor.loadSessions': {
      'picking.session.loading': [
        {
          target: 'picking.session.loadError',
          effect: (c, e) => ({
            messages: withNotice(c.messages, notice(LOAD, reserveText(flowError(e.error)))),
          }),
        },
      ],
    },
    'session.select': within<'session.select'>('picking.session.loaded', (state) => ({
      when: (c, e) => {
        const s = c.sessions.find((x) => x.id === e.sessionId);
        return s !== undefined && selectable(s);
      },
      target: 'picking.session.loaded.chosen.loading',
      reenter: state === 'picking.session.loaded.chosen.loading',
      effect: (_c, e) => ({ selectedSessionId: e.sessionId, ...noTickets, seats: {} }),
    })),
    'session.change': within<'session.change'>('picking.session.loaded.chosen', () => ({
      target: 'picking.session.loaded.choosing',
    })),
    'xstate.done.actor.loadSessionGroups': {
      'picking.session.loaded.chosen.loading': [
        {
          target: READY,
          effect: (c, e) => {
            const flexibleIds = flexibleGroups(c.event).map((g) => g.id);
            const groups: TicketGroupModel[] = e.output.filter(
              (g) => c.event.ticketGroups.some((own) => own.id === g.id) && !flexibleIds.includes(g.id),
            );
            const sold = new Set(groups.flatMap((g) => g.types.map((t) => t.id)));
            const unsold = Object.entries(c.preset.quantities).some(([id, n]) => n > 0 && !sold.has(id));
            let quantities: Quantities = c.quantities;
            for (const [id, n] of Object.entries(c.preset.quantities))
              quantities = stepped(
                { groups, session: chosenSession(c), quantities },
                { type: 'quantity.set', ticketTypeId: id, quantity: n },
              );
            const next = { ...c, groups };
            return {
              groups,
              ...inStep(next, quantities),
              preset: { ...c.preset, quantities: {} },
              messages:
                c.mode === 'warn' && unsold
                  ? withNotice(c.messages, warning({ key: 'query.types', name: 'ticketTypesNotAvailable' }))
                  : c.messages,
            };
          },
        },
      ],
    },
    'xstate.error.actor.loadSessionGroups': {
      'picking.session.loaded.chosen.loading': [
        {
          target: 'picking.session.loaded.chosen.loadError',
          effect: (c, e) => ({
            messages: withNotice(c.messages, notice(LOAD, reserveText(flowError(e.error)))),
          }),
        },
      ],
    },
    'quantity.increment': stepper(),
    'quantity.decrement': stepper(),
    'quantity.set': stepper(),
    'seats.set': { [READY]: [stay<'seats.set'>((_c, e) => ({ seats: e.seats }))] },
    'admit.change': inForms<'admit.change'>(
      stay<'admit.change'>((c, e) => {
        const list = c.admits[e.ticketTypeId];
        if (!list?.[e.index]) return {};
        return {
          admits: {
            ...c.admits,
            [e.ticketTypeId]: list.map((v, i) => (i === e.index ? { ...v, [e.field]: e.value } : v)),
          },
        };
      }),
    ),
    'survey.change': inForms<'survey.change'>(
      stay<'survey.change'>((c, e) => ({ surveys: surveysTyped(c.surveys, e) })),
    ),
    'price.change': inForms<'price.change'>(
      stay<'price.change'>((c, e) => ({ prices: { ...c.prices, [e.ticketTypeId]: e.value } })),
    ),
    'voucher.change': inForms<'voucher.change'>(
      stay<'voucher.change'>((c, e) => ({
        vouchers: vouchersTyped(c.vouchers, e),
        voucherRefusal: null,
      })),
    ),
    submit: Object.fromEntries(
      FORMS.map((s) => [
        s,
        [
          {
            when: canSubmit,
            target: 'reserving',
            effect: (c: C) => ({ messages: without(c.messages, SUBMIT_NOTICES), voucherRefusal: null }),
          },
          {
            when: ticketsReady,
            target: null,
            effect: () => ({
              admitsChecked: true,
              surveysChecked: true,
              pricesChecked: true,
              vouchersChecked: true,
            }),
          },
        ],
      ]),
    ),
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        {
          when: (_c, e) => cartOf(e) !== null,
          target: 'done',
          effect: (_c, e) => ({ cart: cartOf(e) }),
          calls: () => [{ action: 'reserved' }],
        },
        {
          label: 'flexible, a typed voucher refused',
          when: (c, e) => c.flexible && besideTheField(refusedError(e), c.vouchers) !== null,
          target: 'picking.flexible',
          effect: (c, e) => ({ voucherRefusal: besideTheField(refusedError(e), c.vouchers) }),
        },
        { label: 'flexible, refused', when: (c) => c.flexible, target: 'picking.flexible', effect: noted },
        {
          label: 'sold out: the session remembered',
          when: (_c, e) => isSoldOut(e),
          target: 'picking.session.loading',
          effect: (c) => {
            const s = chosenSession(c);
            return {
              soldOut: s && c.selectedDate ? { sessionId: s.id, start: s.start, date: c.selectedDate } : null,
              selectedSessionId: null,
              ...noTickets,
            };
          },
        },
        {
          when: (c, e) => besideTheField(refusedError(e), c.vouchers) !== null,
          target: READY,
          effect: (c, e) => ({ voucherRefusal: besideTheField(refusedError(e), c.vouchers) }),
        },
        {
          target: READY,
          effect: (c, e) => ({ ...noted(c, e), seats: seatsAfter(c.seats, refusedError(e)) }),
        },
      ],
    },
    'xstate.error.actor.reserveIntoCart': {
      reserving: [
        { when: (c) => c.flexible, target: 'picking.flexible', effect: noted },
        { target: READY, effect: noted },
      ],
    },
    'message.dismiss': { '*': [dismissRow] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

export const base = (over: Partial<C> = {}): C => ({
  event,
  query: {},
  mode: 'warn',
  now: NOW,
  days: [],
  selectedDate: null,
  flexible: false,
  sessions: [],
  selectedSessionId: null,
  groups: [],
  quantities: {},
  preset: { session: null, quantities: {} },
  messages: [],
  initError: null,
  soldOut: null,
  cart: null,
  seats: {},
  admits: {},
  admitsChecked: false,
  surveys: {},
  surveysChecked: false,
  prices: {},
  presetPriceCents: null,
  pricesChecked: false,
  vouchers: {},
  vouchersChecked: false,
  voucherRefusal: null,
  ...over,
});
const DAY = '2026-11-21';
const SESSIONS = [s0930, s1100, s1300];
const picked = (over: Partial<C> = {}) => base({ days, selectedDate: DAY, sessions: SESSIONS, ...over });
const ready = (over: Partial<C> = {}) =>
  picked({ selectedSessionId: 's-0930', groups: [general, family], quantities: { 't-adult': 2 }, ...over });
const oldNotices = [
  notice(RESERVE_ERROR, { key: 'errorUnexpected' }),
  notice(LOAD, { key: 'errorUnexpected' }),
  notice('reserve.sessionSoldOut', { key: 'errorUnexpected' }),
];
const q = (query: ReserveQuery, mode: C['mode'] = 'warn') => base({ query, mode });
const seatedGeneral: TicketGroupModel = { ...general, handler: 'seated' };

export const worlds: World<C>[] = [
  { name: 'no query', context: base() },
  { name: 'warn, ?date=2026-11-22&Adult=2', context: q({ date: '2026-11-22', quantities: { Adult: '2' } }) },
  {
    name: 'strict, ?date=2026-11-23 (sold out)',
    context: q({ date: '2026-11-23', reserve: 'strict' }, 'strict'),
  },
  { name: 'warn, ?session=s-1300', context: q({ session: 's-1300' }) },
  { name: 'strict, ?session=s-1300', context: q({ session: 's-1300', reserve: 'strict' }, 'strict') },
  { name: 'off, ?session=s-gone', context: q({ session: 's-gone', reserve: 'off' }, 'off') },
  {
    name: 'the days, preset session next, ?Adult=2&Nope=1 presets, warn',
    context: base({
      days,
      selectedDate: DAY,
      preset: { session: 'next', quantities: { 't-adult': 2, 't-flex': 1 } },
    }),
  },
  {
    name: 'the days, preset session s-1100 (sold out), strict',
    context: base({ days, selectedDate: DAY, mode: 'strict', preset: { session: 's-1100', quantities: {} } }),
  },
  {
    name: 'the days, preset session s-gone, warn, old notices',
    context: base({
      days,
      selectedDate: DAY,
      messages: oldNotices,
      preset: { session: 's-gone', quantities: {} },
    }),
  },
  {
    name: 'the days, preset session s-1300, the last day’s sessions still kept',
    context: base({
      days,
      selectedDate: DAY,
      sessions: [s1300],
      preset: { session: 's-1300', quantities: {} },
    }),
  },
  { name: 'the 21st picked, its sessions', context: picked() },
  { name: 'one day only, picked', context: picked({ days: [day(DAY)] }) },
  {
    name: '9:30 sold out, remembered',
    context: picked({ soldOut: { sessionId: 's-0930', start: s0930.start, date: DAY } }),
  },
  { name: 'ready: 2 adults at 9:30, old notices', context: ready({ messages: oldNotices }) },
  {
    name: 'ready: nothing chosen at 1:00 (5 places)',
    context: ready({ selectedSessionId: 's-1300', quantities: {} }),
  },
  {
    name: 'ready: 2 adults, seated, 1 seat',
    context: ready({ groups: [seatedGeneral], seats: { 'g-general': ['seat-1'] } }),
  },
  {
    name: 'ready: attendees, nobody named',
    context: ready({
      event: attendeeEvent,
      admits: {
        't-adult': [
          { first: '', last: '', email: '' },
          { first: 'A', last: 'B', email: '' },
        ],
      },
    }),
  },
  {
    name: 'ready: city pass adult with its voucher',
    context: ready({
      event: citypassEvent,
      groups: [general, citypassGroup],
      quantities: { 't-cp-adult': 1 },
      vouchers: { 't-cp-adult': [VOUCHERS.adult] },
    }),
  },
  {
    name: 'ready: wish at $3',
    context: ready({ groups: [wishGroup], quantities: { 't-wish': 1 }, prices: { 't-wish': '3' } }),
  },
  {
    name: 'flexible: 1 anytime adult, its email not an address',
    context: base({
      event: flexibleEvent,
      days,
      flexible: true,
      groups: [flexibleGroup],
      quantities: { 't-flex': 1 },
      admits: { 't-flex': [{ first: '', last: '', email: 'nope' }] },
    }),
  },
  {
    name: 'flexible: 2 anytime adults, a city pass voucher typed, a stale session id (not sent)',
    context: base({
      event: flexibleEvent,
      days,
      flexible: true,
      selectedSessionId: 's-0930',
      groups: [flexibleGroup],
      quantities: { 't-flex': 2 },
      admits: {
        't-flex': [
          { first: '', last: '', email: '' },
          { first: '', last: '', email: '' },
        ],
      },
      vouchers: { 't-other': [VOUCHERS.adult] },
    }),
  },
];

const child = (name: string, output: unknown): EventSample<E> => ({
  name,
  event: { type: 'xstate.done.actor.reserveIntoCart', output } as E,
});
const cal = (name: string, output: CalendarDayModel[]): EventSample<E> => ({
  name: `calendar: ${name}`,
  event: { type: 'xstate.done.actor.loadCalendar', output } as E,
});
const ses = (name: string, output: SessionModel[]): EventSample<E> => ({
  name: `sessions: ${name}`,
  event: { type: 'xstate.done.actor.loadSessions', output } as E,
});
const grp = (name: string, output: TicketGroupModel[]): EventSample<E> => ({
  name: `groups: ${name}`,
  event: { type: 'xstate.done.actor.loadSessionGroups', output } as E,
});
/** Sample events (actor events without an `actorId`: the machine does not read it). */
export const events = [
  cal('three days', days),
  cal('one day', [day('2026-11-22')]),
  cal('none available', [day('2026-11-23', 'sold_out')]),
  { name: 'calendar failed', event: { type: 'xstate.error.actor.loadCalendar', error: capacityError } },
  { name: 'found 1:00', event: { type: 'xstate.done.actor.findSession', output: s1300 } },
  {
    name: 'found a session on the 23rd',
    event: { type: 'xstate.done.actor.findSession', output: { ...s22, start: '2026-11-23T15:00:00Z' } },
  },
  { name: 'found nothing', event: { type: 'xstate.done.actor.findSession', output: null } },
  { name: 'find failed', event: { type: 'xstate.error.actor.findSession', error: new Error('x') } },
  { name: 'retry', event: { type: 'retry' } },
  { name: 'choose the 21st', event: { type: 'date.select', date: DAY } },
  { name: 'choose the 23rd (sold out)', event: { type: 'date.select', date: '2026-11-23' } },
  { name: 'flexible tickets', event: { type: 'flexible.select' } },
  { name: 'back from flexible', event: { type: 'flexible.clear' } },
  { name: 'change the date', event: { type: 'date.change' } },
  ses('the 21st', SESSIONS),
  ses('only 9:30', [s0930]),
  ses('9:30 and the sold-out 11:00', [s0930, s1100]),
  ses('the 22nd', [s22]),
  { name: 'sessions failed', event: { type: 'xstate.error.actor.loadSessions', error: soldOutError } },
  ...['s-0930', 's-1100', 's-none'].map(
    (id): EventSample<E> => ({ name: `choose ${id}`, event: { type: 'session.select', sessionId: id } }),
  ),
  { name: 'change the session', event: { type: 'session.change' } },
  grp('general and family', [general, family]),
  grp('family, flexible and another event’s', [family, flexibleGroup, { ...general, id: 'g-other' }]),
  { name: 'groups failed', event: { type: 'xstate.error.actor.loadSessionGroups', error: capacityError } },
  ...['t-adult', 't-family', 't-flex'].flatMap((id): EventSample<E>[] => [
    { name: `+ ${id}`, event: { type: 'quantity.increment', ticketTypeId: id } },
    { name: `- ${id}`, event: { type: 'quantity.decrement', ticketTypeId: id } },
  ]),
  { name: 'set adult 9', event: { type: 'quantity.set', ticketTypeId: 't-adult', quantity: 9 } },
  { name: 'seats: 2', event: { type: 'seats.set', seats: { 'g-general': ['seat-1', 'seat-2'] } } },
  {
    name: 'name the first adult',
    event: { type: 'admit.change', ticketTypeId: 't-adult', index: 0, field: 'first', value: 'Ada' },
  },
  {
    name: 'fix the anytime email',
    event: { type: 'admit.change', ticketTypeId: 't-flex', index: 0, field: 'email', value: 'a@b.co' },
  },
  {
    name: 'answer a survey',
    event: { type: 'survey.change', ticketGroupId: 'g-general', question: 'q', value: 'a' },
  },
  { name: 'type 12 for wish', event: { type: 'price.change', ticketTypeId: 't-wish', value: '12' } },
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
