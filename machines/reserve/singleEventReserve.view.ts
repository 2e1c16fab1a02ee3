/**
 * The single-event form's view model (spec 1 §4 "Single-event flow"): one selector, snapshot -> the props its
 * view needs, and the callbacks it offers. Kept apart from the date-first view (in the event page's first
 * load): it loads with its layout's chunk.
 */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import { message } from '../shared/messages';
import { type AttendeeView, selectAttendees } from './core/admits';
import { withChosenPrices } from './core/prices';
import { type SurveyView, selectSurveys } from './core/surveys';
import type { TicketFormChildContext, TicketFormChildEvent } from './core/ticket-form';
import { ticketFormContext } from './core/ticketForm.machine';
import {
  type FormStatus,
  formEditCallbacks,
  formStatus,
  formTotalCents,
  type NoticeView,
  type TicketFormSnapshot,
  ticketFormOf,
} from './core/view';
import { selectVouchers, type VoucherView } from './core/vouchers';
import { isFewTickets } from './quantities';
import { isSingleReadyToSubmit, singleFormInput } from './singleEventReserve.impl';
import type { SingleEventReserveMachine } from './singleEventReserve.machine';
import { needsSeats } from './singleEventReserve.rules';
import type { SingleEventReserveEvent } from './singleEventReserve.types';
import { type TicketGroupView, ticketGroupViews } from './ticket-groups-view';

export type SingleEventReserveSnapshot = SnapshotFrom<SingleEventReserveMachine>;

export interface SingleEventViewModel {
  status: FormStatus;
  /** Replaces the form: no session on sale, or a failed load. */
  blockingMessage: Message | null;
  /**
   * The session's start and the venue's zone: the view writes its day and time in the visitor's locale
   * ('Sat, Dec 12, 2026, 6:30 PM'); null without a session.
   */
  session: { start: string; timeZone: string } | null;
  groups: TicketGroupView[];
  fewTickets: Message | null;
  /** Ticket prices plus outside fees, in cents. */
  totalCents: number;
  /** Seated tickets are selected whose seats are not chosen yet (the seat map comes later). */
  seatsNeeded: boolean;
  /** The attendee fields of the chosen tickets. */
  attendees: AttendeeView[];
  /** The surveys of the chosen tickets' groups (core/surveys.ts), after the attendees. */
  surveys: SurveyView[];
  /** The city-pass voucher fields of the chosen tickets (none when no group takes vouchers). */
  vouchers: VoucherView[];
  canSubmit: boolean;
  submitting: boolean;
  messages: NoticeView[];
  canRetry: boolean;
}

/**
 * The single-event view: the flow's snapshot (loading, blocked, reserving, its notices) and its form child's
 * (groups, quantities, fields). A screen subscribed to both passes the form's snapshot; by default it is read
 * from the flow's child, and a form not there (the flow done) is an empty one.
 */
export function selectSingleEventView(
  snapshot: SingleEventReserveSnapshot,
  formSnapshot: TicketFormSnapshot | undefined = ticketFormOf(snapshot),
): SingleEventViewModel {
  const { context } = snapshot;
  const form: TicketFormChildContext =
    formSnapshot?.context ?? ticketFormContext({ input: singleFormInput({ context }) });
  const open = snapshot.matches('ready') && (formSnapshot?.matches('editing') ?? false);
  const loading =
    snapshot.matches('checking') || snapshot.matches('loadingSession') || snapshot.matches('loadingGroups');
  const { session } = context;
  const tz = context.event.venue.timezone;
  const scope = { groups: form.groups, session: form.session, quantities: form.quantities };
  return {
    ...formStatus(loading, snapshot.matches('unavailable'), snapshot.matches('loadError'), context.blocking),
    session: session ? { start: session.start, timeZone: tz } : null,
    groups: ticketGroupViews(form.groups, scope, open, form),
    fewTickets: isFewTickets(session) ? message('fewTickets') : null,
    totalCents: formTotalCents(withChosenPrices(form.groups, form), form.quantities),
    seatsNeeded: needsSeats(form.groups, form.quantities, form.seats),
    attendees: selectAttendees(form, form.groups),
    surveys: selectSurveys(form, form.groups),
    vouchers: selectVouchers(form, form.groups),
    canSubmit: open && isSingleReadyToSubmit(form),
    submitting: snapshot.matches('reserving'),
    messages: context.messages,
    canRetry: snapshot.can({ type: 'retry' }),
  };
}

/**
 * The single-event form's callbacks: the form's fields and submit go to the form child (`sendForm`: its own
 * actor, as the seat map is), retry to the flow (`send`).
 */
export function singleEventCallbacks(
  send: (event: SingleEventReserveEvent) => void,
  sendForm: (event: TicketFormChildEvent) => void,
) {
  return { ...formEditCallbacks(sendForm), onRetry: () => send({ type: 'retry' }) };
}
