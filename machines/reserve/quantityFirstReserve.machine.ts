/**
 * Quantity-first reserve flow (spec 1 §2 "Quantity-first flow", §4 "Quantity-first flow").
 *
 * The ticket form is the child `ticketForm` (core/ticketForm.machine.ts), invoked at the root with the event's
 * groups and the query's quantities: it holds the quantities from the start (chosen before the calendar), the
 * amounts, and later the seats, attendees, surveys and vouchers; the view sends the visitor's edits and submit
 * straight to it. quantities (open) --'Find tickets'--> the form checks its quantities and amounts and tells
 * `form.quantities` --> loadingCalendar (POST calendar with them; a failure reopens the quantities with its
 * message) -> picking: date -> loadingSessions (POST sessions: prices per session) -> sessions -> chosen (the
 * form is told the session: the attendee section and city-pass voucher fields show) --form.submitted-->
 * reserving -> done (output { cart }); a refusal gives the form back (`form.refused`: a refused voucher
 * beside its field, a lost seat race's seats dropped). Reopening the quantities resets date and session;
 * changing the date resets the session (the form drops its seats).
 *
 * As in the date-first machine, the config holds no inline functions: actors, guards and actions are named in
 * `setup` (the reserve core's, and this chart's own from quantityFirstReserve.impl.ts), as are the mappers.
 */
import { setup } from 'xstate';
import { dayPickerFlowActions, dayPickerFlowGuards, formFlowActors, tellForm } from './core/form-flow';
import { cartOutput } from './core/rules';
import type { ReserveOutput } from './core/types';
import * as impl from './quantityFirstReserve.impl';
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
  actors: { ...impl.quantityFirstActors, ...formFlowActors },
  guards: { ...dayPickerFlowGuards, ...impl.quantityFirstGuards },
  actions: {
    ...dayPickerFlowActions<QuantityFirstReserveContext, QuantityFirstReserveEvent>(),
    ...impl.quantityFirstActions,
    /** 'Find tickets': the form checks its quantities and amounts (and tells `form.quantities` if they hold). */
    confirmQuantities: tellForm({ type: 'quantities.confirm' }),
    /** The form is told the chosen session, or none (its seats go with the old one). */
    tellSession: tellForm(impl.formSessionOf),
    /** A submit the flow cannot take (no session chosen): the form is back as it was, not left waiting. */
    giveFormBack: tellForm({ type: 'form.refused', error: null }),
  },
}).createMachine({
  id: 'quantityFirstReserve',
  description:
    'Quantity first (spec 1): choose how many tickets of each type, find the days that have them, then a day and a time, and reserve.',
  context: impl.initialContext,
  output: cartOutput,
  invoke: { id: 'ticketForm', src: 'ticketForm', input: impl.qfFormInput },
  initial: 'quantities',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
    'form.submitted': {
      description:
        'The form is open before a session is chosen: a submit the flow cannot reserve gives the form back as it was.',
      actions: 'giveFormBack',
    },
  },
  states: {
    quantities: {
      description:
        'The quantities (and the amounts of flexible prices) are open in the form; Find tickets asks the form, which confirms them once every chosen amount fits its bounds (else the amounts show their problem), and the calendar loads for them.',
      on: {
        'tickets.find': { actions: 'confirmQuantities' },
        'form.quantities': {
          target: 'loadingCalendar',
          actions: ['assignQuantities', 'clearCalendarError'],
        },
      },
    },
    loadingCalendar: {
      description: 'The calendar of the days that have the chosen tickets is loading.',
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: impl.calendarInput,
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
        'quantities.open': { target: 'quantities', actions: ['resetDateAndSession', 'tellSession'] },
        'date.select': {
          guard: 'isAvailableDay',
          target: '.loadingSessions',
          actions: ['selectDate', 'tellSession'],
        },
      },
      states: {
        date: { description: "'Choose a date': no day chosen yet." },
        loadingSessions: {
          description: "The chosen day's sessions are loading.",
          invoke: {
            id: 'loadSessions',
            src: 'loadSessions',
            input: impl.sessionsInput,
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
            'date.change': { guard: 'hasSeveralDays', target: 'date', actions: ['clearDate', 'tellSession'] },
            'session.select': {
              guard: 'isSelectableSession',
              target: 'chosen',
              actions: ['selectSession', 'tellSession'],
            },
          },
        },
        chosen: {
          description:
            'A session is chosen: the form shows the attendee section, the city-pass voucher fields (and the seat selection block of seated tickets); its valid submit reserves what it holds.',
          on: {
            'date.change': { guard: 'hasSeveralDays', target: 'date', actions: ['clearDate', 'tellSession'] },
            'session.select': { guard: 'isSelectableSession', actions: ['selectSession', 'tellSession'] },
            'form.submitted': {
              target: '#quantityFirstReserve.reserving',
              actions: ['clearReserveNotices', 'assignRequest'],
            },
          },
        },
        reloadingCalendar: {
          description: 'The chosen day sold out: the calendar is loaded again.',
          invoke: {
            id: 'loadCalendar',
            src: 'loadCalendar',
            input: impl.calendarInput,
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
        input: impl.reserveInput,
        onDone: [
          { guard: 'isReserved', target: 'done', actions: ['assignCart', 'reserved'] },
          {
            guard: 'isSessionSoldOut',
            target: 'picking.loadingSessions',
            actions: ['rememberSoldOutSession', 'refuseForm', 'tellSession'],
          },
          { guard: 'isVoucherRefusal', target: 'picking.chosen', actions: 'refuseForm' },
          { target: 'picking.chosen', actions: ['noteReserveError', 'refuseForm'] },
        ],
        onError: { target: 'picking.chosen', actions: ['noteReserveError', 'refuseForm'] },
      },
    },
    done: { description: 'The tickets are in the cart.', type: 'final' },
  },
});

export type QuantityFirstReserveMachine = typeof quantityFirstReserveMachine;
