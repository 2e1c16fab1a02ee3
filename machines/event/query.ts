/**
 * Pure reading of event detail's own query parameters (spec 1 §2): `tg` (ticket group filter, comma list),
 * `select` (preselected ticket type id) and `price` (preset flexible amount, carried for flexible prices).
 */
import { amountCents } from '../../domain/flexible-price';

export interface EventQuery {
  /** Ticket group ids to show (`tg`), trimmed, empty entries and duplicates dropped; [] = every group. */
  ticketGroupIds: string[];
  /** Preselected ticket type id (`select`), or null. */
  select: string | null;
  /** Preset flexible amount in minor units (`price`), or null when absent or not an amount. */
  priceCents: number | null;
}

/** Longest id kept from the query (ids are uuids; anything longer is not an id). */
const MAX_ID_LENGTH = 64;
/** At most this many groups from `tg`. */
const MAX_GROUPS = 50;

const isId = (value: string) => value.length > 0 && value.length <= MAX_ID_LENGTH && !/[\s\0]/.test(value);

/** `tg=a,b , c` -> ['a', 'b', 'c']. */
export function parseTicketGroupFilter(value: string | null): string[] {
  if (value === null) return [];
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter(isId);
  return [...new Set(ids)].slice(0, MAX_GROUPS);
}

/** `select=<type id>` -> the id, or null. */
export function parseSelect(value: string | null): string | null {
  const id = value?.trim() ?? '';
  return isId(id) ? id : null;
}

/**
 * `price=12.5` -> 1250 (cents); '+3' -> 300; anything else (negative, 3 decimals, words, over 7 whole digits)
 * -> null: the flexible price's pattern (domain/flexible-price.ts).
 */
export function parsePresetPrice(value: string | null): number | null {
  return amountCents(value ?? '');
}

export function eventQueryFrom(search: string): EventQuery {
  const params = new URLSearchParams(search);
  return {
    ticketGroupIds: parseTicketGroupFilter(params.get('tg')),
    select: parseSelect(params.get('select')),
    priceCents: parsePresetPrice(params.get('price')),
  };
}
