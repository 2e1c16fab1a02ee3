/**
 * Flexible price (spec 1 §3 ticket type currency_amount_min / currency_amount_max, §5 "Flexible price: number,
 * step 0.01, between currency_amount_min and currency_amount_max; a pattern allows an optional plus sign and up
 * to 2 decimals"): one rule for the reserve core (what the visitor types) and the server (what a reserve line's
 * `face_value` may be), so the two never disagree on an amount.
 *
 * - A type with a minimum or a maximum asks the visitor for its amount.
 * - An amount is the spec's pattern: an optional plus sign, digits, up to 2 decimals. At most 7 whole digits
 *   (9,999,999.99, the largest amount the wire's money carries): a longer run of digits is not an amount.
 * - It fits a type when it lies between the type's bounds, both included (no minimum: 0; no maximum: the
 *   largest amount).
 * - Sent as the line's `face_value`: no sign, two decimals ('+12.5' -> '12.50').
 */

/** The context of a reserve the server refuses for its amount (400 validation_failed): the line's field. */
export const FACE_VALUE_CONTEXT = 'face_value';

/** The spec's pattern as an input's `pattern` attribute (the browser anchors it). */
export const FLEXIBLE_PRICE_PATTERN = '\\+?\\d+(\\.\\d{1,2})?';
/** The input's step. */
export const FLEXIBLE_PRICE_STEP = 0.01;
/** The largest amount in cents: 7 whole digits, 2 decimals. */
export const MAX_AMOUNT_CENTS = 999_999_999;

const AMOUNT = /^\+?(\d{1,7})(?:\.(\d{1,2}))?$/;

/** A ticket type's flexible-price bounds in cents (null: that bound is not set). */
export interface FlexibleBounds {
  amountMinCents?: number | null;
  amountMaxCents?: number | null;
}

/** Whether a type asks the visitor for its amount. */
export const isFlexiblePrice = (type: FlexibleBounds) =>
  (type.amountMinCents ?? null) !== null || (type.amountMaxCents ?? null) !== null;

/** The amount typed, in cents, when it is one (the pattern, at most 7 whole digits); else null. */
export function amountCents(value: string): number | null {
  const match = AMOUNT.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whether an amount in cents lies within the type's bounds (both included). */
export function fitsBounds(type: FlexibleBounds, cents: number): boolean {
  return (
    Number.isSafeInteger(cents) &&
    cents >= (type.amountMinCents ?? 0) &&
    cents <= (type.amountMaxCents ?? MAX_AMOUNT_CENTS)
  );
}

/** An amount in cents as money text: no sign, two decimals (1250 -> '12.50'). */
export const moneyText = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
