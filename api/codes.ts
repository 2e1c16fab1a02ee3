/**
 * The one table of error codes (spec 1 §8, spec 2 §8, spec 3 §8, plus the reference server's own and the
 * few the client raises itself). Shared by api/, machines/, routes/ and server/: nobody writes a code as a
 * bare string. A leaf module: it imports nothing, so machines may use it at run time (lint allows exactly this
 * file of api/).
 *
 * Each entry says where the code comes from and whether it is expected. Expected codes are part of a flow
 * and never logged; the others are logged (redacted) when they reach the client (spec 1 §8 "Unexpected 4xx
 * codes are logged").
 */

export const ErrorCode = {
  // --- spec 1 §8: reserve
  max_tickets_per_order_exceeded: 'max_tickets_per_order_exceeded',
  min_tickets_per_order_not_met: 'min_tickets_per_order_not_met',
  member_limit_exceeded: 'member_limit_exceeded',
  ticket_group_capacity_exceeded: 'ticket_group_capacity_exceeded',
  ticket_group_sold_out: 'ticket_group_sold_out',
  session_capacity_exceeded: 'session_capacity_exceeded',
  event_session_sold_out: 'event_session_sold_out',
  rule_blocks_reserve: 'rule_blocks_reserve',
  // --- spec 1 §8, spec 2 §8: promo codes and vouchers
  invalid_citypass: 'invalid_citypass',
  citypass_failure: 'citypass_failure',
  code_exhausted: 'code_exhausted',
  code_not_found: 'code_not_found',
  additional_info_validation_failed: 'additional_info_validation_failed',
  validation_failed: 'validation_failed',
  no_code_benefit: 'no_code_benefit',
  duplicate_code: 'duplicate_code',
  validate_not_email: 'validate_not_email',
  // --- spec 1 §8, spec 2 §8: cart and orders
  cart_expired: 'cart_expired',
  cart_booked: 'cart_booked',
  incorrect_cart_state: 'incorrect_cart_state',
  not_found: 'not_found',
  bad_field_value: 'bad_field_value',
  tickets_too_old: 'tickets_too_old',
  ticket_not_found: 'ticket_not_found',
  ticket_state_incorrect: 'ticket_state_incorrect',
  // --- spec 2 §4, §8: payments
  intent_requires_action: 'intent_requires_action',
  intent_processing: 'intent_processing',
  card_declined: 'card_declined',
  incorrect_zip: 'incorrect_zip',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'invalid_cvc',
  payment_intent_authentication_failure: 'payment_intent_authentication_failure',
  invalid_bank_account: 'invalid_bank_account',
  invalid_bank_account_account_number: 'invalid_bank_account_account_number',
  // --- spec 2 §8, spec 3 §8: accounts
  guest_account: 'guest_account',
  incorrect_password: 'incorrect_password',
  validate_failed: 'validate_failed',
  // --- the reference server's own (server/README.md)
  missing_app_header: 'missing_app_header',
  unknown_seller: 'unknown_seller',
  method_not_allowed: 'method_not_allowed',
  payload_too_large: 'payload_too_large',
  internal_error: 'internal_error',
  // --- raised by the client itself, never sent by the server
  /** No usable answer: 5xx, non-JSON, a malformed document, a network failure after the retries. */
  unexpected: 'unexpected',
  /** GET events/{id} answered 404 or 400 (spec 1 §7). */
  event_not_found: 'event_not_found',
  /** The card payment provider could not load (spec 2 §8). */
  payment_provider_unavailable: 'payment_provider_unavailable',
  /** A card provider error without a more precise code (also the provider's error type). */
  card_error: 'card_error',
  /** Card provider codes the sandbox card form imitates (Stripe's names); logged, as spec 2 §8 says of others. */
  incorrect_number: 'incorrect_number',
  invalid_expiry: 'invalid_expiry',
  expired_card: 'expired_card',
  /** A machine's actor was not provided by its wiring (a programming error). */
  not_provided: 'not_provided',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Where a code comes from: the spec's catalogues, the reference server, or the client itself. */
export type CodeOrigin = 'spec' | 'server' | 'client';

export interface CodeInfo {
  origin: CodeOrigin;
  /** Expected codes are part of a flow and are not logged (spec 1 §8, spec 2 §8). */
  expected: boolean;
  /** The HTTP status the reference server answers with (client codes: none). */
  status?: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 500;
}

const spec = (status: CodeInfo['status'], expected = true): CodeInfo => ({
  origin: 'spec',
  expected,
  status,
});

/** Every code with its origin, whether it is expected, and its HTTP status on the reference server. */
export const CODE_INFO: Record<ErrorCode, CodeInfo> = {
  max_tickets_per_order_exceeded: spec(400),
  min_tickets_per_order_not_met: spec(400),
  member_limit_exceeded: spec(400),
  ticket_group_capacity_exceeded: spec(409),
  ticket_group_sold_out: spec(409),
  session_capacity_exceeded: spec(409),
  event_session_sold_out: spec(409),
  rule_blocks_reserve: spec(400),
  invalid_citypass: spec(400),
  citypass_failure: spec(400),
  code_exhausted: spec(400),
  code_not_found: spec(404),
  additional_info_validation_failed: spec(400),
  validation_failed: spec(400),
  no_code_benefit: spec(400),
  duplicate_code: spec(400),
  validate_not_email: spec(400),
  cart_expired: spec(410),
  /** Spec 1 §8 names it 'a cart has been booked' error, carrying an order id; the wire code is the server's. */
  cart_booked: { origin: 'server', expected: true, status: 409 },
  incorrect_cart_state: spec(409),
  not_found: spec(404),
  bad_field_value: spec(400),
  tickets_too_old: spec(400),
  ticket_not_found: spec(404),
  ticket_state_incorrect: spec(409),
  intent_requires_action: spec(402),
  intent_processing: spec(402),
  card_declined: spec(400),
  incorrect_zip: spec(400),
  incorrect_cvc: spec(400),
  invalid_cvc: spec(400),
  payment_intent_authentication_failure: spec(400),
  invalid_bank_account: spec(400),
  invalid_bank_account_account_number: spec(400),
  guest_account: spec(400),
  incorrect_password: spec(401),
  validate_failed: spec(400),
  missing_app_header: { origin: 'server', expected: false, status: 400 },
  unknown_seller: { origin: 'server', expected: false, status: 400 },
  method_not_allowed: { origin: 'server', expected: false, status: 405 },
  payload_too_large: { origin: 'server', expected: false, status: 413 },
  internal_error: { origin: 'server', expected: false, status: 500 },
  unexpected: { origin: 'client', expected: false },
  event_not_found: { origin: 'client', expected: true },
  payment_provider_unavailable: { origin: 'client', expected: true },
  card_error: { origin: 'client', expected: true },
  incorrect_number: { origin: 'client', expected: false },
  invalid_expiry: { origin: 'client', expected: false },
  expired_card: { origin: 'client', expected: false },
  not_provided: { origin: 'client', expected: false },
};

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(CODE_INFO, code);

/**
 * Whether a code reaching the client is logged (redacted): unknown codes and the server's own failures are;
 * codes that are part of a flow are not.
 */
export const isLoggedCode = (code: string): boolean => !isErrorCode(code) || !CODE_INFO[code].expected;
