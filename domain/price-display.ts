/**
 * The event configuration that says what calendar days show (spec 1 §3 event config `web.price_display`, §9
 * "Price display options: all, sessions_and_tickets"): a primary ticket type whose price, with its prefix, is
 * the day's price line, and a secondary one shown as a badge. Written once here: the seed configures it
 * (server/seed/seats.ts, the studio) and the reserve reads it (machines/reserve/price-display.ts).
 */

/** The key of the setting in the event's configuration. */
export const PRICE_DISPLAY_CONFIG_KEY = 'web.price_display';

/** The setting as the event's configuration holds it (every field optional; `show` defaults to `all`). */
export interface PriceDisplaySetting {
  primary_ticket_type?: string;
  primary_prefix?: string;
  secondary_ticket_type?: string;
  secondary_prefix?: string;
  show?: 'all' | 'sessions_and_tickets';
}
