/** Pure selectors: date-first reserve snapshot -> plain view props. */
import type { SnapshotFrom } from 'xstate';
import type { CalendarDayModel } from '../../api/models';
import { type Message, message } from '../shared/messages';
import {
  type DateFirstReserveMachine,
  isReadyToSubmit,
  quantityScope,
  selectedSessionOf,
} from './dateFirstReserve.machine';
import { formatDay, formatSessionTime } from './format';
import {
  canDecrement,
  canIncrement,
  groupWithinLimits,
  isFewTickets,
  quantityOf,
  remainingForGroup,
  totalFeesCents,
  totalPriceCents,
  totalTickets,
} from './quantities';
import { availableDays, isSelectableSession } from './query';
import type { ReserveNotice } from './types';

export type DateFirstReserveSnapshot = SnapshotFrom<DateFirstReserveMachine>;

/** The date picker shows this many day buttons, then 'Show more dates'. */
export const DATE_BUTTONS = 8;

export type ReserveScreen = 'loading' | 'noAvailability' | 'initError' | 'picking' | 'reserving' | 'done';

export function selectScreen(snapshot: DateFirstReserveSnapshot): ReserveScreen {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('noAvailability')) return 'noAvailability';
  if (snapshot.matches('initError')) return 'initError';
  if (snapshot.matches('reserving')) return 'reserving';
  if (snapshot.matches('done')) return 'done';
  return 'picking';
}

/** The message that replaces the picker (no availability, init error), or null. */
export function selectBlockingMessage(snapshot: DateFirstReserveSnapshot): Message | null {
  if (snapshot.matches('noAvailability')) return message('noTimes');
  if (snapshot.matches('initError')) return snapshot.context.initError ?? message('errorUnexpected');
  return null;
}

export interface DayOption {
  date: string;
  /** 'ddd, MMM D, YYYY'. */
  label: string;
  status: CalendarDayModel['status'];
  minPriceCents: number | null;
  availability: number | null;
  selected: boolean;
  disabled: boolean;
}

export function selectDays(snapshot: DateFirstReserveSnapshot): DayOption[] {
  const { days, selectedDate } = snapshot.context;
  return days.map((day) => ({
    date: day.date,
    label: formatDay(day.date),
    status: day.status,
    minPriceCents: day.minPriceCents,
    availability: day.availability,
    selected: day.date === selectedDate,
    disabled: day.status !== 'available',
  }));
}

export interface DatePickerView {
  days: DayOption[];
  /** The first DATE_BUTTONS days, as buttons. */
  buttonDays: DayOption[];
  /** True when more days exist than buttons: show 'Show more dates'. */
  hasMoreDates: boolean;
  selectedDate: string | null;
  selectedDateLabel: string | null;
  /** The day list is showing (no day chosen yet, or Change pressed). */
  isOpen: boolean;
  /** Offer Change: a day is chosen, the list is collapsed, and more than one day is available. */
  canChange: boolean;
}

export function selectDatePicker(snapshot: DateFirstReserveSnapshot): DatePickerView {
  const days = selectDays(snapshot);
  const { selectedDate } = snapshot.context;
  const isOpen = snapshot.matches({ picking: 'date' });
  return {
    days,
    buttonDays: days.slice(0, DATE_BUTTONS),
    hasMoreDates: days.length > DATE_BUTTONS,
    selectedDate,
    selectedDateLabel: selectedDate ? formatDay(selectedDate) : null,
    isOpen,
    canChange: !isOpen && selectedDate !== null && availableDays(snapshot.context.days).length > 1,
  };
}

export function selectSelectedDate(snapshot: DateFirstReserveSnapshot): string | null {
  return snapshot.context.selectedDate;
}

export interface SessionOption {
  id: string;
  start: string;
  end: string;
  /** 'h:mm A' in the venue's zone. */
  timeLabel: string;
  availableCapacity: number | null;
  soldOut: boolean;
  /** Sold-out sessions (or none left) cannot be chosen. */
  disabled: boolean;
  selected: boolean;
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

export function selectSessions(snapshot: DateFirstReserveSnapshot): SessionOption[] {
  const { sessions, selectedSessionId, event } = snapshot.context;
  return sessions.map((session) => ({
    id: session.id,
    start: session.start,
    end: session.end,
    timeLabel: formatSessionTime(session.start, event.venue.timezone),
    availableCapacity: session.availableCapacity,
    soldOut: session.soldOut,
    disabled: !isSelectableSession(session),
    selected: session.id === selectedSessionId,
  }));
}

export function selectSessionPicker(snapshot: DateFirstReserveSnapshot): SessionPickerView {
  const chosen = snapshot.matches({ picking: { session: { loaded: 'chosen' } } });
  return {
    sessions: selectSessions(snapshot),
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

export interface TicketTypeView {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  originalPriceCents: number | null;
  feeCents: number;
  quantity: number;
  canIncrement: boolean;
  canDecrement: boolean;
}

export interface TicketGroupView {
  id: string;
  name: string;
  description: string | null;
  /** Places left for this group given the selection; null when unlimited. */
  remaining: number | null;
  /** The group's sum lies within its min and max per order. */
  withinLimits: boolean;
  minPerOrder: number | null;
  maxPerOrder: number | null;
  types: TicketTypeView[];
}

export function selectTicketGroups(snapshot: DateFirstReserveSnapshot): TicketGroupView[] {
  const { context } = snapshot;
  const editable = snapshot.matches({ picking: { session: { loaded: { chosen: 'ready' } } } });
  const scope = quantityScope(context);
  return context.groups.map((group) => {
    const remaining = remainingForGroup(group, scope.groups, scope.quantities, scope.session);
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      remaining: Number.isFinite(remaining) ? remaining : null,
      withinLimits: groupWithinLimits(group, context.quantities),
      minPerOrder: group.minPerOrder,
      maxPerOrder: group.maxPerOrder,
      types: group.types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        priceCents: type.priceCents,
        originalPriceCents: type.originalPriceCents,
        feeCents: type.feeCents,
        quantity: quantityOf(context.quantities, type.id),
        canIncrement: editable && canIncrement(scope, type.id),
        canDecrement: editable && canDecrement(scope, type.id),
      })),
    };
  });
}

export function selectTotalTickets(snapshot: DateFirstReserveSnapshot): number {
  return totalTickets(snapshot.context.quantities);
}

/** Sum of ticket prices in cents (fees apart, see selectTotalFeesCents). */
export function selectTotalCents(snapshot: DateFirstReserveSnapshot): number {
  return totalPriceCents(snapshot.context.groups, snapshot.context.quantities);
}

export function selectTotalFeesCents(snapshot: DateFirstReserveSnapshot): number {
  return totalFeesCents(snapshot.context.groups, snapshot.context.quantities);
}

export function selectMessages(snapshot: DateFirstReserveSnapshot): ReserveNotice[] {
  return snapshot.context.messages;
}

/** 'Hurry, less than 10 tickets available.' when the chosen session has under 10 places, else null. */
export function selectFewTicketsMessage(snapshot: DateFirstReserveSnapshot): Message | null {
  return isFewTickets(selectedSessionOf(snapshot.context)) ? message('fewTickets') : null;
}

export function isSubmitting(snapshot: DateFirstReserveSnapshot): boolean {
  return snapshot.matches('reserving');
}

/**
 * Submit is enabled only when not submitting, tickets are showing for a chosen session, at least one ticket
 * is selected and every group is within its order limits. The machine guards `submit` with the same rule.
 */
export function canSubmit(snapshot: DateFirstReserveSnapshot): boolean {
  return (
    snapshot.matches({ picking: { session: { loaded: { chosen: 'ready' } } } }) &&
    isReadyToSubmit(snapshot.context)
  );
}

/** A load failed (calendar, sessions or ticket groups) and `retry` would load it again. */
export function selectCanRetry(snapshot: DateFirstReserveSnapshot): boolean {
  return snapshot.can({ type: 'retry' });
}

/** The chosen session's ticket groups are loading. */
export function selectGroupsLoading(snapshot: DateFirstReserveSnapshot): boolean {
  return snapshot.matches({ picking: { session: { loaded: { chosen: 'loading' } } } });
}
