/**
 * Scheduled payments (issue 22; spec 2 §3 "Scheduled payment", §4 "Scheduled payments"; server/payments/schedule.ts):
 * the seeded study trip is sold on a plan (25 % now, two payments a week apart). Its cart lists the schedule
 * (deposit due before the hold ends, Upcoming), the due amount is the deposit, a pay takes anything from the due
 * amount to the outstanding balance; the deposit books the order and writes the schedule on it; later payments on
 * the booked order pay it down (partial until the last); overdue instalments join the due amount.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { parsePlan, planInstalments } from '../../server/payments/schedule';
import { scheduledPayment } from '../../server/payments/schema';
import * as t from '../../server/schema';
import { DEMO_SLUG, demoIds, INSTALMENT_PLAN, INSTALMENTS_KEY } from '../../server/seed/demo';
import { startTestServer, type TestServer } from './helpers';

const DAY = 86_400_000;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 }, testSellers: true });
});
afterAll(async () => {
  await s.handle.close();
});

let n = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++n % 250}` });
const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;
const EMBED = { _embed: 'scheduled_payment,ticket_order,ticket', _limit: '1000' };

/** A cart of `count` study trip places ($200.00 each) with a purchaser. */
async function tripCart(count = 1) {
  const sessions = await s.json('GET', `events/${demoIds.event(INSTALMENTS_KEY)}/sessions`);
  const session = sessions.body.event_session._data[0];
  const r = await s.json('POST', 'my/cart/modify', {
    body: {
      add: Array.from({ length: count }, () => ({
        event_session_id: session.id,
        ticket_type_id: demoIds.type(INSTALMENTS_KEY, 'Traveller'),
      })),
    },
  });
  expect(r.status).toBe(200);
  const id = document.parse(r.body).cart?._data[0]?.id as string;
  await s.json('POST', `cart/${id}/purchaser`, {
    body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  });
  return id;
}

const read = async (id: string) => {
  const r = await s.json('GET', `cart/${id}`, { query: EMBED });
  expect(r.status).toBe(200);
  return document.parse(r.body);
};
const pay = (id: string, amount: string) =>
  s.json('POST', `cart/${id}/pay`, {
    body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    query: EMBED,
    headers: from(),
  });
const outstanding = (d: ReturnType<typeof document.parse>) =>
  d.cart_fees?._data[0]?.grand_totals.total_outstanding;

describe('the plan', () => {
  it('splits a total into the deposit and equal instalments, the last taking the cents left', () => {
    const rows = planInstalments({ deposit_percent: 25, instalments: 3, interval_days: 7 }, 10001, 0, 5);
    expect(rows.map((r) => r.amountCents)).toEqual([2500, 2500, 2500, 2501]);
    expect(rows.map((r) => r.dueMs)).toEqual([5, 7 * DAY, 14 * DAY, 21 * DAY]);
    expect(rows.reduce((a, r) => a + r.amountCents, 0)).toBe(10001);
  });

  it('a meta value that is no plan sells without one', () => {
    expect(parsePlan(JSON.stringify(INSTALMENT_PLAN))).toEqual(INSTALMENT_PLAN);
    for (const bad of ['', '{', '{"deposit_percent":0,"instalments":2,"interval_days":7}', '[]'])
      expect(parsePlan(bad)).toBeNull();
    expect(parsePlan('{"deposit_percent":25,"instalments":2,"interval_days":7,"x":1}')).toBeNull();
  });
});

describe('a cart on a plan', () => {
  it('lists the deposit (due before the hold ends) and the instalments, all upcoming', async () => {
    const id = await tripCart();
    const d = await read(id);
    const cart = d.cart?._data[0];
    expect(outstanding(d)).toBe('200.00');
    expect(d.scheduled_payment?._data.map((p) => [p.amount, p.status])).toEqual([
      ['50.00', 'upcoming'],
      ['75.00', 'upcoming'],
      ['75.00', 'upcoming'],
    ]);
    const [deposit, first, second] = d.scheduled_payment?._data ?? [];
    expect(deposit?.due).toBe(cart?.expires_at);
    expect(Date.parse(first?.due ?? '') - s.clock.now).toBe(7 * DAY);
    expect(Date.parse(second?.due ?? '') - s.clock.now).toBe(14 * DAY);
  });

  it('refuses less than the due amount and more than the outstanding balance, before any charge', async () => {
    const id = await tripCart();
    for (const amount of ['49.99', '200.01', '0.00']) {
      const r = await pay(id, amount);
      expect(r.status, amount).toBe(400);
      expect(code(r.body)).toBe(ErrorCode.validation_failed);
    }
    expect(await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, id))).toEqual([]);
  });

  it('the deposit books the order (partial), writes its schedule; later payments pay it down to the last', async () => {
    const id = await tripCart();
    const deposit = await pay(id, '60.00');
    expect(deposit.status).toBe(200);
    let d = document.parse(deposit.body);
    expect(d.cart?._data[0]?.state).toBe('completed');
    expect(d.ticket_order?._data).toHaveLength(1);
    expect(d.ticket?._data.map((k) => k.state)).toEqual(['booked']);
    expect(outstanding(d)).toBe('140.00');
    // 60.00 paid the deposit and 10.00 of the first instalment.
    expect(d.scheduled_payment?._data.map((p) => p.amount)).toEqual(['65.00', '75.00']);
    const saved = await s.handle.db.select().from(scheduledPayment).where(eq(scheduledPayment.cartId, id));
    expect(saved.map((r) => r.amountCents).sort()).toEqual([5000, 7500, 7500]);
    expect(new Set(saved.map((r) => r.ticketOrderId))).toEqual(new Set([d.ticket_order?._data[0]?.id]));

    // Due now: the next instalment (nothing overdue). Less is refused, the booked order takes the rest.
    expect(code((await pay(id, '64.99')).body)).toBe(ErrorCode.validation_failed);
    const second = await pay(id, '65.00');
    expect(second.status).toBe(200);
    d = document.parse(second.body);
    expect(d.cart?._data[0]?.state).toBe('completed');
    expect(outstanding(d)).toBe('75.00');
    expect(d.ticket_order?._data).toHaveLength(1);
    const last = await pay(id, '75.00');
    expect(last.status).toBe(200);
    d = document.parse(last.body);
    expect(outstanding(d)).toBe('0.00');
    expect(d.scheduled_payment?._data).toEqual([]);
    const payments = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, id));
    expect(payments.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([6000, 6500, 7500]);
    expect(new Set(payments.map((p) => p.ticketOrderId))).toEqual(new Set([d.ticket_order?._data[0]?.id]));
    // Nothing left: the booked order answers as before.
    expect(code((await pay(id, '1.00')).body)).toBe(ErrorCode.cart_booked);
  });

  it('the whole outstanding balance at once completes the order with nothing scheduled', async () => {
    const id = await tripCart(2);
    const r = await pay(id, '400.00');
    expect(r.status).toBe(200);
    const d = document.parse(r.body);
    expect(outstanding(d)).toBe('0.00');
    expect(d.scheduled_payment?._data).toEqual([]);
  });

  it('an instalment past its due date is overdue and joins the due amount', async () => {
    const id = await tripCart();
    expect((await pay(id, '50.00')).status).toBe(200);
    const start = s.clock.now;
    try {
      s.clock.now = start + 7 * DAY + 1000;
      const d = await read(id);
      expect(d.scheduled_payment?._data.map((p) => [p.amount, p.status])).toEqual([
        ['75.00', 'overdue'],
        ['75.00', 'upcoming'],
      ]);
      // Due: the overdue 75.00 and the next 75.00.
      expect(code((await pay(id, '149.99')).body)).toBe(ErrorCode.validation_failed);
      expect((await pay(id, '150.00')).status).toBe(200);
    } finally {
      s.clock.now = start;
    }
  });

  it('the e2e suite ages one cart’s booked schedule (/__test: no clock moved under other carts)', async () => {
    const id = await tripCart();
    expect((await pay(id, '50.00')).status).toBe(200);
    const back = (cartId: string, body: unknown, slug = DEMO_SLUG) =>
      s.app.request(`/__test/sellers/${slug}/carts/${cartId}/schedule_back`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    for (const bad of [{ days: 0 }, { days: 1.5 }, { days: 400 }, { days: 8, x: 1 }, 'x'])
      expect((await back(id, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await back('nope', { days: 8 })).status).toBe(404);
    expect((await back(id, { days: 8 }, 'no-such-seller')).status).toBe(404);
    const r = await back(id, { days: 8 });
    expect(await r.json()).toEqual({ moved: 3 });
    const d = await read(id);
    expect(d.scheduled_payment?._data.map((p) => [p.amount, p.status])).toEqual([
      ['75.00', 'overdue'],
      ['75.00', 'upcoming'],
    ]);
  });

  it("another member's cart, and another seller's, are not found", async () => {
    const id = await tripCart();
    const r = await s.json('POST', `cart/${id}/pay`, {
      body: { amount: '50.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      query: { seller_id: demoIds.id('nobody') },
      noSeller: true,
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});
