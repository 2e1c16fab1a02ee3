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
import { errorNotice, flowErrorOf, RESERVE_NOTICE_KEYS, withNotice, withoutNotices } from './core/rules';
import { dateSoldOutNotice, soldOutSessionOf } from './core/sold-out';
import type { TicketFormChildContext, TicketFormInput, TicketFormSessionEvent } from './core/ticket-form';
import type { ReserveIntoCartInput } from './core/types';
import { increment, isSelectionValid, type QuantityScope, requestQuantities } from './quantities';
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

/** The quantities the query preselects (`select`: its group minimum), else none. */
function selectedQuantities(input: QuantityFirstReserveInput) {
  const base = { event: input.event, quantities: {} };
  return input.select ? increment(quantityScopeOf(base), input.select) : {};
}

export function initialContext({ input }: { input: QuantityFirstReserveInput }): QuantityFirstReserveContext {
  return {
    event: input.event,
    presetPriceCents: input.presetPriceCents ?? null,
    quantities: selectedQuantities(input),
    days: [],
    selectedDate: null,
    sessions: [],
    selectedSessionId: null,
    request: null,
    messages: [],
    soldOut: null,
    cart: null,
  };
}

/** The form opens with the event's groups (no session yet) and the query's quantities and amount. */
export function qfFormInput({ context }: { context: QuantityFirstReserveContext }): TicketFormInput {
  return {
    event: context.event,
    groups: context.event.ticketGroups,
    session: null,
    quantities: context.quantities,
    presetPriceCents: context.presetPriceCents,
  };
}

/** The form is told the chosen session (its seats and the city passes' visit belong to it), or none. */
export function formSessionOf({ context }: { context: QuantityFirstReserveContext }): TicketFormSessionEvent {
  return { type: 'form.session', session: selectedSessionOf(context) };
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

/** The reserve: what the form's valid submit asked for (the chosen session, a city pass's visit at its start). */
export function reserveInput({ context }: { context: QuantityFirstReserveContext }): ReserveIntoCartInput {
  if (!context.request) throw new Error('quantityFirstReserve: reserving without the form’s request');
  return context.request;
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
export function seatsReady(context: Pick<TicketFormChildContext, 'event' | 'quantities' | 'seats'>): boolean {
  return seatsMatch(context.event.ticketGroups, context.quantities, context.seats);
}

/** Resetting the date drops the session (the form is told: its seats go with it). */
const cleared = { selectedDate: null, sessions: [], selectedSessionId: null, soldOut: null };

// ---- actors (the route provides each; a flow run without its wiring fails with not_provided) -----------

export const quantityFirstActors = {
  loadCalendar: fromPromise<CalendarDayModel[], LoadQuantityCalendarInput>(notProvided('loadCalendar')),
  loadSessions: fromPromise<PricedSessionModel[], LoadPricedSessionsInput>(notProvided('loadSessions')),
};

// ---- guards and actions -----------------------------------------------------------------------------

type Args = { context: QuantityFirstReserveContext; event: QuantityFirstReserveEvent };
const act = flowAssign<QuantityFirstReserveContext, QuantityFirstReserveEvent>();

export const quantityFirstGuards = {
  hasSingleDay: ({ event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadCalendar');
    return availableDays(event.output).length === 1;
  },
};

export const quantityFirstActions = {
  /** The quantities the form confirmed: the calendar's and the sessions' query. */
  assignQuantities: act({
    quantities: ({ event }) => {
      assertEvent(event, 'form.quantities');
      return event.quantities;
    },
  }),
  /** The form's valid submit: what to reserve. */
  assignRequest: act({
    request: ({ event }) => {
      assertEvent(event, 'form.submitted');
      return event.request;
    },
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
  selectSession: act({
    selectedSessionId: ({ event }) => {
      assertEvent(event, 'session.select');
      return event.sessionId;
    },
  }),
  rememberSoldOutSession: act(({ context }) => ({
    soldOut: soldOutSessionOf(selectedSessionOf(context), context.selectedDate),
    selectedSessionId: null,
  })),
  noteDateSoldOut: act(({ context }) => ({
    ...cleared,
    messages: withNotice(context.messages, dateSoldOutNotice(context.soldOut)),
  })),
};
