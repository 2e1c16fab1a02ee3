/** The quantity-first calls: POST calendar and sessions for chosen quantities, pricecheck, config by ids. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { PLANETARIUM, PLANETARIUM_ADULT, startTestServer, type TestServer } from './helpers';

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const PLANETARIUM_CHILD = demoIds.type('planetarium', 'Child');
const PLANETARIUM_GROUP = demoIds.group('planetarium');

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const sessionsOn = async (
  date: string,
  quantities: Record<string, number>,
  query: Record<string, string> = {},
) =>
  doc(
    (
      await s.json('POST', `events/${PLANETARIUM}/sessions`, {
        query: { _ondate: date, ...query },
        body: { quantities },
      })
    ).body,
  );

/** Fills a session with 20-ticket carts (the group's max per order) of adults. */
async function reserveAdults(sessionId: string, count: number) {
  for (let left = count; left > 0; left -= 20) {
    const n = Math.min(20, left);
    const r = await s.json('POST', 'my/cart/modify', {
      body: {
        add: Array.from({ length: n }, () => ({
          event_session_id: sessionId,
          ticket_type_id: PLANETARIUM_ADULT,
        })),
      },
    });
    expect(r.status).toBe(200);
  }
}

describe('POST events/{id}/sessions for quantities', () => {
  it('lists the sessions with room for the quantities, each with a price schedule row per chosen type', async () => {
    const d = await sessionsOn('2026-11-23', { [PLANETARIUM_ADULT]: 2, [PLANETARIUM_CHILD]: 1 });
    expect(d.event_session?._data.map((x) => x.sold_out)).toEqual([false, false, false]);
    const schedule = d.price_schedule?._data ?? [];
    expect(schedule).toHaveLength(3 * 2);
    for (const session of d.event_session?._data ?? []) {
      const rows = schedule.filter((r) => r.event_session_id === session.id);
      expect(Object.fromEntries(rows.map((r) => [r.ticket_type_id, r.price]))).toEqual({
        [PLANETARIUM_ADULT]: '15.00',
        [PLANETARIUM_CHILD]: '10.00',
      });
    }
  });

  it('leaves out a session with fewer places than asked (listed as sold out only with _include_sold_out=true)', async () => {
    const before = await sessionsOn('2026-11-25', { [PLANETARIUM_ADULT]: 2 });
    const first = before.event_session?._data[0];
    expect(first).toBeDefined();
    await reserveAdults(first?.id as string, 79); // capacity 80: one place left
    const two = await sessionsOn('2026-11-25', { [PLANETARIUM_ADULT]: 2 });
    expect(two.event_session?._data.map((x) => x.id)).not.toContain(first?.id);
    expect(two.price_schedule?._data.some((r) => r.event_session_id === first?.id)).toBe(false);
    const one = await sessionsOn('2026-11-25', { [PLANETARIUM_ADULT]: 1 });
    expect(one.event_session?._data[0]?.id).toBe(first?.id);
    const all = await sessionsOn('2026-11-25', { [PLANETARIUM_ADULT]: 2 }, { _include_sold_out: 'true' });
    expect(all.event_session?._data.find((x) => x.id === first?.id)?.sold_out).toBe(true);
  });

  it("no session fits counts outside the group's min and max per order", async () => {
    const d = await sessionsOn('2026-11-26', { [PLANETARIUM_ADULT]: 21 });
    expect(d.event_session?._count).toBe(0);
  });

  it('refuses unknown types and bad counts with validation_failed in quantities', async () => {
    const unknown = await s.json('POST', `events/${PLANETARIUM}/sessions`, {
      body: { quantities: { nope: 1 } },
    });
    expect(unknown.status).toBe(400);
    expect(err(unknown.body)).toMatchObject({ _code: 'validation_failed', _context: 'quantities' });
    const negative = await s.json('POST', `events/${PLANETARIUM}/sessions`, {
      body: { quantities: { [PLANETARIUM_ADULT]: -1 } },
    });
    expect(negative.status).toBe(400);
  });
});

describe('POST events/{id}/calendar for quantities', () => {
  it('marks a day available when one of its sessions has room for all the quantities', async () => {
    const r = await s.json('POST', `events/${PLANETARIUM}/calendar`, {
      query: { _format: 'price', 'date._gte': '2026-11-22', 'date._lt': '2026-11-24' },
      body: { quantities: { [PLANETARIUM_ADULT]: 3 } },
    });
    expect(r.status).toBe(200);
    const days = doc(r.body).calendar?._data ?? [];
    expect(days.map((d) => [d.date, d.status, d.min_price, d.availability])).toEqual([
      ['2026-11-22', 'available', '15.00', null],
      ['2026-11-23', 'available', '15.00', null],
    ]);
    const extended = await s.json('POST', `events/${PLANETARIUM}/calendar`, {
      query: { _format: 'extended', 'date._gte': '2026-11-22', 'date._lt': '2026-11-23' },
      body: { quantities: { [PLANETARIUM_ADULT]: 3 } },
    });
    expect(doc(extended.body).calendar?._data[0]?.availability).toBe(3 * 80);
  });

  it("a group's own capacity in the session counts: more than it has left fits nowhere", async () => {
    await s.handle.db
      .update(t.ticketGroup)
      .set({ capacity: 3 })
      .where(eq(t.ticketGroup.id, PLANETARIUM_GROUP));
    try {
      const body = (n: number) => ({
        query: { 'date._gte': '2026-11-27', 'date._lt': '2026-11-28' },
        body: { quantities: { [PLANETARIUM_ADULT]: n } },
      });
      const three = doc((await s.json('POST', `events/${PLANETARIUM}/calendar`, body(3))).body);
      expect(three.calendar?._data[0]?.status).toBe('available');
      const four = doc((await s.json('POST', `events/${PLANETARIUM}/calendar`, body(4))).body);
      expect(four.calendar?._data[0]?.status).toBe('sold_out');
    } finally {
      await s.handle.db
        .update(t.ticketGroup)
        .set({ capacity: -1 })
        .where(eq(t.ticketGroup.id, PLANETARIUM_GROUP));
    }
  });

  it("more than 10 different types: validation_failed in event_calendar, 'You can only select up to 10 different types of tickets.'", async () => {
    const extra = Array.from({ length: 11 }, (_, i) => ({
      id: demoIds.type('planetarium', `Extra ${i}`),
      ticketGroupId: PLANETARIUM_GROUP,
      eventTemplateId: PLANETARIUM,
      name: `Extra ${i}`,
      description: null,
      summary: null,
      amountCents: 500,
      rank: 10 + i,
    }));
    await s.handle.db.insert(t.ticketType).values(extra);
    try {
      const r = await s.json('POST', `events/${PLANETARIUM}/calendar`, {
        body: { quantities: Object.fromEntries(extra.map((x) => [x.id, 1])) },
      });
      expect(r.status).toBe(400);
      expect(err(r.body)).toMatchObject({
        _code: 'validation_failed',
        _context: 'event_calendar',
        _description: 'You can only select up to 10 different types of tickets.',
      });
    } finally {
      for (const x of extra) await s.handle.db.delete(t.ticketType).where(eq(t.ticketType.id, x.id));
    }
  });
});

describe('POST events/{id}/pricecheck', () => {
  it('answers the asked ticket types with their group', async () => {
    const r = await s.json('POST', `events/${PLANETARIUM}/pricecheck`, {
      body: {
        ticket_types_required: [{ ticket_type_id: PLANETARIUM_CHILD }, { ticket_type_id: PLANETARIUM_ADULT }],
      },
    });
    expect(r.status).toBe(200);
    expect(doc(r.body).ticket_type?._data.map((x) => [x.id, x.ticket_group_id, x.currency_amount])).toEqual([
      [PLANETARIUM_CHILD, PLANETARIUM_GROUP, '10.00'],
      [PLANETARIUM_ADULT, PLANETARIUM_GROUP, '15.00'],
    ]);
  });

  it('refuses types of other events, empty lists, unknown keys and NUL bytes with 400', async () => {
    for (const body of [
      { ticket_types_required: [{ ticket_type_id: demoIds.type('general-admission', 'Adult') }] },
      { ticket_types_required: [] },
      { ticket_types_required: [{ ticket_type_id: 'a\u0000b' }] },
      { ticket_types_required: [{ ticket_type_id: PLANETARIUM_ADULT }], extra: 1 },
      { nothing: true },
    ]) {
      const r = await s.json('POST', `events/${PLANETARIUM}/pricecheck`, { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(err(r.body)?._code).toBe('validation_failed');
    }
  });
});

describe('GET config by resource ids', () => {
  it("answers the config rows of the event template and its ticket groups (the quantity-first event's image)", async () => {
    const r = await s.json('GET', 'config', {
      query: { 'resource_id._in': `${PLANETARIUM_GROUP},${PLANETARIUM}` },
    });
    expect(r.status).toBe(200);
    const rows = doc(r.body).config?._data ?? [];
    expect(rows.find((x) => x.resource_id === PLANETARIUM && x.key === 'image')?.value).toMatchObject({
      alt_text: expect.any(String),
    });
  });
});
