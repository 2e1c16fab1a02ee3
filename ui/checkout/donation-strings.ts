/**
 * Checkout's donation form (spec 2 §2 "Donation form"; issue 23). The spec names no texts for it: ours. The own
 * amount's refusal is the spec's ('Value entered is outside min/max.', ui/form-strings.ts). They join the
 * catalogue when this module loads, with the form.
 */
import { defineStrings } from '../strings';

export const donationStrings = defineStrings({
  donationTitle: 'Add a donation',
  donationOwnAmountRange: 'From {min} to {max}',
  donationAdd: 'Add donation',
  donationUpdate: 'Update donation',
  donationRemove: 'Remove donation',
  donationSaving: 'Updating your cart…',
  donationInCart: 'Your donation in the cart: {amount}',
  donationAdded: 'Thank you! Your donation of {amount} is in your cart.',
  donationRemoved: 'Your donation of {amount} was removed from your cart.',
});
