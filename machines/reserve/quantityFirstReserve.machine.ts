/**
 * Quantity-first reserve flow (spec 1 §2 "Quantity-first flow", §4 "Quantity-first flow").
 *
 * quantities (open) --'Find tickets'--> loadingCalendar (POST calendar with the quantities; a failure reopens
 * the quantities with its message) -> picking: date -> loadingSessions (POST sessions: prices per session)
 * -> sessions -> chosen (the attendee section and city-pass voucher fields show) --submit--> reserving -> done
 * (output { cart }); a refused voucher (invalid_citypass, code_exhausted naming a typed one) is shown beside its
 * field.
 * Reopening the quantities resets date and session; changing the date resets the session.
 *
 * As in the date-first machine, the config holds no inline functions: actors, guards and actions are named in
 * `setup` (the reserve core's, and this chart's own from quantityFirstReserve.impl.ts), as are the mappers.
 */
import { setup } from 'xstate';
import { dayPickerActions, reserveCoreActions, ticketFormActions } from './core/actions';
import { dayPickerGuards, reserveCoreGuards, voucherGuards } from './core/guards';
import { reserveIntoCartMachine } from './core/reserveIntoCart.machine';
import { cartOutput } from './core/rules';
import type { ReserveOutput } from './core/types';
import {
  calendarInput,
  initialContext,
  quantityFirstActions,
  quantityFirstActors,
  quantityFirstGuards,
  reserveInput,
  sessionsInput,
} from './quantityFirstReserve.impl';
import type {
  QuantityFirstReserveContext,
  QuantityFirstReserveEvent,
  QuantityFirstReserveInput,
} from './quantityFirstReserve.types';

export const quantityFirstReserveMachine = setup({
  types: {
    context: {} as QuantityFirstReserveContext,
    events: {} as QuantityFirstReserveEvent,
    input: {} as QuantityFirstReserveInput,
    output: {} as ReserveOutput,
  },
  actors: { ...quantityFirstActors, reserveIntoCart: reserveIntoCartMachine },
  guards: { ...reserveCoreGuards, ...dayPickerGuards, ...voucherGuards, ...quantityFirstGuards },
  actions: {
    ...reserveCoreActions<QuantityFirstReserveContext, QuantityFirstReserveEvent>(),
    ...dayPickerActions<QuantityFirstReserveContext, QuantityFirstReserveEvent>(),
    ...ticketFormActions<QuantityFirstReserveContext, QuantityFirstReserveEvent>(),
    ...quantityFirstActions,
  },
}).createMachine({
  id: 'quantityFirstReserve',
  description:
    'Quantity first (spec 1): choose how many tickets of each type, find the days that have them, then a day and a time, and reserve.',
  context: initialContext,
  output: cartOutput,
  initial: 'quantities',
  on: { 'message.dismiss': { actions: 'dismissMessage' } },
  states: {
    quantities: {
      description:
        'The quantities (and the amounts of flexible prices) are open; Find tickets closes them and loads the calendar for them, once every chosen amount fits its bounds (else the amounts show their problem).',
      on: {
        'quantity.increment': { actions: 'changeQuantity' },
        'quantity.decrement': { actions: 'changeQuantity' },
        'quantity.set': { actions: 'changeQuantity' },
        'price.change': { actions: 'changePrice' },
        'tickets.find': [
          { guard: 'canFindTickets', target: 'loadingCalendar', actions: 'clearCalendarError' },
          { guard: 'quantitiesChosen', actions: 'checkPrices' },
        ],
      },
    },
    loadingCalendar: {
      description: 'The calendar of the days that have the chosen tickets is loading.',
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: calendarInput,
        onDone: [
          {
            guard: 'hasSingleDay',
            target: 'picking.loadingSessions',
            actions: ['assignDays', 'selectOnlyDay'],
          },
          { target: 'picking', actions: 'assignDays' },
        ],
        onError: { target: 'quantities', actions: 'noteCalendarError' },
      },
    },
    picking: {
      description: 'The quantities are set: the visitor picks a day and a time.',
      initial: 'date',
      on: {
        'quantities.open': { target: 'quantities', actions: 'resetDateAndSession' },
        'date.select': { guard: 'isAvailableDay', target: '.loadingSessions', actions: 'selectDate' },
      },
      states: {
        date: { description: "'Choose a date': no day chosen yet." },
        loadingSessions: {
          description: "The chosen day's sessions are loading.",
          invoke: {
            id: 'loadSessions',
            src: 'loadSessions',
            input: sessionsInput,
            onDone: [
              {
                guard: 'isSoldOutRecoveredBySession',
                target: 'sessions',
                actions: ['assignSessions', 'noteSessionSoldOut'],
              },
              { guard: 'isSoldOutOfDay', target: 'reloadingCalendar', actions: 'assignSessions' },
              { target: 'sessions', actions: 'assignSessions' },
            ],
            onError: { target: 'sessionsError', actions: 'noteLoadError' },
          },
        },
        sessionsError: {
          description: "The day's sessions could not be loaded: the error and a retry.",
          on: { retry: { target: 'loadingSessions', actions: 'clearLoadError' } },
        },
        sessions: {
          description: "The day's sessions with room for the tickets: the visitor chooses a time.",
          on: {
            'date.change': { guard: 'hasSeveralDays', target: 'date', actions: 'clearDate' },
            'session.select': { guard: 'isSelectableSession', target: 'chosen', actions: 'selectSession' },
          },
        },
        chosen: {
          description:
            'A session is chosen: the attendee section, the city-pass voucher fields (and the seat selection block of seated tickets) show; submit once every seated ticket has a seat and the attendee and voucher rules hold (a submit they stop shows the problems of the fields).',
          on: {
            'date.change': { guard: 'hasSeveralDays', target: 'date', actions: 'clearDate' },
            'session.select': { guard: 'isSelectableSession', actions: 'selectSession' },
            'seats.set': { actions: 'assignSeats' },
            'admit.change': { actions: 'changeAdmit' },
            'survey.change': { actions: 'changeSurvey' },
            'voucher.change': { actions: 'changeVoucher' },
            submit: [
              {
                guard: 'canSubmit',
                target: '#quantityFirstReserve.reserving',
                actions: ['clearReserveNotices', 'clearVoucherRefusal'],
              },
              { guard: 'ticketsReady', actions: ['checkAdmits', 'checkSurveys', 'checkVouchers'] },
            ],
          },
        },
        reloadingCalendar: {
          description: 'The chosen day sold out: the calendar is loaded again.',
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            input: calendarInput,
            onDone: { target: 'date', actions: ['assignDays', 'noteDateSoldOut'] },
            onError: { target: 'date', actions: 'noteDateSoldOut' },
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
          { guard: 'isSessionSoldOut', target: 'picking.loadingSessions', actions: 'rememberSoldOutSession' },
          { guard: 'isVoucherRefusal', target: 'picking.chosen', actions: 'noteVoucherRefusal' },
          { target: 'picking.chosen', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
        onError: { target: 'picking.chosen', actions: 'noteReserveError' },
      },
    },
    done: { description: 'The tickets are in the cart.', type: 'final' },
  },
});

export type QuantityFirstReserveMachine = typeof quantityFirstReserveMachine;
