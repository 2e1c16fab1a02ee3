/**
 * Quantity-first reserve flow (spec 1 §2 "Quantity-first flow", §4 "Quantity-first flow").
 *
 * quantities (open) --'Find tickets'--> loadingCalendar (POST calendar with the quantities; a failure reopens
 * the quantities with its message) -> picking: date -> loadingSessions (POST sessions: prices per session)
 * -> sessions -> chosen (the attendee section shows) --submit--> reserving -> done (output { cart }).
 * Reopening the quantities resets date and session; changing the date resets the session.
 *
 * As in the date-first machine, the config holds no inline functions: guards and actions are named in
 * `setup`; the input, context and output mappers are named functions of this module.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ErrorCode } from '../../api/codes';
import { calendarOutcome, outcomeMessage } from '../../api/error-messages';
import type { CalendarDayModel, PricedSessionModel } from '../../api/models';
import { notProvided } from '../shared/not-provided';
import { dayPickerActions, LOAD_NOTICE, reserveCoreActions, seatActions } from './core/actions';
import { dayPickerGuards, reserveCoreGuards } from './core/guards';
import { reserveIntoCartMachine } from './core/reserveIntoCart.machine';
import {
  cartOutput,
  errorNotice,
  flowErrorOf,
  RESERVE_NOTICE_KEYS,
  ticketsReserveInput,
  withNotice,
  withoutNotices,
} from './core/rules';
import { dateSoldOutNotice, soldOutSessionOf } from './core/sold-out';
import type { ReserveIntoCartInput } from './core/types';
import {
  increment,
  isSelectionValid,
  type QuantityScope,
  quantitiesAfter,
  requestQuantities,
} from './quantities';
import type {
  LoadPricedSessionsInput,
  LoadQuantityCalendarInput,
  QuantityFirstReserveContext,
  QuantityFirstReserveEvent,
  QuantityFirstReserveInput,
  QuantityFirstReserveOutput,
} from './quantityFirstReserve.types';
import { availableDays } from './query';
import { seatsMatch } from './seats';

// ---- named mappers ------------------------------------------------------------------------------------

/** The rules' view of the quantities: the event's groups, no session yet (the calendar checks capacity). */
export function quantityScopeOf(
  context: Pick<QuantityFirstReserveContext, 'event' | 'quantities'>,
): QuantityScope {
  return { groups: context.event.ticketGroups, session: null, quantities: context.quantities };
}

export function initialContext({ input }: { input: QuantityFirstReserveInput }): QuantityFirstReserveContext {
  const base = { event: input.event, quantities: {} };
  const quantities = input.select ? increment(quantityScopeOf(base), input.select) : {};
  return {
    event: input.event,
    presetPriceCents: input.presetPriceCents ?? null,
    quantities,
    days: [],
    selectedDate: null,
    sessions: [],
    selectedSessionId: null,
    messages: [],
    soldOut: null,
    cart: null,
    seats: {},
  };
}

export function calendarInput({
  context,
}: {
  context: QuantityFirstReserveContext;
}): LoadQuantityCalendarInput {
  return { eventId: context.event.id, quantities: requestQuantities(context.quantities) };
}

export function sessionsInput({
  context,
}: {
  context: QuantityFirstReserveContext;
}): LoadPricedSessionsInput {
  return {
    eventId: context.event.id,
    date: context.selectedDate ?? '',
    quantities: requestQuantities(context.quantities),
  };
}

export function reserveInput({ context }: { context: QuantityFirstReserveContext }): ReserveIntoCartInput {
  const { event, selectedSessionId, quantities, seats } = context;
  return ticketsReserveInput(event.id, selectedSessionId, event.ticketGroups, quantities, seats);
}

// ---- helpers ------------------------------------------------------------------------------------------

const unexpected = { code: ErrorCode.unexpected };

/** The notice of a failed calendar load, cleared when the visitor finds tickets again. */
const CALENDAR_NOTICE = 'calendar.error';

export function selectedSessionOf(context: QuantityFirstReserveContext): PricedSessionModel | null {
  return context.sessions.find((s) => s.id === context.selectedSessionId) ?? null;
}

/** 'Find tickets' is possible: at least one ticket and every group within its order limits. */
export function canFindTickets(context: Pick<QuantityFirstReserveContext, 'event' | 'quantities'>): boolean {
  return isSelectionValid(context.event.ticketGroups, context.quantities);
}

/**
 * Submit is possible once a session is chosen (the state) and every seated ticket has exactly one seat
 * (spec 1 §5; the same rule as the date-first form).
 */
export function seatsReady(
  context: Pick<QuantityFirstReserveContext, 'event' | 'quantities' | 'seats'>,
): boolean {
  return seatsMatch(context.event.ticketGroups, context.quantities, context.seats);
}

/** Seats belong to a session: resetting the date or session drops them. */
const cleared = { selectedDate: null, sessions: [], selectedSessionId: null, soldOut: null, seats: {} };

// ---- the machine --------------------------------------------------------------------------------------

export const quantityFirstReserveMachine = setup({
  types: {
    context: {} as QuantityFirstReserveContext,
    events: {} as QuantityFirstReserveEvent,
    input: {} as QuantityFirstReserveInput,
    output: {} as QuantityFirstReserveOutput,
  },
  actors: {
    loadCalendar: fromPromise<CalendarDayModel[], LoadQuantityCalendarInput>(notProvided('loadCalendar')),
    loadSessions: fromPromise<PricedSessionModel[], LoadPricedSessionsInput>(notProvided('loadSessions')),
    reserveIntoCart: reserveIntoCartMachine,
  },
  guards: {
    ...reserveCoreGuards,
    ...dayPickerGuards,
    canFindTickets: ({ context }) => canFindTickets(context),
    hasSingleDay: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadCalendar');
      return availableDays(event.output).length === 1;
    },
    seatsReady: ({ context }) => seatsReady(context),
  },
  actions: {
    ...reserveCoreActions<QuantityFirstReserveContext, QuantityFirstReserveEvent>(),
    ...seatActions<QuantityFirstReserveContext, QuantityFirstReserveEvent>(),
    ...dayPickerActions<QuantityFirstReserveContext, QuantityFirstReserveEvent>(),
    /** A stepper's increment, decrement or typed count, through the quantity rules. */
    changeQuantity: assign({
      quantities: ({ context, event }) => quantitiesAfter(quantityScopeOf(context), event),
    }),
    clearCalendarError: assign({
      messages: ({ context }) => withoutNotices(context.messages, [CALENDAR_NOTICE]),
    }),
    noteCalendarError: assign({
      messages: ({ context, event }) =>
        withNotice(
          context.messages,
          errorNotice(
            CALENDAR_NOTICE,
            outcomeMessage(calendarOutcome(flowErrorOf(event) ?? unexpected), 'calendar'),
          ),
        ),
    }),
    selectOnlyDay: assign(({ context }) => ({
      ...cleared,
      selectedDate: availableDays(context.days)[0]?.date ?? null,
    })),
    /** Reopening the quantities resets the dates and sessions. */
    resetDateAndSession: assign(({ context }) => ({
      ...cleared,
      days: [],
      messages: withoutNotices(context.messages, [LOAD_NOTICE, ...RESERVE_NOTICE_KEYS]),
    })),
    selectDate: assign(({ context, event }) => {
      assertEvent(event, 'date.select');
      return {
        ...cleared,
        selectedDate: event.date,
        messages: withoutNotices(context.messages, [LOAD_NOTICE]),
      };
    }),
    /** Changing the date resets the session. */
    clearDate: assign({ ...cleared }),
    assignSessions: assign({
      sessions: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadSessions');
        return event.output;
      },
    }),
    selectSession: assign(({ context, event }) => {
      assertEvent(event, 'session.select');
      return {
        selectedSessionId: event.sessionId,
        seats: event.sessionId === context.selectedSessionId ? context.seats : {},
      };
    }),
    rememberSoldOutSession: assign(({ context }) => ({
      soldOut: soldOutSessionOf(selectedSessionOf(context), context.selectedDate),
      selectedSessionId: null,
      seats: {},
    })),
    noteDateSoldOut: assign(({ context }) => ({
      ...cleared,
      messages: withNotice(context.messages, dateSoldOutNotice(context.soldOut)),
    })),
  },
}).createMachine({
  id: 'quantityFirstReserve',
  context: initialContext,
  output: cartOutput,
  initial: 'quantities',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    quantities: {
      description: 'The quantities are open; Find tickets closes them and loads the calendar for them.',
      on: {
        'quantity.increment': { actions: 'changeQuantity' },
        'quantity.decrement': { actions: 'changeQuantity' },
        'quantity.set': { actions: 'changeQuantity' },
        'tickets.find': { guard: 'canFindTickets', target: 'loadingCalendar', actions: 'clearCalendarError' },
      },
    },
    loadingCalendar: {
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
      initial: 'date',
      on: {
        'quantities.open': { target: 'quantities', actions: 'resetDateAndSession' },
        'date.select': { guard: 'isAvailableDay', target: '.loadingSessions', actions: 'selectDate' },
      },
      states: {
        date: {},
        loadingSessions: {
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
          on: { retry: { target: 'loadingSessions', actions: 'clearLoadError' } },
        },
        sessions: {
          on: {
            'date.change': { guard: 'hasSeveralDays', target: 'date', actions: 'clearDate' },
            'session.select': { guard: 'isSelectableSession', target: 'chosen', actions: 'selectSession' },
          },
        },
        chosen: {
          description:
            'A session is chosen: the attendee section (and the seat selection block of seated tickets) shows; submit once every seated ticket has a seat.',
          on: {
            'date.change': { guard: 'hasSeveralDays', target: 'date', actions: 'clearDate' },
            'session.select': { guard: 'isSelectableSession', actions: 'selectSession' },
            'seats.set': { actions: 'assignSeats' },
            submit: {
              guard: 'seatsReady',
              target: '#quantityFirstReserve.reserving',
              actions: 'clearReserveNotices',
            },
          },
        },
        reloadingCalendar: {
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
          {
            guard: 'isSessionSoldOut',
            target: 'picking.loadingSessions',
            actions: 'rememberSoldOutSession',
          },
          { target: 'picking.chosen', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
        onError: { target: 'picking.chosen', actions: 'noteReserveError' },
      },
    },
    done: { type: 'final' },
  },
});

export type QuantityFirstReserveMachine = typeof quantityFirstReserveMachine;
