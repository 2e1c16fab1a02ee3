/** What a calendar day shows, as text: its price line and badges (shared by the day buttons and the calendar). */
import './strings';
import { formatMoney } from '../format';
import { fill, type Strings } from '../strings';

/** A badge under a day's price: another type's price, places left, or the few-tickets warning. */
export type DayBadge =
  | { kind: 'price'; prefix: string; cents: number }
  | { kind: 'remaining'; count: number }
  | { kind: 'fewTickets' }
  /** The seller's annotation of the day (a message rule's date_annotation), shown as written. */
  | { kind: 'annotation'; text: string };

export interface DayOption {
  date: string; // YYYY-MM-DD
  disabled: boolean;
  minPriceCents: number | null;
  /** The price line (seller prefix, else 'From'); null: no price on days. Absent: 'From' the lowest price. */
  price?: { prefix: string | null; cents: number } | null;
  badges?: DayBadge[];
}

/** The day's price as text: 'Free', '{prefix} $12.00', or null when the day shows no price. */
export function dayPriceText(day: DayOption, strings: Strings, currency: string): string | null {
  const price =
    day.price === undefined
      ? day.minPriceCents === null
        ? null
        : { prefix: null, cents: day.minPriceCents }
      : day.price;
  if (day.disabled || price === null) return null;
  if (price.cents === 0) return strings.free;
  return `${price.prefix ?? strings.from} ${formatMoney(price.cents, currency)}`;
}

/** A badge as text. */
export function dayBadgeText(badge: DayBadge, strings: Strings, currency: string): string {
  if (badge.kind === 'price')
    return `${badge.prefix} ${badge.cents === 0 ? strings.free : formatMoney(badge.cents, currency)}`;
  if (badge.kind === 'remaining') return fill(strings.remaining, { count: String(badge.count) });
  if (badge.kind === 'annotation') return badge.text;
  return strings.fewTickets;
}
