/**
 * All-day events (spec 1 §9 "An all-day event is a repeating event with one session longer than 5 hours"; §3 the
 * cart's local "all-day session ids"): a day of a repeating event whose one session lasts more than 5 hours is
 * a visit of the whole day. Its time is not offered as a choice among times (no time-of-day tabs): the picker
 * shows the day's one session as 'All day'.
 */

/** Longer than this is all day. */
export const ALL_DAY_MIN_MS = 5 * 60 * 60 * 1000;

/** The session lasts longer than 5 hours (an unreadable start or end: it does not). */
export function isLongSession(session: { start: string; end: string }): boolean {
  const length = Date.parse(session.end) - Date.parse(session.start);
  return Number.isFinite(length) && length > ALL_DAY_MIN_MS;
}

/**
 * The id of the day's all-day session: the event is repeating and the day's sessions are one, longer than
 * 5 hours; else null (a single event keeps its time, and a day of several sessions offers their times).
 */
export function allDaySessionId(
  eventType: string,
  sessions: readonly { id: string; start: string; end: string }[],
): string | null {
  const [only] = sessions;
  return eventType === 'repeating' && sessions.length === 1 && only && isLongSession(only) ? only.id : null;
}
