/**
 * Date-first reserve flow (spec 1 §2 "Date-first reserve screen", §4 "Date-first flow"): a day, a time and
 * its tickets, or flexible (any-date) tickets. The form is the child `ticketForm` (core/ticketForm.machine.ts),
 * reset with the groups shown, emptied (closed) when none is; its `form.submitted` -> reserving -> done, a
 * refusal given back (`form.refused`). The config names every implementation in `setup` (no inline functions).
 */
import { setup } from 'xstate';
import { dayPickerFlowActions, dayPickerFlowGuards, formFlowActors } from './core/form-flow';
import { cartOutput } from './core/rules';
import type { ReserveOutput } from './core/types';
import * as impl from './dateFirstReserve.impl';
import type {
  DateFirstReserveContext,
  DateFirstReserveEvent,
  DateFirstReserveInput,
} from './dateFirstReserve.types';

export const dateFirstReserveMachine = setup({
  types: {
    context: {} as DateFirstReserveContext,
    events: {} as DateFirstReserveEvent,
    input: {} as DateFirstReserveInput,
    output: {} as ReserveOutput,
  },
  actors: { ...impl.dateFirstActors, ...formFlowActors },
  guards: { ...dayPickerFlowGuards, ...impl.dateFirstGuards },
  actions: {
    ...dayPickerFlowActions<DateFirstReserveContext, DateFirstReserveEvent>(),
    ...impl.dateFirstActions,
  },
}).createMachine({
  id: 'dateFirstReserve',
  description:
    'Date first (spec 1): choose a day on the calendar, then a time, then the tickets of that session, and reserve them into the cart.',
  context: impl.initialContext,
  output: cartOutput,
  invoke: { id: 'ticketForm', src: 'ticketForm', input: impl.dfFormInput },
  initial: 'loading',
  on: { 'message.dismiss': { actions: 'dismissMessage' } },
  states: {
    loading: {
      description: "The calendar of the event's available days is loading.",
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: impl.calendarInput,
        onDone: [
          { guard: 'hasNoAvailableDay', target: 'noAvailability', actions: 'assignDays' },
          { guard: 'isQueryRejected', target: 'queryRejected', actions: ['assignDays', 'rejectQuery'] },
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
        input: impl.findSessionInput,
        onDone: [
          { guard: 'isFoundOnAvailableDay', target: 'picking', actions: 'assignFoundSessionDate' },
          { guard: 'isStrict', target: 'queryRejected', actions: 'rejectQuery' },
          { target: 'picking', actions: 'noteSessionNotFound' },
        ],
        onError: [
          { guard: 'isStrict', target: 'initError', actions: 'assignInitError' },
          { target: 'picking', actions: 'noteSessionNotFound' },
        ],
      },
    },
    noAvailability: { description: "No day can be booked: the spec's no-availability message." },
    initError: {
      description: 'The calendar could not be loaded: the error and a retry.',
      on: { retry: { target: 'loading', actions: 'resetForRetry' } },
    },
    queryRejected: {
      description: 'reserve=strict and the query cannot be honoured: the unavailable message, no retry.',
    },
    picking: {
      description: 'The visitor picks a day, a time and the tickets.',
      initial: 'entry',
      on: {
        'date.select': { guard: 'isAvailableDay', target: '.session', actions: ['selectDate', 'emptyForm'] },
        'flexible.select': {
          guard: 'hasFlexibleTickets',
          target: '.flexible',
          actions: ['selectFlexible', 'resetForm'],
        },
      },
      states: {
        entry: {
          description:
            'A day already chosen (by the query or before) goes to its sessions, else the calendar.',
          always: [{ guard: 'hasSelectedDate', target: 'session' }, { target: 'date' }],
        },
        date: { description: "'Choose a date': the calendar and the first days; no session yet." },
        flexible: {
          description: 'Flexible (any-date) tickets: no date or session; the form of the flexible groups.',
          on: {
            'flexible.clear': { target: 'date', actions: ['clearFlexible', 'emptyForm'] },
            'form.submitted': {
              target: '#dateFirstReserve.reserving',
              actions: ['clearReserveNotices', 'assignRequest'],
            },
          },
        },
        session: {
          description: 'A day is chosen: its sessions.',
          initial: 'loading',
          on: { 'date.change': { guard: 'hasSeveralDays', target: 'date', actions: 'emptyForm' } },
          states: {
            loading: {
              description: "The day's sessions are loading.",
              invoke: {
                id: 'loadSessions',
                src: 'loadSessions',
                input: impl.sessionsInput,
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
                    target: '#dateFirstReserve.queryRejected',
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
              description: "The day's sessions could not be loaded: the error and a retry.",
              on: { retry: { target: 'loading', actions: 'clearLoadError' } },
            },
            loaded: {
              description: "The day's sessions are shown as time tabs.",
              initial: 'choosing',
              on: {
                'session.select': {
                  guard: 'isSelectableSession',
                  target: '.chosen',
                  actions: ['selectSession', 'emptyForm'],
                },
              },
              states: {
                choosing: { description: "'Choose a time': no session chosen yet." },
                chosen: {
                  description: 'A session is chosen: its ticket groups.',
                  initial: 'loading',
                  on: { 'session.change': { target: 'choosing', actions: 'emptyForm' } },
                  states: {
                    loading: {
                      description: "The session's ticket groups and prices are loading.",
                      invoke: {
                        id: 'loadSessionGroups',
                        src: 'loadSessionGroups',
                        input: impl.sessionGroupsInput,
                        onDone: {
                          target: 'ready',
                          actions: ['assignGroups', 'resetForm', 'settlePresetQuantities'],
                        },
                        onError: { target: 'loadError', actions: 'noteLoadError' },
                      },
                    },
                    loadError: {
                      description: "The session's groups could not be loaded: the error and a retry.",
                      on: { retry: { target: 'loading', actions: 'clearLoadError' } },
                    },
                    ready: {
                      description: 'The form (the child) is open; its valid submit reserves what it holds.',
                      on: {
                        'form.submitted': {
                          target: '#dateFirstReserve.reserving',
                          actions: ['clearReserveNotices', 'assignRequest'],
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
          description: 'The chosen day sold out: the calendar is loaded again and the day cleared.',
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            input: impl.calendarInput,
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
        input: impl.reserveInput,
        onDone: [
          { guard: 'isReserved', target: 'done', actions: ['assignCart', 'reserved'] },
          { guard: 'isFlexibleVoucherRefusal', target: 'picking.flexible', actions: 'refuseForm' },
          { guard: 'isFlexible', target: 'picking.flexible', actions: ['noteReserveError', 'refuseForm'] },
          {
            guard: 'isSessionSoldOut',
            target: 'picking.session.loading',
            actions: ['rememberSoldOutSession', 'emptyForm'],
          },
          { guard: 'isVoucherRefusal', target: 'picking.session.loaded.chosen.ready', actions: 'refuseForm' },
          { target: 'picking.session.loaded.chosen.ready', actions: ['noteReserveError', 'refuseForm'] },
        ],
        onError: [
          { guard: 'isFlexible', target: 'picking.flexible', actions: ['noteReserveError', 'refuseForm'] },
          { target: 'picking.session.loaded.chosen.ready', actions: ['noteReserveError', 'refuseForm'] },
        ],
      },
    },
    done: { description: 'The tickets are in the cart.', type: 'final' },
  },
});

export type DateFirstReserveMachine = typeof dateFirstReserveMachine;
