/**
 * The confirmation's words by the order's kind (spec 2 §2 "Wording depends on the group kind: membership, gift
 * (codes) or tickets"; the words are ours), loaded with the confirmation's chunk. They join the catalogue when this
 * module loads, with the view that uses them (see `ui/strings.ts`).
 */
import { defineStrings } from './strings';

export const completeStrings = defineStrings({
  orderKindTickets: 'Your tickets are booked. Show this QR code at the entrance.',
  orderKindMembership: 'Your membership is confirmed. Show this QR code at your first visit.',
  orderKindGift: 'Your gift codes are ready to give.',
  viewAndPrintMembership: 'View and print membership',
  viewAndPrintGift: 'View and print gift codes',
});
