/**
 * What each calendar day shows (spec 1 §2 "Date picker", §3 `web.price_display`, §9 "Price display options"):
 * its availability, a price with its prefix, and badges. `web.price_display` names a primary ticket type (its
 * price and prefix are the day's price) and a secondary one (shown as a badge); `show` is `all` (the default:
 * prices on days, sessions and tickets) or `sessions_and_tickets` (no prices on calendar days). A remaining-
 * capacity threshold (`show_remaining_session_capacity_threshold`) decides when places left are shown.
 */
import type { CalendarDayModel, EventDetail, TicketTypeModel } from '../../api/models';
import type { ChosenTickets } from '../../domain/message-rules';
import { PRICE_DISPLAY_CONFIG_KEY } from '../../domain/price-display';
import { type Message, message } from '../shared/messages';
import { dayAnnotation } from './message-rules';
import { FEW_TICKETS_THRESHOLD } from './quantities';

export const PRICE_DISPLAY_KEY = PRICE_DISPLAY_CONFIG_KEY;
export const REMAINING_THRESHOLD_KEY = 'show_remaining_session_capacity_threshold';

export interface PriceDisplay {
  primaryType: string | null;
  primaryPrefix: string | null;
  secondaryType: string | null;
  secondaryPrefix: string | null;
  show: 'all' | 'sessions_and_tickets';
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The `web.price_display` setting (an object, or that object as a JSON string); anything else: defaults. */
export function parsePriceDisplay(setting: unknown): PriceDisplay {
  let value = setting;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  const o =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  return {
    primaryType: text(o.primary_ticket_type),
    primaryPrefix: text(o.primary_prefix),
    secondaryType: text(o.secondary_ticket_type),
    secondaryPrefix: text(o.secondary_prefix),
    show: o.show === 'sessions_and_tickets' ? 'sessions_and_tickets' : 'all',
  };
}

/** The remaining-capacity threshold: a positive whole number (or its text), else null (not configured). */
export function parseRemainingThreshold(setting: unknown): number | null {
  const n = typeof setting === 'string' ? Number(setting.trim()) : setting;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** A ticket type of the event named by id or by name (case-insensitive). */
export function findType(event: EventDetail, wanted: string | null): TicketTypeModel | null {
  if (wanted === null) return null;
  const types = event.ticketGroups.flatMap((group) => group.types);
  const name = wanted.toLowerCase();
  return (
    types.find((t) => t.id === wanted) ?? types.find((t) => t.name.trim().toLowerCase() === name) ?? null
  );
}

export type DayBadge =
  | { kind: 'price'; prefix: string; cents: number }
  | { kind: 'remaining'; count: number }
  | { kind: 'fewTickets' }
  /** The seller's date_annotation of the day (message rules, ./message-rules.ts). */
  | { kind: 'annotation'; text: string };

export interface DayPrice {
  /** The seller's prefix; null: the catalogue's 'From'. */
  prefix: string | null;
  cents: number;
}

/**
 * The day's lowest price as its price line, with the seller's prefix ('From' without one); null when days show no
 * price or the day is not available. The reschedule page's days use it as it is: their lowest price is already
 * that of the tickets being moved.
 */
export function lowestPriceLine(
  day: Pick<CalendarDayModel, 'status' | 'minPriceCents'>,
  display: PriceDisplay,
): DayPrice | null {
  if (display.show === 'sessions_and_tickets' || day.status !== 'available' || day.minPriceCents === null)
    return null;
  return { prefix: display.primaryPrefix, cents: day.minPriceCents };
}

/** The day's price line: the primary type's price with its prefix, else the day's lowest price. */
export function dayPrice(day: CalendarDayModel, event: EventDetail, display: PriceDisplay): DayPrice | null {
  if (display.show === 'sessions_and_tickets' || day.status !== 'available') return null;
  const primary = findType(event, display.primaryType);
  if (primary) return { prefix: display.primaryPrefix, cents: primary.priceCents };
  return lowestPriceLine(day, display);
}

/**
 * The day's badges: the secondary type's price, then its places left: a count under the configured
 * threshold, else the few-tickets badge under 10 when no threshold is configured.
 */
export function dayBadges(
  day: CalendarDayModel,
  event: EventDetail,
  display: PriceDisplay,
  threshold: number | null,
): DayBadge[] {
  if (day.status !== 'available') return [];
  const badges: DayBadge[] = [];
  const secondary = display.show === 'all' ? findType(event, display.secondaryType) : null;
  if (secondary)
    badges.push({
      kind: 'price',
      prefix: display.secondaryPrefix ?? secondary.name,
      cents: secondary.priceCents,
    });
  const left = day.availability;
  if (left !== null) {
    if (threshold !== null && left < threshold) badges.push({ kind: 'remaining', count: left });
    else if (threshold === null && left < FEW_TICKETS_THRESHOLD) badges.push({ kind: 'fewTickets' });
  }
  return badges;
}

/** Places left a session shows: its count under the configured threshold, else null. */
export function remainingToShow(availableCapacity: number | null, threshold: number | null): number | null {
  return threshold !== null && availableCapacity !== null && availableCapacity < threshold
    ? availableCapacity
    : null;
}

/** The few-tickets warning: under 10 places left and no remaining-capacity threshold configured. */
export function showsFewTickets(availableCapacity: number | null, threshold: number | null): boolean {
  return threshold === null && availableCapacity !== null && availableCapacity < FEW_TICKETS_THRESHOLD;
}

/** A day of a date picker (date-first and quantity-first alike): its price line, badges and state (the view writes its day). */
export interface DayOption {
  date: string;
  status: CalendarDayModel['status'];
  minPriceCents: number | null;
  availability: number | null;
  /** The price line (web.price_display), or null when days show no price. */
  price: DayPrice | null;
  badges: DayBadge[];
  selected: boolean;
  disabled: boolean;
}

/**
 * The calendar's days as the date pickers show them, with the event's price display and threshold, and the
 * seller's day annotation (message rules) after the badges of an available day; `tickets`: those chosen so far.
 */
export function dayOptions(
  days: readonly CalendarDayModel[],
  event: EventDetail,
  selectedDate: string | null,
  tickets: readonly ChosenTickets[] = [],
): DayOption[] {
  const display = parsePriceDisplay(event.config[PRICE_DISPLAY_KEY]);
  const threshold = parseRemainingThreshold(event.config[REMAINING_THRESHOLD_KEY]);
  return days.map((day) => {
    const annotation = day.status === 'available' ? dayAnnotation(event, day.date, tickets) : null;
    const badges = dayBadges(day, event, display, threshold);
    return {
      date: day.date,
      status: day.status,
      minPriceCents: day.minPriceCents,
      availability: day.availability,
      price: dayPrice(day, event, display),
      badges: annotation === null ? badges : [...badges, { kind: 'annotation', text: annotation }],
      selected: day.date === selectedDate,
      disabled: day.status !== 'available',
    };
  });
}

/**
 * 'Hurry, less than 10 tickets available.' for a chosen session under 10 places when the event configures no
 * remaining-capacity threshold (spec 1 §9), else null.
 */
export function fewTicketsMessage(
  session: { availableCapacity: number | null } | null,
  event: EventDetail,
): Message | null {
  const threshold = parseRemainingThreshold(event.config[REMAINING_THRESHOLD_KEY]);
  return showsFewTickets(session?.availableCapacity ?? null, threshold) ? message('fewTickets') : null;
}

/** Places left a session shows for an event (its threshold from the event's configuration). */
export const sessionRemaining = (
  session: { availableCapacity: number | null; soldOut: boolean },
  event: EventDetail,
): number | null =>
  session.soldOut
    ? null
    : remainingToShow(
        session.availableCapacity,
        parseRemainingThreshold(event.config[REMAINING_THRESHOLD_KEY]),
      );
