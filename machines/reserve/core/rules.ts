/**
 * Pure rules of the reserve core, shared by every reserve flow: notices (add, replace, clear), how a failed
 * reserve or load reads (the flow error, cart gone, sold out, the refusal's message), the done event of the
 * child `reserveIntoCart` read without casts, and the outputs the path models send for it.
 */
import type { EventObject } from 'xstate';
import type { AdmitDetails, CartModel, TicketGroupModel } from '../../../api/models';
import { voucherKey } from '../../../domain/citypass-rule';
import { ErrorCode } from '../../../domain/codes';
import { outcomeMessage } from '../../../domain/error-messages/base';
import { promoOutcome, reserveOutcome } from '../../../domain/error-messages/reserve';
import type { SurveyAnswers } from '../../../domain/survey-rule';
import { type FlowError, toFlowError } from '../../shared/flow-error';
import type { Message, MessageParams } from '../../shared/messages';
import { type Quantities, requestQuantities } from '../quantities';
import { reserveSeatsPart, type SeatChoice } from '../seats';
import type {
  RefusalKind,
  ReserveDoneEvent,
  ReserveIntoCartInput,
  ReserveIntoCartOutput,
  ReserveNotice,
  ReserveOutput,
  ReserveRefusal,
} from './types';

// ---- notices ------------------------------------------------------------------------------------------

/** The notice of a failed reserve (each flow shows one at a time). */
export const RESERVE_ERROR = 'reserve.error';
/** Notices about the last submit: cleared when the visitor submits again. */
export const RESERVE_NOTICE_KEYS: readonly string[] = [
  RESERVE_ERROR,
  'reserve.sessionSoldOut',
  'reserve.dateSoldOut',
];

/** Adds a notice, replacing one with the same key. */
export function withNotice(messages: readonly ReserveNotice[], notice: ReserveNotice): ReserveNotice[] {
  return [...messages.filter((m) => m.key !== notice.key), notice];
}

/** The notices without those keys. */
export function withoutNotices(messages: readonly ReserveNotice[], keys: readonly string[]): ReserveNotice[] {
  return messages.filter((m) => !keys.includes(m.key));
}

/** An error notice. */
export const errorNotice = (key: string, text: Message): ReserveNotice => ({
  key,
  level: 'error',
  message: text,
});

// ---- errors -------------------------------------------------------------------------------------------

export type FlowErrorWithContext = FlowError & { context?: string | null };

/** A rejection with a code (read by the shared `toFlowError`, with its context), or null for anything else. */
export function flowErrorFrom(error: unknown): FlowErrorWithContext | null {
  if (typeof error !== 'object' || error === null || typeof (error as { code?: unknown }).code !== 'string')
    return null;
  const context = (error as { context?: unknown }).context;
  return { ...toFlowError(error), context: typeof context === 'string' ? context : null };
}

/** The flow error of an actor's error event, or null when it has none. */
export function flowErrorOf(event: EventObject): FlowErrorWithContext | null {
  return 'error' in event ? flowErrorFrom(event.error) : null;
}

/** The cart the reserve went to is gone: deleted, or expired. */
export const isCartGone = (error: FlowError | null): boolean =>
  error?.code === ErrorCode.not_found || error?.code === ErrorCode.cart_expired;

/** How a refusal reads to the flows. */
export function refusalKind(error: FlowErrorWithContext): RefusalKind {
  if (error.code === ErrorCode.event_session_sold_out) return 'sessionSoldOut';
  if (error.code === ErrorCode.seat_unavailable) return 'seatTaken';
  if (reserveOutcome(error).kind === 'codePrompt') return 'codeRequired';
  return 'other';
}

// ---- the 'code required' prompt (spec 1 §2 "Other widgets", §4, §8) -------------------------------------

/** Refusals of the code itself (spec 1 §8's promo code errors that are about a code). */
const CODE_REFUSALS: ReadonlySet<string> = new Set<string>([
  ErrorCode.code_not_found,
  ErrorCode.code_exhausted,
  ErrorCode.no_code_benefit,
  ErrorCode.invalid_citypass,
  ErrorCode.citypass_failure,
]);

/** The code as it is sent: trimmed (spec 1 §9). */
export const codeOf = (typed: string): string => typed.trim();

/** Something to apply: the trimmed code is not empty. */
export const hasCode = (typed: string): boolean => codeOf(typed) !== '';

/** The refusal's `_extra.code` names a code, and not the given one (compared trimmed, in any case). */
function namesOtherCode(error: FlowError, code: string): boolean {
  const extra = error.extra;
  const named = typeof extra === 'object' && extra !== null ? (extra as { code?: unknown }).code : undefined;
  return typeof named === 'string' && named.trim() !== '' && voucherKey(named) !== voucherKey(code);
}

/**
 * Why a reserve retried with a code was refused, as the prompt shows it, or null when the refusal is not
 * about the code (sold out, cart gone...): then the reserve ends refused. A code the server does not know
 * reads as its promo-code message (spec 1 §8: the description, else '"{code}" is not a valid promo code.'); a
 * code that does not unlock the tickets (the server asks for a code again) reads '"{code}" is not a valid
 * promo code.'
 */
export function codePromptError(error: unknown, typed: string): Message | null {
  const flowError = flowErrorFrom(error);
  if (!flowError) return null;
  const code = codeOf(typed);
  if (refusalKind(flowError) === 'codeRequired') return { key: 'promoInvalid', params: { code } };
  if (!CODE_REFUSALS.has(flowError.code)) return null;
  // A refusal naming another code (a City Pass voucher of the form, invalid_citypass or code_exhausted with its
  // `_extra.code`) is not about the prompt's code: the reserve ends refused and the flow shows it beside the
  // voucher's field (core/vouchers.ts `voucherRefusalOf`).
  if (namesOtherCode(flowError, code)) return null;
  return outcomeMessage(promoOutcome(flowError, { code }), 'promo');
}

/** A refusal of the given error (anything without a code is unexpected). */
export function refusalOf(error: unknown): ReserveRefusal {
  const flowError = flowErrorFrom(error) ?? { code: ErrorCode.unexpected, description: null, context: null };
  return { kind: refusalKind(flowError), error: flowError };
}

/**
 * A lost race for a seat (409 seat_unavailable) shows the server's description ('Sorry, a seat you chose has
 * just been taken...'): the shared mapping shows descriptions of the spec's codes only, and this code is the
 * reference server's own.
 */
export function seatTakenMessage(error: FlowError | null): Message | null {
  if (!error || error.code !== ErrorCode.seat_unavailable || !error.description?.trim()) return null;
  return { key: 'errorDescription', params: { description: error.description.trim() } };
}

/**
 * What a form shows for a failed reserve or load: the server's message after a lost seat race, else the one
 * shared reserve mapping (spec 1 §8) with the given parameters.
 */
export function reserveErrorText(error: FlowError | null, params: MessageParams = {}): Message {
  return (
    seatTakenMessage(error) ??
    outcomeMessage(reserveOutcome(error ?? { code: ErrorCode.unexpected }, params), 'reserve')
  );
}

// ---- the child's done event ---------------------------------------------------------------------------

/** The done event of the child `reserveIntoCart` (a type guard: no cast). */
export function isReserveDone(event: EventObject): event is ReserveDoneEvent {
  return event.type === 'xstate.done.actor.reserveIntoCart';
}

/** The cart of a successful reserve, or null. */
export function reservedCartOf(event: EventObject): CartModel | null {
  return isReserveDone(event) && event.output.status === 'reserved' ? event.output.cart : null;
}

/**
 * The refusal of a done event, or of an error event (the child itself failed: unexpected), or null when the
 * reserve succeeded.
 */
export function refusalOfEvent(event: EventObject): ReserveRefusal | null {
  if (isReserveDone(event)) return event.output.status === 'refused' ? event.output.refusal : null;
  return 'error' in event ? refusalOf(event.error) : null;
}

/** The error of a refused reserve (for the flows' own mappings), or null. */
export const refusedErrorOf = (event: EventObject): FlowErrorWithContext | null =>
  refusalOfEvent(event)?.error ?? null;

/** Outputs as the path models send them. */
export const reservedOutput = (cart: CartModel): ReserveIntoCartOutput => ({ status: 'reserved', cart });
export const refusedOutput = (error: unknown): ReserveIntoCartOutput => ({
  status: 'refused',
  refusal: refusalOf(error),
});

/** The notices after `message.dismiss` (that key removed); any other event leaves them. */
export function noticesAfterDismiss(messages: ReserveNotice[], event: EventObject): ReserveNotice[] {
  return event.type === 'message.dismiss' && 'key' in event && typeof event.key === 'string'
    ? withoutNotices(messages, [event.key])
    : messages;
}

/**
 * A session's groups that this page offers: the event's own (spec 1 §2: the `tg` query narrows the event's
 * groups, and a session's answer lists all of them), in the session's order.
 */
export function offeredGroups(
  event: { ticketGroups: readonly { id: string }[] },
  groups: readonly TicketGroupModel[],
): TicketGroupModel[] {
  const ids = new Set(event.ticketGroups.map((group) => group.id));
  return groups.filter((group) => ids.has(group.id));
}

// ---- what a ticket flow sends, and ends with ----------------------------------------------------------

/**
 * The child's input for tickets: the counts above zero, the seats when any are chosen, the attendees'
 * names and emails when any are given (`requestAdmits`, core/admits.ts), and the city-pass vouchers when the
 * tickets take any (`requestVouchers`, core/vouchers.ts).
 */
export function ticketsReserveInput(
  eventId: string,
  sessionId: string | null,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  seats: SeatChoice = {},
  admits?: Record<string, AdmitDetails[]>,
  /** City-pass vouchers per type (core/vouchers.ts `requestVouchers`) and the visit (the session's start). */
  vouchers?: { byType: Record<string, string[]>; visitDatetime: string | null },
  /** Survey answers per group (core/surveys.ts `requestSurveys`), sent as the reserve's additional info. */
  additionalInfo?: SurveyAnswers[],
  /** Flexible amounts per type (core/prices.ts `requestFaceValues`), sent as each line's face_value. */
  faceValues?: Record<string, string>,
): ReserveIntoCartInput {
  return {
    request: {
      kind: 'tickets',
      tickets: {
        eventId,
        sessionId,
        quantities: requestQuantities(quantities),
        ...reserveSeatsPart(groups, quantities, seats),
        ...(admits ? { admits } : {}),
        ...(vouchers ? { vouchers } : {}),
        ...(additionalInfo ? { additionalInfo } : {}),
        ...(faceValues ? { faceValues } : {}),
      },
    },
  };
}

/** A reserve flow's output: the cart the reserve went to (a flow is done only once reserved). */
export function cartOutput({ context }: { context: { cart: CartModel | null } }): ReserveOutput {
  if (!context.cart) throw new Error('a reserve flow finished without a cart');
  return { cart: context.cart };
}
