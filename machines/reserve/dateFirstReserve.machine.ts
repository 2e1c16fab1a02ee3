/**
 * Date-first reserve flow (spec section 2 "Date-first reserve screen", section 4 "Date-first flow").
 *
 * loading -> noAvailability | initError | picking; picking: date list -> session list -> tickets (quantities,
 * attendees and city-pass vouchers); submit (the attendee and voucher rules holding) -> reserving (the reserve
 * core's child) -> done (output { cart }); a refused voucher (invalid_citypass, code_exhausted naming a typed
 * one) is shown beside its field. The promise actors are provided by the route with
 * `machine.provide({ actors })`; `reserved` is the injected "tell the cart and navigate" action.
 * Actors, guards and actions are named in `setup` (the core's, and this chart's own from its .impl.ts):
 * the config holds no inline functions, so `JSON.stringify` gives clean data for Stately Studio.
 */
import { setup } from 'xstate';
import { dayPickerActions, reserveCoreActions, ticketFormActions } from './core/actions';
import { dayPickerGuards, reserveCoreGuards, voucherGuards } from './core/guards';
import { reserveIntoCartMachine } from './core/reserveIntoCart.machine';
import { cartOutput } from './core/rules';
import type { ReserveOutput } from './core/types';
import {
  calendarInput,
  dateFirstActions,
  dateFirstActors,
  dateFirstGuards,
  findSessionInput,
  initialContext,
  reserveInput,
  sessionGroupsInput,
  sessionsInput,
} from './dateFirstReserve.impl';
import type { DateFirstReserveContext, DateFirstReserveEvent, DateFirstReserveInput } from './types';

export const dateFirstReserveMachine = setup({
  types: {
    context: {} as DateFirstReserveContext,
    events: {} as DateFirstReserveEvent,
    input: {} as DateFirstReserveInput,
    output: {} as ReserveOutput,
  },
  actors: { ...dateFirstActors, reserveIntoCart: reserveIntoCartMachine },
  guards: { ...reserveCoreGuards, ...dayPickerGuards, ...voucherGuards, ...dateFirstGuards },
  actions: {
    ...reserveCoreActions<DateFirstReserveContext, DateFirstReserveEvent>(),
    ...dayPickerActions<DateFirstReserveContext, DateFirstReserveEvent>(),
    ...ticketFormActions<DateFirstReserveContext, DateFirstReserveEvent>(),
    ...dateFirstActions,
  },
}).createMachine({
  id: 'dateFirstReserve',
  description:
    'Date first (spec 1): choose a day on the calendar, then a time, then the tickets of that session, and reserve them into the cart.',
  context: initialContext,
  output: cartOutput,
  initial: 'loading',
  on: { 'message.dismiss': { actions: 'dismissMessage' } },
  states: {
    loading: {
      description: "The calendar of the event's available days is loading.",
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: calendarInput,
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
        input: findSessionInput,
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
      description:
        'reserve=strict and the query cannot be honoured: the generic unavailable message. The same query always gets the same answer, so nothing offers to try it again.',
    },
    picking: {
      description: 'The visitor picks a day, a time and the tickets.',
      initial: 'entry',
      on: {
        'date.select': { guard: 'isAvailableDay', target: '.session', actions: 'selectDate' },
        'flexible.select': { guard: 'hasFlexibleTickets', target: '.flexible', actions: 'selectFlexible' },
      },
      states: {
        entry: {
          description:
            'A day already chosen (by the query or before) goes straight to its sessions; otherwise the calendar.',
          always: [{ guard: 'hasSelectedDate', target: 'session' }, { target: 'date' }],
        },
        date: { description: "'Choose a date': the calendar and the first days; no session yet." },
        flexible: {
          description:
            'Flexible (any-date) tickets: no date or session; the quantities of the flexible groups.',
          on: {
            'flexible.clear': { target: 'date', actions: 'clearFlexible' },
            'quantity.increment': { actions: 'changeQuantity' },
            'quantity.decrement': { actions: 'changeQuantity' },
            'quantity.set': { actions: 'changeQuantity' },
            'admit.change': { actions: 'changeAdmit' },
            'survey.change': { actions: 'changeSurvey' },
            'price.change': { actions: 'changePrice' },
            'voucher.change': { actions: 'changeVoucher' },
            submit: [
              {
                guard: 'canSubmit',
                target: '#dateFirstReserve.reserving',
                actions: ['clearReserveNotices', 'clearVoucherRefusal'],
              },
              {
                guard: 'ticketsReady',
                actions: ['checkAdmits', 'checkSurveys', 'checkPrices', 'checkVouchers'],
              },
            ],
          },
        },
        session: {
          description: 'A day is chosen: its sessions.',
          initial: 'loading',
          on: { 'date.change': { guard: 'hasSeveralDays', target: 'date' } },
          states: {
            loading: {
              description: "The day's sessions are loading.",
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
                  actions: 'selectSession',
                },
              },
              states: {
                choosing: { description: "'Choose a time': no session chosen yet." },
                chosen: {
                  description: 'A session is chosen: its ticket groups.',
                  initial: 'loading',
                  on: { 'session.change': 'choosing' },
                  states: {
                    loading: {
                      description: "The session's ticket groups and prices are loading.",
                      invoke: {
                        id: 'loadSessionGroups',
                        src: 'loadSessionGroups',
                        input: sessionGroupsInput,
                        onDone: { target: 'ready', actions: ['assignGroups', 'applyPresetQuantities'] },
                        onError: { target: 'loadError', actions: 'noteLoadError' },
                      },
                    },
                    loadError: {
                      description: "The session's groups could not be loaded: the error and a retry.",
                      on: { retry: { target: 'loading', actions: 'clearLoadError' } },
                    },
                    ready: {
                      description:
                        'The ticket form: quantities, seats, attendees, surveys and vouchers; submit reserves when they are valid.',
                      on: {
                        'quantity.increment': { actions: 'changeQuantity' },
                        'quantity.decrement': { actions: 'changeQuantity' },
                        'quantity.set': { actions: 'changeQuantity' },
                        'seats.set': { actions: 'assignSeats' },
                        'admit.change': { actions: 'changeAdmit' },
                        'survey.change': { actions: 'changeSurvey' },
                        'price.change': { actions: 'changePrice' },
                        'voucher.change': { actions: 'changeVoucher' },
                        submit: [
                          {
                            guard: 'canSubmit',
                            target: '#dateFirstReserve.reserving',
                            actions: ['clearReserveNotices', 'clearVoucherRefusal'],
                          },
                          {
                            guard: 'ticketsReady',
                            actions: ['checkAdmits', 'checkSurveys', 'checkPrices', 'checkVouchers'],
                          },
                        ],
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
          { guard: 'isFlexibleVoucherRefusal', target: 'picking.flexible', actions: 'noteVoucherRefusal' },
          { guard: 'isFlexible', target: 'picking.flexible', actions: 'noteReserveError' },
          { guard: 'isSessionSoldOut', target: 'picking.session.loading', actions: 'rememberSoldOutSession' },
          {
            guard: 'isVoucherRefusal',
            target: 'picking.session.loaded.chosen.ready',
            actions: 'noteVoucherRefusal',
          },
          { target: 'picking.session.loaded.chosen.ready', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
        onError: [
          { guard: 'isFlexible', target: 'picking.flexible', actions: 'noteReserveError' },
          { target: 'picking.session.loaded.chosen.ready', actions: 'noteReserveError' },
        ],
      },
    },
    done: { description: 'The tickets are in the cart.', type: 'final' },
  },
});

export type DateFirstReserveMachine = typeof dateFirstReserveMachine;
