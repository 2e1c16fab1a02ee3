/**
 * Seats come back on cancel (issue 24; spec 2 §4 "Cancel-free-order", §7 `ticket_order/{id}/cancel`): a cancelled
 * seated ticket's seat is free again on the map and for the next buyer, its session's capacity comes back once, and
 * a second cancel changes nothing; two cancels at once: one wins (meaningful on PostgreSQL: TEST_DATABASE_URL).
 * The seed has no free seated event, so this file's own setup makes the theatre's Stalls Adult free and lets the
 * seller's self-edit rules name the theatre's category (Shows) besides Workshops.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSeatMap } from '../../api/seat-map';
import { ErrorCode } from '../../domain/codes';
import { SELF_EDIT_KEY } from '../../server/manage/rules';
import * as t from '../../server/schema';
import { DEMO_SELF_EDIT_RULES } from '../../server/seed/demo';
import { theatreIds } from '../../server/seed/seats';
import { SELLER, startTestServer, type TestServer } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';
import { outbox } from './members-helpers';

let s: TestServer;
let baseline: Map<string, number>;
let sessions: string[];
const STALLS_ADULT = theatreIds.type('stalls', 'Adult');
const A = (n: number) => theatreIds.seat('Stalls Centre', 'A', n);

beforeAll(async () => {
  s = await startTestServer();
  const db = s.handle.db;
  await db
    .update(t.ticketType)
    .set({ amountCents: 0, feeFixedCents: null, feePercentBp: null })
    .where(eq(t.ticketType.id, STALLS_ADULT));
  await db
    .update(t.config)
    .set({ value: { ...DEMO_SELF_EDIT_RULES, categories: ['Workshops', 'Shows'] } })
    .where(
      and(eq(t.config.resource, 'seller'), eq(t.config.resourceId, SELLER), eq(t.config.key, SELF_EDIT_KEY)),
    );
  baseline = await capacityBaseline(db);
  const r = await s.json('GET', `events/${theatreIds.event}/sessions`);
  sessions = (r.body.event_session._data as { id: string }[]).map((x) => x.id);
});
afterAll(async () => {
  await s.handle.close();
});

const stateOf = async (sessionId: string, seat: string) => {
  const r = await s.json('GET', `events/${theatreIds.event}/sessions/${sessionId}/seat_map`, {
    query: { _withgeometry: 'true' },
  });
  expect(r.status).toBe(200);
  return toSeatMap(r.body).seatById.get(seat)?.state;
};
const usedOf = async (sessionId: string) =>
  (await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, sessionId)))[0]?.usedCapacity;
const line = (sessionId: string, seat: string) => ({
  event_session_id: sessionId,
  ticket_type_id: STALLS_ADULT,
  handler_data: { seat_template_id: seat, ticket_group_id: theatreIds.stalls },
});

let buyer = 0;
/** A guest books free stalls seats; the order, its tickets (by seat) and the confirmation email's manage token. */
async function bookSeats(sessionId: string, seats: string[]) {
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: seats.map((seat) => line(sessionId, seat)) },
  });
  expect(r.status).toBe(200);
  const cartId = r.body.cart._data[0].id as string;
  const email = `seated.${++buyer}@example.com`;
  const p = await s.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Sam', last_name: 'Seated', email },
  });
  expect(p.status).toBe(200);
  const paid = await s.json('POST', `cart/${cartId}/pay`, {
    body: { amount: '0.00', gateway_id: 'free' },
    query: { _embed: 'ticket_order' },
  });
  expect(paid.status).toBe(200);
  const orderId = paid.body.ticket_order._data[0].id as string;
  const order = await s.json('GET', `ticket_order/${orderId}`, { query: { _embed: 'ticket' } });
  const ticketBySeat = new Map(
    (order.body.ticket._data as { id: string; seat: { seat_template_id: string } }[]).map((k) => [
      k.seat.seat_template_id,
      k.id,
    ]),
  );
  const mail = (await outbox(s)).find((m) => m.to === email);
  const token = (
    mail ? new RegExp(`/manage/${orderId}\\?token=([A-Za-z0-9_-]+)`).exec(mail.body) : null
  )?.[1];
  expect(token).toBeTruthy();
  return { orderId, ticketBySeat, token: token as string };
}
const cancel = (order: { orderId: string; token: string }, tickets: string[]) =>
  s.json('POST', `ticket_order/${order.orderId}/cancel`, {
    body: { gateway_data: {}, tickets, token: order.token },
  });

describe('a cancelled seated ticket', () => {
  it('frees its seat and its place (the map, the next buyer); a second cancel changes nothing', async () => {
    const sid = sessions[3] as string;
    const used = (await usedOf(sid)) as number;
    const order = await bookSeats(sid, [A(5), A(6)]);
    expect(await stateOf(sid, A(5))).toBe('booked');
    expect(await usedOf(sid)).toBe(used + 2);
    const ticket = order.ticketBySeat.get(A(5)) as string;

    const r = await cancel(order, [ticket]);
    expect(r.status).toBe(200);
    expect(r.body.ticket._data).toEqual([{ id: ticket, state: 'cancelled', ticket_order_id: order.orderId }]);
    expect(await stateOf(sid, A(5))).toBe('available');
    expect(await stateOf(sid, A(6))).toBe('booked');
    expect(await usedOf(sid)).toBe(used + 1);

    // Again: refused, nothing given back twice, the seat stays free.
    const again = await cancel(order, [ticket]);
    expect(again.status).toBe(400);
    expect(again.body._data[0]._code).toBe(ErrorCode.no_valid_tickets);
    expect(await usedOf(sid)).toBe(used + 1);
    expect(await stateOf(sid, A(5))).toBe('available');

    // The next buyer gets the seat; the cancelled ticket's document no longer names it.
    const next = await bookSeats(sid, [A(5)]);
    expect(next.ticketBySeat.has(A(5))).toBe(true);
    expect(await stateOf(sid, A(5))).toBe('booked');
    expect(await usedOf(sid)).toBe(used + 2);
    const old = await s.json('GET', `ticket_order/${order.orderId}`, { query: { _embed: 'ticket' } });
    const cancelled = (old.body.ticket._data as { id: string; state: string; seat: unknown }[]).find(
      (k) => k.id === ticket,
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', seat: null });
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });

  it('two cancels of one seated ticket at once: exactly one wins, the seat and the place come back once', async () => {
    const sid = sessions[4] as string;
    const used = (await usedOf(sid)) as number;
    const order = await bookSeats(sid, [A(8)]);
    const ticket = order.ticketBySeat.get(A(8)) as string;
    const answers = await Promise.all([cancel(order, [ticket]), cancel(order, [ticket])]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await usedOf(sid)).toBe(used);
    expect(await stateOf(sid, A(8))).toBe('available');
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });
});
