/**
 * Calendar days in a time zone as UTC instants, with the platform's Intl data only (no date library in the
 * first load: this runs in the API client, which every screen loads).
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms (wall-clock time minus UTC). */
function offsetAt(epochMs: number, timeZone: string): number {
  const n: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of formatter(timeZone).formatToParts(epochMs)) n[p.type] = Number(p.value);
  const wall = Date.UTC(
    n.year ?? 0,
    (n.month ?? 1) - 1,
    n.day ?? 1,
    n.hour ?? 0,
    n.minute ?? 0,
    n.second ?? 0,
  );
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** The instant a wall-clock midnight begins in a zone (the first instant of that day there). */
function startOfDay(y: number, m: number, d: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d);
  const before = wall - offsetAt(wall, timeZone);
  const offset = offsetAt(before, timeZone);
  const after = wall - offset;
  if (after === before || offsetAt(after, timeZone) === offset) return after;
  // Midnight falls in a gap (a forward change at midnight): the day begins when the gap ends.
  return Math.max(before, after);
}

/** Parses YYYY-MM-DD into its numbers, or throws a RangeError for anything else (including 2026-02-30). */
export function parseDay(date: string): [number, number, number] {
  const m = DATE_PATTERN.exec(date);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [Number.NaN, 0, 0];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (!m || probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    throw new RangeError(`Expected a YYYY-MM-DD date, got ${JSON.stringify(date)}`);
  }
  return [y, mo, d];
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * 'ddd, MMM D, YYYY' of a calendar day (YYYY-MM-DD), e.g. 'Sat, Nov 21, 2026' (spec 2 §9, 3 §9: the default date
 * format); anything that is not such a day comes back as given.
 */
export function formatDay(date: string): string {
  try {
    const [y, m, d] = parseDay(date);
    return DAY_LABEL.format(Date.UTC(y, m - 1, d));
  } catch {
    return date;
  }
}

/** [start, end) of a calendar day in a time zone, as ISO UTC strings. */
export function dayRange(date: string, timeZone: string): { gte: string; lt: string } {
  const [y, m, d] = parseDay(date);
  // The next day is resolved in the zone on its own, so a daylight-saving change inside the day is honoured.
  return {
    gte: new Date(startOfDay(y, m, d, timeZone)).toISOString(),
    lt: new Date(startOfDay(y, m, d + 1, timeZone)).toISOString(),
  };
}

/** The calendar day (YYYY-MM-DD) after a day. */
export function nextDay(date: string): string {
  const [y, m, d] = parseDay(date);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The wall-clock reading of an instant in a zone: its day (YYYY-MM-DD), hour (0-23), minute and second. */
export function zonedParts(
  instant: number | string,
  timeZone: string,
): { date: string; hour: number; minute: number; second: number } {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const n: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) n[p.type] = p.value;
  return {
    date: `${n.year}-${n.month}-${n.day}`,
    hour: Number(n.hour) % 24,
    minute: Number(n.minute),
    second: Number(n.second),
  };
}
