/** The reschedule view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { DayPrice } from '../reserve/price-display';
import { type SessionTab, type SessionTabId, sessionTabsView } from '../reserve/session-tabs';
import type { Message } from '../shared/messages';
import type { rescheduleMachine } from './reschedule.machine';
import { canUpdate, costIncreaseCents, DAYS_SHOWN, ticketsToMove } from './rules';
import type { RescheduleDay } from './types';

export type RescheduleSnapshot = SnapshotFrom<typeof rescheduleMachine>;

export type ReschedulePhase =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'logOut'
  | 'unavailable'
  | 'choosing'
  | 'updating'
  | 'done';

export interface RescheduleSessionOption {
  id: string;
  start: string;
  soldOut: boolean;
  /** Sold out, or the session the tickets are in now. */
  disabled: boolean;
  selected: boolean;
}

export interface RescheduleView {
  phase: ReschedulePhase;
  orderNumber: string | null;
  eventName: string | null;
  /** The session the tickets move from (ISO start) and the venue's zone. */
  from: string | null;
  timezone: string;
  ticketCount: number;
  /** The day buttons: the first 8, and the chosen day when the calendar chose a later one; each with its price. */
  days: RescheduleDayOption[];
  /** Every day, for the 'Choose date' calendar. */
  calendarDays: RescheduleDayOption[];
  /** 'Show more dates' (it opens the calendar): more days than the buttons show. */
  moreDates: boolean;
  selectedDate: string | null;
  sessionsLoading: boolean;
  sessionTabs: SessionTab<RescheduleSessionOption>[] | null;
  initialTab: SessionTabId;
  selectedSessionId: string | null;
  /** What the chosen session costs more than the tickets did, in cents (0: not more, or none chosen). */
  costIncreaseCents: number;
  /** Update disabled until a date and a session are chosen, and while submitting (spec 2 §2). */
  updateDisabled: boolean;
  submitting: boolean;
  error: Message | null;
  startAgain: boolean;
}

/** A day as the reserve's day picker shows it: its price line (prefix and cents), none on a sold-out day. */
export interface RescheduleDayOption {
  date: string;
  disabled: boolean;
  price: DayPrice | null;
}

const dayOption = (d: RescheduleDay): RescheduleDayOption => ({
  date: d.date,
  disabled: d.soldOut,
  price: d.soldOut ? null : d.price,
});

/** The first 8 days, then the chosen one if the calendar chose a later day (so it shows, pressed). */
function buttonDays(days: RescheduleDay[], selected: string | null): RescheduleDay[] {
  const shown = days.slice(0, DAYS_SHOWN);
  const chosen = days.find((d) => d.date === selected);
  return chosen && !shown.includes(chosen) ? [...shown, chosen] : shown;
}

export function selectRescheduleView(snapshot: RescheduleSnapshot): RescheduleView {
  const { context } = snapshot;
  const phase = (
    snapshot.value === 'loadingSessions'
      ? 'choosing'
      : snapshot.value === 'failed'
        ? 'choosing'
        : snapshot.value
  ) as ReschedulePhase;
  const moving = ticketsToMove(context.order, context.sessionId, context.nowMs, context.access);
  const first = moving[0] ?? context.order?.tickets.find((t) => t.sessionId === context.sessionId) ?? null;
  const timezone = first?.timezone ?? 'UTC';
  const sessions =
    context.sessions?.map((s) => ({
      ...s,
      disabled: s.soldOut || s.id === context.sessionId,
      selected: s.id === context.selectedSessionId,
    })) ?? null;
  const tabs = sessionTabsView(sessions, { config: {}, venue: { timezone } });
  const submitting = snapshot.hasTag('submitting');
  return {
    phase,
    orderNumber: context.order?.number ?? null,
    eventName: first?.eventName ?? null,
    from: first?.start ?? null,
    timezone,
    ticketCount: moving.length,
    days: buttonDays(context.days, context.selectedDate).map(dayOption),
    calendarDays: context.days.map(dayOption),
    moreDates: context.days.length > DAYS_SHOWN,
    selectedDate: context.selectedDate,
    sessionsLoading: snapshot.value === 'loadingSessions',
    sessionTabs: context.selectedDate && snapshot.value !== 'loadingSessions' ? tabs.sessionTabs : null,
    initialTab: tabs.initialTab,
    selectedSessionId: context.selectedSessionId,
    costIncreaseCents: costIncreaseCents(
      moving,
      context.sessions?.find((s) => s.id === context.selectedSessionId) ?? null,
    ),
    updateDisabled:
      submitting ||
      snapshot.value !== 'choosing' ||
      !canUpdate(context.selectedDate, context.selectedSessionId),
    submitting,
    error: context.error,
    startAgain: context.startAgain,
  };
}
