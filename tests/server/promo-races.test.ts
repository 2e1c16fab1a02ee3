/**
 * Promo code uses under concurrency (issue 21): 50 carts apply a code of 5 uses at once → exactly 5 hold it and
 * the counter says 5; a code released by a cart that expires is taken again once; concurrent reserves with a
 * code-required group's last code use → one reserves; concurrent reserves redeeming one city-pass voucher → one
 * holds it. Proves something only on PostgreSQL (TEST_DATABASE_URL;
 * run both): PGlite runs one transaction at a time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { sweepExpiredCarts } from '../../server/cart/holds';
import { citypassRedemption } from '../../server/citypass/schema';
import { cartCode, promoCode } from '../../server/promo/schema';
import { ticket } from '../../server/schema';
import { citypassIds } from '../../server/seed/citypass';
import { demoIds } from '../../server/seed/demo';
import { promoIds } from '../../server/seed/promo';
import { GA_ADULT, gaSessions, LECTURE, startTestServer, type TestServer } from './helpers';

let s: TestServer;
// Each racing request comes from an address of its own (the guessing limit counts per address: promo/guess.ts).
beforeAll(async () => {
  s = await startTestServer({ members: { trustProxy: 1 } });
});
let n = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++n % 250}` });
afterAll(async () => {
  await s.handle.close();
});

const P = promoIds(demoIds);
const code = (body: unknown) => errorBody.parse(body)._data[0]?._code;

async function newCode(value: string, maxUses: number, group = P.group('save5')) {
  const id = crypto.randomUUID();
  await s.handle.db
    .insert(promoCode)
    .values({ id, sellerId: demoIds.seller, codeGroupId: group, code: value, maxUses, usedCount: 0 });
  return id;
}

/** n carts of one adult each, spread over a day's sessions (40 places each). */
async function carts(n: number) {
  const sessions = (await gaSessions(s, '2026-12-02')).filter((x) => !x.sold_out);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await s.json('POST', 'my/cart/modify', {
      body: {
        add: [{ event_session_id: sessions[i % sessions.length]?.id ?? null, ticket_type_id: GA_ADULT }],
      },
    });
    expect(r.status).toBe(200);
    out.push(document.parse(r.body).cart?._data[0]?.id as string);
  }
  return out;
}

const holders = async (codeId: string) =>
  (await s.handle.db.select().from(cartCode).where(eq(cartCode.codeId, codeId))).filter(
    (r) => r.state === 'held',
  );
const used = async (codeId: string) =>
  (await s.handle.db.select().from(promoCode).where(eq(promoCode.id, codeId)))[0]?.usedCount;

describe(`promo code races (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('50 concurrent applies of a code with 5 uses: exactly 5 carts have it', async () => {
    const id = await newCode('RACE5', 5);
    const ids = await carts(50);
    const results = await Promise.all(
      ids.map((cartId) =>
        s.json('POST', `cart/${cartId}/apply_code`, { body: { codes: ['RACE5'] }, headers: from() }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBe(5);
    for (const r of results.filter((x) => x.status !== 200))
      expect(code(r.body)).toBe(ErrorCode.code_exhausted);
    expect((await holders(id)).length).toBe(5);
    expect(await used(id)).toBe(5);
    // Each winner's document shows the discount; no loser's does.
    for (const [i, r] of results.entries()) {
      const d = await s.json('GET', `cart/${ids[i]}`);
      const off = d.body.cart_fees._data[0].grand_totals.total_cartmod_amount;
      expect(off).toBe(r.status === 200 ? '-5.00' : '0.00');
    }
  });

  it('a code released when its cart expires can be used again, once, while the sweep and applies race', async () => {
    const id = await newCode('RACE1', 1);
    const [first] = await carts(1);
    expect((await s.json('POST', `cart/${first}/apply_code`, { body: { codes: ['RACE1'] } })).status).toBe(
      200,
    );
    // The first cart's time is up; ten new carts race for its code while it is expired (sweep and read).
    s.clock.now += 16 * 60 * 1000;
    const fresh = await carts(10);
    const results = await Promise.all([
      sweepExpiredCarts({ db: s.handle.db, now: () => s.clock.now }),
      s.json('GET', `cart/${first}`),
      ...fresh.map((cartId) =>
        s.json('POST', `cart/${cartId}/apply_code`, { body: { codes: ['RACE1'] }, headers: from() }),
      ),
    ]);
    const applied = results.slice(2).filter((r) => (r as { status: number }).status === 200);
    // The sweep may release the use before or after some applies: at most one apply wins.
    expect(applied.length).toBeLessThanOrEqual(1);
    expect(await used(id)).toBe(applied.length);
    expect((await holders(id)).length).toBe(applied.length);
    if (applied.length === 0) {
      const again = await s.json('POST', `cart/${fresh[0]}/apply_code`, { body: { codes: ['RACE1'] } });
      expect(again.status).toBe(200);
      expect(await used(id)).toBe(1);
    }
  });

  it('concurrent reserves of a code-required group with its last use: one reserves', async () => {
    const id = await newCode('PRESSLAST', 1, P.group('press'));
    const session = (await s.json('GET', `events/${LECTURE}/sessions`)).body.event_session._data[0]
      .id as string;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        s.json('POST', 'my/cart/modify', {
          headers: from(),
          body: {
            add: [{ event_session_id: session, ticket_type_id: P.pressType }],
            preReservePromoCodes: { codes: ['PRESSLAST'] },
          },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(code(r.body)).toBe(ErrorCode.code_exhausted);
    expect(await used(id)).toBe(1);
    expect((await holders(id)).length).toBe(1);
  });

  it('concurrent reserves redeeming one city-pass voucher, in new carts and an existing one: exactly one holds it', async () => {
    const C = citypassIds(demoIds);
    const session = (await s.json('GET', `events/${LECTURE}/sessions`)).body.event_session._data[0]
      .id as string;
    const voucher = 'CP-A424242';
    const body = {
      add: [{ event_session_id: session, ticket_type_id: C.adult }],
      preReservePromoCodes: { codes: [voucher], handler: 'citypass' },
    };
    // One existing cart (locked, in a transaction) races the new carts (one statement each).
    const [existing] = await carts(1);
    const results = await Promise.all([
      s.json('POST', `my/cart/${existing}/modify`, { headers: from(), body }),
      ...Array.from({ length: 11 }, () => s.json('POST', 'my/cart/modify', { headers: from(), body })),
    ]);
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(code(r.body)).toBe(ErrorCode.code_exhausted);
    const rows = await s.handle.db
      .select()
      .from(citypassRedemption)
      .where(eq(citypassRedemption.voucher, voucher));
    expect(rows.filter((r) => r.state === 'held').length).toBe(1);
    // No ticket of a refused reserve was left behind: the City Pass tickets are the winner's only.
    const tickets = await s.handle.db.select().from(ticket).where(eq(ticket.ticketTypeId, C.adult));
    expect(tickets.filter((k) => k.state === 'in_cart').map((k) => k.id)).toEqual(
      rows.map((r) => r.ticketId),
    );
  });
});
