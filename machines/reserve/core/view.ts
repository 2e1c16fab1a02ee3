/**
 * The reserve core's view helpers. The 'code required' prompt (spec 1 §2 "Other widgets", §4): the child
 * `reserveIntoCart`'s snapshot -> what the prompt shows, and the events it sends back to the child. The ticket
 * form child's snapshot as every variant's view reads it (`ticketFormOf`), the callbacks its fields offer
 * (`formEditCallbacks`), and what the single-event and one-ticket views share (`formStatus`, `formTotalCents`).
 */
import type { SnapshotFrom } from 'xstate';
import type { TicketGroupModel } from '../../../api/models';
import { type Message, message } from '../../shared/messages';
import { type Quantities, type QuantityEvent, totalFeesCents, totalPriceCents } from '../quantities';
import type { AdmitChangeEvent, AdmitField } from './admits';
import type { PriceChangeEvent } from './prices';
import type { reserveIntoCartMachine } from './reserveIntoCart.machine';
import type { SurveyChangeEvent } from './surveys';
import type { ticketFormMachine } from './ticketForm.machine';
import type { CodePromptEvent, NoticeLevel } from './types';
import type { VoucherChangeEvent } from './vouchers';

export type ReserveIntoCartSnapshot = SnapshotFrom<typeof reserveIntoCartMachine>;

export interface CodePromptView {
  /** The child asks for a code: the `codeRequired` modal belongs on the stack. */
  asking: boolean;
  /** What the visitor typed (kept after a wrong code). */
  code: string;
  /** The prompt's message: 'A code is required to continue with your order.' */
  message: Message;
  /** Why the last code did not unlock the tickets, or null. */
  error: Message | null;
  /** The retry with the code is in flight: Apply and Cancel wait. */
  submitting: boolean;
  /** Apply is offered: not submitting and something typed. */
  canSubmit: boolean;
}

export const CODE_PROMPT_MESSAGE: Message = { key: 'codeRequired' };

/** The prompt's view of the child's snapshot (absent child: not asking). */
export function selectCodePrompt(snapshot: ReserveIntoCartSnapshot | undefined): CodePromptView {
  const asking = snapshot?.matches('askingForCode') ?? false;
  const submitting = snapshot?.matches({ askingForCode: 'retrying' }) ?? false;
  const code = snapshot?.context.code ?? '';
  return {
    asking,
    code,
    message: CODE_PROMPT_MESSAGE,
    error: snapshot?.context.codeError ?? null,
    submitting,
    canSubmit: asking && !submitting && code.trim() !== '',
  };
}

/** The prompt's callbacks, built from the child's `send`. */
export function codePromptActions(send: (event: CodePromptEvent) => void) {
  return {
    onChange: (value: string) => send({ type: 'code.change', value }),
    onSubmit: () => send({ type: 'code.submit' }),
    onCancel: () => send({ type: 'code.cancel' }),
  };
}

/** What the form's fields and submit send (to the form child: every reserve variant's view sends them there). */
export type FormEditEvent =
  | QuantityEvent
  | AdmitChangeEvent
  | SurveyChangeEvent
  | PriceChangeEvent
  | VoucherChangeEvent
  | { type: 'submit' };

/** The form's fields and submit: the steppers, the attendee, survey, flexible price and voucher fields. */
export function formEditCallbacks(send: (event: FormEditEvent) => void) {
  return {
    onIncrement: (ticketTypeId: string) => send({ type: 'quantity.increment', ticketTypeId }),
    onDecrement: (ticketTypeId: string) => send({ type: 'quantity.decrement', ticketTypeId }),
    onSubmit: () => send({ type: 'submit' }),
    onAdmitChange: (ticketTypeId: string, index: number, field: AdmitField, value: string) =>
      send({ type: 'admit.change', ticketTypeId, index, field, value }),
    onSurveyChange: (ticketGroupId: string, question: string, value: string) =>
      send({ type: 'survey.change', ticketGroupId, question, value }),
    onPriceChange: (ticketTypeId: string, value: string) =>
      send({ type: 'price.change', ticketTypeId, value }),
    onVoucherChange: (ticketTypeId: string, index: number, value: string) =>
      send({ type: 'voucher.change', ticketTypeId, index, value }),
  };
}

/** The form child's snapshot (`ticketForm`, invoked at every full-form reserve variant's root). */
export type TicketFormSnapshot = SnapshotFrom<typeof ticketFormMachine>;

/** The form child's snapshot of a flow's snapshot (none once the flow is done). */
export function ticketFormOf(snapshot: {
  children: { ticketForm?: { getSnapshot(): unknown } };
}): TicketFormSnapshot | undefined {
  return snapshot.children.ticketForm?.getSnapshot() as TicketFormSnapshot | undefined;
}

/** Where a form whose load can block it stands. */
export type FormStatus = 'loading' | 'unavailable' | 'error' | 'ready';

export interface NoticeView {
  key: string;
  level: NoticeLevel;
  message: Message;
}

/**
 * The status of a form whose load can block it (single event, one-ticket picker), and the blocking message:
 * no session on sale, or the load failed.
 */
export function formStatus(
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

/** Ticket prices plus outside fees, in cents. */
export const formTotalCents = (groups: readonly TicketGroupModel[], quantities: Quantities) =>
  totalPriceCents(groups, quantities) + totalFeesCents(groups, quantities);
