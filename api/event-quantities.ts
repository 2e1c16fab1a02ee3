/**
 * The quantity-first calls (spec 1 §7): the calendar and the sessions of an event for chosen quantities
 * (`POST events/{id}/calendar`, `POST events/{id}/sessions` with a price schedule).
 */

import { unexpectedError } from './errors';
import { parseDocument } from './join';
import type { CalendarDayModel, PricedSessionModel } from './models';
import { toCents } from './money';
import { eventJoins } from './on-demand';
import type { ApiRequest } from './request';

export interface QuantitiesCallOptions {
  signal?: AbortSignal;
}

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

/** Only counts above 0 go on the wire (spec 1 §5). */
const positive = (quantities: Record<string, number>) =>
  Object.fromEntries(Object.entries(quantities).filter(([, n]) => n > 0));

export function createEventQuantities(request: ApiRequest, now: () => number = Date.now) {
  return {
    /** POST events/{id}/calendar?_format=price: the days with room for the chosen quantities. */
    async calendarFor(
      id: string,
      quantities: Record<string, number>,
      { signal }: QuantitiesCallOptions = {},
    ): Promise<CalendarDayModel[]> {
      const joins = eventJoins();
      const raw = await request('POST', path('events', id, 'calendar'), {
        query: { _format: 'price' },
        body: { quantities: positive(quantities) },
        signal,
      });
      return (await joins).toCalendar(raw);
    },

    /**
     * POST events/{id}/sessions on one date: the sessions with room for the quantities, by start time, each
     * with its price per ticket type from the price schedule (sessions outside their sales window left out).
     */
    async sessionsFor(
      id: string,
      /** `includeSoldOut`: sessions without room are listed too, sold out (`_include_sold_out=true`). */
      params: { date: string; quantities: Record<string, number>; includeSoldOut?: boolean },
      { signal }: QuantitiesCallOptions = {},
    ): Promise<PricedSessionModel[]> {
      const joins = eventJoins();
      const raw = await request('POST', path('events', id, 'sessions'), {
        query: {
          _ondate: params.date,
          _sort: 'start_datetime',
          _include_sold_out: params.includeSoldOut ? 'true' : undefined,
        },
        body: { quantities: positive(params.quantities) },
        signal,
      });
      const doc = parseDocument(raw);
      const prices = new Map<string, Record<string, number>>();
      for (const row of doc.price_schedule?._data ?? []) {
        let cents: number;
        try {
          cents = toCents(row.price);
        } catch (cause) {
          throw unexpectedError(200, 'invalid_money', cause);
        }
        prices.set(row.event_session_id, {
          ...prices.get(row.event_session_id),
          [row.ticket_type_id]: cents,
        });
      }
      return (await joins)
        .toSessions(doc, { now: now() })
        .map((s) => ({ ...s, prices: prices.get(s.id) ?? {} }));
    },
  };
}

export type EventQuantitiesApi = ReturnType<typeof createEventQuantities>;
