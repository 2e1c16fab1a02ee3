/**
 * View models of the single-event form and the one-ticket-only picker: one selector each, snapshot -> the
 * props their view needs. Kept apart from `view.ts` (the date-first view, in the event page's first load):
 * these load with their layouts' chunks.
 */
import type { SnapshotFrom } from 'xstate';
import type { TicketGroupModel } from '../../api/models';
import { type PassPolicy, passDays } from '../../domain/pass-validity';
import type { Message } from '../shared/messages';
import { message } from '../shared/messages';
import { type AttendeeView, selectAttendees } from './core/admits';
import { type FlexiblePriceView, flexiblePriceView, withChosenPrices } from './core/prices';
import { type SurveyView, selectSurveys } from './core/surveys';
import type { TicketFormChildContext, TicketFormChildEvent } from './core/ticket-form';
import { ticketFormContext, type ticketFormMachine } from './core/ticketForm.machine';
import { formEditCallbacks } from './core/view';
import { selectVouchers, type VoucherView } from './core/vouchers';
import { canDecrementOne, canIncrementOne, chosenType } from './one-ticket';
import type { OneTicketReserveEvent } from './one-ticket-types';
import type { OneTicketReserveMachine } from './oneTicketReserve.machine';
import { isFewTickets, type Quantities, totalFeesCents, totalPriceCents } from './quantities';
import { needsSeats } from './single-event';
import type { SingleEventReserveEvent } from './single-event-types';
import { isSingleReadyToSubmit, singleFormInput } from './singleEventReserve.impl';
import type { SingleEventReserveMachine } from './singleEventReserve.machine';
import { type TicketGroupView, ticketGroupViews } from './ticket-groups-view';
import type { NoticeLevel } from './types';

export type SingleEventReserveSnapshot = SnapshotFrom<SingleEventReserveMachine>;
export type OneTicketReserveSnapshot = SnapshotFrom<OneTicketReserveMachine>;
/** The single-event form's child (`ticketForm`, invoked at the flow's root). */
export type TicketFormSnapshot = SnapshotFrom<typeof ticketFormMachine>;

/** The child's snapshot of a single-event snapshot (none once the flow is done). */
export function ticketFormOf(snapshot: SingleEventReserveSnapshot): TicketFormSnapshot | undefined {
  return snapshot.children.ticketForm?.getSnapshot() as TicketFormSnapshot | undefined;
}

/** Where a form whose load can block it stands. */
export type FormStatus = 'loading' | 'unavailable' | 'error' | 'ready';

export interface NoticeView {
  key: string;
  level: NoticeLevel;
  message: Message;
}

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
 * The status of a form whose load can block it (single event, one-ticket picker), and the blocking message:
 * no session on sale, or the load failed.
 */
function formStatus(
  loading: boolean,
  unavailable: boolean,
  loadError: boolean,
  blocking: Message | null,
): { status: FormStatus; blockingMessage: Message | null } {
  const status = loading ? 'loading' : unavailable ? 'unavailable' : loadError ? 'error' : 'ready';
  return {
    status,
    blockingMessage:
      status === 'unavailable' || status === 'error' ? (blocking ?? message('errorUnexpected')) : null,
  };
}

const total = (groups: readonly TicketGroupModel[], quantities: Quantities) =>
  totalPriceCents(groups, quantities) + totalFeesCents(groups, quantities);

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
    totalCents: total(withChosenPrices(form.groups, form), form.quantities),
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

export interface OneTicketOptionView {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  chosen: boolean;
  disabled: boolean;
  /** A pay-what-you-wish type's amount input (core/prices.ts), or null when its price is fixed. */
  flexiblePrice: FlexiblePriceView | null;
}

export interface OneTicketGroupView {
  id: string;
  name: string;
  description: string | null;
  soldOut: boolean;
  /** A pass's validity when bought today ('Valid from {from} to {to}'), or null (not a pass, or no days). */
  validity: Message | null;
  options: OneTicketOptionView[];
}

export interface OneTicketViewModel {
  status: FormStatus;
  blockingMessage: Message | null;
  groups: OneTicketGroupView[];
  /** The one chosen type, or null. */
  chosen: string | null;
  /** Exactly-one mode: never a decrease. */
  canDecrease: boolean;
  totalCents: number;
  canSubmit: boolean;
  submitting: boolean;
  messages: NoticeView[];
  canRetry: boolean;
}

/** A pass's first and last valid day bought on `today`, in the spec's day format, or null. */
export function passValidityMessage(pass: PassPolicy | undefined, today: string | null): Message | null {
  const days = pass && today ? passDays(pass, today) : null;
  return days ? { key: 'passValidity', params: { from: { day: days.from }, to: { day: days.to } } } : null;
}

export function selectOneTicketView(snapshot: OneTicketReserveSnapshot): OneTicketViewModel {
  const { context } = snapshot;
  const picking = snapshot.matches('picking');
  const chosen = chosenType(context.quantities);
  const loading = snapshot.matches('loading');
  return {
    ...formStatus(loading, snapshot.matches('unavailable'), snapshot.matches('loadError'), context.blocking),
    groups: context.groups.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      soldOut: group.soldOut,
      validity: passValidityMessage(group.pass, context.today),
      options: group.types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        priceCents: type.priceCents,
        chosen: type.id === chosen,
        disabled:
          !picking || (type.id !== chosen && !canIncrementOne(context.groups, context.quantities, type.id)),
        flexiblePrice: flexiblePriceView(type, context.quantities, context),
      })),
    })),
    chosen,
    canDecrease: canDecrementOne(),
    totalCents: total(withChosenPrices(context.groups, context), context.quantities),
    canSubmit: picking && chosen !== null,
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

/** The one-ticket picker's callbacks, built from the flow's `send`: what the layout and the story viewer offer. */
export function oneTicketCallbacks(send: (event: OneTicketReserveEvent) => void) {
  return {
    onChoose: (ticketTypeId: string) => send({ type: 'ticket.choose', ticketTypeId }),
    onPriceChange: (ticketTypeId: string, value: string) =>
      send({ type: 'price.change', ticketTypeId, value }),
    onSubmit: () => send({ type: 'submit' }),
    onRetry: () => send({ type: 'retry' }),
  };
}
