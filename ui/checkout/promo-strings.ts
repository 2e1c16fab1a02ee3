/**
 * The promo code box and the blocked-cart form (spec 2 §2, §5, §8; issue 21). The spec's texts are verbatim
 * ("A code is required to continue with your order." and the promo errors live in the catalogue, ui/strings.ts);
 * the labels and field messages are ours. They join the catalogue when this module loads, with the box.
 */
import '../form-strings';
import { defineStrings } from '../strings';

export const promoStrings = defineStrings({
  promoCodeLabel: 'Promo code',
  promoApply: 'Apply',
  promoApplying: 'Applying…',
  promoApplied: 'Promo code {code} applied.',
  promoCodeTooShort: 'A code has at least {min} characters.',
  promoCodeTooLong: 'A code has at most {max} characters.',
  // spec 2 §8: after a code error in the blocked-cart form
  promoTryAnother: 'Please try another one.',
  blockedCodeHeading: 'Code required',
  blockedCodeLabel: 'Code',
});
