/**
 * Time conflicts (spec 1 §5 "Time conflict", §9 "Conflict padding default 5 minutes"): a session of the event on
 * show is not offered when, padded by the event's `pad_pre_start` minutes before it and `pad_post_end` minutes
 * after it, it overlaps a session already in the cart. The pads come from the event's meta, else from its
 * configured defaults (config `web.time_conflict`: `pad_pre_start`, `pad_post_end`), else 5 minutes. An event
 * whose category that configuration exempts (`excluded_categories`) neither conflicts nor blocks; a session
 * already in the cart is no conflict with itself (more tickets for the same time), and a ticket without a session
 * (flexible date, donation, gift card) holds no time.
 */

export const CONFLICT_PAD_MINUTES = 5;
/** The configured defaults' key in the event's configuration. */
export const TIME_CONFLICT_CONFIG_KEY = 'web.time_conflict';
/** A pad longer than a day is no pad anyone meant: it falls back like an unreadable one. */
const PAD_MAX_MINUTES = 24 * 60;

export interface ConflictSettings {
  padPreMinutes: number;
  padPostMinutes: number;
  excludedCategories: readonly string[];
}

/** A whole number of minutes from 0 to a day, as a number or a numeric string; null otherwise. */
function minutes(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= PAD_MAX_MINUTES ? n : null;
}

/** The pads and exemptions of one event: its meta first, then its configured defaults, then 5 minutes. */
export function conflictSettings(event: {
  meta: Record<string, string>;
  config: Record<string, unknown>;
}): ConflictSettings {
  const raw = event.config[TIME_CONFLICT_CONFIG_KEY];
  const defaults = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const excluded = defaults.excluded_categories;
  return {
    padPreMinutes:
      minutes(event.meta.pad_pre_start) ?? minutes(defaults.pad_pre_start) ?? CONFLICT_PAD_MINUTES,
    padPostMinutes:
      minutes(event.meta.pad_post_end) ?? minutes(defaults.pad_post_end) ?? CONFLICT_PAD_MINUTES,
    excludedCategories: Array.isArray(excluded)
      ? excluded.filter((c): c is string => typeof c === 'string' && c !== '')
      : [],
  };
}

/** A session the cart already holds tickets for, with its event's category. */
export interface HeldVisit {
  sessionId: string | null;
  start: string | null;
  end?: string | null;
  category?: string | null;
}

const MINUTE = 60_000;

/**
 * The ids of `sessions` (of the event whose category and settings are given) that overlap a held visit once
 * padded. Intervals are half-open: a padded session that ends when a held one starts does not conflict.
 */
export function conflictingSessionIds(
  sessions: readonly { id: string; start: string; end: string }[],
  category: string | null,
  settings: ConflictSettings,
  held: readonly HeldVisit[],
): Set<string> {
  const exempt = (c: string | null | undefined) => c != null && settings.excludedCategories.includes(c);
  const conflicts = new Set<string>();
  if (exempt(category)) return conflicts;
  const busy = held.flatMap((visit) => {
    if (visit.sessionId === null || visit.start === null || exempt(visit.category)) return [];
    const start = Date.parse(visit.start);
    const end = Date.parse(visit.end ?? visit.start);
    return Number.isFinite(start) && Number.isFinite(end)
      ? [{ id: visit.sessionId, start, end: Math.max(start, end) }]
      : [];
  });
  for (const session of sessions) {
    const start = Date.parse(session.start) - settings.padPreMinutes * MINUTE;
    const end =
      Math.max(Date.parse(session.end), Date.parse(session.start)) + settings.padPostMinutes * MINUTE;
    if (busy.some((b) => b.id !== session.id && start < b.end && b.start < end)) conflicts.add(session.id);
  }
  return conflicts;
}

/** The sessions as loaded, those that overlap a held visit marked `conflict` (not offered, listed apart). */
export function markConflicts<S extends { id: string; start: string; end: string }>(
  sessions: readonly S[],
  event: { category: string | null; meta: Record<string, string>; config: Record<string, unknown> },
  held: readonly HeldVisit[],
): (S & { conflict?: true })[] {
  const conflicts = conflictingSessionIds(sessions, event.category, conflictSettings(event), held);
  return sessions.map((s) => (conflicts.has(s.id) ? { ...s, conflict: true as const } : s));
}
