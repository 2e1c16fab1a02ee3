/**
 * Races. PGlite runs one transaction at a time, so these only prove something on PostgreSQL
 * (TEST_DATABASE_URL; CI runs this suite on both). A read-then-write implementation fails them there.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import * as t from '../../server/schema';
import { GA_ADULT, GA_CHILD, gaSessions, startTestServer, type TestServer } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';

let s: TestServer;
let baseline: Map<string, number>;
beforeAll(async () => {
  s = await startTestServer();
  baseline = await capacityBaseline(s.handle.db);
});
afterAll(async () => {
  await s.handle.close();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const doc = (body: unknown) => document.parse(body);
const PURCHASER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

async function setPlacesLeft(sessionId: string, left: number) {
  const [row] = await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, sessionId));
  const capacity = row?.capacity as number;
  await s.handle.db
    .update(t.eventSession)
    .set({ usedCapacity: capacity - left })
    .where(eq(t.eventSession.id, sessionId));
  return capacity;
}

const reserve = (sessionId: string, type = GA_ADULT, n = 1, cartId: string | null = null) =>
  s.json('POST', cartId ? `my/cart/${cartId}/modify` : 'my/cart/modify', {
    body: { add: Array.from({ length: n }, () => ({ event_session_id: sessionId, ticket_type_id: type })) },
  });

async function paidCart(sessionId: string, lines: string[]) {
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: lines.map((ticket_type_id) => ({ event_session_id: sessionId, ticket_type_id })) },
  });
  expect(r.status).toBe(200);
  const d = doc(r.body);
  const id = d.cart?._data[0]?.id as string;
  expect((await s.json('POST', `cart/${id}/purchaser`, { body: PURCHASER })).status).toBe(200);
  return { id, doc: d, amount: d.cart_fees?._data[0]?.grand_totals.total_outstanding as string };
}

const pay = (cartId: string, amount: string, source = 'pm_card_visa') =>
  s.json('POST', `cart/${cartId}/pay`, { body: { amount, gateway_id: 'stripe', gateway_data: { source } } });

describe('races (meaningful on PostgreSQL)', () => {
  it('200 concurrent reserves at 10 places: exactly 10 holds, nothing oversold', async () => {
    const [session] = await gaSessions(s, '2026-12-04');
    const id = session?.id as string;
    const capacity = await setPlacesLeft(id, 10);
    baseline = await capacityBaseline(s.handle.db);
    const results = await Promise.all(Array.from({ length: 200 }, () => reserve(id)));
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(err(r.body)?._code).toBe('event_session_sold_out');
    const [after] = await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, id));
    expect(after?.usedCapacity).toBe(capacity);
    const live = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.eventSessionId, id));
    expect(live.filter((k) => k.state === 'in_cart')).toHaveLength(10);
  });

  it('the same across a whole day: 200 reserves over every session against 10 places of the ticket group', async () => {
    const sessions = await gaSessions(s, '2026-12-05');
    expect(sessions.length).toBeGreaterThan(3);
    const [ty] = await s.handle.db.select().from(t.ticketType).where(eq(t.ticketType.id, GA_ADULT));
    const groupId = ty?.ticketGroupId as string;
    // Giving an unlimited group a capacity: its used capacity is counted from its live and booked tickets.
    const [held] = await s.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.ticket)
      .where(
        and(eq(t.ticket.ticketGroupId, groupId), inArray(t.ticket.state, ['in_cart', 'held', 'booked'])),
      );
    const used = Number(held?.n ?? 0);
    await s.handle.db
      .update(t.ticketGroup)
      .set({ capacity: used + 10, usedCapacity: used })
      .where(eq(t.ticketGroup.id, groupId));
    try {
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => reserve(sessions[i % sessions.length]?.id as string)),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
      for (const r of results.filter((x) => x.status !== 200))
        expect(err(r.body)?._code).toBe('ticket_group_sold_out');
      const [after] = await s.handle.db.select().from(t.ticketGroup).where(eq(t.ticketGroup.id, groupId));
      expect(after?.usedCapacity).toBe(used + 10);
      expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
    } finally {
      await s.handle.db.update(t.ticketGroup).set({ capacity: -1 }).where(eq(t.ticketGroup.id, groupId));
    }
  });

  it('concurrent adds to one cart stop at max_tickets_per_order', async () => {
    const [session] = await gaSessions(s, '2026-12-06');
    const id = session?.id as string;
    const first = await reserve(id);
    const cartId = doc(first.body).cart?._data[0]?.id as string;
    // General admission allows 20 per order: 1 held + 40 concurrent single adds.
    const results = await Promise.all(Array.from({ length: 40 }, () => reserve(id, GA_ADULT, 1, cartId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    for (const r of results.filter((x) => x.status !== 200))
      expect(err(r.body)?._code).toBe('max_tickets_per_order_exceeded');
    const tickets = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.cartId, cartId));
    expect(tickets.filter((k) => k.state === 'in_cart')).toHaveLength(20);
  });

  it('pay racing modify (add and remove): the order always matches what was paid', async () => {
    const sessions = await gaSessions(s, '2026-12-07');
    const rounds = onPostgres ? 30 : 6;
    let paidRounds = 0;
    let modifiedRounds = 0;
    for (let i = 0; i < rounds; i++) {
      const id = sessions[i % sessions.length]?.id as string;
      const cart = await paidCart(id, [GA_ADULT, GA_CHILD]);
      const ticketId = cart.doc.ticket?._data[0]?.id as string;
      const change =
        i % 2 === 0
          ? { add: Array.from({ length: 5 }, () => ({ event_session_id: id, ticket_type_id: GA_ADULT })) }
          : { remove: [ticketId] };
      const modify = () => s.json('POST', `my/cart/${cart.id}/modify`, { body: change });
      const [p, m] =
        i % 4 < 2
          ? await Promise.all([pay(cart.id, cart.amount), modify()])
          : (await Promise.all([modify(), pay(cart.id, cart.amount)])).reverse();
      // Never both: either the modify came first (the pay's amount no longer matches) or the pay did.
      expect(p?.status === 200 && m?.status === 200).toBe(false);
      if (p?.status === 200) {
        paidRounds++;
        expect(m?.status).toBe(409);
        expect(err(m?.body)?._code).toBe('incorrect_cart_state');
        const d = doc(p.body);
        expect(d.cart_fees?._data[0]?.grand_totals.total_payments).toBe(cart.amount);
        expect(d.ticket?._data.filter((k) => k.state === 'booked')).toHaveLength(2);
      } else {
        modifiedRounds++;
        expect(m?.status).toBe(200);
        expect(p?.status).toBe(400);
        expect(err(p?.body)?._code).toBe('validation_failed');
        expect((await s.json('DELETE', `cart/${cart.id}`)).status).toBe(200);
      }
    }
    expect(paidRounds + modifiedRounds).toBe(rounds);
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });

  it('50 concurrent pays on one cart: one order, one charge at the gateway, the others cart_booked', async () => {
    const [session] = await gaSessions(s, '2026-12-08');
    const cart = await paidCart(session?.id as string, [GA_ADULT, GA_CHILD]);
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(cart.id, cart.amount)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const orderId = doc(ok[0]?.body).ticket_order?._data[0]?.id;
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(err(r.body)).toMatchObject({ _code: 'cart_booked', _extra: { ticket_order_id: orderId } });
    }
    const charges = await s.handle.db
      .select()
      .from(t.gatewayCharge)
      .where(eq(t.gatewayCharge.cartId, cart.id));
    expect(charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
    const orders = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.cartId, cart.id));
    expect(orders).toHaveLength(1);
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });

  it('concurrent pays and deletes of one cart: booked or deleted, never both, capacity given back once', async () => {
    const [session] = await gaSessions(s, '2026-12-09');
    const id = session?.id as string;
    for (let i = 0; i < (onPostgres ? 10 : 3); i++) {
      const cart = await paidCart(id, [GA_ADULT]);
      const [p, d] = await Promise.all([pay(cart.id, cart.amount), s.json('DELETE', `cart/${cart.id}`)]);
      expect(p.status === 200 && d.status === 200).toBe(false);
    }
    const [row] = await s.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.ticket)
      .where(eq(t.ticket.eventSessionId, id));
    expect(Number(row?.n)).toBeGreaterThan(0);
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });
});
