/**
 * Promo codes and cart mods (issue 21, server/README.md "Promo codes"): apply_code and each spec error, totals
 * with discounts and the pay that charges them, blocking cart mods, code-required groups in a reserve, the code
 * lookup and banners, release when a cart ends unbooked, re-pricing at pay, the guessing limit.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { promoCode } from '../../server/promo/schema';
import { demoIds } from '../../server/seed/demo';
import { DEMO_CODES, promoIds } from '../../server/seed/promo';
import {
  GA,
  GA_ADULT,
  GA_CHILD,
  gaSessions,
  LECTURE,
  PLANETARIUM_ADULT,
  startTestServer,
  type TestServer,
} from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const P = promoIds(demoIds);
const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const totals = (body: unknown) => doc(body).cart_fees?._data[0]?.grand_totals;
const CARD = { gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };

async function gaCart(lines: string[] = [GA_ADULT, GA_ADULT], date = '2026-11-27') {
  const [session] = await gaSessions(s, date);
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: lines.map((ticket_type_id) => ({ event_session_id: session?.id ?? null, ticket_type_id })) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return doc(r.body).cart?._data[0]?.id as string;
}

async function lectureSession() {
  const r = await s.json('GET', `events/${LECTURE}/sessions`);
  return r.body.event_session._data[0].id as string;
}

const apply = (cartId: string, body: unknown) => s.json('POST', `cart/${cartId}/apply_code`, { body });

async function pay(cartId: string, amount: string, email = 'ada@example.com') {
  const p = await s.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Ada', last_name: 'Lovelace', email },
  });
  expect(p.status).toBe(200);
  return s.json('POST', `cart/${cartId}/pay`, { body: { amount, ...CARD } });
}

const usedCount = async (id: string) =>
  (await s.handle.db.select().from(promoCode).where(eq(promoCode.id, id)))[0]?.usedCount;

describe('apply_code', () => {
  it('a percent code takes 20% off its event: totals, cartmod and promo_code collections, case-insensitive', async () => {
    const cartId = await gaCart();
    const before = await s.json('GET', `cart/${cartId}`);
    expect(totals(before.body)).toMatchObject({ total_cartmod_amount: '0.00', total_outstanding: '53.00' });
    const r = await apply(cartId, { codes: [' welcome20 '] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 2 × 25.00 face, 2 × 1.50 fixed fees; 20% of the face value off.
    expect(totals(r.body)).toMatchObject({
      total_before_cartmod_price: '50.00',
      total_fee_fixed_outside: '3.00',
      total_cartmod_amount: '-10.00',
      total_outstanding: '43.00',
    });
    const d = doc(r.body);
    expect(d.cartmod?._data).toEqual([
      expect.objectContaining({
        id: P.mod('welcome'),
        amount: '-10.00',
        blocking_checkout: false,
        activating_code_groups: [P.group('welcome')],
      }),
    ]);
    expect(d.promo_code?._data.map((c) => c.code)).toEqual([DEMO_CODES.percent]);
    // The discount holds on every read of the cart.
    expect(totals((await s.json('GET', `my/cart/${cartId}`)).body)?.total_outstanding).toBe('43.00');
  });

  it('a fixed code takes $5 off the cart once; the pay charges the discounted total and keeps the use', async () => {
    const cartId = await gaCart([GA_CHILD]);
    const used = await usedCount(P.code('save5'));
    const r = await apply(cartId, { codes: [DEMO_CODES.fixed] });
    expect(totals(r.body)).toMatchObject({ total_cartmod_amount: '-5.00', total_outstanding: '7.00' });
    expect(await usedCount(P.code('save5'))).toBe((used ?? 0) + 1);
    const full = await pay(cartId, '12.00');
    expect(err(full.body)?._code).toBe(ErrorCode.validation_failed);
    const paid = await s.json('POST', `cart/${cartId}/pay`, { body: { amount: '7.00', ...CARD } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(totals(paid.body)).toMatchObject({ total_payments: '7.00', total_outstanding: '0.00' });
    expect(doc(paid.body).promo_code?._data[0]?.state).toBe('consumed');
    // Booked: the use stays taken.
    expect(await usedCount(P.code('save5'))).toBe((used ?? 0) + 1);
  });

  it('answers each spec error: code_not_found, code_exhausted, duplicate_code, no_code_benefit', async () => {
    const cartId = await gaCart();
    const unknown = await apply(cartId, { codes: ['NOPE123'] });
    expect(unknown.status).toBe(404);
    expect(err(unknown.body)).toMatchObject({
      _code: ErrorCode.code_not_found,
      _context: 'promo_code',
      _description: '"NOPE123" is not a valid promo code.',
    });
    const used = await apply(cartId, { codes: [DEMO_CODES.exhausted] });
    expect(used.status).toBe(400);
    expect(err(used.body)?._code).toBe(ErrorCode.code_exhausted);
    const twice = await apply(cartId, { codes: ['SAVE5', 'save5'] });
    expect(err(twice.body)?._code).toBe(ErrorCode.duplicate_code);
    // Nothing was applied by the refused request.
    expect(doc((await s.json('GET', `cart/${cartId}`)).body).promo_code?._data).toEqual([]);
    expect((await apply(cartId, { codes: ['SAVE5'] })).status).toBe(200);
    const again = await apply(cartId, { codes: ['SAVE5'] });
    expect(err(again.body)?._code).toBe(ErrorCode.duplicate_code);
    // WELCOME20 is for General Admission: nothing on a Planetarium cart.
    const [session] = (await s.json('GET', `events/${demoIds.event('planetarium')}/sessions`)).body
      .event_session._data;
    const pl = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session.id, ticket_type_id: PLANETARIUM_ADULT }] },
    });
    const plId = doc(pl.body).cart?._data[0]?.id as string;
    const none = await apply(plId, { codes: [DEMO_CODES.percent], require_benefit: true });
    expect(err(none.body)?._code).toBe(ErrorCode.no_code_benefit);
    // Without require_benefit it is applied (it may count later).
    expect((await apply(plId, { codes: [DEMO_CODES.percent] })).status).toBe(200);
  });

  it('ignore_errors applies the good codes and skips the others', async () => {
    const cartId = await gaCart();
    const r = await apply(cartId, {
      codes: ['BOGUS1', DEMO_CODES.exhausted, DEMO_CODES.fixed],
      ignore_errors: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(doc(r.body).promo_code?._data.map((c) => c.code)).toEqual([DEMO_CODES.fixed]);
    expect(totals(r.body)?.total_cartmod_amount).toBe('-5.00');
  });

  it('refuses malformed bodies', async () => {
    const cartId = await gaCart();
    for (const body of [
      {},
      { codes: [] },
      { codes: ['x'.repeat(36)] },
      { codes: ['A'], extra: 1 },
      { codes: 'SAVE5' },
    ])
      expect((await apply(cartId, body)).status).toBe(400);
  });
});

describe('blocking cart mods', () => {
  it('a cart with educator tickets cannot pay until the educator code is applied', async () => {
    const session = await lectureSession();
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session, ticket_type_id: P.educatorType }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cartId = doc(r.body).cart?._data[0]?.id as string;
    expect(doc(r.body).cartmod?._data).toEqual([
      expect.objectContaining({ id: P.mod('educator'), blocking_checkout: true }),
    ]);
    const blocked = await pay(cartId, '12.00');
    expect(blocked.status).toBe(400);
    expect(err(blocked.body)).toMatchObject({
      _code: ErrorCode.rule_blocks_reserve,
      _context: 'checkout_rules',
      _description: 'Educator tickets need your educator code. Please enter it to continue.',
      _extra: { reason: 'code_required', cartmod_id: P.mod('educator') },
    });
    const a = await apply(cartId, { codes: [DEMO_CODES.educator], require_benefit: true });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(doc(a.body).cartmod?._data.some((m) => m.blocking_checkout)).toBe(false);
    const paid = await s.json('POST', `cart/${cartId}/pay`, { body: { amount: '12.00', ...CARD } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });
});

describe('code-required groups', () => {
  it('a reserve of press seats without the code answers rule_blocks_reserve code_required; with it, reserves and applies it', async () => {
    const session = await lectureSession();
    const add = [{ event_session_id: session, ticket_type_id: P.pressType }];
    const refused = await s.json('POST', 'my/cart/modify', { body: { add } });
    expect(refused.status).toBe(400);
    expect(err(refused.body)).toMatchObject({
      _code: ErrorCode.rule_blocks_reserve,
      _context: 'checkout_rules',
      _extra: { reason: 'code_required', ticket_group_id: P.pressGroup },
    });
    const wrong = await s.json('POST', 'my/cart/modify', {
      body: { add, preReservePromoCodes: { codes: ['SAVE5'], handler: 'promo' } },
    });
    expect(err(wrong.body)?._extra).toMatchObject({ reason: 'code_required' });
    const used = await usedCount(P.code('press'));
    const ok = await s.json('POST', 'my/cart/modify', {
      body: { add, preReservePromoCodes: { codes: ['press2026'] } },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const d = doc(ok.body);
    expect(d.ticket?._data.map((k) => k.ticket_type_id)).toEqual([P.pressType]);
    expect(d.promo_code?._data.map((c) => c.code)).toEqual([DEMO_CODES.press]);
    expect(await usedCount(P.code('press'))).toBe((used ?? 0) + 1);
    // More press seats into the same cart need no code again: the cart holds one.
    const more = await s.json('POST', `my/cart/${d.cart?._data[0]?.id}/modify`, { body: { add } });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
  });

  it('codes after the reserve are taken with the tickets; an unknown one refuses the whole reserve', async () => {
    const [session] = await gaSessions(s, '2026-11-28');
    const add = [{ event_session_id: session?.id ?? null, ticket_type_id: GA_ADULT }];
    const bad = await s.json('POST', 'my/cart/modify', {
      body: { add, postReservePromoCodes: { codes: ['NOPE99'] } },
    });
    expect(err(bad.body)?._code).toBe(ErrorCode.code_not_found);
    const r = await s.json('POST', 'my/cart/modify', {
      body: {
        add,
        postReservePromoCodes: { codes: [DEMO_CODES.percent] },
        preloadedPromoCodes: { codes: ['NOPE98', DEMO_CODES.fixed] },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(
      doc(r.body)
        .promo_code?._data.map((c) => c.code)
        .sort(),
    ).toEqual([DEMO_CODES.fixed, DEMO_CODES.percent].sort());
    // 25.00 − 20% − 5.00 (+ 1.50 fee)
    expect(totals(r.body)).toMatchObject({ total_cartmod_amount: '-10.00', total_outstanding: '16.50' });
  });
});

describe('uses given back and re-pricing', () => {
  async function oneUseCode(value: string) {
    await s.handle.db.insert(promoCode).values({
      id: crypto.randomUUID(),
      sellerId: demoIds.seller,
      codeGroupId: P.group('save5'),
      code: value,
      maxUses: 1,
      usedCount: 0,
    });
  }

  it('a deleted or expired cart gives its code back; the code is used again', async () => {
    await oneUseCode('ONCE01');
    const a = await gaCart();
    expect((await apply(a, { codes: ['ONCE01'] })).status).toBe(200);
    const b = await gaCart();
    expect(err((await apply(b, { codes: ['ONCE01'] })).body)?._code).toBe(ErrorCode.code_exhausted);
    expect((await s.json('DELETE', `cart/${a}`)).status).toBe(200);
    expect((await apply(b, { codes: ['ONCE01'] })).status).toBe(200);
    // b expires (read lazily): the use comes back once.
    s.clock.now += 16 * 60 * 1000;
    expect(doc((await s.json('GET', `cart/${b}`)).body).cart?._data[0]?.state).toBe('expired');
    const c = await gaCart();
    expect((await apply(c, { codes: ['ONCE01'] })).status).toBe(200);
    const [row] = await s.handle.db
      .execute(sql`SELECT used_count FROM promo_code WHERE code = 'ONCE01'`)
      .then((r) => (r as unknown as { rows: { used_count: number }[] }).rows);
    expect(row?.used_count).toBe(1);
  });

  it('a code the customer used up since it was applied is released at pay, which is refused with the new total', async () => {
    // WELCOME20: one use per customer. Two carts apply it as guests; the same email pays both.
    const first = await gaCart([GA_ADULT]);
    const second = await gaCart([GA_ADULT]);
    expect((await apply(first, { codes: [DEMO_CODES.percent] })).status).toBe(200);
    expect((await apply(second, { codes: [DEMO_CODES.percent] })).status).toBe(200);
    expect((await pay(first, '21.50', 'grace@example.com')).status).toBe(200); // 25 − 5 + 1.50
    const refused = await pay(second, '21.50', 'GRACE@example.com');
    expect(refused.status).toBe(400);
    expect(err(refused.body)).toMatchObject({
      _code: ErrorCode.code_exhausted,
      _context: 'promo_code',
      _extra: { reason: 'repriced', total_outstanding: '26.50' },
    });
    const now = await s.json('GET', `cart/${second}`);
    expect(doc(now.body).promo_code?._data).toEqual([]);
    expect(totals(now.body)?.total_outstanding).toBe('26.50');
    const paid = await s.json('POST', `cart/${second}/pay`, { body: { amount: '26.50', ...CARD } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });
});

describe('code lookup and banners', () => {
  it('GET code/{code}: advertise mode shows advertised codes only, with the discounted ticket prices', async () => {
    const ad = await s.json('GET', `code/${DEMO_CODES.percent.toLowerCase()}`, {
      query: { mode: 'advertise' },
    });
    expect(ad.status, JSON.stringify(ad.body)).toBe(200);
    expect(ad.body.code._data[0]).toMatchObject({ code: DEMO_CODES.percent, exhausted: false });
    expect(ad.body.cartmod._data.map((m: { id: string }) => m.id)).toEqual([P.mod('welcome')]);
    const adult = ad.body.ticket_type._data.find((ty: { id: string }) => ty.id === GA_ADULT);
    expect(adult).toMatchObject({ currency_amount: '25.00', discounted_amount: '20.00' });
    expect((await s.json('GET', `code/${DEMO_CODES.fixed}`, { query: { mode: 'advertise' } })).status).toBe(
      404,
    );
    const code = await s.json('GET', `code/${DEMO_CODES.exhausted}`, { query: { mode: 'advertise,code' } });
    expect(code.body.code._data[0]).toMatchObject({ exhausted: true });
    expect((await s.json('GET', 'code/bad%20code')).status).toBe(400);
  });

  it('GET promo_banner: the seller banner, and an event banner for that event', async () => {
    const seller = await s.json('GET', 'promo_banner');
    expect(seller.body.promo_banner._data.map((b: { id: string }) => b.id)).toEqual([P.mod('save5')]);
    const ga = await s.json('GET', 'promo_banner', { query: { event_template_id: GA } });
    expect(ga.body.promo_banner._data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: P.mod('welcome'), resource: 'event_template', resource_id: GA }),
      ]),
    );
    expect(ga.body.ticket_type._data.length).toBeGreaterThan(0);
  });

  it('unknown codes are limited per address (known codes do not count)', async () => {
    // In-process requests share one address: start from no counted misses.
    await s.handle.db.execute(sql`DELETE FROM member_rate_limit`);
    const headers = {};
    for (let i = 0; i < 5; i++)
      expect((await s.json('GET', `code/${DEMO_CODES.percent}`, { headers })).status).toBe(200);
    let limited = 0;
    for (let i = 0; i < 25; i++) {
      const r = await s.json('GET', `code/GUESS${i}`, { headers });
      if (r.status === 429) limited++;
      else expect(r.status).toBe(404);
    }
    expect(limited).toBe(5);
    // Over the limit, even a real code waits.
    expect((await s.json('GET', `code/${DEMO_CODES.percent}`, { headers })).status).toBe(429);
  });
});
