/**
 * Session picker tabs (spec 1 §2 "Session picker"): sessions grouped by time of day into 2 or 3 tabs split
 * at the seller's thresholds (setting `web.session_picker_tabs`; midnight to the first threshold, and so on).
 * A tab with no sessions is disabled with 'Not available'; one whose sessions are all sold out with 'Sold out'.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The setting's key in the event's (or seller's) configuration. */
export const SESSION_PICKER_TABS_KEY = 'web.session_picker_tabs';

/** Default thresholds in minutes after midnight: noon and 5 pm (three tabs). */
export const DEFAULT_TAB_THRESHOLDS: readonly number[] = [12 * 60, 17 * 60];

export type SessionTabId = 'morning' | 'afternoon' | 'evening';
const TAB_IDS: readonly SessionTabId[] = ['morning', 'afternoon', 'evening'];

/** One threshold as minutes after midnight: a number of hours (12, 17.5) or 'HH:mm'. */
function minutesOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 60);
  if (typeof value === 'string') {
    const match = /^(\d{1,2})(?::(\d{2}))?$/.exec(value.trim());
    if (match) return Number(match[1]) * 60 + Number(match[2] ?? 0);
  }
  return null;
}

/**
 * The thresholds of `web.session_picker_tabs`: a list of one or two times (hours as numbers, or 'HH:mm'), or
 * an object with such a list under `thresholds`, possibly as a JSON string. Anything else, out-of-range or
 * unordered values give the default.
 */
export function parseTabThresholds(setting: unknown): readonly number[] {
  let value = setting;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return DEFAULT_TAB_THRESHOLDS;
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    value = (value as { thresholds?: unknown }).thresholds;
  if (!Array.isArray(value) || value.length < 1 || value.length > 2) return DEFAULT_TAB_THRESHOLDS;
  const minutes = value.map(minutesOf);
  const valid = minutes.every(
    (m, i): m is number => m !== null && m > 0 && m < 24 * 60 && (i === 0 || m > (minutes[i - 1] ?? 0)),
  );
  return valid ? (minutes as number[]) : DEFAULT_TAB_THRESHOLDS;
}

export interface TabSession {
  start: string;
  soldOut: boolean;
  disabled: boolean;
}

export interface SessionTab<S extends TabSession> {
  id: SessionTabId;
  sessions: S[];
  /** Why the tab cannot be opened, or null. */
  unavailable: 'notAvailable' | 'soldOut' | null;
}

/** The tab of a session start: the number of thresholds at or before its venue-local time. */
export function tabIndexOf(startIso: string, timeZone: string, thresholds: readonly number[]): number {
  const local = dayjs.utc(startIso).tz(timeZone);
  const minutes = local.hour() * 60 + local.minute();
  return thresholds.filter((t) => minutes >= t).length;
}

/** Sessions split into thresholds.length + 1 tabs (2 or 3), in order. */
export function splitIntoTabs<S extends TabSession>(
  sessions: readonly S[],
  timeZone: string,
  thresholds: readonly number[],
): SessionTab<S>[] {
  const tabs = TAB_IDS.slice(0, thresholds.length + 1).map((id) => ({ id, sessions: [] as S[] }));
  for (const session of sessions)
    tabs[tabIndexOf(session.start, timeZone, thresholds)]?.sessions.push(session);
  return tabs.map((tab) => ({
    ...tab,
    unavailable:
      tab.sessions.length === 0 ? 'notAvailable' : tab.sessions.every((s) => s.soldOut) ? 'soldOut' : null,
  }));
}

/** The tab open at first: the one holding the chosen session, else the first with a session to choose. */
export function initialTab<S extends TabSession & { selected: boolean }>(
  tabs: readonly SessionTab<S>[],
): SessionTabId {
  return (
    tabs.find((t) => t.sessions.some((s) => s.selected))?.id ??
    tabs.find((t) => t.sessions.some((s) => !s.disabled))?.id ??
    tabs[0]?.id ??
    'morning'
  );
}

/**
 * What a session picker view shows of the tabs: the sessions split at the event's thresholds (null while they
 * load), and the tab to open first. Sessions that overlap the cart (`conflict`, domain/time-conflict.ts) are
 * not in the tabs: their times are listed apart (spec 1 §5 "hidden and listed as conflicting times"). A day
 * whose one session is all day (`allDay`, domain/all-day.ts) has no tabs: `allDaySession` is that session.
 */
export function sessionTabsView<
  S extends TabSession & { selected: boolean; conflict?: boolean; allDay?: boolean },
>(
  sessions: readonly S[] | null,
  event: { config: Record<string, unknown>; venue: { timezone: string } },
): {
  sessionTabs: SessionTab<S>[] | null;
  initialTab: SessionTabId;
  /** The conflicting sessions' starts in the venue's zone: the view writes their times in the visitor's locale. */
  conflictingTimes: { time: string; zone: string }[];
  allDaySession: S | null;
} {
  const thresholds = parseTabThresholds(event.config[SESSION_PICKER_TABS_KEY]);
  const offered = sessions?.filter((s) => !s.conflict) ?? null;
  const tabs = offered ? splitIntoTabs(offered, event.venue.timezone, thresholds) : null;
  const allDay = offered?.find((s) => s.allDay === true) ?? null;
  return {
    sessionTabs: tabs,
    initialTab: tabs ? initialTab(tabs) : 'morning',
    conflictingTimes:
      sessions?.flatMap((s) => (s.conflict ? [{ time: s.start, zone: event.venue.timezone }] : [])) ?? [],
    allDaySession: allDay,
  };
}
