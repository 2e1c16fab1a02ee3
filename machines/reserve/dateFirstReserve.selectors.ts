/** Pure selectors: date-first reserve snapshot -> plain view props. */
export type { DayOption } from './price-display';

import type { SnapshotFrom } from 'xstate';
import { allDaySessionId } from '../../domain/all-day';
import { type Message, message } from '../shared/messages';
import { withChosenPrices } from './core/prices';
import type { TicketFormChildContext } from './core/ticket-form';
import { ticketFormContext, ticketsHold } from './core/ticketForm.machine';
import { type TicketFormSnapshot, ticketFormOf } from './core/view';
import { dfFormInput, quantityScope, selectedSessionOf } from './dateFirstReserve.impl';
import type { DateFirstReserveMachine } from './dateFirstReserve.machine';
import type { ReserveNotice } from './dateFirstReserve.types';
import { chosenTickets, type RuleMessagesView, ruleMessages, sessionAnnotation } from './message-rules';
import { type DayOption, dayOptions, fewTicketsMessage, sessionRemaining } from './price-display';
import { totalFeesCents, totalPriceCents, totalTickets } from './quantities';
import { availableDays, isSelectableSession } from './query';
import { type TicketGroupView, ticketGroupViews } from './ticket-groups-view';

export type DateFirstReserveSnapshot = SnapshotFrom<DateFirstReserveMachine>;

/** What the form holds (quantities, seats, fields); a form not there (the flow done) is the first, closed one. */
export function dfFormContext(
  snapshot: DateFirstReserveSnapshot,
  formSnapshot: TicketFormSnapshot | undefined = ticketFormOf(snapshot),
): TicketFormChildContext {
  return formSnapshot?.context ?? ticketFormContext({ input: dfFormInput({ context: snapshot.context }) });
}

/** The form is shown and takes edits: flexible tickets or a session's groups ready, and the child open. */
export function isFormOpen(
  snapshot: DateFirstReserveSnapshot,
  formSnapshot: TicketFormSnapshot | undefined = ticketFormOf(snapshot),
): boolean {
  return (
    (snapshot.matches({ picking: { session: { loaded: { chosen: 'ready' } } } }) ||
      snapshot.matches({ picking: 'flexible' })) &&
    (formSnapshot?.matches('editing') ?? false)
  );
}

/** The date picker shows this many day buttons, then 'Show more dates'. */
export const DATE_BUTTONS = 8;

export type ReserveScreen = 'loading' | 'noAvailability' | 'initError' | 'picking' | 'reserving' | 'done';

export function selectScreen(snapshot: DateFirstReserveSnapshot): ReserveScreen {
  if (snapshot.matches('loading') || snapshot.matches('findingSession')) return 'loading';
  if (snapshot.matches('noAvailability')) return 'noAvailability';
  if (snapshot.matches('initError') || snapshot.matches('queryRejected')) return 'initError';
  if (snapshot.matches('reserving')) return 'reserving';
  if (snapshot.matches('done')) return 'done';
  return 'picking';
}

/** The message that replaces the picker (no availability, init error), or null. */
export function selectBlockingMessage(snapshot: DateFirstReserveSnapshot): Message | null {
  if (snapshot.matches('noAvailability')) return message('noTimes');
  if (snapshot.matches('initError') || snapshot.matches('queryRejected'))
    return snapshot.context.initError ?? message('errorUnexpected');
  return null;
}

export function selectDays(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): DayOption[] {
  const { days, selectedDate, event, groups } = snapshot.context;
  return dayOptions(days, event, selectedDate, chosenTickets(groups, form.quantities));
}

/** The seller's messages (message rules) for the chosen day, time and tickets. */
export function selectRuleMessages(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): RuleMessagesView {
  const { selectedDate, event, groups } = snapshot.context;
  const quantities = form.quantities;
  return ruleMessages(event, {
    date: selectedDate,
    sessionStart: selectedSessionOf(snapshot.context)?.start ?? null,
    tickets: chosenTickets(groups, quantities),
  });
}

export interface DatePickerView {
  days: DayOption[];
  /** The first DATE_BUTTONS days, as buttons. */
  buttonDays: DayOption[];
  /** True when more days exist than buttons: show 'Show more dates'. */
  hasMoreDates: boolean;
  selectedDate: string | null;
  /** The day list is showing (no day chosen yet, or Change pressed). */
  isOpen: boolean;
  /** Offer Change: a day is chosen, the list is collapsed, and more than one day is available. */
  canChange: boolean;
  /** The event has flexible (any-date) tickets: offer single date or flexible. */
  hasFlexible: boolean;
  /** Flexible tickets are chosen (no date). */
  flexibleChosen: boolean;
}

export function selectDatePicker(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): DatePickerView {
  const days = selectDays(snapshot, form);
  const { selectedDate } = snapshot.context;
  const flexibleChosen = snapshot.context.flexible;
  const isOpen = snapshot.matches({ picking: 'date' }) || snapshot.matches({ picking: 'flexible' });
  return {
    days,
    buttonDays: days.slice(0, DATE_BUTTONS),
    hasMoreDates: days.length > DATE_BUTTONS,
    selectedDate,
    isOpen,
    canChange: !isOpen && selectedDate !== null && availableDays(snapshot.context.days).length > 1,
    hasFlexible: snapshot.context.event.ticketGroups.some((group) => group.flexible === true),
    flexibleChosen,
  };
}

export function selectSelectedDate(snapshot: DateFirstReserveSnapshot): string | null {
  return snapshot.context.selectedDate;
}

export interface SessionOption {
  id: string;
  start: string;
  end: string;
  /** The venue's time zone: the view writes `start`'s time in it, in the visitor's locale ('10:00 AM'). */
  timeZone: string;
  availableCapacity: number | null;
  /** Places left to show: under the configured threshold only, else null. */
  remaining: number | null;
  soldOut: boolean;
  /** Sold-out sessions (or none left) cannot be chosen. */
  disabled: boolean;
  /** It overlaps a session already in the cart: not offered, its time listed apart (spec 1 §5). */
  conflict: boolean;
  selected: boolean;
  /** The day's one session of an all-day event (domain/all-day.ts): 'All day', no time tabs. */
  allDay: boolean;
  /** The seller's session_annotation (message rules), or null. */
  annotation: string | null;
}

export interface SessionPickerView {
  sessions: SessionOption[];
  selectedSessionId: string | null;
  isLoading: boolean;
  /** The session list is showing (none chosen yet, or Change pressed). */
  isOpen: boolean;
  canChange: boolean;
  /** Shown at all: a date is chosen and the date list is collapsed. */
  isVisible: boolean;
}

export function selectSessions(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): SessionOption[] {
  const { sessions, selectedSessionId, event, groups } = snapshot.context;
  const allDayId = allDaySessionId(event.eventType, sessions);
  const tickets = chosenTickets(groups, form.quantities);
  return sessions.map((session) => ({
    id: session.id,
    start: session.start,
    end: session.end,
    timeZone: event.venue.timezone,
    availableCapacity: session.availableCapacity,
    remaining: sessionRemaining(session, event),
    soldOut: session.soldOut,
    disabled: !isSelectableSession(session),
    conflict: session.conflict === true,
    selected: session.id === selectedSessionId,
    allDay: session.id === allDayId,
    annotation: sessionAnnotation(event, session.start, tickets),
  }));
}

export function selectSessionPicker(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): SessionPickerView {
  const chosen = snapshot.matches({ picking: { session: { loaded: 'chosen' } } });
  return {
    sessions: selectSessions(snapshot, form),
    selectedSessionId: snapshot.context.selectedSessionId,
    isLoading: snapshot.matches({ picking: { session: 'loading' } }),
    isOpen: snapshot.matches({ picking: { session: { loaded: 'choosing' } } }),
    canChange: chosen,
    isVisible: snapshot.matches({ picking: 'session' }) || snapshot.matches('reserving'),
  };
}

export function selectSelectedSession(snapshot: DateFirstReserveSnapshot): SessionOption | null {
  return selectSessions(snapshot).find((session) => session.selected) ?? null;
}

export function selectTicketGroups(
  snapshot: DateFirstReserveSnapshot,
  formSnapshot: TicketFormSnapshot | undefined = ticketFormOf(snapshot),
): TicketGroupView[] {
  const { context } = snapshot;
  const form = dfFormContext(snapshot, formSnapshot);
  const editable = isFormOpen(snapshot, formSnapshot);
  return ticketGroupViews(context.groups, quantityScope(context, form), editable, form);
}

export function selectTotalTickets(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): number {
  return totalTickets(form.quantities);
}

/** Sum of ticket prices in cents, flexible ones at their chosen amount (fees apart, see selectTotalFeesCents). */
export function selectTotalCents(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): number {
  return totalPriceCents(withChosenPrices(snapshot.context.groups, form), form.quantities);
}

/** Sum of outside fees in cents, a flexible type's percent taken of its chosen amount. */
export function selectTotalFeesCents(
  snapshot: DateFirstReserveSnapshot,
  form: TicketFormChildContext = dfFormContext(snapshot),
): number {
  return totalFeesCents(withChosenPrices(snapshot.context.groups, form), form.quantities);
}

export function selectMessages(snapshot: DateFirstReserveSnapshot): ReserveNotice[] {
  return snapshot.context.messages;
}

/**
 * 'Hurry, less than 10 tickets available.' when the chosen session has under 10 places and no remaining-
 * capacity threshold is configured (spec 1 §9), else null.
 */
export function selectFewTicketsMessage(snapshot: DateFirstReserveSnapshot): Message | null {
  return fewTicketsMessage(selectedSessionOf(snapshot.context), snapshot.context.event);
}

export function isSubmitting(snapshot: DateFirstReserveSnapshot): boolean {
  return snapshot.matches('reserving');
}

/**
 * Submit is enabled only when the form is open (tickets showing for a chosen session, or flexible ones), at
 * least one ticket is selected, every group is within its order limits and the seats match. The form guards
 * `submit` with the same rule.
 */
export function canSubmit(
  snapshot: DateFirstReserveSnapshot,
  formSnapshot: TicketFormSnapshot | undefined = ticketFormOf(snapshot),
): boolean {
  return isFormOpen(snapshot, formSnapshot) && ticketsHold(dfFormContext(snapshot, formSnapshot));
}

/** A load failed (calendar, sessions or ticket groups) and `retry` would load it again. */
export function selectCanRetry(snapshot: DateFirstReserveSnapshot): boolean {
  return snapshot.can({ type: 'retry' });
}

/** The chosen session's ticket groups are loading. */
export function selectGroupsLoading(snapshot: DateFirstReserveSnapshot): boolean {
  return snapshot.matches({ picking: { session: { loaded: { chosen: 'loading' } } } });
}
