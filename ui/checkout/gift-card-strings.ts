/**
 * The gift card field of checkout's payment section (spec 2 §2, §5; issue 22). The spec's texts are verbatim
 * ("Oops! You already applied this gift card", "Gift Card balance is $0"; "Gift card not found." and the generic
 * error live in the catalogue, ui/strings.ts); the label, button and required texts are ours. They join the
 * catalogue when this module loads, with the field.
 */
import { defineStrings } from '../strings';

export const giftCardStrings = defineStrings({
  giftCardLabel: 'Gift card',
  giftCardApply: 'Apply gift card',
  giftCardApplying: 'Applying…',
  giftCardRequired: 'Please enter a gift card number.',
  giftCardDuplicate: 'Oops! You already applied this gift card',
  giftCardEmpty: 'Gift Card balance is $0',
  giftCardApplied: 'Gift card ending {number}: {amount}',
  giftCardsHeading: 'Gift cards applied',
});
