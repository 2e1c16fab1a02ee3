/** The calls of the single-event form and the one-ticket picker: the first session, one ticket group. */
import { describe, expect, it, vi } from 'vitest';
import { createApi, ErrorCode, isApiError } from '../../api/index';
import { coll, session, ticketGroup, ticketType } from './fixtures';
import { fakeFetch, json, queryOf, recordingSleep, SETTINGS } from './helpers';

const NOW = Date.parse('2026-11-21T10:05:00.000Z');

function setup(...replies: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...replies);
  const { sleep } = recordingSleep();
  const api = createApi(SETTINGS, { fetch, sleep, now: () => NOW, logger: { warn: vi.fn() } });
  return { api, calls };
}

describe('events.firstSession', () => {
  it('GET events/{id}/sessions sorted by start, limit 1', async () => {
    const { api, calls } = setup(json({ event_session: coll([session()]) }));
    const first = await api.events.firstSession('ev-1');
    expect(first).toMatchObject({ id: 'ses-1', availableCapacity: 42, soldOut: false });
    expect(calls[0]?.url.split('?')[0]).toBe('/api/events/ev-1/sessions');
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      _sort: 'start_datetime',
      _limit: '1',
      seller_id: 'seller-1',
    });
  });

  it('is null when the event has no session on sale', async () => {
    const { api } = setup(
      json({ event_session: coll([session({ sales_start: '2026-12-01T00:00:00.000Z' })]) }),
      json({ event_session: coll([]) }),
    );
    expect(await api.events.firstSession('ev-1')).toBeNull();
    expect(await api.events.firstSession('ev-1')).toBeNull();
  });
});

describe('ticketGroups.get', () => {
  const donation = ticketGroup({ id: 'tg-don', handler: 'donation', capacity: -1 });
  const types = [
    ticketType({
      id: 'tt-50',
      ticket_group_id: 'tg-don',
      name: 'Patron',
      currency_amount: '50.00',
      _rank: 2,
    }),
    ticketType({
      id: 'tt-10',
      ticket_group_id: 'tg-don',
      name: 'Friend',
      currency_amount: '10.00',
      _rank: 1,
    }),
  ];

  it('GET ticket_group/{id}?handler=donation embedding ticket_type: the group with its types by rank', async () => {
    const { api, calls } = setup(json({ ticket_group: coll([donation]), ticket_type: coll(types) }));
    const group = await api.ticketGroups.get('tg-don', { handler: 'donation' });
    expect(group).toMatchObject({ id: 'tg-don', handler: 'donation', remaining: null });
    expect(group.types.map((t) => [t.name, t.priceCents])).toEqual([
      ['Friend', 1000],
      ['Patron', 5000],
    ]);
    expect(calls[0]?.url.split('?')[0]).toBe('/api/ticket_group/tg-don');
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      handler: 'donation',
      _embed: 'ticket_type',
      seller_id: 'seller-1',
    });
  });

  it('rejects with not_found when the answer holds no such public group', async () => {
    const { api } = setup(json({ ticket_group: coll([{ ...donation, hidden_type: 'private' }]) }));
    const error = await api.ticketGroups.get('tg-don').catch((e: unknown) => e);
    expect(isApiError(error, ErrorCode.not_found)).toBe(true);
  });
});
