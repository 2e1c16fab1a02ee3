/**
 * The quantity-first reserve view model: one selector from a snapshot to the props its view needs. Every
 * decision (what is open, what can be pressed, the prices of the chosen session) is made here.
 */
import type { SnapshotFrom } from 'xstate';
import type { TicketTypeModel } from '../../api/models';
import { allDaySessionId } from '../../domain/all-day';
import type { Message } from '../shared/messages';
import { type AttendeeView, selectAttendees } from './core/admits';
import {
  chosenPriceCents,
  type FlexiblePriceView,
  flexiblePriceView,
  isFlexiblePrice,
  withChosenPrices,
} from './core/prices';
import { type SurveyView, selectSurveys } from './core/surveys';
import type { TicketFormChildContext, TicketFormChildEvent } from './core/ticket-form';
import { ticketFormContext } from './core/ticketForm.machine';
import { formEditCallbacks, type TicketFormSnapshot, ticketFormOf } from './core/view';
import { selectVouchers, type VoucherView } from './core/vouchers';
import type { NoticeLevel } from './dateFirstReserve.types';
import { chosenTickets, type RuleMessagesView, ruleMessages, sessionAnnotation } from './message-rules';
import { type DayOption, dayOptions, fewTicketsMessage, sessionRemaining } from './price-display';
import { canDecrement, canIncrement, quantityOf, totalFeesCents, totalTickets } from './quantities';
import {
  canFindTickets,
  qfFormInput,
  quantityScopeOf,
  seatsReady,
  selectedSessionOf,
} from './quantityFirstReserve.impl';
import type { QuantityFirstReserveMachine } from './quantityFirstReserve.machine';
import type { QuantityFirstReserveContext, QuantityFirstReserveEvent } from './quantityFirstReserve.types';
import { availableDays, isSelectableSession } from './query';
import { type SessionTab, type SessionTabId, sessionTabsView } from './session-tabs';

export type QuantityFirstReserveSnapshot = SnapshotFrom<QuantityFirstReserveMachine>;

/** The flow's days and sessions with the form's fields (its quantities, amounts, seats, attendees...). */
type QfFormContext = QuantityFirstReserveContext & TicketFormChildContext;

/** Day buttons before 'Show more dates' (spec 1 §9: date picker 8 buttons). */
export const QF_DATE_BUTTONS = 8;

export interface QfTicketType {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  quantity: number;
  canIncrement: boolean;
  canDecrement: boolean;
  /** A flexible price's amount input (core/prices.ts), or null when the price is fixed. */
  flexiblePrice: FlexiblePriceView | null;
}

export interface QfTicketGroup {
  id: string;
  name: string;
  description: string | null;
  types: QfTicketType[];
}

/** A day of the date list: the date-first picker's, price line and badges included. */
export type QfDay = DayOption;

export interface QfSession {
  id: string;
  start: string;
  /** The venue's time zone: the view writes `start`'s time in it, in the visitor's locale ('10:00 AM'). */
  timeZone: string;
  soldOut: boolean;
  disabled: boolean;
  /** It overlaps a session already in the cart: not offered, its time listed apart (spec 1 §5). */
  conflict: boolean;
  selected: boolean;
  availableCapacity: number | null;
  /** Places left to show: under the configured threshold only, else null. */
  remaining: number | null;
  /** The chosen quantities at this session's prices (schedule), fees included, in cents. */
  totalCents: number;
  /** The day's one session of an all-day event (domain/all-day.ts): 'All day', no time tabs. */
  allDay: boolean;
  /** The seller's session_annotation (message rules), or null. */
  annotation: string | null;
}

export interface QuantityFirstReserveView {
  /** The quantities are open (editable with 'Find tickets'), or closed with an 'Edit' button. */
  quantitiesOpen: boolean;
  groups: QfTicketGroup[];
  /** 'Adult × 2' lines of the closed quantities. */
  summary: { name: string; quantity: number }[];
  canFindTickets: boolean;
  findingTickets: boolean;
  /** The date section shows (quantities closed and the calendar loaded). */
  dateVisible: boolean;
  days: QfDay[];
  buttonDays: QfDay[];
  hasMoreDates: boolean;
  /** No day has room for the quantities. */
  noDays: boolean;
  selectedDate: string | null;
  dateListOpen: boolean;
  canChangeDate: boolean;
  /** The session section shows (a date is chosen). */
  sessionVisible: boolean;
  /** Null while the sessions load. */
  sessionTabs: SessionTab<QfSession>[] | null;
  initialTab: SessionTabId;
  /** Times not offered because they overlap a session already in the cart (spec 1 §5). */
  conflictingTimes: { time: string; zone: string }[];
  /** The day's one all-day session (domain/all-day.ts): shown as 'All day' in place of the tabs; else null. */
  allDaySession: QfSession | null;
  /** The seller's messages (message rules) under the chosen day, the chosen time and the quantities. */
  ruleMessages: RuleMessagesView;
  selectedSession: QfSession | null;
  /** 'Hurry, less than 10 tickets available.' for the chosen session, or null. */
  fewTickets: Message | null;
  /** A session is chosen: the attendee section shows. */
  attendeesVisible: boolean;
  /** The attendee fields of the chosen tickets (shown in the attendee section). */
  attendees: AttendeeView[];
  /** The surveys of the chosen tickets' groups (core/surveys.ts), after the attendees. */
  surveys: SurveyView[];
  /** The city-pass voucher fields of the chosen tickets (shown in the attendee section, after the attendees). */
  vouchers: VoucherView[];
  totalCents: number;
  ticketCount: number;
  canSubmit: boolean;
  submitting: boolean;
  messages: { key: string; level: NoticeLevel; message: Message }[];
  canRetry: boolean;
}

/**
 * The price of one ticket type at a session: a flexible price's chosen amount (core/prices.ts), else its price
 * schedule entry, else the type's own price.
 */
function priceAt(context: QfFormContext, sessionId: string | null, type: TicketTypeModel) {
  if (isFlexiblePrice(type)) return chosenPriceCents(type, context);
  const session = sessionId ? context.sessions.find((s) => s.id === sessionId) : undefined;
  return session?.prices[type.id] ?? type.priceCents;
}

/** The chosen quantities priced at a session (or at the types' own prices without one), plus fees. */
export function totalAt(context: QfFormContext, sessionId: string | null): number {
  let sum = 0;
  for (const group of context.event.ticketGroups)
    for (const type of group.types)
      sum += quantityOf(context.quantities, type.id) * priceAt(context, sessionId, type);
  return sum + totalFeesCents(withChosenPrices(context.event.ticketGroups, context), context.quantities);
}

function groupsOf(context: QfFormContext, open: boolean): QfTicketGroup[] {
  const scope = quantityScopeOf(context);
  return context.event.ticketGroups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    types: group.types.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description,
      priceCents: type.priceCents,
      quantity: quantityOf(context.quantities, type.id),
      canIncrement: open && canIncrement(scope, type.id),
      canDecrement: open && canDecrement(scope, type.id),
      flexiblePrice: flexiblePriceView(type, context.quantities, context),
    })),
  }));
}

/**
 * The quantity-first view: the flow's snapshot (quantities open or closed, days, sessions, reserving, notices)
 * and its form child's (quantities, amounts, seats, fields). A screen subscribed to both passes the form's
 * snapshot; by default it is read from the flow's child, and a form not there (the flow done) is the first one.
 */
export function selectQuantityFirstReserveView(
  snapshot: QuantityFirstReserveSnapshot,
  formSnapshot: TicketFormSnapshot | undefined = ticketFormOf(snapshot),
): QuantityFirstReserveView {
  const flow = snapshot.context;
  const form = formSnapshot?.context ?? ticketFormContext({ input: qfFormInput({ context: flow }) });
  const context: QfFormContext = { ...flow, ...form, event: flow.event, request: flow.request };
  const open = snapshot.matches('quantities') && (formSnapshot?.matches('editing') ?? false);
  const picking = snapshot.matches('picking');
  const reserving = snapshot.matches('reserving') || snapshot.matches('done');
  const tickets = chosenTickets(context.event.ticketGroups, context.quantities);
  const days = dayOptions(context.days, context.event, context.selectedDate, tickets);
  const sessionsLoading = snapshot.matches({ picking: 'loadingSessions' });
  const allDayId = allDaySessionId(context.event.eventType, context.sessions);
  const sessions: QfSession[] = context.sessions.map((s) => ({
    id: s.id,
    start: s.start,
    timeZone: context.event.venue.timezone,
    soldOut: s.soldOut,
    disabled: !isSelectableSession(s),
    conflict: s.conflict === true,
    selected: s.id === context.selectedSessionId,
    availableCapacity: s.availableCapacity,
    remaining: sessionRemaining(s, context.event),
    totalCents: totalAt(context, s.id),
    allDay: s.id === allDayId,
    annotation: sessionAnnotation(context.event, s.start, tickets),
  }));
  const chosen = snapshot.matches({ picking: 'chosen' }) || reserving;
  const dateListOpen = snapshot.matches({ picking: 'date' });
  return {
    quantitiesOpen: open,
    groups: groupsOf(context, open),
    summary: context.event.ticketGroups.flatMap((group) =>
      group.types
        .filter((type) => quantityOf(context.quantities, type.id) > 0)
        .map((type) => ({ name: type.name, quantity: quantityOf(context.quantities, type.id) })),
    ),
    canFindTickets: open && canFindTickets(context),
    findingTickets: snapshot.matches('loadingCalendar'),
    dateVisible: picking || reserving,
    days,
    buttonDays: days.slice(0, QF_DATE_BUTTONS),
    hasMoreDates: days.length > QF_DATE_BUTTONS,
    noDays: (picking || reserving) && availableDays(context.days).length === 0,
    selectedDate: context.selectedDate,
    dateListOpen,
    canChangeDate: !dateListOpen && availableDays(context.days).length > 1 && !reserving,
    sessionVisible: context.selectedDate !== null && !dateListOpen,
    ...sessionTabsView(sessionsLoading ? null : sessions, context.event),
    selectedSession: sessions.find((s) => s.selected) ?? null,
    ruleMessages: ruleMessages(context.event, {
      date: context.selectedDate,
      sessionStart: chosen ? (selectedSessionOf(context)?.start ?? null) : null,
      tickets,
    }),
    fewTickets: chosen ? fewTicketsMessage(selectedSessionOf(context), context.event) : null,
    attendeesVisible: chosen && selectedSessionOf(context) !== null,
    attendees: selectAttendees(context, context.event.ticketGroups),
    surveys: selectSurveys(context, context.event.ticketGroups),
    vouchers: selectVouchers(context, context.event.ticketGroups),
    totalCents: totalAt(context, context.selectedSessionId),
    ticketCount: totalTickets(context.quantities),
    canSubmit: snapshot.matches({ picking: 'chosen' }) && seatsReady(context),
    submitting: reserving,
    messages: context.messages,
    canRetry: snapshot.matches({ picking: 'sessionsError' }),
  };
}

/**
 * The quantity-first form's callbacks: the form's fields and submit go to the form child (`sendForm`: its own
 * actor), the rest (find, edit, dates, sessions, retry) to the flow (`send`): what the layout and the story
 * viewer offer.
 */
export function quantityFirstReserveCallbacks(
  send: (event: QuantityFirstReserveEvent) => void,
  sendForm: (event: TicketFormChildEvent) => void,
) {
  return {
    ...formEditCallbacks(sendForm),
    onRetry: () => send({ type: 'retry' }),
    onFindTickets: () => send({ type: 'tickets.find' }),
    onEditQuantities: () => send({ type: 'quantities.open' }),
    onSelectDate: (date: string) => send({ type: 'date.select', date }),
    onChangeDate: () => send({ type: 'date.change' }),
    onSelectSession: (sessionId: string) => send({ type: 'session.select', sessionId }),
  };
}
