/**
 * Seats (issue 9): the seat map of a session (shape and states), seated reserves that take each seat
 * atomically, seats freed by a removed ticket, a discarded or an expired cart, kept by an order, and bad input.
 * The race tests prove something only on PostgreSQL (TEST_DATABASE_URL): PGlite runs one statement at a time.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { toSeatMap } from '../../api/seat-map';
import { seatMapDocument } from '../../api/seat-schemas';
import * as st from '../../server/seats/schema';
import { demoIds } from '../../server/seed/demo';
import { seedLargeHall, THEATRE_TIMES, theatreIds, theatrePlan } from '../../server/seed/seats';
import { startTestServer, type TestServer } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';

let s: TestServer;
let baseline: Map<string, number>;
let sessions: string[];
beforeAll(async () => {
  s = await startTestServer();
  baseline = await capacityBaseline(s.handle.db);
  const r = await s.json('GET', `events/${theatreIds.event}/sessions`);
  sessions = (r.body.event_session._data as { id: string }[]).map((x) => x.id);
});
afterAll(async () => {
  await s.handle.close();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const STALLS_ADULT = theatreIds.type('stalls', 'Adult');
const STALLS_CHILD = theatreIds.type('stalls', 'Child');
const BALCONY_ADULT = theatreIds.type('balcony', 'Adult');
const seatId = (section: string, row: string, n: number) => theatreIds.seat(section, row, n);
const A = (n: number) => seatId('Stalls Centre', 'A', n);

const mapOf = async (sessionId: string) => {
  const r = await s.json('GET', `events/${theatreIds.event}/sessions/${sessionId}/seat_map`, {
    query: { _withgeometry: 'true' },
  });
  expect(r.status).toBe(200);
  return toSeatMap(r.body);
};
const stateOf = async (sessionId: string, id: string) => (await mapOf(sessionId)).seatById.get(id)?.state;

const line = (sessionId: string, seat: string, type = STALLS_ADULT, group = theatreIds.stalls) => ({
  event_session_id: sessionId,
  ticket_type_id: type,
  handler_data: { seat_template_id: seat, ticket_group_id: group },
});
const reserve = (lines: unknown[], cartId: string | null = null) =>
  s.json('POST', cartId ? `my/cart/${cartId}/modify` : 'my/cart/modify', { body: { add: lines } });
const cartIdOf = (body: { cart: { _data: { id: string }[] } }) => body.cart._data[0]?.id as string;
const ticketsOf = (body: { ticket: { _data: { id: string; state: string }[] } }) => body.ticket._data;

describe('the seat map of a session', () => {
  it('has the geometry, the other elements and every seat with its neighbours, groups and state', async () => {
    const r = await s.json('GET', `events/${theatreIds.event}/sessions/${sessions[0]}/seat_map`, {
      query: { _withgeometry: 'true' },
    });
    expect(r.status).toBe(200);
    expect(r.res.headers.get('Cache-Control')).toBe('no-store');
    const wire = seatMapDocument.parse(r.body);
    const plan = theatrePlan();
    expect(wire.seat._count).toBe(plan.seats.length);
    expect(plan.seats.length).toBeGreaterThanOrEqual(380);
    const map = wire.seat_map._data[0];
    expect(map?.map_geometry?.sections.map((x) => x.name)).toEqual([
      'Stalls Left',
      'Stalls Centre',
      'Stalls Right',
      'Balcony',
    ]);
    expect(map?.other_elements.some((e) => e.type === 'stage')).toBe(true);
    const a1 = wire.seat._data.find((x) => x.seat_template_id === A(1));
    expect(a1).toMatchObject({ name: 'A1', section: 'Stalls Centre', row: 'A', previous: null, next: A(2) });
    expect(a1?.groups).toEqual([theatreIds.stalls]);
    // Neighbours are consistent: the next seat's previous is this one.
    const byId = new Map(wire.seat._data.map((x) => [x.id, x]));
    for (const seat of wire.seat._data) if (seat.next) expect(byId.get(seat.next)?.previous).toBe(seat.id);
    // Two seated groups; seats never sold are unavailable, all others available in a new session.
    expect(new Set(wire.seat._data.flatMap((x) => x.groups))).toEqual(
      new Set([theatreIds.stalls, theatreIds.balcony]),
    );
    const blocked = new Set(plan.seats.filter((x) => x.blocked).map((x) => x.id));
    for (const seat of wire.seat._data)
      expect(seat.state).toBe(blocked.has(seat.id) ? 'unavailable' : 'available');
  });

  it('leaves the geometry out without _withgeometry', async () => {
    const r = await s.json('GET', `events/${theatreIds.event}/sessions/${sessions[0]}/seat_map`);
    expect(r.status).toBe(200);
    expect(r.body.seat_map._data[0].map_geometry).toBeNull();
  });

  it('the theatre is a seated event with two groups at different prices on the demo seller', async () => {
    const r = await s.json('GET', `events/${theatreIds.event}`, {
      query: { _embed: 'ticket_group,ticket_type' },
    });
    expect(r.status).toBe(200);
    const groups = r.body.ticket_group._data as { id: string; handler: string }[];
    expect(groups.map((g) => g.handler)).toEqual(['seated', 'seated']);
    expect(sessions.length).toBeGreaterThanOrEqual(THEATRE_TIMES.length);
  });

  it('a seat the seller holds back for one session is unavailable there only', async () => {
    const seat = seatId('Stalls Left', 'J', 8);
    await s.handle.db
      .insert(st.seatHold)
      .values({ eventSessionId: sessions[5] as string, seatTemplateId: seat });
    expect(await stateOf(sessions[5] as string, seat)).toBe('unavailable');
    expect(await stateOf(sessions[6] as string, seat)).toBe('available');
    const r = await reserve([line(sessions[5] as string, seat)]);
    expect(r.status).toBe(409);
    expect(err(r.body)?._code).toBe('seat_unavailable');
  });

  it('answers 404 for an unknown event, an unknown session, a session of another event, an event without a map', async () => {
    const other = demoIds.event('general-admission');
    const cases = [
      `events/${demoIds.event('nope')}/sessions/${sessions[0]}/seat_map`,
      `events/${theatreIds.event}/sessions/${demoIds.session('x', 'y')}/seat_map`,
      `events/not-a-uuid/sessions/${sessions[0]}/seat_map`,
      `events/${theatreIds.event}/sessions/not-a-uuid/seat_map`,
      `events/${other}/sessions/${sessions[0]}/seat_map`,
    ];
    for (const path of cases) {
      const r = await s.json('GET', path);
      expect(r.status, path).toBe(404);
      expect(err(r.body)?._code).toBe('not_found');
    }
  });
});

describe('seated reserves', () => {
  it('take the seats: the map shows them booked and another buyer is refused with seat_unavailable', async () => {
    const sid = sessions[1] as string;
    const first = await reserve([line(sid, A(3)), line(sid, A(4), STALLS_CHILD)]);
    expect(first.status).toBe(200);
    expect(await stateOf(sid, A(3))).toBe('booked');
    expect(await stateOf(sid, A(4))).toBe('booked');
    // Another session's seat is untouched.
    expect(await stateOf(sessions[2] as string, A(3))).toBe('available');
    const second = await reserve([line(sid, A(5)), line(sid, A(4))]);
    expect(second.status).toBe(409);
    const e = err(second.body);
    expect(e?._code).toBe('seat_unavailable');
    expect(e?._extra).toMatchObject({ seat_template_ids: [A(4)], event_session_id: sid });
    // All or nothing: A5 was not taken by the refused reserve.
    expect(await stateOf(sid, A(5))).toBe('available');
  });

  it('in an existing cart too (its transaction): the refused add leaves the cart as it was', async () => {
    const sid = sessions[1] as string;
    const mine = await reserve([line(sid, A(7))]);
    const cartId = cartIdOf(mine.body);
    const r = await reserve([line(sid, A(8)), line(sid, A(3))], cartId);
    expect(r.status).toBe(409);
    expect(err(r.body)?._code).toBe('seat_unavailable');
    const cart = await s.json('GET', `my/cart/${cartId}`, { query: { _embed: 'ticket' } });
    expect(ticketsOf(cart.body).filter((k) => k.state === 'in_cart')).toHaveLength(1);
    expect(await stateOf(sid, A(8))).toBe('available');
    // And a good add in that cart takes its seat.
    expect((await reserve([line(sid, A(8))], cartId)).status).toBe(200);
    expect(await stateOf(sid, A(8))).toBe('booked');
  });

  it('a removed ticket frees its seat', async () => {
    const sid = sessions[2] as string;
    const r = await reserve([line(sid, A(10)), line(sid, A(11))]);
    const cartId = cartIdOf(r.body);
    const ticket = ticketsOf(r.body)[0]?.id as string;
    const removed = await s.json('POST', `my/cart/${cartId}/modify`, { body: { remove: [ticket] } });
    expect(removed.status).toBe(200);
    const states = [await stateOf(sid, A(10)), await stateOf(sid, A(11))].sort();
    expect(states).toEqual(['available', 'booked']);
    const freed = states[0] === 'available' && (await stateOf(sid, A(10))) === 'available' ? A(10) : A(11);
    expect((await reserve([line(sid, freed)])).status).toBe(200);
  });

  it('a discarded cart frees its seats', async () => {
    const sid = sessions[2] as string;
    const r = await reserve([line(sid, A(12))]);
    expect((await s.call('DELETE', `cart/${cartIdOf(r.body)}`)).status).toBeLessThan(300);
    expect(await stateOf(sid, A(12))).toBe('available');
    expect((await reserve([line(sid, A(12))])).status).toBe(200);
  });

  it('an expired cart frees its seats (on the map, and for the next reserve)', async () => {
    const sid = sessions[3] as string;
    const r = await reserve([line(sid, A(1)), line(sid, A(2))]);
    expect(r.status).toBe(200);
    s.clock.now += 16 * 60 * 1000;
    try {
      expect(await stateOf(sid, A(1))).toBe('available');
      expect((await reserve([line(sid, A(1))])).status).toBe(200);
    } finally {
      s.clock.now -= 16 * 60 * 1000;
    }
  });

  it('an expired cart not yet swept does not block the seat: the reserve sweeps and takes it', async () => {
    const sid = sessions[3] as string;
    const r = await reserve([line(sid, A(13))]);
    expect(r.status).toBe(200);
    s.clock.now += 16 * 60 * 1000;
    try {
      expect((await reserve([line(sid, A(13))])).status).toBe(200);
    } finally {
      s.clock.now -= 16 * 60 * 1000;
    }
  });

  it('a completed order keeps its seats booked, also after its cart would have expired', async () => {
    const sid = sessions[4] as string;
    const r = await reserve([line(sid, A(6))]);
    const cartId = cartIdOf(r.body);
    expect(
      (
        await s.json('POST', `cart/${cartId}/purchaser`, {
          body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
        })
      ).status,
    ).toBe(200);
    const amount = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    s.clock.now += 60 * 60 * 1000;
    try {
      expect(await stateOf(sid, A(6))).toBe('booked');
      expect((await reserve([line(sid, A(6))])).status).toBe(409);
    } finally {
      s.clock.now -= 60 * 60 * 1000;
    }
  });
});

describe('seated reserve input', () => {
  const sid = () => sessions[7] as string;
  const cases: [string, () => unknown][] = [
    ['no seat', () => ({ event_session_id: sid(), ticket_type_id: STALLS_ADULT })],
    ['a seat that is a string', () => ({ ...line(sid(), A(1)), handler_data: 'A1' })],
    ['a seat of another group', () => line(sid(), A(1), STALLS_ADULT, theatreIds.balcony)],
    ['a seat not sold in the group', () => line(sid(), A(1), BALCONY_ADULT, theatreIds.balcony)],
    ['a seat of no map', () => line(sid(), demoIds.event('nope'))],
    ['a NUL in the seat id', () => line(sid(), `${A(1)}\u0000`)],
    ['a huge seat id', () => line(sid(), 'x'.repeat(5000))],
    ['an unknown key type', () => ({ ...line(sid(), A(1)), handler_data: { seat_template_id: 5 } })],
  ];
  it.each(cases)('%s: 400, nothing taken', async (_name, make) => {
    const r = await reserve([make()]);
    expect(r.status).toBe(400);
    expect(err(r.body)?._code).toBe('validation_failed');
    expect(await stateOf(sid(), A(1))).toBe('available');
  });

  it('the same seat twice in one request: 400', async () => {
    const r = await reserve([line(sid(), A(2)), line(sid(), A(2))]);
    expect(r.status).toBe(400);
  });

  it('a seat never sold (restricted view): 409 seat_unavailable', async () => {
    const r = await reserve([line(sid(), seatId('Balcony', 'BE', 1), BALCONY_ADULT, theatreIds.balcony)]);
    expect(r.status).toBe(409);
    expect(err(r.body)?._code).toBe('seat_unavailable');
  });

  it('bad query input on the map: 400, never 500', async () => {
    const path = `events/${theatreIds.event}/sessions/${sessions[0]}/seat_map`;
    expect((await s.json('GET', path, { query: { _withgeometry: 'x\u0000' } })).status).toBe(400);
    expect((await s.json('GET', path, { query: { _withgeometry: 'y'.repeat(9000) } })).status).toBe(400);
    expect((await s.json('POST', path)).status).toBeLessThan(500);
    const nul = await s.json(
      'GET',
      `events/${theatreIds.event}/sessions/${encodeURIComponent('\u0000')}/seat_map`,
    );
    expect(nul.status).toBe(404);
  });

  it('more seated lines than a body may carry: 400; a body over 1 MB: 413', async () => {
    const many = Array.from({ length: 1001 }, () => line(sessions[7] as string, A(1)));
    expect((await reserve(many)).status).toBe(400);
    const huge = { ...line(sessions[7] as string, A(1)), handler_data: { pad: 'x'.repeat(1_100_000) } };
    expect((await reserve([huge])).status).toBe(413);
  });
});

describe('races for one seat (meaningful on PostgreSQL)', () => {
  it('40 buyers at once for one seat: exactly one wins, the others get seat_unavailable', async () => {
    const sid = sessions[8] as string;
    const results = await Promise.all(Array.from({ length: 40 }, () => reserve([line(sid, A(9))])));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(err(r.body)?._code).toBe('seat_unavailable');
    }
    const holders =
      await s.handle.db.execute(sql`select count(*)::int as n from seat_hold h join ticket k on k.id = h.ticket_id
      where h.event_session_id = ${sid} and h.seat_template_id = ${A(9)} and k.state = 'in_cart'`);
    expect((holders as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect(await stateOf(sid, A(9))).toBe('booked');
  });

  it('overlapping pairs at once (A1+A2, A2+A3, …): no seat is held twice, winners never overlap', async () => {
    const sid = sessions[9] as string;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => reserve([line(sid, A(i + 1)), line(sid, A(i + 2))])),
    );
    const won = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(won.length).toBeGreaterThan(0);
    const seatsWon = won.flatMap((i) => [i + 1, i + 2]);
    expect(new Set(seatsWon).size).toBe(seatsWon.length);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const taken = await s.handle.db
      .select()
      .from(st.seatHold)
      .where(and(eq(st.seatHold.eventSessionId, sid)));
    expect(taken).toHaveLength(seatsWon.length);
  });

  it('buyers in existing carts race too (transactions): one wins', async () => {
    const sid = sessions[10] as string;
    const carts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        reserve([line(sid, seatId('Stalls Right', i < 8 ? 'C' : 'D', (i % 8) + 1))]),
      ),
    );
    for (const c of carts) expect(c.status, JSON.stringify(c.body).slice(0, 300)).toBe(200);
    const results = await Promise.all(carts.map((c) => reserve([line(sid, A(14))], cartIdOf(c.body))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
  });

  it('keeps the ledger whole (capacity equals live and booked tickets)', async () => {
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });

  it.runIf(onPostgres)('ran on PostgreSQL', () => {
    expect(onPostgres).toBe(true);
  });
});

describe('the large hall of the benchmark', () => {
  it('seeds about 50,000 seats on one session and serves its map', async () => {
    const t0 = performance.now();
    const hall = await seedLargeHall(s.handle.db, { seller: demoIds.seller, venue: demoIds.venue });
    const seeded = performance.now() - t0;
    expect(hall.seatCount).toBe(50_000);
    const t1 = performance.now();
    const r = await s.json('GET', `events/${hall.eventId}/sessions/${hall.sessionId}/seat_map`, {
      query: { _withgeometry: 'true' },
    });
    const served = performance.now() - t1;
    expect(r.status).toBe(200);
    const map = toSeatMap(r.body);
    expect(map.seats).toHaveLength(50_000);
    expect(new Set(map.seats.map((x) => x.groups[0])).size).toBe(4);
    const t2 = performance.now();
    const again = await s.call('GET', `events/${hall.eventId}/sessions/${hall.sessionId}/seat_map`, {
      query: { _withgeometry: 'true' },
    });
    const bytes = (await again.text()).length;
    const servedAgain = performance.now() - t2;
    console.info(
      `large hall: seeded in ${Math.round(seeded)} ms; map served in ${Math.round(served)} ms (first), ${Math.round(servedAgain)} ms (again), ${Math.round(bytes / 1024)} KB`,
    );
    // Idempotent.
    expect(
      (await seedLargeHall(s.handle.db, { seller: demoIds.seller, venue: demoIds.venue })).seatCount,
    ).toBe(50_000);
  }, 120_000);
});
