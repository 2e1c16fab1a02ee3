/**
 * The quantity-first chart's own named implementations (quantityFirstReserve.machine.ts spreads them into its
 * `setup`, next to the reserve core's): the mappers its config names, its API actors (provided by the route),
 * the guards and actions of the quantities, the calendar and the date and session pickers, and the helpers
 * its view reads. What every reserve flow shares is in core/.
 */
import { assertEvent, fromPromise } from 'xstate';
import type { CalendarDayModel, PricedSessionModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { outcomeMessage } from '../../domain/error-messages/base';
import { calendarOutcome } from '../../domain/error-messages/reserve';
import { notProvided } from '../shared/not-provided';
import { flowAssign, LOAD_NOTICE } from './core/actions';
import { NO_ADMITS } from './core/admits';
import { noPrices, pricesHold } from './core/prices';
import { errorNotice, flowErrorOf, RESERVE_NOTICE_KEYS, withNotice, withoutNotices } from './core/rules';
import { dateSoldOutNotice, soldOutSessionOf } from './core/sold-out';
import { NO_SURVEYS } from './core/surveys';
import { fieldsHold, formInStep, formReserveInput } from './core/ticket-form';
import type { ReserveIntoCartInput } from './core/types';
import { NO_VOUCHERS } from './core/vouchers';
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
    ...NO_ADMITS,
    ...NO_SURVEYS,
    ...NO_VOUCHERS,
    ...noPrices(input.presetPriceCents ?? null),
    ...formInStep({ event: input.event, admits: {}, vouchers: {} }, input.event.ticketGroups, quantities),
    event: input.event,
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
  // The visit of a city pass is the chosen session's start.
  const visit = selectedSessionOf(context)?.start ?? null;
  return formReserveInput(context, context.event.ticketGroups, context.selectedSessionId, visit);
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

// ---- actors (the route provides each; a flow run without its wiring fails with not_provided) -----------

export const quantityFirstActors = {
  loadCalendar: fromPromise<CalendarDayModel[], LoadQuantityCalendarInput>(notProvided('loadCalendar')),
  loadSessions: fromPromise<PricedSessionModel[], LoadPricedSessionsInput>(notProvided('loadSessions')),
};

// ---- guards and actions -----------------------------------------------------------------------------

type Args = { context: QuantityFirstReserveContext; event: QuantityFirstReserveEvent };
const act = flowAssign<QuantityFirstReserveContext, QuantityFirstReserveEvent>();

export const quantityFirstGuards = {
  /** 'Find tickets': the quantities' rule and the price rule (the amounts are typed beside the steppers). */
  canFindTickets: ({ context }: Args) =>
    canFindTickets(context) && pricesHold(context.event.ticketGroups, context.quantities, context),
  /** The quantities' rule alone: a 'Find tickets' the price rule stops shows the amounts' problems. */
  quantitiesChosen: ({ context }: Args) => canFindTickets(context),
  hasSingleDay: ({ event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadCalendar');
    return availableDays(event.output).length === 1;
  },
  /** The submit button's rule (a session chosen: the state; the seats), the attendee and the voucher rules. */
  canSubmit: ({ context }: Args) =>
    seatsReady(context) && fieldsHold(context, context.event.ticketGroups, context.quantities),
  /** The spec's submit rule without the attendees: a submit then only shows what the attendees lack. */
  ticketsReady: ({ context }: Args) => seatsReady(context),
};

export const quantityFirstActions = {
  /** A stepper's increment, decrement or typed count, through the quantity rules; attendees follow. */
  changeQuantity: act(({ context, event }) => {
    return formInStep(context, context.event.ticketGroups, quantitiesAfter(quantityScopeOf(context), event));
  }),
  clearCalendarError: act({
    messages: ({ context }) => withoutNotices(context.messages, [CALENDAR_NOTICE]),
  }),
  noteCalendarError: act({
    messages: ({ context, event }) =>
      withNotice(
        context.messages,
        errorNotice(
          CALENDAR_NOTICE,
          outcomeMessage(calendarOutcome(flowErrorOf(event) ?? unexpected), 'calendar'),
        ),
      ),
  }),
  selectOnlyDay: act(({ context }) => ({
    ...cleared,
    selectedDate: availableDays(context.days)[0]?.date ?? null,
  })),
  /** Reopening the quantities resets the dates and sessions. */
  resetDateAndSession: act(({ context }) => ({
    ...cleared,
    days: [],
    messages: withoutNotices(context.messages, [LOAD_NOTICE, ...RESERVE_NOTICE_KEYS]),
  })),
  selectDate: act(({ context, event }) => {
    assertEvent(event, 'date.select');
    return {
      ...cleared,
      selectedDate: event.date,
      messages: withoutNotices(context.messages, [LOAD_NOTICE]),
    };
  }),
  /** Changing the date resets the session. */
  clearDate: act({ ...cleared }),
  assignSessions: act({
    sessions: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessions');
      return event.output;
    },
  }),
  selectSession: act(({ context, event }) => {
    assertEvent(event, 'session.select');
    return {
      selectedSessionId: event.sessionId,
      seats: event.sessionId === context.selectedSessionId ? context.seats : {},
    };
  }),
  rememberSoldOutSession: act(({ context }) => ({
    soldOut: soldOutSessionOf(selectedSessionOf(context), context.selectedDate),
    selectedSessionId: null,
    seats: {},
  })),
  noteDateSoldOut: act(({ context }) => ({
    ...cleared,
    messages: withNotice(context.messages, dateSoldOutNotice(context.soldOut)),
  })),
};
