/**
 * The ticket form's rules (DESIGN.md "Reserve core"), written once for the variants with the full form
 * (date-first, quantity-first, single event): quantities with seats, attendees, surveys, flexible prices and
 * city-pass vouchers. Each variant names the groups its form offers (a session's, the flexible ones, the
 * event's own) and its session; what the form keeps in step, what must hold for a submit and what the reserve
 * sends are here. The named actions over them are `ticketFormActions` (core/actions.ts).
 */

import type { EventObject } from 'xstate';
import type { EventDetail, SessionModel, TicketGroupModel } from '../../../api/models';
import type { FlowError } from '../../shared/flow-error';
import type { Quantities, QuantityEvent } from '../quantities';
import {
  type AdmitChangeEvent,
  type AdmitsContext,
  admitsHold,
  admitsInStep,
  NO_ADMITS,
  requestAdmits,
} from './admits';
import { type PriceChangeEvent, type PricesContext, requestFaceValues } from './prices';
import { refusedErrorOf, ticketsReserveInput } from './rules';
import { requestSurveys, type SurveyChangeEvent, type SurveysContext, surveysHold } from './surveys';
import type { ReserveIntoCartInput, SeatsContext, SeatsSetEvent, TicketReserveContext } from './types';
import {
  NO_VOUCHERS,
  requestVouchers,
  type VoucherChangeEvent,
  type VouchersContext,
  vouchersHold,
  vouchersInStep,
} from './vouchers';

/** What a variant with the full ticket form holds for it. */
export interface TicketFormContext
  extends TicketReserveContext,
    SeatsContext,
    AdmitsContext,
    SurveysContext,
    PricesContext,
    VouchersContext {}

/**
 * The form emptied (another day or session, flexible tickets chosen or left, a sold-out session): no tickets,
 * so no attendee or voucher fields and nothing of theirs checked or refused.
 */
export const NO_TICKETS: Pick<TicketFormContext, 'quantities' | keyof AdmitsContext | keyof VouchersContext> =
  {
    quantities: {},
    ...NO_ADMITS,
    ...NO_VOUCHERS,
  };

type FieldsPart = Pick<TicketFormContext, 'event' | 'admits' | 'vouchers' | 'surveys'>;

/** What the form holds, without the flow around it (notices, cart): what the reserve is built from. */
export type TicketFormFields = Pick<
  TicketFormContext,
  | 'event'
  | 'quantities'
  | keyof SeatsContext
  | keyof AdmitsContext
  | keyof SurveysContext
  | keyof PricesContext
  | keyof VouchersContext
>;

/** New quantities with the attendee and voucher fields kept in step (by position; new tickets empty). */
export function formInStep(
  context: Pick<TicketFormContext, 'event' | 'admits' | 'vouchers'>,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
): Pick<TicketFormContext, 'quantities' | 'admits' | 'vouchers'> {
  return {
    quantities,
    admits: admitsInStep(context.event, groups, quantities, context.admits),
    vouchers: vouchersInStep(context.event, groups, quantities, context.vouchers),
  };
}

/**
 * The field rules of the chosen tickets: the attendee rule, the city-pass voucher rule and the survey rule
 * (core/admits.ts, core/vouchers.ts, core/surveys.ts). A form whose amounts are typed beside its steppers adds
 * the price rule (core/prices.ts `pricesHold`).
 */
export function fieldsHold(
  context: FieldsPart,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
): boolean {
  return (
    admitsHold(context.event, groups, quantities, context.admits) &&
    vouchersHold(context.event, groups, quantities, context.vouchers) &&
    surveysHold(groups, quantities, context.surveys)
  );
}

/**
 * What the reserve sends for the form: the quantities of `groups`, their seats, attendees, city-pass vouchers
 * (the visit: `visitDatetime`, the session's start), survey answers and flexible amounts.
 */
export function formReserveInput(
  context: TicketFormFields,
  groups: readonly TicketGroupModel[],
  sessionId: string | null,
  visitDatetime: string | null,
): ReserveIntoCartInput {
  const { event, quantities, seats, admits, vouchers, surveys } = context;
  const byType = requestVouchers(event, groups, quantities, vouchers);
  return ticketsReserveInput(
    event.id,
    sessionId,
    groups,
    quantities,
    seats,
    requestAdmits(event, groups, quantities, admits),
    byType ? { byType, visitDatetime } : undefined,
    requestSurveys(groups, quantities, surveys),
    requestFaceValues(groups, quantities, context),
  );
}

// ---- the ticket form as a child machine (core/ticketForm.machine.ts) ----------------------------------

/** The form the parent asks for: the groups it offers (a session's, the flexible ones, the event's own). */
export interface TicketFormInput {
  event: EventDetail;
  groups: TicketGroupModel[];
  /** The chosen session (its capacity clamps the steppers, its start is the city passes' visit), or null. */
  session: SessionModel | null;
  /** The quantities it opens with (the query's, the defaults, or those the visitor chose first). */
  quantities?: Quantities;
  /** Preset flexible amount in cents (the `price` query). */
  presetPriceCents?: number | null;
}

/** The child's context: the form's fields for the groups it was given. */
export interface TicketFormChildContext extends TicketFormFields {
  groups: TicketGroupModel[];
  session: SessionModel | null;
  /** What a valid submit asked the parent to reserve, while it reserves (else null). */
  request: ReserveIntoCartInput | null;
}

/** The parent gives the form new groups (another day or session, flexible chosen or left, a sold-out session). */
export interface TicketFormResetEvent {
  type: 'form.reset';
  groups: TicketGroupModel[];
  session: SessionModel | null;
  quantities?: Quantities;
}

/** The parent's reserve was refused (or failed itself: error null): the form is back, as it was. */
export interface TicketFormRefusedEvent {
  type: 'form.refused';
  error: FlowError | null;
}

/**
 * The parent tells the form the session its tickets are for (quantity-first: chosen after the quantities), or
 * none: the seats of another session are dropped; the quantities and the fields typed stay.
 */
export interface TicketFormSessionEvent {
  type: 'form.session';
  session: SessionModel | null;
}

/** The child tells its parent: the quantities hold (quantity-first's 'Find tickets'), with them. */
export interface TicketFormQuantitiesEvent {
  type: 'form.quantities';
  quantities: Quantities;
}

/** The child tells its parent: a valid submit, with what the reserve sends. */
export interface TicketFormSubmittedEvent {
  type: 'form.submitted';
  request: ReserveIntoCartInput;
}

export type TicketFormChildEvent =
  | QuantityEvent
  | SeatsSetEvent
  | AdmitChangeEvent
  | SurveyChangeEvent
  | PriceChangeEvent
  | VoucherChangeEvent
  | { type: 'submit' }
  | { type: 'quantities.confirm' }
  | TicketFormResetEvent
  | TicketFormSessionEvent
  | TicketFormRefusedEvent;

/** A parent's reserve was refused (or failed itself: null): its form child is back, as it was. */
export function formRefusal({ event }: { event: EventObject }): TicketFormRefusedEvent {
  return { type: 'form.refused', error: refusedErrorOf(event) };
}

/** The city-pass vouchers a form's request sent, per type (what a refusal naming one is matched against). */
export function requestedVouchers(request: ReserveIntoCartInput | null): Record<string, string[]> {
  const part = request?.request;
  return part?.kind === 'tickets' ? (part.tickets.vouchers?.byType ?? {}) : {};
}
