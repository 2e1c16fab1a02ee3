/**
 * Seats on ticket documents (issue 9): a seated ticket's seat (section, row and seat name, as the seat map names
 * them) is in the tickets of the cart documents (reserve, GET cart) and the order documents (GET ticket_order),
 * and the client's wire schema keeps it; tickets of other groups carry no seat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { theatreIds } from '../../server/seed/seats';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';

let s: TestServer;
let sessions: string[];
beforeAll(async () => {
  s = await startTestServer();
  const r = await s.json('GET', `events/${theatreIds.event}/sessions`);
  sessions = (r.body.event_session._data as { id: string }[]).map((x) => x.id);
});
afterAll(async () => {
  await s.handle.close();
});

const STALLS_ADULT = theatreIds.type('stalls', 'Adult');
const BALCONY_ADULT = theatreIds.type('balcony', 'Adult');
const seated = (sessionId: string, seat: string, type = STALLS_ADULT, group = theatreIds.stalls) => ({
  event_session_id: sessionId,
  ticket_type_id: type,
  handler_data: { seat_template_id: seat, ticket_group_id: group },
});
const C12 = theatreIds.seat('Stalls Centre', 'C', 12);
const C13 = theatreIds.seat('Stalls Centre', 'C', 13);
const BALCONY_B2 = theatreIds.seat('Balcony', 'BB', 2);

/** The tickets of a response as the client parses them. */
const ticketsOf = (body: unknown) => document.parse(body).ticket?._data ?? [];
const seatsById = (body: unknown) => new Map(ticketsOf(body).map((k) => [k.id, k.seat]));

describe('seats on ticket documents', () => {
  it('the reserve answer and the cart carry each seated ticket’s seat; the client schema keeps it', async () => {
    const sid = sessions[0] as string;
    const r = await s.json('POST', 'my/cart/modify', {
      body: {
        add: [seated(sid, C12), seated(sid, C13), seated(sid, BALCONY_B2, BALCONY_ADULT, theatreIds.balcony)],
      },
    });
    expect(r.status).toBe(200);
    const expected = [
      { seat_template_id: C12, section: 'Stalls Centre', row: 'C', name: 'C12' },
      { seat_template_id: C13, section: 'Stalls Centre', row: 'C', name: 'C13' },
      { seat_template_id: BALCONY_B2, section: 'Balcony', row: 'BB', name: 'BB2' },
    ];
    const seatsOfReserve = ticketsOf(r.body).map((k) => k.seat);
    expect(seatsOfReserve).toHaveLength(3);
    expect(seatsOfReserve).toEqual(expect.arrayContaining(expected));

    const cartId = r.body.cart._data[0].id as string;
    const cart = await s.json('GET', `my/cart/${cartId}`, { query: { _embed: 'ticket', _limit: '1000' } });
    expect(cart.status).toBe(200);
    expect(seatsById(cart.body)).toEqual(seatsById(r.body));
  });

  it('a removed seated ticket leaves the cart with the others’ seats only', async () => {
    const sid = sessions[1] as string;
    const r = await s.json('POST', 'my/cart/modify', { body: { add: [seated(sid, C12), seated(sid, C13)] } });
    const cartId = r.body.cart._data[0].id as string;
    const c12 = ticketsOf(r.body).find((k) => k.seat?.seat_template_id === C12);
    const removed = await s.json('POST', `my/cart/${cartId}/modify`, { body: { remove: [c12?.id] } });
    expect(removed.status).toBe(200);
    expect(ticketsOf(removed.body).map((k) => k.seat?.name)).toEqual(['C13']);
  });

  it('the order documents (GET ticket_order and ticket_order/{id}) carry the seats after paying', async () => {
    const sid = sessions[2] as string;
    const r = await s.json('POST', 'my/cart/modify', { body: { add: [seated(sid, C12), seated(sid, C13)] } });
    const cartId = r.body.cart._data[0].id as string;
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    const amount = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    const orderId = document.parse(paid.body).ticket_order?._data[0]?.id as string;
    expect(orderId).toBeTruthy();

    const names = (body: unknown) =>
      ticketsOf(body)
        .map((k) => `${k.seat?.section}/${k.seat?.row}/${k.seat?.name}`)
        .sort();
    const want = ['Stalls Centre/C/C12', 'Stalls Centre/C/C13'];
    const list = await s.json('GET', 'ticket_order', { query: { 'id._in': orderId } });
    expect(list.status).toBe(200);
    expect(names(list.body)).toEqual(want);
    const one = await s.json('GET', `ticket_order/${orderId}`);
    expect(one.status).toBe(200);
    expect(names(one.body)).toEqual(want);
    expect(ticketsOf(one.body).every((k) => k.state === 'booked')).toBe(true);
  });

  it('tickets of groups that are not seated carry no seat key', async () => {
    const [session] = await gaSessions(s, '2026-12-14');
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }] },
    });
    expect(r.status).toBe(200);
    const [ticket] = r.body.ticket._data as Record<string, unknown>[];
    expect(ticket).toBeDefined();
    expect(Object.hasOwn(ticket as object, 'seat')).toBe(false);
  });
});

/**
 * Edit and reschedule with seats (spec 2 §4 "Reschedule": one cart modification removes the current tickets
 * and adds new ones). The reference server has no order editing: a booked order's cart is completed and any
 * modification of it is refused, so a booked seat neither moves nor is lost. In a pending cart the move is one
 * modification, and the seated line it adds needs a seat of the new session like any seated reserve.
 */
describe('rescheduling seated tickets', () => {
  const stateOf = async (sessionId: string, seatId: string) => {
    const r = await s.json('GET', `events/${theatreIds.event}/sessions/${sessionId}/seat_map`);
    return (r.body.seat._data as { id: string; state: string }[]).find((x) => x.id === seatId)?.state;
  };
  const err = (body: unknown) => errorBody.parse(body)._data[0];

  it('in a pending cart: a move without a seat is refused and changes nothing; with one, the seat moves', async () => {
    const [from, to] = [sessions[3] as string, sessions[4] as string];
    const r = await s.json('POST', 'my/cart/modify', { body: { add: [seated(from, C12)] } });
    const cartId = r.body.cart._data[0].id as string;
    const ticketId = ticketsOf(r.body)[0]?.id as string;

    const bare = await s.json('POST', `my/cart/${cartId}/modify`, {
      body: { remove: [ticketId], add: [{ event_session_id: to, ticket_type_id: STALLS_ADULT }] },
    });
    expect(bare.status).toBe(400);
    expect(err(bare.body)?._code).toBe(ErrorCode.validation_failed);
    expect(err(bare.body)?._context).toBe('handler_data');
    const kept = await s.json('GET', `my/cart/${cartId}`, { query: { _embed: 'ticket' } });
    expect(ticketsOf(kept.body).map((k) => [k.id, k.event_session_id, k.seat?.name])).toEqual([
      [ticketId, from, 'C12'],
    ]);
    expect(await stateOf(from, C12)).toBe('booked');

    const moved = await s.json('POST', `my/cart/${cartId}/modify`, {
      body: { remove: [ticketId], add: [seated(to, C13)] },
    });
    expect(moved.status).toBe(200);
    expect(ticketsOf(moved.body).map((k) => [k.event_session_id, k.seat?.name])).toEqual([[to, 'C13']]);
    expect(await stateOf(from, C12)).toBe('available');
    expect(await stateOf(to, C13)).toBe('booked');
  });

  it('a booked order’s seated tickets cannot be modified: refused, the seat stays booked on its session', async () => {
    const [from, to] = [sessions[5] as string, sessions[6] as string];
    const r = await s.json('POST', 'my/cart/modify', { body: { add: [seated(from, C12)] } });
    const cartId = r.body.cart._data[0].id as string;
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    const amount = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    const ticketId = ticketsOf(paid.body)[0]?.id as string;

    for (const path of [`cart/${cartId}/modify`, `my/cart/${cartId}/modify`]) {
      const moved = await s.json('POST', path, { body: { remove: [ticketId], add: [seated(to, C13)] } });
      expect(moved.status).toBe(409);
      expect(err(moved.body)?._code).toBe(ErrorCode.incorrect_cart_state);
    }
    expect(await stateOf(from, C12)).toBe('booked');
    expect(await stateOf(to, C13)).toBe('available');
    const orderId = document.parse(paid.body).ticket_order?._data[0]?.id as string;
    const order = await s.json('GET', `ticket_order/${orderId}`);
    expect(ticketsOf(order.body).map((k) => [k.state, k.event_session_id, k.seat?.name])).toEqual([
      ['booked', from, 'C12'],
    ]);
  });
});
