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
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CalendarDayModel, SessionModel, TicketGroupModel } from '../../api/models';
import { message } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import { dayPickerActions, reserveCoreActions, seatActions } from './core/actions';
import { dayPickerGuards, reserveCoreGuards } from './core/guards';
import { reserveIntoCartMachine } from './core/reserveIntoCart.machine';
import { cartOutput, flowErrorOf, reserveErrorText, ticketsReserveInput, withNotice } from './core/rules';
import { dateSoldOutNotice, soldOutSessionOf } from './core/sold-out';
import type { ReserveIntoCartInput } from './core/types';
import { applyPresetQuantities, isSelectionValid, type QuantityScope, quantitiesAfter } from './quantities';
import {
  availableDays,
  foundSessionDate,
  parseReserveMode,
  planFromQuery,
  problemNotice,
  resolvePresetSession,
  sessionIdOf,
} from './query';
import { seatsMatch } from './seats';
import type {
  DateFirstReserveContext,
  DateFirstReserveEvent,
  DateFirstReserveInput,
  DateFirstReserveOutput,
  FindSessionInput,
  LoadCalendarInput,
  LoadSessionGroupsInput,
  LoadSessionsInput,
} from './types';

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

export function reserveInput({ context }: { context: DateFirstReserveContext }): ReserveIntoCartInput {
  const sessionId = context.flexible ? null : context.selectedSessionId;
  return ticketsReserveInput(context.event.id, sessionId, context.groups, context.quantities, context.seats);
}

// ---- helpers over context and events ----------------------------------------------------------------

export function selectedSessionOf(context: DateFirstReserveContext): SessionModel | null {
  return context.sessions.find((session) => session.id === context.selectedSessionId) ?? null;
}

export function quantityScope(context: DateFirstReserveContext): QuantityScope {
  return { groups: context.groups, session: selectedSessionOf(context), quantities: context.quantities };
}

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
    loadCalendar: fromPromise<CalendarDayModel[], LoadCalendarInput>(notProvided('loadCalendar')),
    loadSessions: fromPromise<SessionModel[], LoadSessionsInput>(notProvided('loadSessions')),
    /** One session by id (null: no such session), for the day of a `session` query id. */
    findSession: fromPromise<SessionModel | null, FindSessionInput>(notProvided('findSession')),
    loadSessionGroups: fromPromise<TicketGroupModel[], LoadSessionGroupsInput>(
      notProvided('loadSessionGroups'),
    ),
    reserveIntoCart: reserveIntoCartMachine,
  },
  delays: {},
  guards: {
    ...reserveCoreGuards,
    ...dayPickerGuards,
    hasNoAvailableDay: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadCalendar');
      return availableDays(event.output).length === 0;
    },
    isQueryRejected: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadCalendar');
      return (
        context.mode === 'strict' &&
        planFromQuery(context.query, context.event, event.output, context.now).problems.length > 0
      );
    },
    hasSelectedDate: ({ context }) => context.selectedDate !== null,
    /** The query names a session id (not 'today' or 'next'): its day is found by looking it up. */
    queryNamesSessionId: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadCalendar');
      return (
        sessionIdOf(planFromQuery(context.query, context.event, event.output, context.now).session) !== null
      );
    },
    isFoundOnAvailableDay: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.findSession');
      return foundSessionDate(event.output, context.days, context.event.venue.timezone) !== null;
    },
    isStrict: ({ context }) => context.mode === 'strict',
    hasFlexibleTickets: ({ context }) => flexibleGroupsOf(context.event).length > 0,
    isFlexible: ({ context }) => context.flexible,
    isPresetSessionRejected: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessions');
      const resolution = presetResolution(context, event.output);
      return context.mode === 'strict' && resolution !== null && 'problem' in resolution;
    },
    hasPresetSession: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessions');
      const resolution = presetResolution(context, event.output);
      return resolution !== null && 'sessionId' in resolution;
    },
    canSubmit: ({ context }) => isReadyToSubmit(context),
  },
  actions: {
    ...reserveCoreActions<DateFirstReserveContext, DateFirstReserveEvent>(),
    ...seatActions<DateFirstReserveContext, DateFirstReserveEvent>(),
    ...dayPickerActions<DateFirstReserveContext, DateFirstReserveEvent>(),
    assignInitError: assign({ initError: ({ event }) => reserveErrorText(flowErrorOf(event)) }),
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
      selectedDate: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.findSession');
        return foundSessionDate(event.output, context.days, context.event.venue.timezone);
      },
    }),
    /** The query's session id names no bookable session: warn (in warn mode) and forget it. */
    noteSessionNotFound: assign(({ context }) => ({
      preset: { ...context.preset, session: null },
      messages:
        context.mode === 'warn'
          ? withNotice(context.messages, problemNotice({ key: 'query.session', name: 'sessionNotFound' }))
          : context.messages,
    })),
    selectDate: assign(({ context, event }) => {
      assertEvent(event, 'date.select');
      return {
        selectedDate: event.date,
        flexible: false,
        sessions: [],
        selectedSessionId: null,
        groups: [],
        quantities: {},
        seats: {},
        soldOut: null,
        preset: { ...context.preset, session: null },
      };
    }),
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
    assignSessions: assign({
      sessions: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadSessions');
        return event.output;
      },
    }),
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
    selectSession: assign(({ event }) => {
      assertEvent(event, 'session.select');
      return { selectedSessionId: event.sessionId, groups: [], quantities: {}, seats: {} };
    }),
    assignGroups: assign({
      groups: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.loadSessionGroups');
        return datedGroups(context.event, event.output);
      },
    }),
    /** Query counts, applied once through the quantity rules when the first ticket groups load. */
    applyPresetQuantities: assign(({ context }) => ({
      quantities: applyPresetQuantities(quantityScope(context), context.preset.quantities),
      preset: { ...context.preset, quantities: {} },
    })),
    /** A stepper's increment, decrement or typed count, through the quantity rules. */
    changeQuantity: assign({
      quantities: ({ context, event }) => quantitiesAfter(quantityScope(context), event),
    }),
    /** Keeps the failed session's start and day for the sold-out message, then clears the session. */
    rememberSoldOutSession: assign(({ context }) => ({
      soldOut: soldOutSessionOf(selectedSessionOf(context), context.selectedDate),
      selectedSessionId: null,
      groups: [],
      quantities: {},
    })),
    noteDateSoldOut: assign(({ context }) => ({
      soldOut: null,
      messages: withNotice(context.messages, dateSoldOutNotice(context.soldOut)),
    })),
  },
}).createMachine({
  id: 'dateFirstReserve',
  context: initialContext,
  output: cartOutput,
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
            'quantity.increment': { actions: 'changeQuantity' },
            'quantity.decrement': { actions: 'changeQuantity' },
            'quantity.set': { actions: 'changeQuantity' },
            submit: {
              guard: 'canSubmit',
              target: '#dateFirstReserve.reserving',
              actions: 'clearReserveNotices',
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
                        'quantity.increment': { actions: 'changeQuantity' },
                        'quantity.decrement': { actions: 'changeQuantity' },
                        'quantity.set': { actions: 'changeQuantity' },
                        'seats.set': { actions: 'assignSeats' },
                        submit: {
                          guard: 'canSubmit',
                          target: '#dateFirstReserve.reserving',
                          actions: 'clearReserveNotices',
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
      description: 'The reserve core puts the tickets in the cart (a new cart, once, when the cart is gone).',
      invoke: {
        id: 'reserveIntoCart',
        src: 'reserveIntoCart',
        input: reserveInput,
        onDone: [
          { guard: 'isReserved', target: 'done', actions: ['assignCart', 'reserved'] },
          { guard: 'isFlexible', target: 'picking.flexible', actions: 'noteReserveError' },
          {
            guard: 'isSessionSoldOut',
            target: 'picking.session.loading',
            actions: 'rememberSoldOutSession',
          },
          { target: 'picking.session.loaded.chosen.ready', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
        onError: [
          { guard: 'isFlexible', target: 'picking.flexible', actions: 'noteReserveError' },
          { target: 'picking.session.loaded.chosen.ready', actions: 'noteReserveError' },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type DateFirstReserveMachine = typeof dateFirstReserveMachine;
