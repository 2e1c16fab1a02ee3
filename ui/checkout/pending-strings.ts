/**
 * The pending order page (spec 2 §2 names its parts, not its texts: ours). They join the catalogue when this
 * module loads, with the page (see `ui/strings.ts`): checkout's first load does not carry them.
 */
import { defineStrings } from '../strings';

export const pendingStrings = defineStrings({
  pendingTitle: 'Your order is pending',
  pendingMessage:
    'Your payment is still being processed. Your order will show here as soon as it clears, and a confirmation email will follow.',
  // spec 2 §2: for a debit payment, the reference number and a confirmation email once it has cleared
  pendingDebitMessage:
    'Your bank debit is being processed, which can take a few business days. Keep your reference number: we will email your confirmation once the payment has cleared.',
  pendingReference: 'Reference number',
  pendingCheckFailed: 'We could not check your order just now. Your payment may still clear.',
  pendingMissing: 'We could not find that order.',
});
