/**
 * Gift cards (spec 2 §3 "Ledger / gift card", §5, §7, §9; issue 22): one rule for the checkout's gift card field
 * and the server alike. A leaf module: machines and the server may import it at run time.
 */

/** The ledger type of gift cards (`GET ledger/{ledgerType}/{cardNumber}`; the payment's `ledger_type`). */
export const GIFT_CARD_LEDGER_TYPE = 'gift_card';
/** Spec 2 §5, §9: a gift card number is required and at most 70 characters. */
export const GIFT_CARD_NUMBER_MAX = 70;
/** The number as looked up and paid with: without the spaces and dashes people type between digits. */
export const giftCardNumberOf = (typed: string): string => typed.replace(/[\s-]+/g, '');
