/** The confirmation's words by the order's kind in Spanish (issue 23; ours): loaded only for a visitor in Spanish. */
import type { completeStrings } from './complete-strings';

export default {
  orderKindTickets: 'Tus entradas están reservadas. Muestra este código QR en la entrada.',
  orderKindMembership: 'Tu membresía está confirmada. Muestra este código QR en tu primera visita.',
  orderKindGift: 'Tus códigos de regalo están listos para regalar.',
  viewAndPrintMembership: 'Ver e imprimir membresía',
  viewAndPrintGift: 'Ver e imprimir códigos de regalo',
} satisfies Record<keyof typeof completeStrings, string>;
