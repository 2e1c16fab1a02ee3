import { ErrorCode } from '../../domain/codes';
import type { PaymentAdapter } from './types';

/**
 * The seller takes no card payments (runtime config `paymentMode: 'unavailable'`: production without a
 * gateway): no card fields, and a card payment is refused before anything is sent, with the server's own
 * code (payment_unavailable: 'This venue cannot take payments online at the moment.'). Free orders need no card.
 */
export function createUnavailableAdapter(): PaymentAdapter {
  const refused = () => Promise.reject({ code: ErrorCode.payment_unavailable });
  return {
    renderCardForm: () => null,
    confirmCard: refused,
    confirmAction: refused,
  };
}
