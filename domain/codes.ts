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

/** Where a code comes from: the spec's catalogues, the reference server, or the client itself. */
export type CodeOrigin = 'spec' | 'server' | 'client';

export interface CodeInfo {
  origin: CodeOrigin;
  /** Expected codes are part of a flow and are not logged (spec 1 §8, spec 2 §8). */
  expected: boolean;
  /** The HTTP status the reference server answers with (client codes: none). */
  status?: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 429 | 500;
}

type Status = CodeInfo['status'];
const spec = (status: Status): CodeInfo => ({ origin: 'spec', expected: true, status });
const server = (expected: boolean, status: Status): CodeInfo => ({ origin: 'server', expected, status });
const client = (expected: boolean): CodeInfo => ({ origin: 'client', expected });

/** Every code (each written once, as a key) with its origin, whether it is expected, and its HTTP status. */
const TABLE = {
  // --- spec 1 §8: reserve
  max_tickets_per_order_exceeded: spec(400),
  min_tickets_per_order_not_met: spec(400),
  member_limit_exceeded: spec(400),
  ticket_group_capacity_exceeded: spec(409),
  ticket_group_sold_out: spec(409),
  session_capacity_exceeded: spec(409),
  event_session_sold_out: spec(409),
  rule_blocks_reserve: spec(400),
  // --- spec 1 §8, spec 2 §8: promo codes and vouchers
  invalid_citypass: spec(400),
  citypass_failure: spec(400),
  code_exhausted: spec(400),
  code_not_found: spec(404),
  additional_info_validation_failed: spec(400),
  validation_failed: spec(400),
  no_code_benefit: spec(400),
  duplicate_code: spec(400),
  validate_not_email: spec(400),
  // --- spec 1 §8, spec 2 §8: cart and orders
  cart_expired: spec(410),
  /** Spec 1 §8 names it 'a cart has been booked' error, carrying an order id; the wire code is the server's. */
  cart_booked: server(true, 409),
  incorrect_cart_state: spec(409),
  not_found: spec(404),
  bad_field_value: spec(400),
  tickets_too_old: spec(400),
  ticket_not_found: spec(404),
  ticket_state_incorrect: spec(409),
  /** Ours (WCAG 2.2.1 'more time'): the cart's hold was extended as often as the seller allows. */
  hold_extension_limit: server(true, 409),
  // --- spec 2 §4, §8: order self-service (issue 24: the spec gives the texts; the codes are the server's)
  /** POST ticket_order/{id}/cancel: a ticket asked for is not a cancellable one of the order ('No valid tickets
   * found on this order'); _extra.ticket_ids. */
  no_valid_tickets: server(true, 400),
  /** Manage calls without the manage link's token or the owner's session, or that the seller's self-edit rules
   * refuse ('You must contact us to cancel this order.'). */
  order_not_manageable: server(true, 403),
  // --- spec 2 §4, §8: payments
  intent_requires_action: spec(402),
  intent_processing: spec(402),
  card_declined: spec(400),
  incorrect_zip: spec(400),
  incorrect_cvc: spec(400),
  invalid_cvc: spec(400),
  payment_intent_authentication_failure: spec(400),
  invalid_bank_account: spec(400),
  invalid_bank_account_account_number: spec(400),
  /** Ours: a paid order at a seller without a configured payment gateway (free orders still complete). */
  payment_unavailable: server(true, 409),
  /** Ours (issue 22): a ledger (gift card) payment larger than the card's balance, a $0 card included
   * ('Gift Card balance is $0'); _extra.balance. */
  ledger_balance_insufficient: server(true, 400),
  /** Ours (issue 22): a ledger payment with a card whose state is not active ('Gift Card balance is $0'). */
  ledger_inactive: server(true, 400),
  /** Ours: a Stripe webhook with a bad or missing signature, or of an account this server does not serve. */
  webhook_rejected: server(false, 400),
  // --- spec 2 §8, spec 3 §8: accounts
  guest_account: spec(400),
  incorrect_password: spec(401),
  validate_failed: spec(400),
  // --- accounts: the reference server's own (server/README.md "Members")
  /** POST login: no account matches the credentials (the client shows its per-mode text, spec 3 §8). */
  invalid_credentials: server(true, 401),
  /** A my/ call without a live session. */
  login_required: server(true, 401),
  /** POST login when the seller's login is disabled or does not accept that kind of credentials. */
  login_disabled: server(true, 403),
  /** POST user, PUT my/user, PATCH my/user/{id}, POST user/verify_email: another (verified) account has that
   * email. Names no account. */
  email_in_use: server(true, 409),
  /** PUT my/user, PATCH my/user/{id}: a member-ID login may not change the password or a real email. */
  limited_session: server(true, 403),
  /** Login, reset, gift-code or pay attempts over the limit for the account, cart or address (_extra.retry_after seconds). */
  too_many_attempts: server(true, 429),
  // --- seats: the reference server's own (server/README.md "Seats")
  /** A seated reserve asked for a seat another cart holds or an order booked (_extra.seat_template_ids). */
  seat_unavailable: server(true, 409),
  // --- memberships: the reference server's own (server/README.md "Memberships"; spec 3 §5 gives the texts)
  /** Redeem: the gift code is outside its valid_from..valid_to ('This code has expired'). */
  code_expired: server(true, 400),
  /** POST (my/)cart/{id}/gift_checkout: the giftee's email is the purchaser's (spec 3 §5 self gifting). */
  giftee_is_purchaser: server(true, 400),
  /**
   * POST my/cart/{id}/guest_checkout with the gift's identities: the member is not the cart's owner, or names
   * another giver than themselves (server/README.md, Gifts). Not expected: the storefront never sends it.
   */
  not_cart_owner: server(false, 403),
  /** DELETE ticket_order/{id}/auto_renew: no membership of the order is enrolled (scheduled). */
  auto_renew_not_enrolled: server(true, 409),
  /** Reserve of a members-only ticket type without a current membership that allows it. */
  membership_required: server(true, 403),
  /** Reserve of a level that would renew the owner's membership before renewing opens (valid_to minus the
   * seller's renewal.allowed_period; spec 3 §4): _extra.renewal_opens_at. */
  renewal_not_open: server(true, 400),
  /** Reserve of member tickets for a session after the membership's valid_to, which the seller's
   * member_reserve_session_beyond_term does not allow (spec 3 §3): _extra.valid_to, event_session_id. */
  membership_ends_before_session: server(true, 400),
  // --- captcha: the reference server's own (server/README.md "Captcha"; spec 2 §5, §8)
  /**
   * POST (my/)cart/{id}/pay or guest_checkout of a guest's cart while the seller has a captcha: the token is
   * missing, not one the provider issued, expired or already used (one token per payment).
   */
  captcha_invalid: server(true, 400),
  // --- the reference server's own (server/README.md)
  missing_app_header: server(false, 400),
  unknown_seller: server(false, 400),
  method_not_allowed: server(false, 405),
  payload_too_large: server(false, 413),
  internal_error: server(false, 500),
  // --- raised by the client itself, never sent by the server
  /** No usable answer: 5xx, non-JSON, a malformed document, a network failure after the retries. */
  unexpected: client(false),
  /** GET events/{id} answered 404 or 400 (spec 1 §7). */
  event_not_found: client(true),
  /** The card payment provider could not load (spec 2 §8). */
  payment_provider_unavailable: client(true),
  /** The visitor dismissed the captcha's challenge (spec 2 §8: ignored silently). */
  captcha_dismissed: client(true),
  /** The captcha's challenge was closed or expired unanswered (spec 2 §8: a captcha error). */
  captcha_closed: client(true),
  captcha_expired: client(true),
  /** The captcha could not load or answer (its script blocked, a network error): a captcha error too. */
  captcha_unavailable: client(true),
  /** A card provider error without a more precise code (also the provider's error type). */
  card_error: client(true),
  /** Card provider codes the sandbox card form imitates (Stripe's names); logged, as spec 2 §8 says of others. */
  incorrect_number: client(false),
  invalid_expiry: client(false),
  expired_card: client(false),
  /** A machine's actor was not provided by its wiring (a programming error). */
  not_provided: client(false),
  /** The identity provider's answer matches no login started here (spec 3 §4: goes back after 5 s). */
  provider_invalid_state: client(true),
  /** The identity provider could not start ('Auth0 could not be initialized. Please try again.'). */
  provider_unavailable: client(true),
  /** Cookies (or storage) are off, so the identity provider's login cannot run. */
  cookies_disabled: client(true),
} satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof TABLE;

export const CODE_INFO: Readonly<Record<ErrorCode, CodeInfo>> = TABLE;

/** The codes as constants: `ErrorCode.cart_expired === 'cart_expired'`. */
export const ErrorCode = Object.fromEntries(Object.keys(TABLE).map((code) => [code, code])) as {
  readonly [C in ErrorCode]: C;
};

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(TABLE, code);

/**
 * Whether a code reaching the client is logged (redacted): unknown codes and the server's own failures are;
 * codes that are part of a flow are not.
 */
export const isLoggedCode = (code: string): boolean => !isErrorCode(code) || !TABLE[code].expected;
