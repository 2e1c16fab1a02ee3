/**
 * Donation groups: GET ticket_group/{id} (spec 1 §7, `handler=donation`, embed ticket_type) and reserving
 * tickets that are not for a session (donation, ledger, codes), through to a paid order.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import * as t from '../../server/schema';
import { donationIds } from '../../server/seed/donation';
import { GA_ADULT, LECTURE, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const FRIEND = donationIds.type('Friend');
const PATRON = donationIds.type('Patron');

describe('GET ticket_group/{id}', () => {
  it('answers the donation group with its types by rank', async () => {
    const r = await s.json('GET', `ticket_group/${donationIds.group}`, {
      query: { handler: 'donation', _embed: 'ticket_type' },
    });
    expect(r.status).toBe(200);
    const d = doc(r.body);
    expect(d.ticket_group?._data.map((g) => [g.id, g.handler])).toEqual([[donationIds.group, 'donation']]);
    expect(d.ticket_type?._data.map((ty) => [ty.name, ty.currency_amount])).toEqual([
      ['Friend', '10.00'],
      ['Supporter', '25.00'],
      ['Patron', '50.00'],
      ['Benefactor', '100.00'],
      ['Gift of your choice', '5.00'],
    ]);
    const own = d.ticket_type?._data.find((ty) => ty.name === 'Gift of your choice');
    expect([own?.currency_amount_min, own?.currency_amount_max]).toEqual(['5.00', '1000.00']);
  });

  it('leaves the types out without the embed', async () => {
    const r = await s.json('GET', `ticket_group/${donationIds.group}`);
    expect(r.status).toBe(200);
    expect(doc(r.body).ticket_type).toBeUndefined();
  });

  it('answers 404 ticket_group for another handler, an unknown id and a malformed id', async () => {
    const lectureGroup = (await s.json('GET', `events/${LECTURE}`, { query: { _embed: 'ticket_group' } }))
      .body.ticket_group._data[0].id as string;
    for (const [id, query] of [
      [lectureGroup, { handler: 'donation' }],
      ['00000000-0000-4000-8000-000000000000', {}],
      ['not-an-id', {}],
    ] as const) {
      const r = await s.json('GET', `ticket_group/${id}`, { query });
      expect(r.status).toBe(404);
      expect(err(r.body)).toMatchObject({ _code: 'not_found', _context: 'ticket_group' });
    }
    const ok = await s.json('GET', `ticket_group/${lectureGroup}`, { query: { handler: 'tickets' } });
    expect(ok.status).toBe(200);
  });

  it('answers bad input with 400, never 500', async () => {
    const r = await s.json('GET', `ticket_group/${donationIds.group}`, { query: { _limit: 'x\u0000' } });
    expect(r.status).toBe(400);
  });
});

describe('reserving without a session', () => {
  it('reserves a donation with no session and pays for it', async () => {
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: null, ticket_type_id: PATRON }] },
    });
    expect(r.status).toBe(200);
    const d = doc(r.body);
    const cartId = d.cart?._data[0]?.id as string;
    expect(d.ticket?._data.map((k) => [k.ticket_type_id, k.event_session_id, k.handler])).toEqual([
      [PATRON, null, 'donation'],
    ]);
    expect(d.cart_fees?._data[0]?.grand_totals.total_outstanding).toBe('50.00');
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body: { amount: '50.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    expect(doc(paid.body).cart?._data[0]?.state).toBe('completed');
  });

  it("reserves a donation of the visitor's own amount within its bounds, and refuses one outside them", async () => {
    const own = donationIds.type('Gift of your choice');
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: null, ticket_type_id: own, face_value: '30.00' }] },
    });
    expect(r.status).toBe(200);
    expect(doc(r.body).cart_fees?._data[0]?.grand_totals.total_outstanding).toBe('30.00');
    for (const face_value of ['4.99', '1000.01']) {
      const refused = await s.json('POST', 'my/cart/modify', {
        body: { add: [{ event_session_id: null, ticket_type_id: own, face_value }] },
      });
      expect(refused.status, face_value).toBe(400);
      expect(err(refused.body)).toMatchObject({ _code: 'validation_failed', _context: 'face_value' });
    }
  });

  it('adds a donation to a cart that holds timed tickets', async () => {
    const sessions = (await s.json('GET', `events/${LECTURE}/sessions`)).body.event_session._data;
    const lectureTypes = (await s.json('GET', `events/${LECTURE}`, { query: { _embed: 'ticket_type' } })).body
      .ticket_type._data as Array<{ id: string }>;
    const first = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: sessions[0].id, ticket_type_id: lectureTypes[0]?.id }] },
    });
    expect(first.status).toBe(200);
    const cartId = doc(first.body).cart?._data[0]?.id as string;
    const second = await s.json('POST', `my/cart/${cartId}/modify`, {
      body: { add: [{ event_session_id: null, ticket_type_id: FRIEND }] },
    });
    expect(second.status).toBe(200);
    expect(
      doc(second.body)
        .ticket?._data.map((k) => k.event_session_id === null)
        .sort(),
    ).toEqual([false, true]);
  });

  it('still requires a session for timed tickets', async () => {
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: null, ticket_type_id: GA_ADULT }] },
    });
    expect(r.status).toBe(400);
    expect(err(r.body)).toMatchObject({ _code: 'validation_failed', _context: 'event_session' });
  });
});

describe('capacity without a session', () => {
  it('40 concurrent donations against a group of 5 places: exactly 5 held, counter equals tickets', async () => {
    const db = s.handle.db;
    await db
      .update(t.ticketGroup)
      .set({ capacity: 5, usedCapacity: 0 })
      .where(eq(t.ticketGroup.id, donationIds.group));
    // Earlier tests' donations no longer count against the fresh counter.
    await db
      .update(t.ticket)
      .set({ state: 'cancelled' })
      .where(
        and(eq(t.ticket.ticketGroupId, donationIds.group), inArray(t.ticket.state, ['held', 'in_cart'])),
      );
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        s.json('POST', 'my/cart/modify', {
          body: { add: [{ event_session_id: null, ticket_type_id: FRIEND }] },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(35);
    expect(new Set(refused.map((r) => `${r.status} ${err(r.body)?._code}`))).toEqual(
      new Set(['409 ticket_group_sold_out']),
    );
    const [group] = await db.select().from(t.ticketGroup).where(eq(t.ticketGroup.id, donationIds.group));
    const live = await db
      .select()
      .from(t.ticket)
      .where(
        and(eq(t.ticket.ticketGroupId, donationIds.group), inArray(t.ticket.state, ['held', 'in_cart'])),
      );
    expect(group?.usedCapacity).toBe(5);
    expect(live).toHaveLength(5);
    await db
      .update(t.ticketGroup)
      .set({ capacity: -1, usedCapacity: 0 })
      .where(eq(t.ticketGroup.id, donationIds.group));
  });
});
