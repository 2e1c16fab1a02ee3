/**
 * Holds the visitor acts on: the seller's hold duration (config row `holds`), 'more time' bounded by the
 * seller's setting, expired holds giving capacity back, and POST cart/{id}/remove with its errors. The races
 * (concurrent extensions; remove against pay) are decided by the cart row lock: run this file on PostgreSQL
 * too (TEST_DATABASE_URL).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { DEFAULT_MAX_MORE_TIME, HOLDS_CONFIG_KEY } from '../../server/cart/holds-config';
import * as t from '../../server/schema';
import { GA_ADULT, gaSessions, SELLER, START, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});
beforeEach(async () => {
  s.clock.now = START;
  await setHolds(null);
});

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const cartOf = (body: unknown) => doc(body).cart?._data[0];
const SEC = 1000;

async function setHolds(value: Record<string, unknown> | null) {
  const id = `config:${SELLER}:holds`;
  // Also the demo seller's seeded row: each test says what it needs.
  await s.handle.db
    .delete(t.config)
    .where(and(eq(t.config.resourceId, SELLER), eq(t.config.key, HOLDS_CONFIG_KEY)));
  if (value)
    await s.handle.db
      .insert(t.config)
      .values({ id, resource: 'seller', resourceId: SELLER, key: HOLDS_CONFIG_KEY, value });
}

async function newCart(date: string, count = 2) {
  const [session] = await gaSessions(s, date);
  const r = await s.json('POST', 'my/cart/modify', {
    body: {
      add: Array.from({ length: count }, () => ({ event_session_id: session?.id, ticket_type_id: GA_ADULT })),
    },
  });
  expect(r.status).toBe(200);
  const d = doc(r.body);
  return {
    id: d.cart?._data[0]?.id as string,
    sessionId: session?.id as string,
    ticketIds: (d.ticket?._data ?? []).map((k) => k.id),
    expiresIn: d.cart?._data[0]?.expires_in,
  };
}

const usedCapacity = async (sessionId: string) =>
  (await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, sessionId)))[0]?.usedCapacity;

const extend = (cartId: string) => s.json('POST', `cart/${cartId}/extend`, { body: {} });

describe("the seller's hold duration", () => {
  it('is 15 minutes without a holds row, and the seller’s hold_seconds with one', async () => {
    expect((await newCart('2026-12-14')).expiresIn).toBe(15 * 60);
    await setHolds({ hold_seconds: 90 });
    expect((await newCart('2026-12-14')).expiresIn).toBe(90);
  });

  it('an unreadable holds row means the defaults', async () => {
    await setHolds({ hold_seconds: 'soon', more_time: 'yes' });
    expect((await newCart('2026-12-14')).expiresIn).toBe(15 * 60);
  });

  it('an expired hold gives its capacity back', async () => {
    await setHolds({ hold_seconds: 60 });
    const cart = await newCart('2026-12-15', 3);
    const held = await usedCapacity(cart.sessionId);
    s.clock.now += 61 * SEC;
    const r = await s.json('GET', `cart/${cart.id}`);
    expect(cartOf(r.body)?.state).toBe('expired');
    expect(await usedCapacity(cart.sessionId)).toBe((held ?? 0) - 3);
  });
});

describe("'more time'", () => {
  it('is refused when the seller does not offer it', async () => {
    const cart = await newCart('2026-12-16');
    const r = await extend(cart.id);
    expect(r.status).toBe(409);
    expect(err(r.body)?._code).toBe(ErrorCode.hold_extension_limit);
  });

  it(`extends the hold to the seller's duration at most max_extensions times (default ${DEFAULT_MAX_MORE_TIME})`, async () => {
    await setHolds({ hold_seconds: 120, more_time: true });
    const cart = await newCart('2026-12-16');
    for (let i = 0; i < DEFAULT_MAX_MORE_TIME; i++) {
      s.clock.now += 100 * SEC;
      const r = await extend(cart.id);
      expect(r.status).toBe(200);
      expect(cartOf(r.body)?.expires_in).toBe(120);
    }
    s.clock.now += 100 * SEC;
    const refused = await extend(cart.id);
    expect(refused.status).toBe(409);
    expect(err(refused.body)).toMatchObject({
      _code: ErrorCode.hold_extension_limit,
      _extra: { max_extensions: DEFAULT_MAX_MORE_TIME },
    });
    // The hold itself is untouched by the refusal: 20 s left.
    expect(cartOf((await s.json('GET', `cart/${cart.id}`)).body)?.expires_in).toBe(20);
  });

  it('never shortens a hold, and answers an expired cart with cart_expired', async () => {
    await setHolds({ hold_seconds: 60, more_time: true, max_extensions: 5 });
    const cart = await newCart('2026-12-17');
    s.clock.now += 61 * SEC;
    const late = await extend(cart.id);
    expect(late.status).toBe(410);
    expect(err(late.body)?._code).toBe(ErrorCode.cart_expired);
  });

  it('rejects a body with unknown keys and an unknown cart', async () => {
    await setHolds({ more_time: true });
    const cart = await newCart('2026-12-17');
    const bad = await s.json('POST', `cart/${cart.id}/extend`, { body: { minutes: 60 } });
    expect(bad.status).toBe(400);
    expect((await extend('00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('concurrent requests extend no more often than allowed', async () => {
    await setHolds({ hold_seconds: 120, more_time: true, max_extensions: 2 });
    const cart = await newCart('2026-12-18');
    const all = await Promise.all(Array.from({ length: 6 }, () => extend(cart.id)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(2);
    expect(all.filter((r) => r.status === 409)).toHaveLength(4);
    const [row] = await s.handle.db.select().from(t.cart).where(eq(t.cart.id, cart.id));
    expect(row?.moreTime).toBe(2);
  });
});

describe('POST cart/{id}/remove', () => {
  const remove = (cartId: string, tickets: unknown) =>
    s.json('POST', `cart/${cartId}/remove`, { body: { tickets } });

  it('removes tickets and gives their capacity back', async () => {
    const cart = await newCart('2026-12-21', 3);
    const before = await usedCapacity(cart.sessionId);
    const r = await remove(cart.id, cart.ticketIds.slice(0, 2));
    expect(r.status).toBe(200);
    const live = doc(r.body).ticket?._data.filter((k) => k.state !== 'cancelled') ?? [];
    expect(live.map((k) => k.id)).toEqual([cart.ticketIds[2]]);
    expect(await usedCapacity(cart.sessionId)).toBe((before ?? 0) - 2);
  });

  it('answers ticket_not_found, ticket_state_incorrect and tickets_too_old in context cart_remove_tickets', async () => {
    const cart = await newCart('2026-12-22', 2);
    const [a, b] = cart.ticketIds as [string, string];
    const missing = await remove(cart.id, ['00000000-0000-0000-0000-000000000000']);
    expect(missing.status).toBe(404);
    expect(err(missing.body)).toMatchObject({
      _code: ErrorCode.ticket_not_found,
      _context: 'cart_remove_tickets',
    });
    expect((await remove(cart.id, [a])).status).toBe(200);
    const again = await remove(cart.id, [a]);
    expect(again.status).toBe(409);
    expect(err(again.body)).toMatchObject({
      _code: ErrorCode.ticket_state_incorrect,
      _context: 'cart_remove_tickets',
    });
    await s.handle.db
      .update(t.ticket)
      .set({ validTo: new Date(s.clock.now - 1000) })
      .where(and(eq(t.ticket.id, b)));
    const old = await remove(cart.id, [b]);
    expect(old.status).toBe(400);
    expect(err(old.body)).toMatchObject({
      _code: ErrorCode.tickets_too_old,
      _context: 'cart_remove_tickets',
    });
  });

  it('rejects bad bodies with 400, never 500', async () => {
    const cart = await newCart('2026-12-22', 1);
    for (const body of [
      {},
      { tickets: [] },
      { tickets: ['a\u0000b'] },
      { tickets: [cart.ticketIds[0]], x: 1 },
    ]) {
      const r = await s.json('POST', `cart/${cart.id}/remove`, { body });
      expect(r.status).toBe(400);
    }
  });

  it('remove against pay: one of them wins, the money and the tickets agree', async () => {
    const cart = await newCart('2026-12-23', 2);
    const purchaser = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
    expect((await s.json('POST', `cart/${cart.id}/purchaser`, { body: purchaser })).status).toBe(200);
    const amount = doc((await s.json('GET', `cart/${cart.id}`)).body).cart_fees?._data[0]?.grand_totals
      .total_outstanding as string;
    const [removed, paid] = await Promise.all([
      remove(cart.id, [cart.ticketIds[0]]),
      s.json('POST', `cart/${cart.id}/pay`, {
        body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      }),
    ]);
    const tickets = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.cartId, cart.id));
    if (paid.status === 200) {
      // Paid first: nothing was removed, both tickets are booked.
      expect(removed.status).toBeGreaterThanOrEqual(400);
      expect(tickets.filter((k) => k.state === 'booked')).toHaveLength(2);
    } else {
      // Removed first: the payment's amount no longer matches, nothing was charged.
      expect(removed.status).toBe(200);
      expect(tickets.filter((k) => k.state === 'booked')).toHaveLength(0);
      const payments = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cart.id));
      expect(payments.filter((p) => p.state === 'succeeded' || p.state === 'completed')).toHaveLength(0);
    }
  });
});

describe('a short hold for browser tests (header Tix-Test-Hold-Seconds, outside production only)', () => {
  const reserve = (server: TestServer, sessionId: string, headers: Record<string, string>) =>
    server.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT }] },
      headers,
    });

  it('gives the new cart that hold; out-of-range or malformed values get the seller’s', async () => {
    const [session] = await gaSessions(s, '2026-11-22');
    const short = await reserve(s, session?.id as string, { 'Tix-Test-Hold-Seconds': '40' });
    expect(cartOf(short.body)?.expires_in).toBe(40);
    for (const value of ['5', '99999', '4e1', '-40']) {
      const r = await reserve(s, session?.id as string, { 'Tix-Test-Hold-Seconds': value });
      expect(cartOf(r.body)?.expires_in).toBe(15 * 60);
    }
  });

  it('is ignored in production', async () => {
    const prod = await startTestServer({ production: true });
    try {
      const [session] = await gaSessions(prod, '2026-11-22');
      const r = await reserve(prod, session?.id as string, { 'Tix-Test-Hold-Seconds': '40' });
      expect(cartOf(r.body)?.expires_in).toBe(15 * 60);
    } finally {
      await prod.handle.close();
    }
  });
});
