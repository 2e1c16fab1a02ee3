/**
 * Session prices (issue 24; spec 1 §7 `price_schedule`; table session_price, server/catalog/session-prices.ts): the
 * seeded Watercolour Workshop's afternoon sessions cost more than its mornings ($35/$15 against the types' $20/$10).
 * Every place that prices a ticket for a session says so: the calendar's day price, the sessions' price schedule,
 * a session's ticket types, the reserve's face value, and a reschedule from a morning to an afternoon, which leaves
 * the difference to pay and books the new ticket at the afternoon's price once paid.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import { startTestServer, type TestServer } from './helpers';
import { outbox } from './members-helpers';

const WATERCOLOUR = demoIds.event('watercolour-workshop');
const ADULT = demoIds.type('watercolour-workshop', 'Adult');
const CHILD = demoIds.type('watercolour-workshop', 'Child');
/** The seed's prices: the types' own, and the afternoon sessions'. */
const MORNING = { [ADULT]: '20.00', [CHILD]: '10.00' };
const AFTERNOON = { [ADULT]: '35.00', [CHILD]: '15.00' };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

/** The day's two sessions: 10:00 (morning) and 14:00 (afternoon) in New York. */
async function dayOf(date: string) {
  const r = await s.json('GET', `events/${WATERCOLOUR}/sessions`, { query: { _ondate: date } });
  expect(r.status).toBe(200);
  const [morning, afternoon] = r.body.event_session._data as Array<{ id: string; start_datetime: string }>;
  expect(morning?.start_datetime).toMatch(/T15:00:00/); // 10:00 EST
  expect(afternoon?.start_datetime).toMatch(/T19:00:00/); // 14:00 EST
  return { morning: morning?.id as string, afternoon: afternoon?.id as string };
}

const reserve = (sessionId: string, types: string[]) =>
  s.json('POST', 'my/cart/modify', {
    body: { add: types.map((ticket_type_id) => ({ event_session_id: sessionId, ticket_type_id })) },
  });

describe('a session’s own prices', () => {
  it('the price schedule, the session’s ticket types and the calendar’s day price read them', async () => {
    const { morning, afternoon } = await dayOf('2026-12-04');
    const sched = await s.json('POST', `events/${WATERCOLOUR}/sessions`, {
      query: { _ondate: '2026-12-04' },
      body: { quantities: { [ADULT]: 1, [CHILD]: 1 } },
    });
    expect(sched.status).toBe(200);
    const rows = sched.body.price_schedule._data as Array<{
      event_session_id: string;
      ticket_type_id: string;
      price: string;
    }>;
    const priceOf = (sessionId: string) =>
      Object.fromEntries(
        rows.filter((r) => r.event_session_id === sessionId).map((r) => [r.ticket_type_id, r.price]),
      );
    expect(priceOf(morning)).toEqual(MORNING);
    expect(priceOf(afternoon)).toEqual(AFTERNOON);

    for (const [sessionId, prices] of [
      [morning, MORNING],
      [afternoon, AFTERNOON],
    ] as const) {
      const one = await s.json('GET', `events/${WATERCOLOUR}/sessions/${sessionId}`, {
        query: { _embed: 'ticket_group,ticket_type' },
      });
      expect(one.status).toBe(200);
      const types = one.body.ticket_type._data as Array<{
        id: string;
        currency_amount: string;
        discounted_amount: string | null;
      }>;
      expect(Object.fromEntries(types.map((ty) => [ty.id, ty.currency_amount]))).toEqual(prices);
      expect(types.every((ty) => ty.discounted_amount === null)).toBe(true);
    }

    // The day's price is its lowest, the morning's; an afternoon-only day would say $15.00 for a Child.
    const cal = await s.json('GET', `events/${WATERCOLOUR}/calendar`, { query: { _format: 'price' } });
    const day = (cal.body.calendar._data as Array<{ date: string; min_price: string }>).find(
      (d) => d.date === '2026-12-04',
    );
    expect(day?.min_price).toBe('10.00');
    await s.handle.db.update(t.eventSession).set({ usedCapacity: 20 }).where(eq(t.eventSession.id, morning));
    try {
      const full = await s.json('POST', `events/${WATERCOLOUR}/calendar`, {
        query: { _format: 'price' },
        body: { quantities: { [CHILD]: 1 } },
      });
      const after = (full.body.calendar._data as Array<{ date: string; min_price: string }>).find(
        (d) => d.date === '2026-12-04',
      );
      expect(after?.min_price).toBe('15.00');
    } finally {
      await s.handle.db.update(t.eventSession).set({ usedCapacity: 0 }).where(eq(t.eventSession.id, morning));
    }
  });

  it('a reserve in the afternoon costs the afternoon’s price', async () => {
    const { morning, afternoon } = await dayOf('2026-12-05');
    const am = await reserve(morning, [ADULT, CHILD]);
    const pm = await reserve(afternoon, [ADULT, CHILD]);
    expect(am.status).toBe(200);
    expect(pm.status).toBe(200);
    const faces = (doc: { ticket: { _data: Array<{ ticket_type_id: string; face_value: string }> } }) =>
      Object.fromEntries(doc.ticket._data.map((k) => [k.ticket_type_id, k.face_value]));
    expect(faces(am.body)).toEqual(MORNING);
    expect(faces(pm.body)).toEqual(AFTERNOON);
    // A face value sent by the client must be the session's price.
    const cheap = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: afternoon, ticket_type_id: ADULT, face_value: '20.00' }] },
    });
    expect(cheap.status).toBe(400);
  });

  it('a reschedule from a morning to an afternoon leaves the difference to pay, then books the afternoon’s price', async () => {
    const { morning } = await dayOf('2026-12-06');
    const { afternoon } = await dayOf('2026-12-08');
    const r = await reserve(morning, [ADULT]);
    const cartId = r.body.cart._data[0].id as string;
    const email = 'paint@example.com';
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Wat', last_name: 'Colour', email },
    });
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body: { amount: '20.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      query: { _embed: 'ticket_order' },
    });
    expect(paid.status).toBe(200);
    const orderId = paid.body.ticket_order._data[0].id as string;
    const token = new RegExp(`/manage/${orderId}\\?token=([A-Za-z0-9_-]+)`).exec(
      (await outbox(s)).find((m) => m.to === email)?.body ?? '',
    )?.[1];
    expect(token).toBeTruthy();
    const [old] = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    const edit = await s.json('POST', `ticket_order/${orderId}/edit`, { body: { token } });
    expect(edit.status).toBe(200);
    const editCart = edit.body.cart._data[0].id as string;
    const changed = await s.json('POST', `cart/${editCart}/modify`, {
      body: { remove: [old?.id], add: [{ event_session_id: afternoon, ticket_type_id: ADULT }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.cart_fees._data[0].grand_totals.total_outstanding).toBe('15.00');
    const diff = await s.json('POST', `cart/${editCart}/pay`, {
      body: { amount: '15.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(diff.status).toBe(200);
    const after = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    expect(after.map((k) => [k.eventSessionId, k.state, k.adjustedValueCents]).sort()).toEqual(
      [
        [morning, 'cancelled', 2000],
        [afternoon, 'booked', 3500],
      ].sort(),
    );
  });
});
