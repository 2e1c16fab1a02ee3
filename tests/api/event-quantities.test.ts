/** The quantity-first calls of the API client: POST calendar and sessions with the chosen quantities. */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../api/index';
import { coll, session } from './fixtures';
import { apiErrorBody, fakeFetch, json, pathOf, queryOf, recordingSleep, SETTINGS } from './helpers';

const NOW = Date.parse('2026-11-21T10:05:00.000Z');

function setup(...replies: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...replies);
  const { sleep } = recordingSleep();
  const api = createApi(SETTINGS, { fetch, sleep, now: () => NOW, logger: { warn: vi.fn() } });
  return { api, calls };
}

describe('quantity-first calls', () => {
  it('calendarFor: POST events/{id}/calendar?_format=price with only the counts above 0, once', async () => {
    const { api, calls } = setup(
      json({
        calendar: coll([
          {
            date: '2026-11-22',
            status: 'available',
            min_price: '15.00',
            min_price_fees: null,
            availability: null,
          },
        ]),
      }),
    );
    const days = await api.events.calendarFor('ev-1', { 't-adult': 2, 't-child': 0 });
    expect(days).toEqual([
      { date: '2026-11-22', status: 'available', minPriceCents: 1500, availability: null },
    ]);
    expect(calls[0]?.method).toBe('POST');
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/events/ev-1/calendar');
    expect(queryOf(calls[0]?.url ?? '')).toEqual({ _format: 'price', seller_id: 'seller-1' });
    expect(calls[0]?.body).toEqual({ quantities: { 't-adult': 2 } });
  });

  it('calendarFor rejects with the ApiError (validation_failed in event_calendar), not retried', async () => {
    const { api, calls } = setup(
      json(
        apiErrorBody(
          'validation_failed',
          null,
          'event_calendar',
          'You can only select up to 10 different types of tickets.',
        ),
        400,
      ),
    );
    await expect(api.events.calendarFor('ev-1', { a: 1 })).rejects.toMatchObject({
      code: 'validation_failed',
      context: 'event_calendar',
    });
    expect(calls).toHaveLength(1);
  });

  it('sessionsFor: POST events/{id}/sessions?_ondate=…&_sort=start_datetime; prices per type from the price schedule', async () => {
    const { api, calls } = setup(
      json({
        event_session: coll([session({ id: 'ses-1' }), session({ id: 'ses-2' })]),
        price_schedule: coll([
          { event_session_id: 'ses-1', ticket_type_id: 't-adult', price: '15.00' },
          { event_session_id: 'ses-1', ticket_type_id: 't-child', price: '10.00' },
          { event_session_id: 'ses-2', ticket_type_id: 't-adult', price: '17.50' },
        ]),
      }),
    );
    const sessions = await api.events.sessionsFor('ev-1', {
      date: '2026-11-22',
      quantities: { 't-adult': 2 },
    });
    expect(sessions.map((s) => [s.id, s.prices])).toEqual([
      ['ses-1', { 't-adult': 1500, 't-child': 1000 }],
      ['ses-2', { 't-adult': 1750 }],
    ]);
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/events/ev-1/sessions');
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      _ondate: '2026-11-22',
      _sort: 'start_datetime',
      seller_id: 'seller-1',
    });
    expect(calls[0]?.body).toEqual({ quantities: { 't-adult': 2 } });
  });

  it('sessionsFor with includeSoldOut asks for the full sessions too (_include_sold_out=true)', async () => {
    const { api, calls } = setup(json({ event_session: coll([]), price_schedule: coll([]) }));
    await api.events.sessionsFor('ev-1', {
      date: '2026-11-22',
      quantities: { 't-adult': 1 },
      includeSoldOut: true,
    });
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      _ondate: '2026-11-22',
      _sort: 'start_datetime',
      _include_sold_out: 'true',
      seller_id: 'seller-1',
    });
  });

  it('sessionsFor: a price that is not money is an unexpected answer', async () => {
    const { api } = setup(
      json({
        event_session: coll([session({ id: 'ses-1' })]),
        price_schedule: coll([{ event_session_id: 'ses-1', ticket_type_id: 't-adult', price: 'lots' }]),
      }),
    );
    await expect(
      api.events.sessionsFor('ev-1', { date: '2026-11-22', quantities: {} }),
    ).rejects.toMatchObject({
      code: 'unexpected',
    });
  });
});
