/**
 * A pass's validity (spec 1 §3, ticket group `start_policy` (fixedfrom, fixedto), `start_policy_date`,
 * `duration_new`): the calendar days, in the seller's zone, on which a ticket of a `passes` group admits.
 *
 * Our reading (server/README.md "Passes"):
 * - `start_policy_date` is a calendar day, YYYY-MM-DD, in the seller's zone.
 * - `duration_new` is an ISO-8601 duration of whole calendar units, `P[n]Y[n]M[n]W[n]D` (e.g. `P30D`, `P1Y`):
 *   a pass of `P30D` admits on 30 days, the first one included.
 * - `fixedfrom`: valid from `start_policy_date` (the purchase day when none) for `duration_new`.
 * - `fixedto`: valid from the purchase day until `start_policy_date` (the end of the season), that day included.
 * A pass whose validity has ended before the purchase day, or a group without what its policy needs, has none
 * (null): it cannot be reserved.
 */
import { dayRange, parseDay, zonedParts } from './zoned-day';

export const PASSES_HANDLER = 'passes';
export const START_POLICIES = ['fixedfrom', 'fixedto'] as const;
export type StartPolicy = (typeof START_POLICIES)[number];

export interface PassPolicy {
  start_policy: StartPolicy | null;
  start_policy_date: string | null;
  duration_new: string | null;
}

export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
}

const DURATION_PATTERN = /^P(?:(\d{1,3})Y)?(?:(\d{1,3})M)?(?:(\d{1,3})W)?(?:(\d{1,4})D)?$/;

/** An ISO-8601 duration of years, months, weeks and days, or null (another form, or nothing at all). */
export function parseDuration(text: string): Duration | null {
  const m = DURATION_PATTERN.exec(text);
  if (!m) return null;
  const [years, months, weeks, days] = [m[1], m[2], m[3], m[4]].map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  if (years + months + weeks + days === 0) return null;
  return { years, months, weeks, days };
}

/** Whether a text is a calendar day (YYYY-MM-DD that exists). */
export function isDay(text: string): boolean {
  try {
    parseDay(text);
    return true;
  } catch {
    return false;
  }
}

const dayOf = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** The last day a duration covers when it begins on `from` (the first day counted). */
export function lastDayOf(from: string, d: Duration): string {
  const [y, m, day] = parseDay(from);
  // Years and months move the calendar (Jan 31 + 1 month runs on into March, as Date.UTC does); then days.
  return dayOf(y + d.years, m + d.months, day + d.weeks * 7 + d.days - 1);
}

/** The pass's first and last valid day (YYYY-MM-DD, both included) when bought on `purchaseDay`, or null. */
export function passDays(policy: PassPolicy, purchaseDay: string): { from: string; to: string } | null {
  if (policy.start_policy === 'fixedfrom') {
    const duration = policy.duration_new === null ? null : parseDuration(policy.duration_new);
    const from = policy.start_policy_date ?? purchaseDay;
    if (!duration || !isDay(from)) return null;
    const to = lastDayOf(from, duration);
    return to < purchaseDay ? null : { from, to };
  }
  if (policy.start_policy === 'fixedto') {
    const to = policy.start_policy_date;
    if (to === null || !isDay(to) || to < purchaseDay) return null;
    return { from: purchaseDay, to };
  }
  return null;
}

/**
 * The pass's validity as instants (ISO UTC): from the first valid day's start to the last second of its last
 * valid day, in the seller's zone; null when it has none (see passDays).
 */
export function passValidity(
  policy: PassPolicy,
  nowMs: number,
  timeZone: string,
): { validFrom: string; validTo: string } | null {
  const days = passDays(policy, zonedParts(nowMs, timeZone).date);
  if (!days) return null;
  return {
    validFrom: dayRange(days.from, timeZone).gte,
    validTo: new Date(Date.parse(dayRange(days.to, timeZone).lt) - 1000).toISOString(),
  };
}
