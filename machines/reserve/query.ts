/** Pure reading of the date-first screen's query parameters (spec section 2 and section 5). */
import type { CalendarDayModel, EventDetail, SessionModel } from '../../api/models';
import { message } from '../shared/messages';
import type { ReserveMode, ReserveNotice, ReserveQuery } from './dateFirstReserve.types';
import { isIsoDay, venueDay, venueDayOfIso } from './format';
import type { ReserveMessageName } from './messages';
import type { Quantities } from './quantities';

const FALSE_WORDS = new Set(['0', 'off', 'disabled', 'false', 'f', 'no', 'n']);

/**
 * reserve=strict is strict; a falsy word turns query messages off; warn, a truthy word (1, on, enabled,
 * true, t, yes, y), nothing or an unknown word warns (the default).
 */
export function parseReserveMode(value: string | undefined): ReserveMode {
  const word = value?.trim().toLowerCase() ?? '';
  if (word === 'strict') return 'strict';
  if (FALSE_WORDS.has(word)) return 'off';
  return 'warn';
}

export interface QueryProblem {
  key: string;
  name: ReserveMessageName;
  params?: Record<string, string>;
}

export interface QueryPlan {
  /** Day to preselect. */
  date: string | null;
  /** Session id, 'today' or 'next' to resolve once that day's sessions load. */
  session: string | null;
  /** Preset counts by ticket type id. */
  quantities: Quantities;
  problems: QueryProblem[];
}

export function availableDays(days: readonly CalendarDayModel[]): CalendarDayModel[] {
  return days.filter((day) => day.status === 'available');
}

export function isAvailableDay(days: readonly CalendarDayModel[], date: string): boolean {
  return days.some((day) => day.date === date && day.status === 'available');
}

/**
 * What the query asks for, checked against the loaded calendar and the event's ticket types. A single
 * available day is preselected when the query names none. A session id (not 'today'/'next') comes back with
 * no date: the machine looks the session up to find its day (`sessionIdOf`, `foundSessionDate`).
 */
export function planFromQuery(
  query: ReserveQuery,
  event: EventDetail,
  days: readonly CalendarDayModel[],
  now: number,
): QueryPlan {
  const problems: QueryProblem[] = [];
  const open = availableDays(days);
  let date: string | null = null;
  let session: string | null = null;
  const wantedSession = query.session?.trim() || undefined;
  const wantedDate = query.date?.trim() || undefined;

  if (wantedSession && wantedDate) {
    problems.push({ key: 'query.sessionAndDate', name: 'sessionAndDate' });
  } else if (wantedDate) {
    if (isIsoDay(wantedDate) && isAvailableDay(days, wantedDate)) date = wantedDate;
    else problems.push({ key: 'query.date', name: 'dateUnavailable' });
  } else if (wantedSession) {
    const today = venueDay(now, event.venue.timezone);
    if (wantedSession === 'today') {
      if (isAvailableDay(days, today)) {
        date = today;
        session = 'today';
      } else problems.push({ key: 'query.session', name: 'dateUnavailable' });
    } else if (wantedSession === 'next') {
      const next = open.find((day) => day.date >= today);
      if (next) {
        date = next.date;
        session = 'next';
      } else problems.push({ key: 'query.session', name: 'timeUnavailable' });
    } else {
      // A session id: its day is found by looking the session up (the machine's findSession step).
      session = wantedSession;
    }
  }
  if (date === null && open.length === 1 && open[0]) date = open[0].date;

  const { quantities, unknown } = resolveQueryQuantities(query.quantities ?? {}, event);
  if (unknown.length > 0) {
    problems.push({
      key: 'query.quantities',
      name: 'ticketTypesNotFound',
      params: { types: unknown.join(', ') },
    });
  }
  return { date, session, quantities, problems };
}

/** Maps query counts keyed by ticket type id or name (case-insensitive) to type ids; lists unknown keys. */
export function resolveQueryQuantities(
  raw: Record<string, string>,
  event: EventDetail,
): { quantities: Quantities; unknown: string[] } {
  const types = event.ticketGroups.flatMap((group) => group.types);
  const quantities: Record<string, number> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const wanted = key.trim().toLowerCase();
    const type = types.find((t) => t.id === key) ?? types.find((t) => t.name.trim().toLowerCase() === wanted);
    if (!type) {
      unknown.push(key);
      continue;
    }
    const count = Number.parseInt(value, 10);
    if (Number.isFinite(count) && count > 0) quantities[type.id] = count;
  }
  return { quantities, unknown };
}

/** The preset session when it is an id (not 'today' or 'next'), else null. */
export function sessionIdOf(preset: string | null): string | null {
  return preset === null || preset === 'today' || preset === 'next' ? null : preset;
}

/** The venue day of a looked-up session when that day is available, else null (the session is not found). */
export function foundSessionDate(
  session: SessionModel | null,
  days: readonly CalendarDayModel[],
  timeZone: string,
): string | null {
  if (!session) return null;
  const date = venueDayOfIso(session.start, timeZone);
  return isAvailableDay(days, date) ? date : null;
}

export function isSelectableSession(session: SessionModel): boolean {
  return !session.soldOut && session.availableCapacity !== 0 && session.conflict !== true;
}

export type PresetSessionResolution = { sessionId: string } | { problem: QueryProblem };

/** Resolves a preset session against the loaded sessions of its day. */
export function resolvePresetSession(
  preset: string,
  sessions: readonly SessionModel[],
  now: number,
): PresetSessionResolution {
  if (preset === 'today' || preset === 'next') {
    const upcoming = sessions.find((s) => isSelectableSession(s) && Date.parse(s.start) >= now);
    return upcoming
      ? { sessionId: upcoming.id }
      : { problem: { key: 'query.session', name: 'timeUnavailable' } };
  }
  const found = sessions.find((s) => s.id === preset);
  if (!found) return { problem: { key: 'query.session', name: 'sessionNotFound' } };
  if (!isSelectableSession(found)) return { problem: { key: 'query.session', name: 'timeUnavailable' } };
  return { sessionId: found.id };
}

/**
 * The query's ticket types (known to the event) that the chosen session's groups do not sell: a count asked
 * for them cannot be applied (spec 1 §8 'ticket types not available').
 */
export function unavailablePresetTypes(
  presets: Quantities,
  groups: readonly { types: readonly { id: string }[] }[],
): string[] {
  const sold = new Set(groups.flatMap((group) => group.types.map((type) => type.id)));
  return Object.entries(presets)
    .filter(([id, count]) => count > 0 && !sold.has(id))
    .map(([id]) => id);
}

export function problemNotice(problem: QueryProblem): ReserveNotice {
  return { key: problem.key, level: 'warning', message: message(problem.name, problem.params) };
}
