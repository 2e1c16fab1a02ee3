/** Holds: an empty modify neither creates nor extends a cart; extensions are bounded; pay re-checks sessions. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { MAX_HOLD_EXTENSIONS } from '../../server/cart/holds';
import * as t from '../../server/schema';
import { GA_ADULT, gaSessions, START, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const MIN = 60 * 1000;
const expiresIn = (body: unknown) => doc(body).cart?._data[0]?.expires_in;
const add = (sessionId: string, cartId: string | null = null) =>
  s.json('POST', cartId ? `my/cart/${cartId}/modify` : 'my/cart/modify', {
    body: { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT }] },
  });

describe('holds', () => {
  it('an empty modify creates no cart and does not extend one', async () => {
    const before = await s.handle.db.select().from(t.cart);
    const none = await s.json('POST', 'my/cart/modify', { body: {} });
    expect(none.status).toBe(400);
    expect(err(none.body)).toMatchObject({ _code: 'validation_failed', _context: 'cart' });
    const empty = await s.json('POST', 'my/cart/modify', { body: { add: [] } });
    expect(empty.status).toBe(400);
    expect(await s.handle.db.select().from(t.cart)).toHaveLength(before.length);

    const [session] = await gaSessions(s, '2026-12-10');
    const first = await add(session?.id as string);
    const cartId = doc(first.body).cart?._data[0]?.id as string;
    s.clock.now += 5 * MIN;
    try {
      for (let i = 0; i < 3; i++) {
        const again = await s.json('POST', `my/cart/${cartId}/modify`, { body: {} });
        expect(again.status).toBe(200);
        expect(expiresIn(again.body)).toBe(10 * 60);
      }
    } finally {
      s.clock.now = START;
    }
  });

  it(`adding tickets extends the hold at most ${MAX_HOLD_EXTENSIONS} times`, async () => {
    const [session] = await gaSessions(s, '2026-12-11');
    const id = session?.id as string;
    const first = await add(id);
    const cartId = doc(first.body).cart?._data[0]?.id as string;
    try {
      for (let i = 0; i < MAX_HOLD_EXTENSIONS; i++) {
        s.clock.now += 10 * MIN;
        const r = await add(id, cartId);
        expect(r.status).toBe(200);
        expect(expiresIn(r.body)).toBe(15 * 60);
      }
      s.clock.now += 10 * MIN;
      const last = await add(id, cartId);
      expect(last.status).toBe(200);
      expect(expiresIn(last.body)).toBe(5 * 60);
      s.clock.now += 5 * MIN;
      const gone = await add(id, cartId);
      expect(gone.status).toBe(410);
      expect(err(gone.body)?._code).toBe('cart_expired');
    } finally {
      s.clock.now = START;
    }
  });

  it('pay refuses a session that started while the cart was held', async () => {
    const [session] = await gaSessions(s, '2026-11-22');
    const startMs = Date.parse(session?.start_datetime as string);
    s.clock.now = startMs - 5 * MIN;
    try {
      const r = await add(session?.id as string);
      const cartId = doc(r.body).cart?._data[0]?.id as string;
      const amount = doc(r.body).cart_fees?._data[0]?.grand_totals.total_outstanding as string;
      await s.json('POST', `cart/${cartId}/purchaser`, {
        body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      });
      s.clock.now = startMs + MIN;
      const paid = await s.json('POST', `cart/${cartId}/pay`, {
        body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      });
      expect(paid.status).toBe(400);
      expect(err(paid.body)).toMatchObject({
        _code: 'validation_failed',
        _context: 'event_session',
        _extra: { event_session_ids: [session?.id] },
      });
      const charges = await s.handle.db
        .select()
        .from(t.gatewayCharge)
        .where(eq(t.gatewayCharge.cartId, cartId));
      expect(charges).toHaveLength(0);
    } finally {
      s.clock.now = START;
    }
  });

  it('pay refuses a session whose sales window closed while the cart was held', async () => {
    const [session] = await gaSessions(s, '2026-12-12');
    const id = session?.id as string;
    await s.handle.db
      .update(t.eventSession)
      .set({ salesEnd: new Date(START + 2 * MIN) })
      .where(eq(t.eventSession.id, id));
    try {
      const r = await add(id);
      const cartId = doc(r.body).cart?._data[0]?.id as string;
      const amount = doc(r.body).cart_fees?._data[0]?.grand_totals.total_outstanding as string;
      await s.json('POST', `cart/${cartId}/purchaser`, {
        body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      });
      s.clock.now = START + 3 * MIN;
      const paid = await s.json('POST', `cart/${cartId}/pay`, {
        body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      });
      expect(paid.status).toBe(400);
      expect(err(paid.body)?._context).toBe('event_session');
    } finally {
      s.clock.now = START;
      await s.handle.db.update(t.eventSession).set({ salesEnd: null }).where(eq(t.eventSession.id, id));
    }
  });

  it('a reserve refused as sold out first gets back the places of carts whose time is up', async () => {
    const [session] = await gaSessions(s, '2026-12-13');
    const id = session?.id as string;
    const [row] = await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, id));
    await s.handle.db
      .update(t.eventSession)
      .set({ usedCapacity: (row?.capacity as number) - 1 })
      .where(eq(t.eventSession.id, id));
    try {
      expect((await add(id)).status).toBe(200);
      expect((await add(id)).status).toBe(409);
      s.clock.now += 16 * MIN;
      const again = await add(id);
      expect(again.status).toBe(200);
    } finally {
      s.clock.now = START;
    }
  });
});
