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
import { tellForm } from './core/form-flow';
import { formRequestGuards } from './core/guards';
import { flowErrorOf, offeredGroups, reserveErrorText, withNotice } from './core/rules';
import { dateSoldOutNotice, soldOutSessionOf } from './core/sold-out';
import type { TicketFormInput, TicketFormResetEvent } from './core/ticket-form';
import type { ReserveIntoCartInput } from './core/types';
import type {
  DateFirstReserveContext,
  DateFirstReserveEvent,
  DateFirstReserveInput,
  FindSessionInput,
  LoadCalendarInput,
  LoadSessionGroupsInput,
  LoadSessionsInput,
} from './dateFirstReserve.types';
import { applyPresetQuantities, type QuantityScope } from './quantities';
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
    presetPriceCents: input.presetPriceCents ?? null,
    request: null,
    preset: { session: null, quantities: {} },
    messages: [],
    initError: null,
    soldOut: null,
    cart: null,
  };
}

/** The form's first input: closed (no groups until flexible tickets or a session's load), the price query. */
export function dfFormInput({ context }: { context: DateFirstReserveContext }): TicketFormInput {
  return { event: context.event, groups: [], session: null, presetPriceCents: context.presetPriceCents };
}

/**
 * The form gets the groups just chosen (the flexible ones, none chosen; or the session's) and the chosen
 * session; the query's counts apply once, through the quantity rules, to the first session's groups.
 */
export function dfFormReset({ context }: { context: DateFirstReserveContext }): TicketFormResetEvent {
  const session = selectedSessionOf(context);
  const scope = { groups: context.groups, session, quantities: {} };
  return {
    type: 'form.reset',
    groups: context.groups,
    session,
    quantities: context.flexible ? {} : applyPresetQuantities(scope, context.preset.quantities),
  };
}

/** No form shown (another day, session or flexible choice, a sold-out session): the form is emptied. */
export function emptyFormReset(): TicketFormResetEvent {
  return { type: 'form.reset', groups: [], session: null };
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

/** The reserve: what the form's valid submit asked for (flexible: no session; else the chosen one). */
export function reserveInput({ context }: { context: DateFirstReserveContext }): ReserveIntoCartInput {
  if (!context.request) throw new Error('dateFirstReserve: reserving without the form’s request');
  return context.request;
}

// ---- helpers over context and events ----------------------------------------------------------------

export function selectedSessionOf(context: DateFirstReserveContext): SessionModel | null {
  return context.sessions.find((session) => session.id === context.selectedSessionId) ?? null;
}

/** The steppers' scope: the flow's groups and session with the form's quantities. */
export function quantityScope(
  context: DateFirstReserveContext,
  form: { quantities: QuantityScope['quantities'] },
): QuantityScope {
  return { groups: context.groups, session: selectedSessionOf(context), quantities: form.quantities };
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
  /** A reserve of flexible tickets refused about a voucher the visitor typed: beside its field. */
  isFlexibleVoucherRefusal: (args: Args) => args.context.flexible && formRequestGuards.isVoucherRefusal(args),
};

const dateFirstFlowActions = {
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
    soldOut: null,
    preset: { ...context.preset, session: null },
  })),
  /** Back to single-date tickets: the day list, nothing chosen. */
  clearFlexible: act({ flexible: false, groups: [] }),
  clearDate: act({
    selectedDate: null,
    sessions: [],
    selectedSessionId: null,
    groups: [],
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
    return { selectedSessionId: event.sessionId, groups: [] };
  }),
  assignGroups: act({
    groups: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessionGroups');
      return datedGroups(context.event, event.output);
    },
  }),
  /**
   * Query counts, given once to the form (`resetForm`) when the first ticket groups load, then forgotten;
   * counts of types the session does not sell are said to be unavailable (warn mode).
   */
  settlePresetQuantities: act(({ context }) => {
    const unsold = unavailablePresetTypes(context.preset.quantities, context.groups);
    return {
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
  /** The form's valid submit: what to reserve. */
  assignRequest: act({
    request: ({ event }) => {
      assertEvent(event, 'form.submitted');
      return event.request;
    },
  }),
  /** Keeps the failed session's start and day for the sold-out message, then clears the session. */
  rememberSoldOutSession: act(({ context }) => ({
    soldOut: soldOutSessionOf(selectedSessionOf(context), context.selectedDate),
    selectedSessionId: null,
    groups: [],
  })),
  noteDateSoldOut: act(({ context }) => ({
    soldOut: null,
    messages: withNotice(context.messages, dateSoldOutNotice(context.soldOut)),
  })),
};

/** What the flow tells its form child (core/form-flow.ts: `refuseForm` is the core's). */
const dateFirstFormActions = {
  /** The form gets the groups just chosen (flexible, or the session's) and the session. */
  resetForm: tellForm<DateFirstReserveContext, DateFirstReserveEvent>(dfFormReset),
  /** No form shown (another day, session or flexible choice, sold out): the form is emptied. */
  emptyForm: tellForm<DateFirstReserveContext, DateFirstReserveEvent>(emptyFormReset),
};

export const dateFirstActions = { ...dateFirstFlowActions, ...dateFirstFormActions };
