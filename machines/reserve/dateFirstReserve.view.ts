/**
 * The date-first reserve view model: one selector from a snapshot to the props its view needs. The view
 * formats and lays out; every decision (the 8-day cut, the time-of-day tabs, what can be pressed, which
 * message shows) is made here, from the machine's snapshot.
 */
import type { Message } from '../shared/messages';
import { type AttendeeView, selectAttendees } from './core/admits';
import { type SurveyView, selectSurveys } from './core/surveys';
import type { TicketFormChildEvent } from './core/ticket-form';
import { formEditCallbacks, type TicketFormSnapshot, ticketFormOf } from './core/view';
import { selectVouchers, type VoucherView } from './core/vouchers';
import {
  canSubmit,
  type DateFirstReserveSnapshot,
  type DayOption,
  dfFormContext,
  isSubmitting,
  type SessionOption,
  selectBlockingMessage,
  selectCanRetry,
  selectDatePicker,
  selectFewTicketsMessage,
  selectGroupsLoading,
  selectRuleMessages,
  selectScreen,
  selectSessionPicker,
  selectTicketGroups,
  selectTotalCents,
  selectTotalFeesCents,
} from './dateFirstReserve.selectors';
import type { DateFirstReserveEvent, NoticeLevel } from './dateFirstReserve.types';
import type { RuleMessagesView } from './message-rules';
import { type SessionTab, type SessionTabId, sessionTabsView } from './session-tabs';
import type { TicketGroupView } from './ticket-groups-view';

export interface ReserveViewModel {
  status: 'loading' | 'noAvailability' | 'error' | 'ready';
  /** The message that replaces the picker (no availability, init error), or null. */
  blockingMessage: Message | null;
  /** Every day of the calendar (the 'Choose date' modal shows them all). */
  days: DayOption[];
  /** The first 8 days, as buttons. */
  buttonDays: DayOption[];
  /** More days exist than buttons: offer 'Show more dates'. */
  hasMoreDates: boolean;
  selectedDate: string | null;
  dateListOpen: boolean;
  canChangeDate: boolean;
  /** Offer the choice between single-date and flexible (any-date) tickets. */
  hasFlexible: boolean;
  /** Flexible tickets are chosen: their quantities show without a date or session. */
  flexibleChosen: boolean;
  /** The time-of-day tabs; null while sessions load. */
  sessionTabs: SessionTab<SessionOption>[] | null;
  /** The tab to open first. */
  initialTab: SessionTabId;
  /** Times not offered because they overlap a session already in the cart (spec 1 §5). */
  conflictingTimes: { time: string; zone: string }[];
  /** The day's one all-day session (domain/all-day.ts): shown as 'All day' in place of the tabs; else null. */
  allDaySession: SessionOption | null;
  /** The seller's messages (message rules) under the chosen day, the chosen time and the quantities. */
  ruleMessages: RuleMessagesView;
  sessionListOpen: boolean;
  selectedSession: SessionOption | null;
  /** Null while the chosen session's ticket groups load. */
  groups: TicketGroupView[] | null;
  fewTickets: Message | null;
  /** The attendee fields of the chosen tickets (after the quantities). */
  attendees: AttendeeView[];
  /** The surveys of the chosen tickets' groups (core/surveys.ts), after the attendees. */
  surveys: SurveyView[];
  /** The city-pass voucher fields of the chosen tickets (after the attendees; none when no group takes them). */
  vouchers: VoucherView[];
  /** Ticket prices plus outside fees, in cents. */
  totalCents: number;
  canSubmit: boolean;
  submitting: boolean;
  messages: { key: string; level: NoticeLevel; message: Message }[];
  canRetry: boolean;
}

const STATUS = {
  loading: 'loading',
  noAvailability: 'noAvailability',
  initError: 'error',
  picking: 'ready',
  reserving: 'ready',
  done: 'ready',
} as const;

/**
 * The date-first view: the flow's snapshot (days, sessions, flexible, reserving, notices) and its form
 * child's (quantities, seats, fields). A screen subscribed to both passes the form's snapshot; by default it
 * is read from the flow's child.
 */
export function selectDateFirstReserveView(
  snapshot: DateFirstReserveSnapshot,
  formSnapshot: TicketFormSnapshot | undefined = ticketFormOf(snapshot),
): ReserveViewModel {
  const form = dfFormContext(snapshot, formSnapshot);
  const datePicker = selectDatePicker(snapshot, form);
  const sessionPicker = selectSessionPicker(snapshot, form);
  const { event, groups } = snapshot.context;
  return {
    status: STATUS[selectScreen(snapshot)],
    blockingMessage: selectBlockingMessage(snapshot),
    days: datePicker.days,
    buttonDays: datePicker.buttonDays,
    hasMoreDates: datePicker.hasMoreDates,
    selectedDate: datePicker.selectedDate,
    dateListOpen: datePicker.isOpen,
    canChangeDate: datePicker.canChange,
    hasFlexible: datePicker.hasFlexible,
    flexibleChosen: datePicker.flexibleChosen,
    ...sessionTabsView(sessionPicker.isLoading ? null : sessionPicker.sessions, event),
    ruleMessages: selectRuleMessages(snapshot, form),
    sessionListOpen: sessionPicker.isOpen,
    selectedSession: sessionPicker.sessions.find((s) => s.selected) ?? null,
    groups: selectGroupsLoading(snapshot) ? null : selectTicketGroups(snapshot, formSnapshot),
    fewTickets: selectFewTicketsMessage(snapshot),
    attendees: selectAttendees(form, groups),
    surveys: selectSurveys(form, groups),
    vouchers: selectVouchers(form, groups),
    totalCents: selectTotalCents(snapshot, form) + selectTotalFeesCents(snapshot, form),
    canSubmit: canSubmit(snapshot, formSnapshot),
    submitting: isSubmitting(snapshot),
    messages: snapshot.context.messages,
    canRetry: selectCanRetry(snapshot),
  };
}

/**
 * The date-first form's callbacks: the form's fields and submit go to the form child (`sendForm`: its own
 * actor), the rest (dates, flexible, sessions, retry) to the flow (`send`): what the layout and the story
 * viewer offer.
 */
export function dateFirstReserveCallbacks(
  send: (event: DateFirstReserveEvent) => void,
  sendForm: (event: TicketFormChildEvent) => void,
) {
  return {
    ...formEditCallbacks(sendForm),
    onRetry: () => send({ type: 'retry' }),
    onSelectDate: (date: string) => send({ type: 'date.select', date }),
    onChangeDate: () => send({ type: 'date.change' }),
    onSelectFlexible: () => send({ type: 'flexible.select' }),
    onClearFlexible: () => send({ type: 'flexible.clear' }),
    onSelectSession: (sessionId: string) => send({ type: 'session.select', sessionId }),
    onChangeSession: () => send({ type: 'session.change' }),
  };
}
