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
import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  enqueueActions,
  fromPromise,
  setup,
} from 'xstate';
import { ErrorCode } from '../../api/codes';
import { calendarOutcome, outcomeMessage, reserveOutcome } from '../../api/error-messages';
import type { CalendarDayModel, CartModel, PricedSessionModel } from '../../api/models';
import { outputOf } from '../shared/done-output';
import { message } from '../shared/messages';
import { formatDay, formatSessionTime } from './format';
import {
  decrement,
  increment,
  isSelectionValid,
  type QuantityScope,
  requestQuantities,
  setQuantity,
} from './quantities';
import type {
  LoadPricedSessionsInput,
  LoadQuantityCalendarInput,
  QuantityFirstReserveContext,
  QuantityFirstReserveEvent,
  QuantityFirstReserveInput,
  QuantityFirstReserveOutput,
  QuantityFirstReserveRequestInput,
} from './quantityFirstReserve.types';
import { availableDays, isAvailableDay, isSelectableSession } from './query';
import { flowErrorOf, isCartGoneFirstTime, isSessionSoldOutError } from './reserve-errors';
import { reserveErrorMessage, reserveSeatsPart, seatsMatch, withoutTakenSeats } from './seats';
import type { ReserveFlowError, ReserveNotice } from './types';

function notProvided(name: string): never {
  throw new Error(`${name}: not provided`);
}

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
    retriedInNewCart: false,
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

export function reserveInput({
  context,
}: {
  context: QuantityFirstReserveContext;
}): QuantityFirstReserveRequestInput {
  return {
    newCart: context.retriedInNewCart,
    request: {
      eventId: context.event.id,
      sessionId: context.selectedSessionId,
      quantities: requestQuantities(context.quantities),
      ...reserveSeatsPart(context.event.ticketGroups, context.quantities, context.seats),
    },
  };
}

export function machineOutput({
  context,
}: {
  context: QuantityFirstReserveContext;
}): QuantityFirstReserveOutput {
  if (!context.cart) throw new Error('quantityFirstReserve finished without a cart');
  return { cart: context.cart };
}

// ---- helpers ------------------------------------------------------------------------------------------

const unexpected = { code: ErrorCode.unexpected };

function withNotice(messages: readonly ReserveNotice[], notice: ReserveNotice): ReserveNotice[] {
  return [...messages.filter((m) => m.key !== notice.key), notice];
}

function withoutNotices(messages: readonly ReserveNotice[], keys: readonly string[]): ReserveNotice[] {
  return messages.filter((m) => !keys.includes(m.key));
}

/** Notices about one step, cleared when the visitor takes that step again. */
const CALENDAR_NOTICE = 'calendar.error';
const LOAD_NOTICE = 'load.error';
const RESERVE_NOTICES = ['reserve.error', 'reserve.sessionSoldOut', 'reserve.dateSoldOut'];

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
    loadCalendar: fromPromise<CalendarDayModel[], LoadQuantityCalendarInput>(async () =>
      notProvided('loadCalendar'),
    ),
    loadSessions: fromPromise<PricedSessionModel[], LoadPricedSessionsInput>(async () =>
      notProvided('loadSessions'),
    ),
    reserve: fromPromise<CartModel, QuantityFirstReserveRequestInput>(async () => notProvided('reserve')),
  },
  guards: {
    canFindTickets: ({ context }) => canFindTickets(context),
    hasSingleDay: ({ event }) => availableDays(outputOf<CalendarDayModel[]>(event)).length === 1,
    hasSeveralDays: ({ context }) => availableDays(context.days).length > 1,
    isAvailableDay: ({ context, event }) =>
      event.type === 'date.select' && isAvailableDay(context.days, event.date),
    isSelectableSession: ({ context, event }) => {
      if (event.type !== 'session.select') return false;
      const session = context.sessions.find((s) => s.id === event.sessionId);
      return session !== undefined && isSelectableSession(session);
    },
    isSoldOutRecoveredBySession: ({ context, event }) =>
      context.soldOut !== null &&
      outputOf<PricedSessionModel[]>(event).some(
        (s) => s.id !== context.soldOut?.sessionId && isSelectableSession(s),
      ),
    isSoldOutOfDay: ({ context }) => context.soldOut !== null,
    isSessionSoldOutError: ({ event }) => isSessionSoldOutError(event),
    isCartGoneFirstTime: ({ context, event }) => isCartGoneFirstTime(context, event),
    seatsReady: ({ context }) => seatsReady(context),
  },
  actions: {
    /** Injected: tell the app's cart about the reservation and navigate on. Params: the cart. */
    reserved: (_args, _cart: CartModel) => {},
    announceReserved: enqueueActions(({ context, enqueue }) => {
      if (!context.cart) return;
      const call = { type: 'reserved', params: context.cart };
      enqueue(call as unknown as Parameters<typeof enqueue>[0]);
    }),
    incrementQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.increment'
          ? increment(quantityScopeOf(context), event.ticketTypeId)
          : context.quantities,
    }),
    decrementQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.decrement'
          ? decrement(quantityScopeOf(context), event.ticketTypeId)
          : context.quantities,
    }),
    setQuantity: assign({
      quantities: ({ context, event }) =>
        event.type === 'quantity.set'
          ? setQuantity(quantityScopeOf(context), event.ticketTypeId, event.quantity)
          : context.quantities,
    }),
    clearCalendarError: assign({
      messages: ({ context }) => withoutNotices(context.messages, [CALENDAR_NOTICE]),
    }),
    noteCalendarError: assign({
      messages: ({ context, event }) =>
        withNotice(context.messages, {
          key: CALENDAR_NOTICE,
          level: 'error',
          message: outcomeMessage(calendarOutcome(flowErrorOf(event) ?? unexpected), 'calendar'),
        }),
    }),
    assignDays: assign({ days: ({ event }) => outputOf<CalendarDayModel[]>(event) }),
    selectOnlyDay: assign(({ context }) => ({
      ...cleared,
      selectedDate: availableDays(context.days)[0]?.date ?? null,
    })),
    /** Reopening the quantities resets the dates and sessions. */
    resetDateAndSession: assign(({ context }) => ({
      ...cleared,
      days: [],
      messages: withoutNotices(context.messages, [LOAD_NOTICE, ...RESERVE_NOTICES]),
    })),
    selectDate: assign(({ context, event }) => ({
      ...cleared,
      selectedDate: event.type === 'date.select' ? event.date : context.selectedDate,
      messages: withoutNotices(context.messages, [LOAD_NOTICE]),
    })),
    /** Changing the date resets the session. */
    clearDate: assign({ ...cleared }),
    assignSessions: assign({ sessions: ({ event }) => outputOf<PricedSessionModel[]>(event) }),
    selectSession: assign({
      selectedSessionId: ({ context, event }) =>
        event.type === 'session.select' ? event.sessionId : context.selectedSessionId,
      seats: ({ context, event }) =>
        event.type === 'session.select' && event.sessionId === context.selectedSessionId ? context.seats : {},
    }),
    /** The seat map's confirmed seats. */
    assignSeats: assign({
      seats: ({ context, event }) => (event.type === 'seats.set' ? event.seats : context.seats),
    }),
    /** A seat another buyer took first is dropped: the map, opened again, shows it booked. */
    dropTakenSeats: assign({
      seats: ({ context, event }) => withoutTakenSeats(context.seats, flowErrorOf(event)),
    }),
    noteLoadError: assign({
      messages: ({ context, event }) =>
        withNotice(context.messages, {
          key: LOAD_NOTICE,
          level: 'error',
          message: outcomeMessage(reserveOutcome(flowErrorOf(event) ?? unexpected), 'reserve'),
        }),
    }),
    clearLoadError: assign({ messages: ({ context }) => withoutNotices(context.messages, [LOAD_NOTICE]) }),
    clearReserveNotices: assign({
      messages: ({ context }) => withoutNotices(context.messages, RESERVE_NOTICES),
      retriedInNewCart: false,
    }),
    dismissMessage: assign({
      messages: ({ context, event }) =>
        event.type === 'message.dismiss' ? withoutNotices(context.messages, [event.key]) : context.messages,
    }),
    assignCart: assign({ cart: ({ event }) => outputOf<CartModel>(event) }),
    markRetryInNewCart: assign({ retriedInNewCart: true }),
    noteReserveError: assign({
      messages: ({ context, event }) =>
        withNotice(context.messages, {
          key: 'reserve.error',
          level: 'error',
          message: reserveErrorMessage(event),
        }),
    }),
    rememberSoldOutSession: assign(({ context }) => {
      const session = selectedSessionOf(context);
      return {
        soldOut:
          session && context.selectedDate
            ? { sessionId: session.id, start: session.start, date: context.selectedDate }
            : null,
        selectedSessionId: null,
        seats: {},
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
      ...cleared,
      messages: withNotice(context.messages, {
        key: 'reserve.dateSoldOut',
        level: 'error',
        message: message('dateSoldOut', { date: context.soldOut ? formatDay(context.soldOut.date) : '' }),
      }),
    })),
  },
}).createMachine({
  id: 'quantityFirstReserve',
  context: initialContext,
  output: machineOutput,
  initial: 'quantities',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    quantities: {
      description: 'The quantities are open; Find tickets closes them and loads the calendar for them.',
      on: {
        'quantity.increment': { actions: 'incrementQuantity' },
        'quantity.decrement': { actions: 'decrementQuantity' },
        'quantity.set': { actions: 'setQuantity' },
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
      description:
        "Reserving into the app cart's current id; a cart found gone is replaced by a new one, once.",
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: reserveInput,
        onDone: { target: 'done', actions: ['assignCart', 'announceReserved'] },
        onError: [
          { guard: 'isCartGoneFirstTime', target: 'reserving', reenter: true, actions: 'markRetryInNewCart' },
          {
            guard: 'isSessionSoldOutError',
            target: 'picking.loadingSessions',
            actions: 'rememberSoldOutSession',
          },
          { target: 'picking.chosen', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type QuantityFirstReserveMachine = typeof quantityFirstReserveMachine;
