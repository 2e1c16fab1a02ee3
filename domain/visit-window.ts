/**
 * The upsell chain's visit window on an add-on's page (spec 1 §2 "chained add-on upsell flows", §3 the cart's
 * local "visit window (start, end, timezone)", §9 visit-time modes; issue 25): an add-on opened from the chain
 * offers only the times inside the window of the visit in the cart, as its listing found them: a session whose
 * start is in [start, end). Its date picker offers only the venue days the window touches.
 */
import { zonedParts } from './zoned-day';

export interface VisitWindowBounds {
  /** ISO instants; the end is excluded. */
  start: string;
  end: string;
  timezone: string;
}

/** The session starts inside the window (an unreadable start does not). */
export function startsInWindow(session: { start: string }, window: VisitWindowBounds): boolean {
  const start = Date.parse(session.start);
  return Number.isFinite(start) && start >= Date.parse(window.start) && start < Date.parse(window.end);
}

/** The sessions inside the window, in their order. */
export const sessionsInWindow = <S extends { start: string }>(
  sessions: readonly S[],
  window: VisitWindowBounds,
): S[] => sessions.filter((s) => startsInWindow(s, window));

/** The venue days (YYYY-MM-DD) from the window's start to its last instant. */
export function windowDays(window: VisitWindowBounds): { first: string; last: string } {
  const end = Math.max(Date.parse(window.start), Date.parse(window.end) - 1);
  return {
    first: zonedParts(window.start, window.timezone).date,
    last: zonedParts(end, window.timezone).date,
  };
}

/** The calendar days the window touches, in their order. */
export function daysInWindow<D extends { date: string }>(days: readonly D[], window: VisitWindowBounds): D[] {
  const { first, last } = windowDays(window);
  return days.filter((d) => d.date >= first && d.date <= last);
}
