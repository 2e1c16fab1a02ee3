/**
 * Flexible price, a part of what a reserve carries (spec 1 §2 "optional query ... price (preset flexible
 * amount)", §3 ticket type currency_amount_min / currency_amount_max, §5 "Flexible price: number, step 0.01,
 * between currency_amount_min and currency_amount_max; a pattern allows an optional plus sign and up to 2
 * decimals; message 'Value entered is outside min/max.'").
 *
 * - Which types: a type with a minimum or a maximum amount asks for one.
 * - The input: a number with step 0.01 and the spec's pattern; the page's `price` query presets it.
 * - Validation: an amount that does not match the pattern, or lies outside the bounds, or is left empty,
 *   reads 'Value entered is outside min/max.'.
 * - Sent: the amount as the line's `face_value` ('12.50': no sign, two decimals); the server charges it within
 *   the bounds and refuses anything else (server/cart/modify.ts `lineValue`).
 */
import type { TicketTypeModel } from '../../../api/models';
import { type Message, message } from '../../shared/messages';

/** The spec's pattern: an optional plus sign, digits, up to 2 decimals (the input's `pattern`). */
export const FLEXIBLE_PRICE_PATTERN = '\\+?\\d+(\\.\\d{1,2})?';
const PATTERN = new RegExp(`^${FLEXIBLE_PRICE_PATTERN}$`);

/** The input's step. */
export const FLEXIBLE_PRICE_STEP = 0.01;

/** Whether a type asks the visitor for its amount. */
export const isFlexiblePrice = (type: Pick<TicketTypeModel, 'amountMinCents' | 'amountMaxCents'>) =>
  (type.amountMinCents ?? null) !== null || (type.amountMaxCents ?? null) !== null;

/** The amount typed, in cents, when it matches the pattern; else null. */
export function typedCents(value: string): number | null {
  const text = value.trim();
  if (!PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.replace(/^\+/, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 'Value entered is outside min/max.' when the amount typed does not fit the type, else null. */
export function flexiblePriceProblem(
  type: Pick<TicketTypeModel, 'amountMinCents' | 'amountMaxCents'>,
  value: string,
): Message | null {
  if (!isFlexiblePrice(type)) return null;
  const amount = typedCents(value);
  const min = type.amountMinCents ?? 0;
  const max = type.amountMaxCents ?? Number.POSITIVE_INFINITY;
  return amount !== null && amount >= min && amount <= max ? null : message('flexiblePriceOutside');
}

/** The amount as a line's face_value: no sign, two decimals ('+12.5' -> '12.50'); null when it is not one. */
export function faceValueOf(value: string): string | null {
  const amount = typedCents(value);
  if (amount === null) return null;
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** The preset of a flexible type's amount: the `price` query (in cents) as typed text, else its minimum. */
export function presetAmount(
  type: Pick<TicketTypeModel, 'amountMinCents' | 'amountMaxCents'>,
  presetCents: number | null,
): string {
  const cents = presetCents ?? type.amountMinCents ?? null;
  if (cents === null) return '';
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
