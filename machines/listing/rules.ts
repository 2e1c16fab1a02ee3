/**
 * Pure rules of the event listing (spec 1 §2 "Event listing"): the filters in the query (`category`, `date`
 * today or tomorrow, `time.start`, `time.end`, free metadata keys), parsed and written back, the listing
 * call's parameters they give, the time filter's half-hour steps within the visit window and the
 * client-side time narrowing.
 */

import type { ListingEvent, UpsellStep, VisitTimeMode } from '../../api/models';
import { dayRange, nextDay, zonedParts } from '../../domain/zoned-day';

export type DateFilter = 'today' | 'tomorrow';
export const DATE_FILTERS: readonly DateFilter[] = ['today', 'tomorrow'];

export interface ListingFilters {
  category: string | null;
  date: DateFilter | null;
  /** 'HH:mm' on a half hour, venue time; both or neither, start before end. */
  timeStart: string | null;
  timeEnd: string | null;
  /** Free metadata filters: key -> value (a comma list gives several values). */
  meta: Record<string, string>;
}

export const NO_FILTERS: ListingFilters = {
  category: null,
  date: null,
  timeStart: null,
  timeEnd: null,
  meta: {},
};

/** Query keys that are never metadata filters (filters, shell navigation, login and debugging keys). */
const NOT_META = new Set([
  'category',
  'date',
  'expresscheckout',
  'inspect',
  'login',
  'member_code',
  'zip_code',
  'gift_code',
]);
/** A metadata key is a plain name (`login.*`, `time.*` and anything odd are not). */
export const META_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const HALF_HOUR = /^([01]\d|2[0-3]):(00|30)$/;
const MAX_VALUE = 200;

const clean = (value: string | null): string | null => {
  const v = value?.trim() ?? '';
  return v.length > 0 && v.length <= MAX_VALUE && !v.includes('\u0000') ? v : null;
};

/** Minutes since midnight of an 'HH:mm'. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The listing's filters from a query string (with or without '?'); anything invalid is left out. */
export function parseListingQuery(search: string): ListingFilters {
  const params = new URLSearchParams(search);
  const date = params.get('date');
  let timeStart = params.get('time.start');
  let timeEnd = params.get('time.end');
  if (timeStart !== null && !HALF_HOUR.test(timeStart)) timeStart = null;
  if (timeEnd !== null && !HALF_HOUR.test(timeEnd)) timeEnd = null;
  if (timeStart === null || timeEnd === null || minutesOf(timeStart) >= minutesOf(timeEnd)) {
    timeStart = null;
    timeEnd = null;
  }
  const meta: Record<string, string> = {};
  for (const [key, value] of params) {
    if (NOT_META.has(key) || !META_KEY.test(key)) continue;
    const v = clean(value);
    if (v !== null) meta[key] = v;
  }
  return {
    category: clean(params.get('category')),
    date: date === 'today' || date === 'tomorrow' ? date : null,
    timeStart,
    timeEnd,
    meta,
  };
}

/** True when the key is one of the listing's filters (as `parseListingQuery` reads them). */
function isFilterKey(key: string): boolean {
  return (
    key === 'category' ||
    key === 'date' ||
    key === 'time.start' ||
    key === 'time.end' ||
    (!NOT_META.has(key) && META_KEY.test(key))
  );
}

/**
 * The query string (without '?', '' when empty) for `filters`, keeping the other keys of `search`
 * (e.g. `inspect`). Filters come in a stable order: category, date, time, metadata keys by name.
 */
export function listingSearch(search: string, filters: ListingFilters): string {
  const out = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) if (!isFilterKey(key)) out.append(key, value);
  if (filters.category) out.set('category', filters.category);
  if (filters.date) out.set('date', filters.date);
  if (filters.timeStart && filters.timeEnd) {
    out.set('time.start', filters.timeStart);
    out.set('time.end', filters.timeEnd);
  }
  for (const key of Object.keys(filters.meta).sort()) {
    const value = filters.meta[key];
    if (value && META_KEY.test(key) && !NOT_META.has(key)) out.set(key, value);
  }
  return out.toString();
}

export const hasFilters = (f: ListingFilters): boolean =>
  f.category !== null || f.date !== null || f.timeStart !== null || Object.keys(f.meta).length > 0;
export const hasMetaFilters = (f: ListingFilters): boolean => Object.keys(f.meta).length > 0;

/** The visitor's visit window: instants (ISO UTC) in the venue's zone. */
export interface VisitWindow {
  start: string;
  end: string;
  timezone: string;
}

/** The venue-local day (YYYY-MM-DD) a visit window starts on. */
export const visitDay = (window: VisitWindow): string => zonedParts(window.start, window.timezone).date;

/**
 * The day the listing shows: the date filter, else today when the query asks for a time alone (a visit
 * between 10:00 and 16:00 is one of today's, not of no day: without a day no session would match).
 */
export const listingDay = (filters: ListingFilters): DateFilter | null =>
  filters.date ?? (filters.timeStart !== null ? 'today' : null);

/** The venue-local day (YYYY-MM-DD) that `today` or `tomorrow` means at `now`. */
export function dayOfFilter(date: DateFilter, now: number, tz: string): string {
  const today = zonedParts(now, tz).date;
  return date === 'today' ? today : nextDay(today);
}

/** [start, end) of a venue-local day as ISO UTC (each end resolved in the zone: daylight saving safe). */
export function dayWindow(day: string, tz: string): VisitWindow {
  const { gte, lt } = dayRange(day, tz);
  return { start: gte, end: lt, timezone: tz };
}

/** What the listing asks the API (spec 1 §7 GET events/available), before any client-side narrowing. */
export interface ListingRequest {
  categories?: string[];
  meta?: Record<string, string[]>;
  sessionsFrom?: string;
  sessionsTo?: string;
  withMemberEvents?: boolean;
  includeSessions?: boolean;
}

/** An add-on step of the upsell chain as the listing shows it. */
export interface ListingChain {
  step: number;
  filter: UpsellStep;
  window: VisitWindow;
}

export interface ListingScope {
  now: number;
  /** The seller's time zone. */
  timezone: string;
  member: boolean;
  chain: ListingChain | null;
}

const splitValues = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The listing call: an upsell step lists its own categories and metadata within the visit window; otherwise
 * the query's category, metadata and date (a whole venue-local day). Sessions are embedded whenever there are
 * session bounds (the time filter reads them).
 */
export function listingRequest(filters: ListingFilters, scope: ListingScope): ListingRequest {
  const request: ListingRequest = {};
  if (scope.member) request.withMemberEvents = true;
  if (scope.chain) {
    const { filter, window } = scope.chain;
    if (filter.categories.length > 0) request.categories = [...filter.categories];
    if (Object.keys(filter.meta).length > 0) request.meta = { ...filter.meta };
    request.sessionsFrom = window.start;
    request.sessionsTo = window.end;
    request.includeSessions = true;
    return request;
  }
  if (filters.category) request.categories = [filters.category];
  const meta = Object.entries(filters.meta);
  if (meta.length > 0) request.meta = Object.fromEntries(meta.map(([k, v]) => [k, splitValues(v)]));
  const day = listingDay(filters);
  if (day) {
    const window = dayWindow(dayOfFilter(day, scope.now, scope.timezone), scope.timezone);
    request.sessionsFrom = window.start;
    request.sessionsTo = window.end;
    request.includeSessions = true;
  }
  return request;
}

/**
 * The request lists fewer events than the whole listing (category, metadata or session bounds): the category
 * buttons then come from the whole listing, so that they stay put while filters change.
 */
export const narrowsListing = (r: ListingRequest): boolean =>
  r.categories !== undefined ||
  r.meta !== undefined ||
  r.sessionsFrom !== undefined ||
  r.sessionsTo !== undefined;

/** Two requests ask the same thing (a change of the time filter alone needs no new call). */
export const sameRequest = (a: ListingRequest, b: ListingRequest): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The window the time filter's steps span: the upsell visit window, else the span of the day's sessions of
 * the events listed (no day chosen and no time asked for: none, the time filter is not offered).
 */
export function timeWindow(
  filters: ListingFilters,
  scope: ListingScope,
  events: readonly ListingEvent[],
): VisitWindow | null {
  if (scope.chain) return scope.chain.window;
  if (!listingDay(filters)) return null;
  const sessions = events.flatMap((e) => e.sessions);
  if (sessions.length === 0) return null;
  const start = sessions.reduce((min, s) => (s.start < min ? s.start : min), sessions[0]?.start ?? '');
  const end = sessions.reduce((max, s) => (s.end > max ? s.end : max), sessions[0]?.end ?? '');
  return { start, end, timezone: scope.timezone };
}

/**
 * Half-hour steps ('HH:mm', venue time) within a window on one day: from its start rounded up to the half
 * hour to its end rounded down (a window past midnight stops at 23:30).
 */
export function halfHourSteps(window: VisitWindow): string[] {
  const start = zonedParts(window.start, window.timezone);
  const end = zonedParts(window.end, window.timezone);
  const startMin = start.hour * 60 + start.minute + (start.second > 0 ? 1 : 0);
  const sameDay = end.date === start.date;
  const endMin = sameDay ? end.hour * 60 + end.minute : 23 * 60 + 30;
  const steps: string[] = [];
  for (let m = Math.ceil(startMin / 30) * 30; m <= Math.min(endMin, 23 * 60 + 30); m += 30)
    steps.push(timeOf(m));
  return steps;
}

/** The time filter is offered when a window gives at least two steps, unless visits all start together. */
export function timeFilterShown(steps: readonly string[], visitTime: VisitTimeMode | null): boolean {
  return visitTime !== 'same_start' && steps.length >= 2;
}

/** Events with a session starting within [time.start, time.end) (venue time); all when no time filter. */
export function narrowByTime(
  events: readonly ListingEvent[],
  filters: ListingFilters,
  tz: string,
): ListingEvent[] {
  if (!filters.timeStart || !filters.timeEnd) return [...events];
  const from = minutesOf(filters.timeStart);
  const to = minutesOf(filters.timeEnd);
  return events.filter((event) =>
    event.sessions.some((s) => {
      const local = zonedParts(s.start, tz);
      const m = local.hour * 60 + local.minute;
      return m >= from && m < to;
    }),
  );
}

/** The distinct categories of the events, in listing order. */
export function categoriesOf(events: readonly { category: string | null }[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.category && !out.includes(e.category)) out.push(e.category);
  return out;
}

/**
 * The time filter after choosing one end ('' clears it): the other end defaults to the window's first or last
 * step, and an end at or before the start moves to the next step.
 */
export function withTime(
  filters: ListingFilters,
  steps: readonly string[],
  which: 'start' | 'end',
  value: string,
): ListingFilters {
  const first = steps[0];
  const last = steps.at(-1);
  if (value === '' || !steps.includes(value) || first === undefined || last === undefined) {
    return { ...filters, timeStart: null, timeEnd: null };
  }
  let start = which === 'start' ? value : (filters.timeStart ?? first);
  let end = which === 'end' ? value : (filters.timeEnd ?? last);
  if (minutesOf(end) <= minutesOf(start)) {
    const i = steps.indexOf(which === 'start' ? start : end);
    if (which === 'start') end = steps[i + 1] ?? last;
    else start = steps[i - 1] ?? first;
  }
  if (minutesOf(end) <= minutesOf(start)) return { ...filters, timeStart: null, timeEnd: null };
  return { ...filters, timeStart: start, timeEnd: end };
}
