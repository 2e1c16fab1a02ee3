/**
 * API errors and the error catalogue (spec 1 §8, spec 2 §8, spec 3 §8).
 *
 * A 4xx body `{ _data: [{ _code, _context, _description, _extra }] }` becomes an ApiError carrying those fields.
 * Anything else that is not a usable answer (5xx, non-JSON, a malformed document, a network failure after the
 * retries) becomes an ApiError with code 'unexpected' and the generic message below.
 */

/** Shown when a response has no usable 4xx error (spec 1 §8). */
export const UNEXPECTED_MESSAGE = 'Sorry! Something unexpected happened. Please try again.';

/** Promo code errors that are not user-displayable (spec 1 §8, spec 2 §8). */
export const PROMO_UNKNOWN_MESSAGE = 'Sorry. Please try again later.';

/** Calendar validation_failed in context event_calendar (spec 1 §8). */
export const CALENDAR_TYPES_LIMIT_MESSAGE = 'You can only select up to 10 different types of tickets.';

/** 'Tickets have sold out for the session at {time}. Please select another session and try again.' */
export const soldOutSessionMessage = (time: string): string =>
  `Tickets have sold out for the session at ${time}. Please select another session and try again.`;

/** 'Tickets have sold out for {date}. Please select another date and try again.' */
export const soldOutDateMessage = (date: string): string =>
  `Tickets have sold out for ${date}. Please select another date and try again.`;

/** Default promo code error: '"{code}" is not a valid promo code.' */
export const invalidPromoCodeMessage = (code: string): string => `"${code}" is not a valid promo code.`;

/** Codes raised by the client itself rather than the server. */
export const CLIENT_CODES = ['unexpected', 'event_not_found'] as const;

/** Reserve codes shown as the API error (spec 1 §8). */
export const RESERVE_CODES = [
  'max_tickets_per_order_exceeded',
  'min_tickets_per_order_not_met',
  'member_limit_exceeded',
  'ticket_group_capacity_exceeded',
  'ticket_group_sold_out',
  'session_capacity_exceeded',
  'event_session_sold_out',
  'rule_blocks_reserve',
] as const;

/** Promo code errors treated as user-displayable, plus the other promo codes of the spec. */
export const PROMO_CODES = [
  'code_exhausted',
  'code_not_found',
  'additional_info_validation_failed',
  'validation_failed',
  'invalid_citypass',
  'citypass_failure',
  'no_code_benefit',
  'duplicate_code',
] as const;

/** The user-displayable subset of PROMO_CODES (spec 1 §8). */
export const DISPLAYABLE_PROMO_CODES: readonly string[] = [
  'code_exhausted',
  'code_not_found',
  'additional_info_validation_failed',
  'validation_failed',
  'invalid_citypass',
  'citypass_failure',
  'no_code_benefit',
];

/** Payment codes: expected card errors (not logged) and the payment-intent codes (spec 2 §4, §8). */
export const PAYMENT_CODES = [
  'intent_requires_action',
  'intent_processing',
  'card_declined',
  'incorrect_zip',
  'incorrect_cvc',
  'invalid_cvc',
  'payment_intent_authentication_failure',
  'invalid_bank_account',
  'invalid_bank_account_account_number',
] as const;

/** Cart, order and account codes (spec 1 §8, spec 2 §8, spec 3 §8). */
export const CART_CODES = [
  'cart_expired',
  'incorrect_cart_state',
  'cart_booked',
  'tickets_too_old',
  'ticket_not_found',
  'ticket_state_incorrect',
  'validate_not_email',
  'not_found',
  'bad_field_value',
  'guest_account',
  'incorrect_password',
  'validate_failed',
] as const;

export const KNOWN_CODES: ReadonlySet<string> = new Set<string>([
  ...CLIENT_CODES,
  ...RESERVE_CODES,
  ...PROMO_CODES,
  ...PAYMENT_CODES,
  ...CART_CODES,
]);

export type KnownCode =
  | (typeof CLIENT_CODES)[number]
  | (typeof RESERVE_CODES)[number]
  | (typeof PROMO_CODES)[number]
  | (typeof PAYMENT_CODES)[number]
  | (typeof CART_CODES)[number];

export const isKnownCode = (code: string): code is KnownCode => KNOWN_CODES.has(code);

export interface ApiErrorInit {
  code: string;
  /** HTTP status; 0 when no response arrived (network failure or timeout after the retries). */
  status: number;
  context?: string | null;
  description?: string | null;
  extra?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number;
  readonly context: string | null;
  readonly description: string | null;
  readonly extra: unknown;

  constructor(init: ApiErrorInit) {
    super(
      init.description || UNEXPECTED_MESSAGE,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.code = init.code;
    this.status = init.status;
    this.context = init.context ?? null;
    this.description = init.description ?? null;
    this.extra = init.extra;
  }
}

/** The generic error for anything that is not a usable answer. */
export const unexpectedError = (status: number, context: string | null = null, cause?: unknown): ApiError =>
  new ApiError({ code: 'unexpected', status, context, description: UNEXPECTED_MESSAGE, cause });

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * The text to show for an error: the server's description for known codes (the calendar limit message for
 * validation_failed in context event_calendar), the generic unexpected message for everything else.
 */
export function messageFor(error: unknown): string {
  if (!isApiError(error) || !isKnownCode(error.code)) return UNEXPECTED_MESSAGE;
  if (error.code === 'validation_failed' && error.context === 'event_calendar')
    return CALENDAR_TYPES_LIMIT_MESSAGE;
  return error.description || UNEXPECTED_MESSAGE;
}

/** Promo code message: the description for displayable promo codes, else 'Sorry. Please try again later.' */
export function promoCodeMessage(error: unknown): string {
  if (isApiError(error) && DISPLAYABLE_PROMO_CODES.includes(error.code)) {
    return error.description || PROMO_UNKNOWN_MESSAGE;
  }
  return PROMO_UNKNOWN_MESSAGE;
}
