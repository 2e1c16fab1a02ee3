/**
 * The cart widget's contents (totals, remove, expiry timer, expired dialog, mobile footer, a ticket's seats):
 * spec 2 §1; 'more time' is ours (WCAG 2.2.1). The widget's frame (title, empty cart) is in the shell.
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import { defineStrings } from '../strings';

export const cartStrings = defineStrings({
  ticketSeats: 'Seats',
  ticketSeat: '{section}, Row {row}, Seat {seat}',
  subtotal: 'Subtotal',
  fees: 'Fees',
  feesFixed: 'Fixed fees',
  feesPercent: 'Percent fees',
  discounts: 'Discounts',
  // ours (issue 21): the promo codes under the discounts line
  promoCodesApplied: 'Promo code: {codes}',
  giftCard: 'Gift card ending {number}',
  balanceLeft: 'Balance left',
  payments: 'Payments',
  cartBalance: 'Cart balance',
  partialTotal: 'Partial total',
  removeItem: 'Remove {name}',
  // ours (issue 25): a pass's first and last valid day under its line
  cartPassValidity: 'Valid from {from} to {to}',
  confirmRemove: 'Remove these tickets?',
  expiresIn: 'Your tickets are held for {time}',
  fiveMinutesLeft: 'Your cart expires in 5 minutes.',
  twoMinutesLeft: 'Your cart expires in 2 minutes.',
  moreTime: 'More time',
  moreTimeGranted: 'More time added: your tickets are held for longer.',
  holdExtensionLimit: 'No more time can be added to this cart.',
  cartTimedOut: 'Unfortunately your cart has timed out',
  startOver: 'Start over',
  totalToPay: 'Total to pay',
  // plural forms (ui/strings.ts `text`): the base key is the `other` form
  cartTicketCount: '{count} tickets in your cart',
  cartTicketCount_one: '{count} ticket in your cart',
});
