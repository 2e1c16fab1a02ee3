/**
 * Date-first reserve flow (spec section 2 "Date-first reserve screen", section 4 "Date-first flow").
 *
 * loading -> noAvailability | initError | picking; picking: date list -> session list -> tickets;
 * submit -> reserving -> done (output { cart }). API calls are the promise actors below, provided by the
 * route with `machine.provide({ actors })`; `reserved` is the injected "tell the cart and navigate" action.
 *
 * The config holds no inline functions: guards and actions are named in `setup`; the only function values
 * in the config are the named input, context and output mappers defined in this module, which
 * `JSON.stringify` drops, so the config stays clean data for Stately Studio.
 */
import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  enqueueActions,
  fromPromise,
  setup,
} from 'xstate';
import type { CalendarDayModel, CartModel, SessionModel, TicketGroupModel } from '../../api/models';
import { outputOf } from '../shared/done-output';
import { type Message, message } from '../shared/messages';
import { formatDay, formatSessionTime } from './format';
import {
  applyPresetQuantities,
  decrement,
  increment,
  isSelectionValid,
  type QuantityScope,
  requestQuantities,
  setQuantity,
} from './quantities';
import {
  availableDays,
  foundSessionDate,
  isAvailableDay,
  isSelectableSession,
  parseReserveMode,
  planFromQuery,
  problemNotice,
  resolvePresetSession,
  sessionIdOf,
} from './query';
import { flowErrorOf, isCartGoneFirstTime, isSessionSoldOutError } from './reserve-errors';
import { reserveErrorMessage, reserveSeatsPart, seatsMatch, withoutTakenSeats } from './seats';
import type {
  DateFirstReserveContext,
  DateFirstReserveEvent,
  DateFirstReserveInput,
  DateFirstReserveOutput,
  FindSessionInput,
  LoadCalendarInput,
  LoadSessionGroupsInput,
  LoadSessionsInput,
  ReserveFlowError,
  ReserveInput,
  ReserveNotice,
} from './types';

function notProvided(name: string): never {
  throw new Error(`${name}: not provided`);
}

// ---- named mappers (data in, data out) ----------------------------------------------------------------

export function initialContext({ input }: { input: DateFirstReserveInput }): DateFirstReserveContext {
  const query = input.query ?? {};
  return {
    event: input.event,
    query,
    mode: parseReserveMode(query.reserve),
    now: input.now,
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
    retriedInNewCart: false,
    seats: {},
  };
}

export function calendarInput({ context }: { context: DateFirstReserveContext }): LoadCalendarInput {
  return { eventId: context.event.id, ticketGroupIds: context.event.ticketGroups.map((group) => group.id) };
}

export function sessionsInput({ context }: { context: DateFirstReserveContext }): LoadSessionsInput {
  return { eventId: context.event.id, date: context.selectedDate ?? '' };
}

export function findSessionInput({ context }: { context: DateFirstReserveContext }): FindSessionInput {
  return { eventId: context.event.id, sessionId: sessionIdOf(context.preset.session) ?? '' };
}

export function sessionGroupsInput({
  context,
}: {
  context: DateFirstReserveContext;
}): LoadSessionGroupsInput {
  return { eventId: context.event.id, sessionId: context.selectedSessionId ?? '' };
}

export function reserveInput({ context }: { context: DateFirstReserveContext }): ReserveInput {
  return {
    newCart: context.retriedInNewCart,
    request: {
      eventId: context.event.id,
      sessionId: context.flexible ? null : context.selectedSessionId,
      quantities: requestQuantities(context.quantities),
      ...reserveSeatsPart(context.groups, context.quantities, context.seats),
    },
  };
}

export function machineOutput({ context }: { context: DateFirstReserveContext }): DateFirstReserveOutput {
  if (!context.cart) throw new Error('dateFirstReserve finished without a cart');
  return { cart: context.cart };
}

// ---- helpers over context and events ----------------------------------------------------------------

/** Done events are not in the machine's event union; this reads their output. */

/** What the visitor reads for a failed load or reserve (the one error mapping, spec 1 §8). */
function errorText(event: unknown): Message {
  return reserveErrorMessage(event);
}

export function selectedSessionOf(context: DateFirstReserveContext): SessionModel | null {
  return context.sessions.find((session) => session.id === context.selectedSessionId) ?? null;
}

export function quantityScope(context: DateFirstReserveContext): QuantityScope {
  return { groups: context.groups, session: selectedSessionOf(context), quantities: context.quantities };
}

/** Adds a notice, replacing one with the same key. */
function withNotice(messages: readonly ReserveNotice[], notice: ReserveNotice): ReserveNotice[] {
  return [...messages.filter((m) => m.key !== notice.key), notice];
}

function withoutNotices(messages: readonly ReserveNotice[], keys: readonly string[]): ReserveNotice[] {
  return messages.filter((m) => !keys.includes(m.key));
}

/** Keys of notices about the last submit; cleared when the visitor submits again. */
const RESERVE_NOTICE_KEYS = ['reserve.error', 'reserve.sessionSoldOut', 'reserve.dateSoldOut'];

/**
 * The submit rule on context alone: a session or flexible tickets chosen, at least one ticket, every group
 * within its limits.
 */
export function isReadyToSubmit(context: DateFirstReserveContext): boolean {
  return (
    (context.selectedSessionId !== null || context.flexible) &&
    isSelectionValid(context.groups, context.quantities) &&
    seatsMatch(context.groups, context.quantities, context.seats)
  );
}

/** Flexible (any-date) groups of the event: reserved without a date or session. */
export function flexibleGroupsOf(event: DateFirstReserveContext['event']): TicketGroupModel[] {
  return event.ticketGroups.filter((group) => group.flexible === true);
}

/** A session's groups without the flexible ones (those are chosen through the flexible option). */
function datedGroups(event: DateFirstReserveContext['event'], groups: readonly TicketGroupModel[]) {
  const flexibleIds = new Set(flexibleGroupsOf(event).map((group) => group.id));
  return groups.filter((group) => !flexibleIds.has(group.id));
}

function presetResolution(context: DateFirstReserveContext, sessions: SessionModel[]) {
  return context.preset.session === null
    ? null
    : resolvePresetSession(context.preset.session, sessions, context.now);
}

// ---- the machine ------------------------------------------------------------------------------------

export const dateFirstReserveMachine = setup({
  types: {
    context: {} as DateFirstReserveContext,
    events: {} as DateFirstReserveEvent,
    input: {} as DateFirstReserveInput,
    output: {} as DateFirstReserveOutput,
  },
  actors: {
    loadCalendar: fromPromise<CalendarDayModel[], LoadCalendarInput>(async () => notProvided('loadCalendar')),
    loadSessions: fromPromise<SessionModel[], LoadSessionsInput>(async () => notProvided('loadSessions')),
    /** One session by id (null: no such session), for the day of a `session` query id. */
    findSession: fromPromise<SessionModel | null, FindSessionInput>(async () => notProvided('findSession')),
    loadSessionGroups: fromPromise<TicketGroupModel[], LoadSessionGroupsInput>(async () =>
      notProvided('loadSessionGroups'),
    ),
    reserve: fromPromise<CartModel, ReserveInput>(async () => notProvided('reserve')),
  },
  delays: {},
  guards: {
    hasNoAvailableDay: ({ event }) => availableDays(outputOf<CalendarDayModel[]>(event)).length === 0,
    isQueryRejected: ({ context, event }) =>
      context.mode === 'strict' &&
      planFromQuery(context.query, context.event, outputOf<CalendarDayModel[]>(event), context.now).problems
        .length > 0,
    hasSelectedDate: ({ context }) => context.selectedDate !== null,
    /** The query names a session id (not 'today' or 'next'): its day is found by looking it up. */
    queryNamesSessionId: ({ context, event }) =>
      sessionIdOf(
        planFromQuery(context.query, context.event, outputOf<CalendarDayModel[]>(event), context.now).session,
      ) !== null,
    isFoundOnAvailableDay: ({ context, event }) =>
      foundSessionDate(outputOf<SessionModel | null>(event), context.days, context.event.venue.timezone) !==
      null,
    isStrict: ({ context }) => context.mode === 'strict',
    hasFlexibleTickets: ({ context }) => flexibleGroupsOf(context.event).length > 0,
    isFlexible: ({ context }) => context.flexible,
    hasSeveralDays: ({ context }) => availableDays(context.days).length > 1,
    isAvailableDay: ({ context, event }) =>
      event.type === 'date.select' && isAvailableDay(context.days, event.date),
    isSelectableSession: ({ context, event }) => {
      if (event.type !== 'session.select') return false;
      const session = context.sessions.find((s) => s.id === event.sessionId);
      return session !== undefined && isSelectableSession(session);
    },
    /** After a sold-out reserve: another session of the day still has capacity. */
    isSoldOutRecoveredBySession: ({ context, event }) =>
      context.soldOut !== null &&
      outputOf<SessionModel[]>(event).some(
        (s) => s.id !== context.soldOut?.sessionId && isSelectableSession(s),
      ),
    /** After a sold-out reserve: nothing left that day. */
    isSoldOutOfDay: ({ context }) => context.soldOut !== null,
    isPresetSessionRejected: ({ context, event }) => {
      const resolution = presetResolution(context, outputOf<SessionModel[]>(event));
      return context.mode === 'strict' && resolution !== null && 'problem' in resolution;
    },
    hasPresetSession: ({ context, event }) => {
      const resolution = presetResolution(context, outputOf<SessionModel[]>(event));
      return resolution !== null && 'sessionId' in resolution;
    },
    canSubmit: ({ context }) => isReadyToSubmit(context),
    isSessionSoldOutError: ({ event }) => isSessionSoldOutError(event),
    /** The cart the reserve went to is gone (deleted or expired) and no new cart was tried yet. */
    isCartGoneFirstTime: ({ context, event }) => isCartGoneFirstTime(context, event),
  },
  actions: {
    /** Injected: tell the app's cart about the reservation and navigate on. Params: the cart. */
    reserved: (_args, _cart: CartModel) => {},
    /**
     * Calls `reserved` with the cart just assigned. An action defined in the same `setup` cannot see the
     * other actions' types, hence the cast; the object is resolved by name, so a provided `reserved` runs.
     */
    announceReserved: enqueueActions(({ context, enqueue }) => {
      if (!context.cart) return;
      const call = { type: 'reserved', params: context.cart };
      enqueue(call as unknown as Parameters<typeof enqueue>[0]);
    }),
    assignDays: assign({ days: ({ event }) => outputOf<CalendarDayModel[]>(event) }),
    assignInitError: assign({ initError: ({ event }) => errorText(event) }),
    rejectQuery: assign({ initError: () => message('eventUnavailable') }),
    resetForRetry: assign({ initError: null, messages: () => [] }),
    applyQueryPlan: assign(({ context }) => {
      const plan = planFromQuery(context.query, context.event, context.days, context.now);
      const notices = context.mode === 'warn' ? plan.problems.map(problemNotice) : [];
      return {
        selectedDate: plan.date,
        preset: { session: plan.session, quantities: plan.quantities },
        messages: notices.reduce(withNotice, context.messages),
      };
    }),
    /** The looked-up session's day becomes the selected date; its sessions then resolve the preset. */
    assignFoundSessionDate: assign({
      selectedDate: ({ context, event }) =>
        foundSessionDate(outputOf<SessionModel | null>(event), context.days, context.event.venue.timezone),
    }),
    /** The query's session id names no bookable session: warn (in warn mode) and forget it. */
    noteSessionNotFound: assign(({ context }) => ({
      preset: { ...context.preset, session: null },
      messages:
        context.mode === 'warn'
          ? withNotice(context.messages, problemNotice({ key: 'query.session', name: 'sessionNotFound' }))
          : context.messages,
    })),
    selectDate: assign(({ context, event }) => ({
      selectedDate: event.type === 'date.select' ? event.date : context.selectedDate,
      flexible: false,
      sessions: [],
      selectedSessionId: null,
      groups: [],
      quantities: {},
      seats: {},
      soldOut: null,
      preset: { ...context.preset, session: null },
    })),
    /** Flexible tickets: no date, no session; the event's flexible groups with fresh quantities. */
    selectFlexible: assign(({ context }) => ({
      flexible: true,
      selectedDate: null,
      sessions: [],
      selectedSessionId: null,
      groups: flexibleGroupsOf(context.event),
      quantities: {},
      soldOut: null,
      preset: { ...context.preset, session: null },
    })),
    /** Back to single-date tickets: the day list, nothing chosen. */
    clearFlexible: assign({ flexible: false, groups: [], quantities: {} }),
    clearDate: assign({
      selectedDate: null,
      sessions: [],
      selectedSessionId: null,
      groups: [],
      quantities: {},
    }),
    assignSessions: assign({ sessions: ({ event }) => outputOf<SessionModel[]>(event) }),
    selectPresetSession: assign(({ context }) => {
      const resolution = presetResolution(context, context.sessions);
      return {
        selectedSessionId: resolution && 'sessionId' in resolution ? resolution.sessionId : null,
        groups: [],
        quantities: {},
        preset: { ...context.preset, session: null },
      };
    }),
    /** A preset session that did not resolve: warn (in warn mode) and forget it. */
    settlePresetSession: assign(({ context }) => {
      const resolution = presetResolution(context, context.sessions);
      const notice =
        resolution && 'problem' in resolution && context.mode === 'warn'
          ? problemNotice(resolution.problem)
          : null;
      return {
        preset: { ...context.preset, session: null },
        messages: notice ? withNotice(context.messages, notice) : context.messages,
      };
    }),
    selectSession: assign(({ context, event }) => ({
      selectedSessionId: event.type === 'session.select' ? event.sessionId : context.selectedSessionId,
      groups: [],
      quantities: {},
      seats: {},
    })),
    /** The seat map's confirmed seats. */
    assignSeats: assign({
      seats: ({ context, event }) => (event.type === 'seats.set' ? event.seats : context.seats),
    }),
    /** A seat another buyer took first is dropped: the map, opened again, shows it booked. */
    dropTakenSeats: assign({
      seats: ({ context, event }) => withoutTakenSeats(context.seats, flowErrorOf(event)),
    }),
    assignGroups: assign({
      groups: ({ context, event }) => datedGroups(context.event, outputOf<TicketGroupModel[]>(event)),
    }),
    /** Query counts, applied once through the quantity rules when the first ticket groups load. */
    applyPresetQuantities: assign(({ context }) => ({
      quantities: applyPresetQuantities(quantityScope(context), context.preset.quantities),
      preset: { ...context.preset, quantities: {} },
    })),
    incrementQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.increment'
          ? increment(quantityScope(context), event.ticketTypeId)
          : context.quantities,
    }),
    decrementQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.decrement'
          ? decrement(quantityScope(context), event.ticketTypeId)
          : context.quantities,
    }),
    setQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.set'
          ? setQuantity(quantityScope(context), event.ticketTypeId, event.quantity)
          : context.quantities,
    }),
    clearReserveNotices: assign({
      messages: ({ context }) => withoutNotices(context.messages, RESERVE_NOTICE_KEYS),
    }),
    dismissMessage: assign({
      messages: ({ context, event }) =>
        event.type === 'message.dismiss' ? withoutNotices(context.messages, [event.key]) : context.messages,
    }),
    noteLoadError: assign({
      messages: ({ context, event }) =>
        withNotice(context.messages, { key: 'load.error', level: 'error', message: errorText(event) }),
    }),
    clearLoadError: assign({ messages: ({ context }) => withoutNotices(context.messages, ['load.error']) }),
    assignCart: assign({ cart: ({ event }) => outputOf<CartModel>(event) }),
    markRetryInNewCart: assign({ retriedInNewCart: true }),
    clearRetryInNewCart: assign({ retriedInNewCart: false }),
    noteReserveError: assign({
      messages: ({ context, event }) =>
        withNotice(context.messages, { key: 'reserve.error', level: 'error', message: errorText(event) }),
    }),
    /** Keeps the failed session's start and day for the sold-out message, then clears the session. */
    rememberSoldOutSession: assign(({ context }) => {
      const session = selectedSessionOf(context);
      return {
        soldOut:
          session && context.selectedDate
            ? { sessionId: session.id, start: session.start, date: context.selectedDate }
            : null,
        selectedSessionId: null,
        groups: [],
        quantities: {},
      };
    }),
    noteSessionSoldOut: assign(({ context }) => ({
      soldOut: null,
      messages: withNotice(context.messages, {
        key: 'reserve.sessionSoldOut',
        level: 'error',
        message: message('sessionSoldOut', {
          time: context.soldOut ? formatSessionTime(context.soldOut.start, context.event.venue.timezone) : '',
        }),
      }),
    })),
    noteDateSoldOut: assign(({ context }) => ({
      soldOut: null,
      messages: withNotice(context.messages, {
        key: 'reserve.dateSoldOut',
        level: 'error',
        message: message('dateSoldOut', { date: context.soldOut ? formatDay(context.soldOut.date) : '' }),
      }),
    })),
  },
}).createMachine({
  id: 'dateFirstReserve',
  context: initialContext,
  output: machineOutput,
  initial: 'loading',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: calendarInput,
        onDone: [
          {
            guard: 'hasNoAvailableDay',
            target: 'noAvailability',
            actions: 'assignDays',
          },
          { guard: 'isQueryRejected', target: 'initError', actions: ['assignDays', 'rejectQuery'] },
          {
            guard: 'queryNamesSessionId',
            target: 'findingSession',
            actions: ['assignDays', 'applyQueryPlan'],
          },
          { target: 'picking', actions: ['assignDays', 'applyQueryPlan'] },
        ],
        onError: { target: 'initError', actions: 'assignInitError' },
      },
    },
    findingSession: {
      description: 'A session id in the query: the session is looked up for its day before the picker shows.',
      invoke: {
        id: 'findSession',
        src: 'findSession',
        input: findSessionInput,
        onDone: [
          { guard: 'isFoundOnAvailableDay', target: 'picking', actions: 'assignFoundSessionDate' },
          { guard: 'isStrict', target: 'initError', actions: 'rejectQuery' },
          { target: 'picking', actions: 'noteSessionNotFound' },
        ],
        onError: [
          { guard: 'isStrict', target: 'initError', actions: 'rejectQuery' },
          { target: 'picking', actions: 'noteSessionNotFound' },
        ],
      },
    },
    noAvailability: {},
    initError: {
      on: { retry: { target: 'loading', actions: 'resetForRetry' } },
    },
    picking: {
      initial: 'entry',
      on: {
        'date.select': { guard: 'isAvailableDay', target: '.session', actions: 'selectDate' },
        'flexible.select': { guard: 'hasFlexibleTickets', target: '.flexible', actions: 'selectFlexible' },
      },
      states: {
        entry: {
          always: [{ guard: 'hasSelectedDate', target: 'session' }, { target: 'date' }],
        },
        date: {},
        flexible: {
          description:
            'Flexible (any-date) tickets: no date or session; the quantities of the flexible groups.',
          on: {
            'flexible.clear': { target: 'date', actions: 'clearFlexible' },
            'quantity.increment': { actions: 'incrementQuantity' },
            'quantity.decrement': { actions: 'decrementQuantity' },
            'quantity.set': { actions: 'setQuantity' },
            submit: {
              guard: 'canSubmit',
              target: '#dateFirstReserve.reserving',
              actions: ['clearReserveNotices', 'clearRetryInNewCart'],
            },
          },
        },
        session: {
          initial: 'loading',
          on: {
            'date.change': { guard: 'hasSeveralDays', target: 'date' },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadSessions',
                src: 'loadSessions',
                input: sessionsInput,
                onDone: [
                  {
                    guard: 'isSoldOutRecoveredBySession',
                    target: 'loaded',
                    actions: ['assignSessions', 'noteSessionSoldOut'],
                  },
                  {
                    guard: 'isSoldOutOfDay',
                    target: '#dateFirstReserve.picking.calendarReloading',
                    actions: 'assignSessions',
                  },
                  {
                    guard: 'isPresetSessionRejected',
                    target: '#dateFirstReserve.initError',
                    actions: ['assignSessions', 'rejectQuery'],
                  },
                  {
                    guard: 'hasPresetSession',
                    target: 'loaded.chosen',
                    actions: ['assignSessions', 'selectPresetSession'],
                  },
                  { target: 'loaded', actions: ['assignSessions', 'settlePresetSession'] },
                ],
                onError: { target: 'loadError', actions: 'noteLoadError' },
              },
            },
            loadError: {
              on: { retry: { target: 'loading', actions: 'clearLoadError' } },
            },
            loaded: {
              initial: 'choosing',
              on: {
                'session.select': {
                  guard: 'isSelectableSession',
                  target: '.chosen',
                  actions: 'selectSession',
                },
              },
              states: {
                choosing: {},
                chosen: {
                  initial: 'loading',
                  on: { 'session.change': 'choosing' },
                  states: {
                    loading: {
                      invoke: {
                        id: 'loadSessionGroups',
                        src: 'loadSessionGroups',
                        input: sessionGroupsInput,
                        onDone: { target: 'ready', actions: ['assignGroups', 'applyPresetQuantities'] },
                        onError: { target: 'loadError', actions: 'noteLoadError' },
                      },
                    },
                    loadError: {
                      on: { retry: { target: 'loading', actions: 'clearLoadError' } },
                    },
                    ready: {
                      on: {
                        'quantity.increment': { actions: 'incrementQuantity' },
                        'quantity.decrement': { actions: 'decrementQuantity' },
                        'quantity.set': { actions: 'setQuantity' },
                        'seats.set': { actions: 'assignSeats' },
                        submit: {
                          guard: 'canSubmit',
                          target: '#dateFirstReserve.reserving',
                          actions: ['clearReserveNotices', 'clearRetryInNewCart'],
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        calendarReloading: {
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            input: calendarInput,
            onDone: [
              {
                guard: 'hasNoAvailableDay',
                target: '#dateFirstReserve.noAvailability',
                actions: ['assignDays', 'clearDate', 'noteDateSoldOut'],
              },
              { target: 'date', actions: ['assignDays', 'clearDate', 'noteDateSoldOut'] },
            ],
            onError: { target: 'date', actions: ['clearDate', 'noteDateSoldOut'] },
          },
        },
      },
    },
    reserving: {
      description:
        "Reserving into the app cart's current id; a cart found gone is replaced by a new one, once.",
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: reserveInput,
        onDone: { target: 'done', actions: ['assignCart', 'announceReserved'] },
        onError: [
          { guard: 'isCartGoneFirstTime', target: 'reserving', reenter: true, actions: 'markRetryInNewCart' },
          { guard: 'isFlexible', target: 'picking.flexible', actions: 'noteReserveError' },
          {
            guard: 'isSessionSoldOutError',
            target: 'picking.session.loading',
            actions: 'rememberSoldOutSession',
          },
          { target: 'picking.session.loaded.chosen.ready', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type DateFirstReserveMachine = typeof dateFirstReserveMachine;
