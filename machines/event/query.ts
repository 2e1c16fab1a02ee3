/**
 * Pure reading of event detail's own query parameters (spec 1 §2): `tg` (ticket group filter, comma list),
 * `select` (preselected ticket type id) and `price` (preset flexible amount, carried for flexible prices).
 */

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
/** Flexible-price input pattern (spec 1 §5): optional plus sign, up to 2 decimals. */
const AMOUNT = /^\+?(\d{1,9})(?:\.(\d{1,2}))?$/;

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

/** `price=12.5` -> 1250 (cents); '+3' -> 300; anything else (negative, 3 decimals, words) -> null. */
export function parsePresetPrice(value: string | null): number | null {
  const match = AMOUNT.exec(value?.trim() ?? '');
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

export function eventQueryFrom(search: string): EventQuery {
  const params = new URLSearchParams(search);
  return {
    ticketGroupIds: parseTicketGroupFilter(params.get('tg')),
    select: parseSelect(params.get('select')),
    priceCents: parsePresetPrice(params.get('price')),
  };
}
