/**
 * The GET side the date-first screen reads: calendar formats, sold-out sessions in the list, the seeded
 * sold-out and nearly sold-out sessions, sales windows, non-public ticket groups, and flexible (any-date)
 * tickets reserved without a session.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import * as t from '../../server/schema';
import { demoIds, NEARLY_SOLD_OUT_LEFT } from '../../server/seed/demo';
import { GA, GA_ADULT, GARDEN, gaSessions, START, startTestServer, type TestServer, TZ } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
/** Three days after the test clock's day (2026-11-21): the seeded sold-out and nearly sold-out sessions. */
const DAY3 = '2026-11-24';
const FLEX_GROUP = demoIds.flexibleGroup('sculpture-garden');
const FLEX_TYPE = demoIds.type('sculpture-garden:Flexible date', 'Anytime Adult');
const HIDDEN_GROUP = demoIds.hiddenGroup('sculpture-garden');
const GARDEN_ADULT = demoIds.type('sculpture-garden', 'Adult');

describe('calendar formats', () => {
  it('extended carries the places left per day; price carries prices only', async () => {
    const query = { 'date._gte': DAY3, 'date._lt': '2026-11-25' };
    const extended = doc(
      (await s.json('GET', `events/${GA}/calendar`, { query: { ...query, _format: 'extended' } })).body,
    );
    expect(extended.calendar?._data[0]).toMatchObject({
      date: DAY3,
      status: 'available',
      min_price: '12.00',
      availability: 12 * 40 - (40 - NEARLY_SOLD_OUT_LEFT),
    });
    const price = doc(
      (await s.json('GET', `events/${GA}/calendar`, { query: { ...query, _format: 'price' } })).body,
    );
    expect(price.calendar?._data[0]).toMatchObject({ date: DAY3, min_price: '12.00', availability: null });
    const bad = await s.json('GET', `events/${GA}/calendar`, { query: { _format: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('sessions of a day', () => {
  it('lists the seeded sold-out (2 PM) and nearly sold-out (3 PM) sessions; _include_sold_out=false leaves sold-out ones out', async () => {
    const all = await gaSessions(s, DAY3);
    const at = (hhmm: string) =>
      all.find((x) =>
        new Date(x.start_datetime).toLocaleTimeString('en-GB', { timeZone: TZ }).startsWith(hhmm),
      );
    expect(at('14:00')).toMatchObject({ sold_out: true });
    const nearly = at('15:00') as unknown as { capacity: number; used_capacity: number; sold_out: boolean };
    expect(nearly.sold_out).toBe(false);
    expect(nearly.capacity - nearly.used_capacity).toBe(NEARLY_SOLD_OUT_LEFT);
    const open = await s.json('GET', `events/${GA}/sessions`, {
      query: { _ondate: DAY3, _include_sold_out: 'false' },
    });
    const ids = doc(open.body).event_session?._data.map((x) => x.id) ?? [];
    expect(ids).toHaveLength(all.length - 1);
    expect(ids).not.toContain(at('14:00')?.id);
    const explicit = await s.json('GET', `events/${GA}/sessions`, {
      query: { _ondate: DAY3, _include_sold_out: 'true' },
    });
    expect(doc(explicit.body).event_session?._count).toBe(all.length);
  });

  it('leaves out sessions outside their sales window', async () => {
    const [first] = await gaSessions(s, '2026-11-25');
    if (!first) throw new Error('no session');
    await s.handle.db
      .update(t.eventSession)
      .set({ salesStart: new Date(START + 86_400_000) })
      .where(eq(t.eventSession.id, first.id));
    try {
      const after = await gaSessions(s, '2026-11-25');
      expect(after.map((x) => x.id)).not.toContain(first.id);
    } finally {
      await s.handle.db
        .update(t.eventSession)
        .set({ salesStart: null })
        .where(eq(t.eventSession.id, first.id));
    }
  });
});

describe('ticket groups', () => {
  it('the event and a session show public groups only (the box-office group is left out)', async () => {
    const ev = doc(
      (await s.json('GET', `events/${GARDEN}`, { query: { _embed: 'ticket_group,ticket_type,meta' } })).body,
    );
    const groups = ev.ticket_group?._data.map((g) => g.id) ?? [];
    expect(groups).toContain(FLEX_GROUP);
    expect(groups).not.toContain(HIDDEN_GROUP);
    expect(ev.meta?._data.find((m) => m.resource_id === FLEX_GROUP && m.key === 'flexible_date')?.value).toBe(
      'yes',
    );
    const [session] = (await s.json('GET', `events/${GARDEN}/sessions`, { query: { _ondate: '2026-11-22' } }))
      .body.event_session._data as Array<{ id: string }>;
    const detail = doc(
      (
        await s.json('GET', `events/${GARDEN}/sessions/${session?.id}`, {
          prefix: '/cached/api/',
          query: { _embed: 'ticket_group,ticket_type' },
        })
      ).body,
    );
    expect(detail.ticket_group?._data.map((g) => g.id)).not.toContain(HIDDEN_GROUP);
  });
});

describe('flexible (any-date) tickets', () => {
  it('reserve without a session; a timed group still needs one', async () => {
    const flex = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ ticket_type_id: FLEX_TYPE, event_session_id: null }] },
    });
    expect(flex.status).toBe(200);
    const tickets = doc(flex.body).ticket?._data ?? [];
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ ticket_type_id: FLEX_TYPE, event_session_id: null });
    const timed = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ ticket_type_id: GARDEN_ADULT, event_session_id: null }] },
    });
    expect(timed.status).toBe(400);
    expect(err(timed.body)?._context).toBe('event_session');
    const gaNoSession = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ ticket_type_id: GA_ADULT, event_session_id: null }] },
    });
    expect(gaNoSession.status).toBe(400);
  });
});
