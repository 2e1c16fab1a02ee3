/**
 * City passes (issue 21, server/README.md "City passes"): the Evening Lecture's City Pass group takes one voucher
 * per ticket (`preReservePromoCodes { codes, handler: 'citypass', handler_data }`), checked by the sandbox
 * provider against the seller's adult and child formats, redeemed once per seller, released when the cart ends
 * unbooked, kept by its order; the provider's outage; bad input at the boundary; the guessing limit; production
 * without a provider.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { citypassRedemption } from '../../server/citypass/schema';
import { citypassIds, DEMO_VOUCHERS } from '../../server/seed/citypass';
import { demoIds } from '../../server/seed/demo';
import { LECTURE, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const C = citypassIds(demoIds);
const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
let serial = 100000;
/** A fresh voucher of the adult or child format. */
const voucher = (kind: 'A' | 'C') => `CP-${kind}${++serial}`;

async function lectureSession() {
  const r = await s.json('GET', `events/${LECTURE}/sessions`);
  return r.body.event_session._data[0] as { id: string; start_datetime: string };
}

async function reserve(types: string[], codes: string[] | null, cartId?: string) {
  const session = await lectureSession();
  return s.json('POST', cartId ? `my/cart/${cartId}/modify` : 'my/cart/modify', {
    body: {
      add: types.map((ticket_type_id) => ({ event_session_id: session.id, ticket_type_id })),
      ...(codes
        ? {
            preReservePromoCodes: {
              codes,
              handler: 'citypass',
              handler_data: { visit_datetime: session.start_datetime },
            },
          }
        : {}),
    },
  });
}

const redemptions = (value: string) =>
  s.handle.db.select().from(citypassRedemption).where(eq(citypassRedemption.voucher, value));

describe('city-pass vouchers in a reserve', () => {
  it('an adult and a child voucher reserve their tickets and are held by the cart', async () => {
    const adult = voucher('A');
    const child = voucher('C');
    const r = await reserve([C.adult, C.child], [` ${adult} `, child]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = doc(r.body);
    const cartId = d.cart?._data[0]?.id as string;
    const tickets = d.ticket?._data ?? [];
    expect(tickets.map((k) => k.ticket_type_id).sort()).toEqual([C.adult, C.child].sort());
    const [a] = await redemptions(adult);
    const [c] = await redemptions(child);
    expect(a).toMatchObject({ cartId, state: 'held', sellerId: demoIds.seller });
    expect(c).toMatchObject({ cartId, state: 'held' });
    expect(tickets.find((k) => k.id === a?.ticketId)?.ticket_type_id).toBe(C.adult);
    expect(tickets.find((k) => k.id === c?.ticketId)?.ticket_type_id).toBe(C.child);
  });

  it('the demo vouchers are of the seeded formats', async () => {
    const r = await reserve([C.adult, C.child], [DEMO_VOUCHERS.adult, DEMO_VOUCHERS.child]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('a wrong format, or a child voucher for an adult ticket, is invalid_citypass with the voucher; nothing is reserved', async () => {
    const cases: [types: string[], codes: string[], bad: string | null, index: number][] = [
      [[C.adult], ['CP-B123456'], 'CP-B123456', 0],
      [[C.adult], ['CP-A12345'], 'CP-A12345', 0],
      [[C.adult, C.adult], [voucher('A'), voucher('C')], null, 1],
      [[C.child], [voucher('A')], null, 0],
    ];
    for (const [types, codes, bad, index] of cases) {
      const r = await reserve(types, codes);
      expect(r.status).toBe(400);
      const e = err(r.body);
      expect(e).toMatchObject({ _code: ErrorCode.invalid_citypass, _context: 'promo_code' });
      expect(e?._extra).toMatchObject({ code: bad ?? codes[index], index });
    }
    const [held] = await s.handle.db
      .execute(sql`SELECT count(*)::int AS n FROM citypass_redemption
      WHERE voucher IN ('CP-B123456', 'CP-A12345')`)
      .then((x) => (x as unknown as { rows: { n: number }[] }).rows);
    expect(held?.n).toBe(0);
  });

  it('city-pass tickets need one voucher each; vouchers for tickets that take none are refused', async () => {
    const none = await reserve([C.adult], null);
    expect(none.status).toBe(400);
    expect(err(none.body)).toMatchObject({
      _code: ErrorCode.invalid_citypass,
      _extra: { reason: 'missing' },
    });
    const short = await reserve([C.adult, C.child], [voucher('A')]);
    expect(err(short.body)).toMatchObject({ _code: ErrorCode.invalid_citypass, _extra: { index: 1 } });
    const extra = await reserve([demoIds.type('lecture-restoration', 'General')], [voucher('A')]);
    expect(extra.status).toBe(400);
    expect(err(extra.body)).toMatchObject({
      _code: ErrorCode.invalid_citypass,
      _extra: { reason: 'not_expected' },
    });
    // Promo codes (no handler) are not vouchers: an ordinary ticket with a promo code is unchanged.
    const plain = await reserve([demoIds.type('lecture-restoration', 'General')], null);
    expect(plain.status).toBe(200);
  });

  it('a voucher is redeemed once: another cart, or the same voucher twice, is code_exhausted beside it', async () => {
    const v = voucher('A');
    expect((await reserve([C.adult], [v])).status).toBe(200);
    const again = await reserve([C.adult], [` ${v}`]);
    expect(again.status).toBe(400);
    expect(err(again.body)).toMatchObject({
      _code: ErrorCode.code_exhausted,
      _context: 'promo_code',
      _extra: { code: v, index: 0 },
    });
    // The formats are the seller's patterns as written: a lower-case voucher is of none.
    expect(err((await reserve([C.adult], [v.toLowerCase()])).body)?._code).toBe(ErrorCode.invalid_citypass);
    const twice = voucher('A');
    const dup = await reserve([C.adult, C.adult], [twice, twice]);
    expect(err(dup.body)).toMatchObject({ _code: ErrorCode.code_exhausted, _extra: { index: 1 } });
    expect(await redemptions(twice)).toEqual([]);
  });

  it('the unique index allows one holder per voucher and seller (the race itself: promo-races.test.ts)', async () => {
    const v = voucher('C');
    expect((await reserve([C.child], [v])).status).toBe(200);
    const [row] = await redemptions(v);
    const again = {
      id: crypto.randomUUID(),
      sellerId: demoIds.seller,
      voucher: v,
      cartId: crypto.randomUUID(),
      ticketId: crypto.randomUUID(),
      state: 'held',
      createdAt: new Date(s.clock.now),
    };
    await expect(s.handle.db.insert(citypassRedemption).values(again)).rejects.toThrow();
    // Released rows do not count: the voucher can be held again once given back.
    await s.handle.db
      .update(citypassRedemption)
      .set({ state: 'released' })
      .where(eq(citypassRedemption.id, row?.id as string));
    await s.handle.db.insert(citypassRedemption).values(again);
    // Another seller's voucher of the same text is another voucher.
    await s.handle.db
      .insert(citypassRedemption)
      .values({ ...again, id: crypto.randomUUID(), sellerId: crypto.randomUUID() });
  });

  it('released when the cart is deleted, expires or the ticket is removed; kept by a booked order', async () => {
    const v = voucher('A');
    const a = await reserve([C.adult], [v]);
    const cartA = doc(a.body).cart?._data[0]?.id as string;
    expect((await s.json('DELETE', `cart/${cartA}`)).status).toBe(200);
    expect((await redemptions(v)).map((r) => r.state)).toEqual(['released']);

    const b = await reserve([C.adult], [v]);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const cartB = doc(b.body).cart?._data[0]?.id as string;
    s.clock.now += 16 * 60 * 1000;
    try {
      expect(doc((await s.json('GET', `cart/${cartB}`)).body).cart?._data[0]?.state).toBe('expired');
    } finally {
      s.clock.now -= 16 * 60 * 1000;
    }
    expect((await redemptions(v)).every((r) => r.state === 'released')).toBe(true);

    const c = await reserve([C.adult], [v]);
    expect(c.status).toBe(200);
    const cartC = doc(c.body).cart?._data[0]?.id as string;
    const ticket = doc(c.body).ticket?._data[0]?.id as string;
    const removed = await s.json('POST', `my/cart/${cartC}/modify`, { body: { remove: [ticket] } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await redemptions(v)).every((r) => r.state === 'released')).toBe(true);

    const d = await reserve([C.adult], [v]);
    const cartD = doc(d.body).cart?._data[0]?.id as string;
    expect(
      (
        await s.json('POST', `cart/${cartD}/purchaser`, {
          body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
        })
      ).status,
    ).toBe(200);
    const booked = await s.json('POST', `cart/${cartD}/guest_checkout`, {
      body: { send_email: false, gateway_id: 'free' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect((await redemptions(v)).filter((r) => r.state !== 'released')).toEqual([
      expect.objectContaining({ cartId: cartD, state: 'consumed' }),
    ]);
    expect(err((await reserve([C.adult], [v])).body)?._code).toBe(ErrorCode.code_exhausted);
  });

  it('a provider outage is citypass_failure; nothing is held', async () => {
    const r = await reserve([C.adult], [DEMO_VOUCHERS.outage]);
    expect(r.status).toBe(400);
    expect(err(r.body)).toMatchObject({
      _code: ErrorCode.citypass_failure,
      _context: 'promo_code',
      _extra: { code: DEMO_VOUCHERS.outage },
    });
    expect(await redemptions(DEMO_VOUCHERS.outage)).toEqual([]);
  });

  it('bad input is refused at the boundary (400, 413)', async () => {
    const session = await lectureSession();
    const add = [{ event_session_id: session.id, ticket_type_id: C.adult }];
    const bad = [
      { codes: ['CP-A\u0000123456'], handler: 'citypass' },
      { codes: ['CP-A\ud800123456'], handler: 'citypass' },
      { codes: ['CP-A123456'], handler: 'citypass', extra: true },
      { codes: ['CP-A123456'], handler: 'citypass', handler_data: { visit_datetime: 'x', more: 1 } },
      { codes: ['x'.repeat(36)], handler: 'citypass' },
      { codes: Array.from({ length: 11 }, (_, i) => `CP-A00000${i}`), handler: 'citypass' },
      { codes: [], handler: 'citypass' },
      { codes: [42], handler: 'citypass' },
    ];
    for (const preReservePromoCodes of bad) {
      const r = await s.json('POST', 'my/cart/modify', { body: { add, preReservePromoCodes } });
      expect(r.status, JSON.stringify(preReservePromoCodes)).toBe(400);
      expect(err(r.body)?._code).toBe(ErrorCode.validation_failed);
    }
    const huge = await s.call('POST', 'my/cart/modify', {
      body: {
        add,
        preReservePromoCodes: { codes: ['CP-A123456'], handler: 'citypass', pad: 'x'.repeat(1_100_000) },
      },
    });
    expect(huge.status).toBe(413);
  });

  it('unknown vouchers count against the guessing limit (429 over it)', async () => {
    await s.handle.db.execute(sql`DELETE FROM member_rate_limit`);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await reserve([C.adult], [`GUESS-${i}`])).status);
    expect(statuses.slice(0, 20).every((x) => x === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    await s.handle.db.execute(sql`DELETE FROM member_rate_limit`);
  });
});

describe('production', () => {
  it('runs no sandbox provider unless one is given: vouchers answer citypass_failure', async () => {
    const p = await startTestServer({ production: true });
    try {
      const r = await p.json('GET', `events/${LECTURE}/sessions`);
      const session = r.body.event_session._data[0].id as string;
      const res = await p.json('POST', 'my/cart/modify', {
        body: {
          add: [{ event_session_id: session, ticket_type_id: C.adult }],
          preReservePromoCodes: { codes: [voucher('A')], handler: 'citypass' },
        },
      });
      expect(res.status).toBe(400);
      expect(err(res.body)?._code).toBe(ErrorCode.citypass_failure);
    } finally {
      await p.handle.close();
    }
  });
});
