/**
 * The date-first chart's own named implementations (dateFirstReserve.machine.ts spreads them into its
 * `setup`, next to the reserve core's): the mappers its config names, its API actors (provided by the route),
 * the guards and actions of the query, the preset session, flexible tickets and the date, session and ticket
 * pickers, and the helpers its view reads. What every reserve flow shares is in core/.
 */
import { assertEvent, fromPromise } from 'xstate';
import type { CalendarDayModel, SessionModel, TicketGroupModel } from '../../api/models';
import { message } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import { flowAssign } from './core/actions';
import { NO_ADMITS } from './core/admits';
import { voucherGuards } from './core/guards';
import { noPrices, pricesHold } from './core/prices';
import { flowErrorOf, offeredGroups, reserveErrorText, withNotice } from './core/rules';
import { dateSoldOutNotice, soldOutSessionOf } from './core/sold-out';
import { NO_SURVEYS } from './core/surveys';
import { fieldsHold, formInStep, formReserveInput, NO_TICKETS } from './core/ticket-form';
import type { ReserveIntoCartInput } from './core/types';
import { NO_VOUCHERS } from './core/vouchers';
import { applyPresetQuantities, isSelectionValid, type QuantityScope, quantitiesAfter } from './quantities';
import {
  availableDays,
  foundSessionDate,
  parseReserveMode,
  planFromQuery,
  problemNotice,
  resolvePresetSession,
  sessionIdOf,
  unavailablePresetTypes,
} from './query';
import { seatsMatch } from './seats';
import type {
  DateFirstReserveContext,
  DateFirstReserveEvent,
  DateFirstReserveInput,
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
    ...NO_ADMITS,
    ...NO_SURVEYS,
    ...noPrices(input.presetPriceCents ?? null),
    ...NO_VOUCHERS,
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
  // Flexible tickets have no session, so their city passes no visit; else the chosen session's start.
  return context.flexible
    ? formReserveInput(context, context.groups, null, null)
    : formReserveInput(
        context,
        context.groups,
        context.selectedSessionId,
        selectedSessionOf(context)?.start ?? null,
      );
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

/**
 * A session's groups that the page offers, without the flexible ones (those are chosen through the flexible
 * option).
 */
function datedGroups(event: DateFirstReserveContext['event'], groups: readonly TicketGroupModel[]) {
  const flexibleIds = new Set(flexibleGroupsOf(event).map((group) => group.id));
  return offeredGroups(event, groups).filter((group) => !flexibleIds.has(group.id));
}

function presetResolution(context: DateFirstReserveContext, sessions: SessionModel[]) {
  return context.preset.session === null
    ? null
    : resolvePresetSession(context.preset.session, sessions, context.now);
}

// ---- actors (the route provides each; a flow run without its wiring fails with not_provided) -----------

export const dateFirstActors = {
  loadCalendar: fromPromise<CalendarDayModel[], LoadCalendarInput>(notProvided('loadCalendar')),
  loadSessions: fromPromise<SessionModel[], LoadSessionsInput>(notProvided('loadSessions')),
  /** One session by id (null: no such session), for the day of a `session` query id. */
  findSession: fromPromise<SessionModel | null, FindSessionInput>(notProvided('findSession')),
  loadSessionGroups: fromPromise<TicketGroupModel[], LoadSessionGroupsInput>(
    notProvided('loadSessionGroups'),
  ),
};

// ---- guards and actions -----------------------------------------------------------------------------

type Args = { context: DateFirstReserveContext; event: DateFirstReserveEvent };
const act = flowAssign<DateFirstReserveContext, DateFirstReserveEvent>();

export const dateFirstGuards = {
  hasNoAvailableDay: ({ event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadCalendar');
    return availableDays(event.output).length === 0;
  },
  isQueryRejected: ({ context, event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadCalendar');
    return (
      context.mode === 'strict' &&
      planFromQuery(context.query, context.event, event.output, context.now).problems.length > 0
    );
  },
  hasSelectedDate: ({ context }: Args) => context.selectedDate !== null,
  /** The query names a session id (not 'today' or 'next'): its day is found by looking it up. */
  queryNamesSessionId: ({ context, event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadCalendar');
    return (
      sessionIdOf(planFromQuery(context.query, context.event, event.output, context.now).session) !== null
    );
  },
  isFoundOnAvailableDay: ({ context, event }: Args) => {
    assertEvent(event, 'xstate.done.actor.findSession');
    return foundSessionDate(event.output, context.days, context.event.venue.timezone) !== null;
  },
  isStrict: ({ context }: Args) => context.mode === 'strict',
  hasFlexibleTickets: ({ context }: Args) => flexibleGroupsOf(context.event).length > 0,
  isFlexible: ({ context }: Args) => context.flexible,
  isPresetSessionRejected: ({ context, event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadSessions');
    const resolution = presetResolution(context, event.output);
    return context.mode === 'strict' && resolution !== null && 'problem' in resolution;
  },
  hasPresetSession: ({ context, event }: Args) => {
    assertEvent(event, 'xstate.done.actor.loadSessions');
    const resolution = presetResolution(context, event.output);
    return resolution !== null && 'sessionId' in resolution;
  },
  /** The submit button's rule, the attendee rule, the voucher rule, the survey rule and the price rule. */
  canSubmit: ({ context }: Args) =>
    isReadyToSubmit(context) &&
    fieldsHold(context, context.groups, context.quantities) &&
    pricesHold(context.groups, context.quantities, context),
  /** A reserve of flexible tickets refused about a voucher the visitor typed: beside its field. */
  isFlexibleVoucherRefusal: (args: Args) => args.context.flexible && voucherGuards.isVoucherRefusal(args),
  /** The spec's submit rule without the attendees: a submit then only shows what the attendees lack. */
  ticketsReady: ({ context }: Args) => isReadyToSubmit(context),
};

export const dateFirstActions = {
  assignInitError: act({ initError: ({ event }) => reserveErrorText(flowErrorOf(event)) }),
  rejectQuery: act({ initError: () => message('eventUnavailable') }),
  resetForRetry: act({ initError: null, messages: () => [] }),
  applyQueryPlan: act(({ context }) => {
    const plan = planFromQuery(context.query, context.event, context.days, context.now);
    const notices = context.mode === 'warn' ? plan.problems.map(problemNotice) : [];
    return {
      selectedDate: plan.date,
      preset: { session: plan.session, quantities: plan.quantities },
      messages: notices.reduce(withNotice, context.messages),
    };
  }),
  /** The looked-up session's day becomes the selected date; its sessions then resolve the preset. */
  assignFoundSessionDate: act({
    selectedDate: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.findSession');
      return foundSessionDate(event.output, context.days, context.event.venue.timezone);
    },
  }),
  /** The query's session id names no bookable session: warn (in warn mode) and forget it. */
  noteSessionNotFound: act(({ context }) => ({
    preset: { ...context.preset, session: null },
    messages:
      context.mode === 'warn'
        ? withNotice(context.messages, problemNotice({ key: 'query.session', name: 'sessionNotFound' }))
        : context.messages,
  })),
  selectDate: act(({ context, event }) => {
    assertEvent(event, 'date.select');
    return {
      selectedDate: event.date,
      flexible: false,
      sessions: [],
      selectedSessionId: null,
      groups: [],
      ...NO_TICKETS,
      seats: {},
      soldOut: null,
      preset: { ...context.preset, session: null },
    };
  }),
  /** Flexible tickets: no date, no session; the event's flexible groups with fresh quantities. */
  selectFlexible: act(({ context }) => ({
    flexible: true,
    selectedDate: null,
    sessions: [],
    selectedSessionId: null,
    groups: flexibleGroupsOf(context.event),
    ...NO_TICKETS,
    soldOut: null,
    preset: { ...context.preset, session: null },
  })),
  /** Back to single-date tickets: the day list, nothing chosen. */
  clearFlexible: act({ flexible: false, groups: [], ...NO_TICKETS }),
  clearDate: act({
    selectedDate: null,
    sessions: [],
    selectedSessionId: null,
    groups: [],
    ...NO_TICKETS,
  }),
  assignSessions: act({
    sessions: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessions');
      return event.output;
    },
  }),
  selectPresetSession: act(({ context }) => {
    const resolution = presetResolution(context, context.sessions);
    return {
      selectedSessionId: resolution && 'sessionId' in resolution ? resolution.sessionId : null,
      groups: [],
      ...NO_TICKETS,
      preset: { ...context.preset, session: null },
    };
  }),
  /** A preset session that did not resolve: warn (in warn mode) and forget it. */
  settlePresetSession: act(({ context }) => {
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
  selectSession: act(({ event }) => {
    assertEvent(event, 'session.select');
    return {
      selectedSessionId: event.sessionId,
      groups: [],
      seats: {},
      ...NO_TICKETS,
    };
  }),
  assignGroups: act({
    groups: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessionGroups');
      return datedGroups(context.event, event.output);
    },
  }),
  /**
   * Query counts, applied once through the quantity rules when the first ticket groups load; counts of types
   * the session does not sell are said to be unavailable (warn mode).
   */
  applyPresetQuantities: act(({ context }) => {
    const unsold = unavailablePresetTypes(context.preset.quantities, context.groups);
    const quantities = applyPresetQuantities(quantityScope(context), context.preset.quantities);
    return {
      ...formInStep(context, context.groups, quantities),
      preset: { ...context.preset, quantities: {} },
      messages:
        context.mode === 'warn' && unsold.length > 0
          ? withNotice(
              context.messages,
              problemNotice({ key: 'query.types', name: 'ticketTypesNotAvailable' }),
            )
          : context.messages,
    };
  }),
  /** A stepper's increment, decrement or typed count, through the quantity rules; attendees follow. */
  changeQuantity: act(({ context, event }) => {
    return formInStep(context, context.groups, quantitiesAfter(quantityScope(context), event));
  }),
  /** Keeps the failed session's start and day for the sold-out message, then clears the session. */
  rememberSoldOutSession: act(({ context }) => ({
    soldOut: soldOutSessionOf(selectedSessionOf(context), context.selectedDate),
    selectedSessionId: null,
    groups: [],
    ...NO_TICKETS,
  })),
  noteDateSoldOut: act(({ context }) => ({
    soldOut: null,
    messages: withNotice(context.messages, dateSoldOutNotice(context.soldOut)),
  })),
};
