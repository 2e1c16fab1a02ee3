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
 * tickets reset.
 *
 * The ticket form is the child `ticketForm` (its own table: ticketForm.table.ts), alive at the root and closed
 * until it has groups: it holds the quantities, seats, attendees, surveys, amounts and vouchers; this table
 * holds the flow to what it tells the form (`sendTo` calls) and what it takes from it. The form is reset with
 * the flexible groups (nothing chosen) or the session's groups as they load (the query's counts, once, through
 * the quantity rules), and emptied (no groups: closed) when the day, the session or flexible changes and on a
 * sold-out session. The form's valid submit (`form.submitted`, session or flexible form) -> reserving what it
 * asked. Reserved -> done; sold out -> the session remembered and the day's sessions again (the form emptied);
 * a voucher the form sent refused -> given back to the form (beside its field); else the message and the form
 * given back (it drops a lost seat race's seats); flexible tickets go back to their form.
 *
 * The query's reading (machines/reserve/query.ts: the plan, the preset session, the found session's day) has
 * its own table from the spec (reserve-query tests); this table reads it through it.
 */
import type { CalendarDayModel, EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import type {
  DateFirstReserveContext,
  DateFirstReserveEvent,
  ReserveQuery,
} from '../../machines/reserve/dateFirstReserve.types';
import {
  foundSessionDate,
  planFromQuery,
  type QueryProblem,
  resolvePresetSession,
  sessionIdOf,
} from '../../machines/reserve/query';
import { citypassFailureError, VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import {
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
} from '../../stories/fixtures/dateFirstReserve';
import { seatTakenError } from '../../stories/fixtures/singleEventReserve';
import {
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
  reserved,
  reservedRow,
  reserveText,
  SUBMIT_NOTICES,
  selectable,
  sentVouchers,
  stepped,
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

const warning = (p: QueryProblem) => ({
  key: p.key,
  level: 'warning' as const,
  message: p.params ? { key: p.name, params: p.params } : { key: p.name },
});
const UNAVAILABLE = { key: 'eventUnavailable' } as const;
const noTickets = { groups: [] };
const chosenSession = (c: C) => c.sessions.find((s) => s.id === c.selectedSessionId) ?? null;
const flexibleGroups = (e: EventDetail) => e.ticketGroups.filter((g) => g.flexible === true);
/** The form is given groups, a session and quantities (`form.reset`): none of them empties (closes) it. */
const formReset = (
  groups: TicketGroupModel[],
  session: SessionModel | null,
  quantities?: Quantities,
): Call => ({
  sendTo: 'ticketForm',
  event: { type: 'form.reset', groups, session, ...(quantities ? { quantities } : {}) },
});
const emptied = (): Call[] => [formReset([], null)];
/** The session's groups the page offers: the event's own, without the flexible ones. */
const datedGroups = (c: C, loaded: TicketGroupModel[]) => {
  const flexibleIds = flexibleGroups(c.event).map((g) => g.id);
  return loaded.filter(
    (g) => c.event.ticketGroups.some((own) => own.id === g.id) && !flexibleIds.includes(g.id),
  );
};
/** The query's counts, through the quantity rules, on the session's groups. */
const presetCounts = (c: C, groups: TicketGroupModel[]) => {
  let quantities: Quantities = {};
  for (const [id, n] of Object.entries(c.preset.quantities))
    quantities = stepped(
      { groups, session: chosenSession(c), quantities },
      { type: 'quantity.set', ticketTypeId: id, quantity: n },
    );
  return quantities;
};

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
const noted = (c: C, e: E) => ({
  messages: withNotice(c.messages, notice(RESERVE_ERROR, reserveText(refusedError(e)))),
});

// ---- rows -------------------------------------------------------------------------------------------------

const FORMS = ['picking.flexible', READY] as const;
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
    reserving: { entry: { calls: (c): Call[] => [{ invoke: 'reserveIntoCart', input: c.request }] } },
    done: { final: true },
  },
  on: {
    'xstate.done.actor.loadCalendar': {
      loading: [
        {
          label: 'no available day',
          when: (_c, e) => availableDays(e.output).length === 0,
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
          when: (_c, e) => availableDays(e.output).length === 0,
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
        soldOut: null,
        preset: { ...c.preset, session: null },
      }),
      calls: emptied,
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
      calls: (c) => [formReset(flexibleGroups(c.event), null, {})],
    })),
    'flexible.clear': {
      'picking.flexible': [
        { target: 'picking.date', effect: () => ({ flexible: false, ...noTickets }), calls: emptied },
      ],
    },
    'date.change': within<'date.change'>('picking.session', () => ({
      when: (c) => availableDays(c.days).length > 1,
      target: 'picking.date',
      calls: emptied,
    })),
    'xstate.done.actor.loadSessions': {
      'picking.session.loading': [
        ...afterSoldOutRows<C, Ev<'xstate.done.actor.loadSessions'>>(
          'picking.session.loaded.choosing',
          'picking.calendarReloading',
        ),
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
      effect: (_c, e) => ({ selectedSessionId: e.sessionId, ...noTickets }),
      calls: emptied,
    })),
    'session.change': within<'session.change'>('picking.session.loaded.chosen', () => ({
      target: 'picking.session.loaded.choosing',
      calls: emptied,
    })),
    'xstate.done.actor.loadSessionGroups': {
      'picking.session.loaded.chosen.loading': [
        {
          label: 'the form reset with the session’s groups and the query’s counts',
          target: READY,
          effect: (c, e) => {
            const groups = datedGroups(c, e.output);
            const sold = new Set(groups.flatMap((g) => g.types.map((t) => t.id)));
            const unsold = Object.entries(c.preset.quantities).some(([id, n]) => n > 0 && !sold.has(id));
            return {
              groups,
              preset: { ...c.preset, quantities: {} },
              messages:
                c.mode === 'warn' && unsold
                  ? withNotice(c.messages, warning({ key: 'query.types', name: 'ticketTypesNotAvailable' }))
                  : c.messages,
            };
          },
          calls: (c, e) => {
            const groups = datedGroups(c, e.output);
            return [formReset(groups, chosenSession(c), presetCounts(c, groups))];
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
    // The form's fields and submit go to the form; the flow takes its valid submit (`form.submitted`).
    submit: {},
    'form.submitted': Object.fromEntries(
      FORMS.map((s) => [
        s,
        [
          {
            label: 'the form’s valid submit: reserve what it asked',
            target: 'reserving',
            effect: (c: C, e: Ev<'form.submitted'>) => ({
              messages: without(c.messages, SUBMIT_NOTICES),
              request: e.request,
            }),
          },
        ],
      ]),
    ),
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        reservedRow<C, Ev<'xstate.done.actor.reserveIntoCart'>>(),
        {
          label: 'flexible, a voucher the form sent refused: beside its field (the form’s)',
          when: (c, e) => c.flexible && besideTheField(refusedError(e), sentVouchers(c)) !== null,
          target: 'picking.flexible',
          calls: (_c, e) => [formRefused(e)],
        },
        {
          label: 'flexible, refused',
          when: (c) => c.flexible,
          target: 'picking.flexible',
          effect: noted,
          calls: (_c, e) => [formRefused(e)],
        },
        {
          label: 'sold out: the session remembered, the form emptied',
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
          calls: emptied,
        },
        {
          label: 'a voucher the form sent refused: beside its field (the form’s)',
          when: (c, e) => besideTheField(refusedError(e), sentVouchers(c)) !== null,
          target: READY,
          calls: (_c, e) => [formRefused(e)],
        },
        { target: READY, effect: noted, calls: (_c, e) => [formRefused(e)] },
      ],
    },
    'xstate.error.actor.reserveIntoCart': {
      reserving: [
        {
          when: (c) => c.flexible,
          target: 'picking.flexible',
          effect: noted,
          calls: (_c, e) => [formRefused(e)],
        },
        { target: READY, effect: noted, calls: (_c, e) => [formRefused(e)] },
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
  presetPriceCents: null,
  request: null,
  preset: { session: null, quantities: {} },
  messages: [],
  initError: null,
  soldOut: null,
  cart: null,
  ...over,
});
const DAY = '2026-11-21';
const SESSIONS = [s0930, s1100, s1300];
const picked = (over: Partial<C> = {}) => base({ days, selectedDate: DAY, sessions: SESSIONS, ...over });
const ready = (over: Partial<C> = {}) =>
  picked({ selectedSessionId: 's-0930', groups: [general, family], ...over });
/** What the form asks to reserve (its `form.submitted`): at a session (or none: flexible), vouchers if given. */
const ask = (
  ev: EventDetail,
  session: SessionModel | null,
  quantities: Quantities,
  vouchers?: Record<string, string[]>,
) => ({
  request: {
    kind: 'tickets' as const,
    tickets: {
      eventId: ev.id,
      sessionId: session?.id ?? null,
      quantities,
      ...(vouchers ? { vouchers: { byType: vouchers, visitDatetime: session?.start ?? null } } : {}),
    },
  },
});
const oldNotices = [
  notice(RESERVE_ERROR, { key: 'errorUnexpected' }),
  notice(LOAD, { key: 'errorUnexpected' }),
  notice('reserve.sessionSoldOut', { key: 'errorUnexpected' }),
];
const q = (query: ReserveQuery, mode: C['mode'] = 'warn') => base({ query, mode });

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
  { name: 'ready: 9:30, old notices', context: ready({ messages: oldNotices }) },
  { name: 'ready: 1:00 (5 places)', context: ready({ selectedSessionId: 's-1300' }) },
  {
    name: 'ready: the form asked 2 adults at 9:30',
    context: ready({ request: ask(event, s0930, { 't-adult': 2 }), messages: oldNotices }),
  },
  {
    name: 'ready: the form asked a City Pass adult with its voucher',
    context: ready({
      event: citypassEvent,
      groups: [general, citypassGroup],
      request: ask(citypassEvent, s0930, { 't-cp-adult': 1 }, { 't-cp-adult': [VOUCHERS.adult] }),
    }),
  },
  {
    name: 'flexible: the form asked 1 anytime adult',
    context: base({
      event: flexibleEvent,
      days,
      flexible: true,
      groups: [flexibleGroup],
      request: ask(flexibleEvent, null, { 't-flex': 1 }),
    }),
  },
  {
    name: 'flexible: the form asked with a City Pass voucher, a stale session id',
    context: base({
      event: flexibleEvent,
      days,
      flexible: true,
      selectedSessionId: 's-0930',
      groups: [flexibleGroup],
      request: ask(flexibleEvent, null, { 't-cp-flex': 1 }, { 't-cp-flex': [VOUCHERS.adult] }),
    }),
  },
];

const child = doneSamples<E>('reserveIntoCart');
const cal = doneSamples<E, CalendarDayModel[]>('loadCalendar', 'calendar');
const ses = doneSamples<E, SessionModel[]>('loadSessions', 'sessions');
const grp = doneSamples<E, TicketGroupModel[]>('loadSessionGroups', 'groups');
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
  // The form's submit is the form's (sent to the child): the flow ignores it.
  { name: 'submit', event: { type: 'submit' } },
  {
    name: 'the form submits 2 adults at 9:30',
    event: { type: 'form.submitted', ...ask(event, s0930, { 't-adult': 2 }) },
  },
  {
    name: 'the form submits an anytime City Pass adult with its voucher',
    event: {
      type: 'form.submitted',
      ...ask(flexibleEvent, null, { 't-cp-flex': 1 }, { 't-cp-flex': [VOUCHERS.adult] }),
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
