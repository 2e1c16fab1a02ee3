import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { checkoutMachine } from './checkout.machine';
import { cardAmountCents } from './rules';
import type { FieldErrors, IdentityValues } from './types';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The identity form values as typed (never lost, also after errors). */
export const selectValues = (snapshot: CheckoutSnapshot): IdentityValues => snapshot.context.values;

/** Field errors by field name ('firstName', 'lastName', 'email', 'emailConfirm', 'terms'). */
export const selectFieldErrors = (snapshot: CheckoutSnapshot): FieldErrors => snapshot.context.fieldErrors;

/** The form-level error (validation summary, card error or API error), or null. */
export const selectFormError = (snapshot: CheckoutSnapshot): Message | null => snapshot.context.formError;

export const selectIsSubmitting = (snapshot: CheckoutSnapshot): boolean => snapshot.hasTag('submitting');

/** The pay button is enabled: editing (not submitting, not completed or pending). */
export const selectCanSubmit = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('editing');

/** Live-region status message (processing, confirming with the card issuer, complete, pending), or null. */
export const selectStatus = (snapshot: CheckoutSnapshot): Message | null => snapshot.context.status;

/** Counts refused submits; it changes on every refusal, also when the message is the same as before. */
export const selectRefusals = (snapshot: CheckoutSnapshot): number => snapshot.context.refusals;

/** What the pay button charges: the amount to pay now less the pending gift card payments (0: no card needed). */
export const selectCardAmountCents = (snapshot: CheckoutSnapshot): number =>
  cardAmountCents(
    snapshot.context.cart,
    snapshot.context.giftCards,
    snapshot.context.instalmentCents,
    snapshot.context.paidNowCents,
  );
