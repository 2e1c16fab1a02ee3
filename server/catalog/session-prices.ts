/**
 * Session prices (spec 1 §7 `price_schedule`; issue 24: a move to another session can cost more): a row of
 * `session_price` gives a ticket type its own price at one session, in place of the type's amount (and discounted
 * amount); a type without a row there costs its price. Every place that prices a ticket for a session reads it
 * here: the reserve (cart/modify.ts), a reschedule (manage/edit.ts), the calendar's day prices, the sessions'
 * price schedule and a session's ticket types (catalog/sessions.ts, catalog/quantities.ts).
 */
import { inArray } from 'drizzle-orm';
import type { Q } from '../db';
import { priceCents, type Row } from '../http/docs';
import * as t from '../schema';

export type SessionPriceRow = Row<typeof t.sessionPrice>;

/** Session prices by `${sessionId}:${ticketTypeId}`. */
export type SessionPrices = ReadonlyMap<string, number>;

export const NO_SESSION_PRICES: SessionPrices = new Map();

/** The `session_price` rows of the sessions. */
export async function loadSessionPriceRows(q: Q, sessionIds: string[]): Promise<SessionPriceRow[]> {
  const ids = [...new Set(sessionIds)];
  return ids.length ? q.select().from(t.sessionPrice).where(inArray(t.sessionPrice.eventSessionId, ids)) : [];
}

export const sessionPricesOf = (rows: SessionPriceRow[]): SessionPrices =>
  new Map(rows.map((r) => [`${r.eventSessionId}:${r.ticketTypeId}`, r.amountCents]));

/** The sessions' own prices, read in one query. */
export const loadSessionPrices = async (q: Q, sessionIds: string[]): Promise<SessionPrices> =>
  sessionPricesOf(await loadSessionPriceRows(q, sessionIds));

/** The price of a ticket type at a session: the session's own price of it, else the type's price. */
export const priceAtSession = (
  ty: Row<typeof t.ticketType>,
  sessionId: string | null,
  prices: SessionPrices,
): number => (sessionId === null ? undefined : prices.get(`${sessionId}:${ty.id}`)) ?? priceCents(ty);

/** The type as a session sells it: its amount (and no discounted amount) when the session has its own price. */
export function typeAtSession<T extends Row<typeof t.ticketType>>(
  ty: T,
  sessionId: string,
  prices: SessionPrices,
): T {
  const own = prices.get(`${sessionId}:${ty.id}`);
  return own === undefined ? ty : { ...ty, amountCents: own, discountedCents: null };
}
