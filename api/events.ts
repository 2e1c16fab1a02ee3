/** Events: listing, detail, calendar, sessions and the ticket groups of a session (spec 1 §7). */

import { ErrorCode } from '../domain/codes';
import { dayRange, parseDay } from '../domain/zoned-day';
import { ApiError, isApiError } from './errors';
import type { UrlSettings } from './join';
import { PUBLIC_HIDDEN_TYPES, toListingEvents } from './join-summary';
import type { CalendarDayModel, EventDetail, ListingEvent, SessionModel, TicketGroupModel } from './models';
import { eventJoins } from './on-demand';
import type { ApiRequest } from './request';

export interface CallOptions {
  signal?: AbortSignal;
}

/** [start, end) of a calendar day in a time zone, as ISO UTC strings (see zoned-day.ts). */
export { dayRange } from '../domain/zoned-day';

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

export interface GetEventOptions extends CallOptions {
  /** Only these ticket groups (`ticket_group.id._in`). */
  ticketGroupIds?: string[];
}

export interface ListAvailableParams {
  /** Only events with a session on this day (YYYY-MM-DD) in `timezone`. */
  date?: string;
  /** IANA zone of the venue, for `date`. Default UTC. */
  timezone?: string;
  categories?: string[];
  /** Session bounds as ISO UTC instants (e.g. the upsell visit window); they win over `date`. */
  sessionsFrom?: string;
  sessionsTo?: string;
  /** Metadata filters: `meta.{key}._in`. */
  meta?: Record<string, string[]>;
  /** A logged-in member: members-only events too (`_withmemberevents`). Guests never get them. */
  withMemberEvents?: boolean;
  /** Embed the events' sessions within the bounds (`event_session`). */
  includeSessions?: boolean;
}

/** Metadata keys are plain names: anything else is not sent as a filter. */
const META_KEY = /^[a-z][a-z0-9_]{0,63}$/;

export function createEvents(request: ApiRequest, urls: UrlSettings, now: () => number = Date.now) {
  return {
    /** GET events/available: the listing. */
    async listAvailable(
      params: ListAvailableParams = {},
      { signal }: CallOptions = {},
    ): Promise<ListingEvent[]> {
      const range =
        params.sessionsFrom !== undefined || params.sessionsTo !== undefined
          ? { gte: params.sessionsFrom, lt: params.sessionsTo }
          : params.date === undefined
            ? undefined
            : dayRange(params.date, params.timezone ?? 'UTC');
      const query: Record<string, string | string[] | undefined> = {
        _withmemberevents: params.withMemberEvents ? 'true' : undefined,
        'hidden_type._in': params.withMemberEvents
          ? ['public_browsable', 'public_member_only']
          : ['public_browsable'],
        'config.key._in': ['image'],
        'category._in': params.categories && params.categories.length > 0 ? params.categories : undefined,
        'event_session.start_datetime._gte': range?.gte,
        'event_session.start_datetime._lt': range?.lt,
      };
      for (const [key, values] of Object.entries(params.meta ?? {})) {
        if (META_KEY.test(key) && values.length > 0) query[`meta.${key}._in`] = values;
      }
      const raw = await request('GET', 'events/available', {
        query,
        embed: [
          'meta',
          'config',
          'venue',
          'ticket_type',
          'ticket_group',
          ...(params.includeSessions ? ['event_session'] : []),
        ],
        signal,
      });
      return toListingEvents(raw, urls);
    },

    /**
     * GET events/{id}, optionally limited to some ticket groups (the detail route's `tg` query). A 404 or 400
     * (or an answer without the event) rejects with ApiError 'event_not_found'.
     */
    async get(id: string, { signal, ticketGroupIds }: GetEventOptions = {}): Promise<EventDetail> {
      let raw: unknown;
      const joins = eventJoins();
      try {
        raw = await request('GET', path('events', id), {
          query: {
            'hidden_type._in': [...PUBLIC_HIDDEN_TYPES],
            'ticket_group.hidden_type._in': [...PUBLIC_HIDDEN_TYPES],
            'ticket_group.id._in': ticketGroupIds && ticketGroupIds.length > 0 ? ticketGroupIds : undefined,
          },
          embed: ['meta', 'venue', 'ticket_group', 'ticket_type', 'message_rule', 'config'],
          signal,
        });
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 400)) {
          throw new ApiError({
            code: ErrorCode.event_not_found,
            status: error.status,
            context: error.context,
            description: error.description,
            extra: error.extra,
            cause: error,
          });
        }
        throw error;
      }
      return (await joins).toEventDetail(raw, urls, id);
    },

    /** GET events/{id}/calendar?_format=extended. */
    async calendar(
      id: string,
      params: { ticketGroupIds?: string[] } = {},
      { signal }: CallOptions = {},
    ): Promise<CalendarDayModel[]> {
      const joins = eventJoins();
      const raw = await request('GET', path('events', id, 'calendar'), {
        query: { _format: 'extended', 'ticket_group_id._in': params.ticketGroupIds },
        signal,
      });
      return (await joins).toCalendar(raw);
    },

    /** GET events/{id}/sessions on one date, by start time; sessions outside their sales window are left out. */
    async sessions(
      id: string,
      params: { date: string; ticketGroupIds?: string[] },
      { signal }: CallOptions = {},
    ): Promise<SessionModel[]> {
      parseDay(params.date);
      const joins = eventJoins();
      const raw = await request('GET', path('events', id, 'sessions'), {
        query: {
          _ondate: params.date,
          _sort: 'start_datetime',
          'ticket_group_id._in': params.ticketGroupIds,
        },
        signal,
      });
      return (await joins).toSessions(raw, { now: now() });
    },

    /**
     * Cached GET events/{eventId}/sessions/{sessionId}: one session (its day and capacity), or null when the
     * event has no such session (404).
     */
    async session(
      eventId: string,
      sessionId: string,
      { signal }: CallOptions = {},
    ): Promise<SessionModel | null> {
      try {
        const joins = eventJoins();
        const raw = await request('GET', path('events', eventId, 'sessions', sessionId), {
          cached: true,
          signal,
        });
        return (await joins).toSessions(raw)[0] ?? null;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },

    /**
     * GET events/{id}/sessions, earliest first, limit 1: the one session of a single event (null when it has
     * none on sale).
     */
    async firstSession(id: string, { signal }: CallOptions = {}): Promise<SessionModel | null> {
      const joins = eventJoins();
      const raw = await request('GET', path('events', id, 'sessions'), {
        query: { _sort: 'start_datetime' },
        limit: 1,
        signal,
      });
      return (await joins).toSessions(raw, { now: now() })[0] ?? null;
    },

    /** Cached GET events/{eventId}/sessions/{sessionId}: the public ticket groups and types of a session. */
    async sessionGroups(
      eventId: string,
      sessionId: string,
      { signal, member = false }: CallOptions & { member?: boolean } = {},
    ): Promise<TicketGroupModel[]> {
      const joins = eventJoins();
      const raw = await request('GET', path('events', eventId, 'sessions', sessionId), {
        query: { 'ticket_group.hidden_type._in': [...PUBLIC_HIDDEN_TYPES] },
        // The groups' meta (spec 1 §7): their surveys (additional_info_spec) and attendee rules.
        embed: ['ticket_group', 'ticket_type', 'ticket_group.meta'],
        // A member's groups (members-only ones, member prices) are personal: never through the cached prefix.
        cached: !member,
        signal,
      });
      return (await joins).toSessionGroups(raw);
    },
  };
}

export type EventsApi = ReturnType<typeof createEvents>;
