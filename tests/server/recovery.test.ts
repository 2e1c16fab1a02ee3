/** Payment attempts cut off by a crash: settled from the gateway's record of the attempt's idempotency key. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import { CatalogCache } from '../../server/catalog/cache';
import type { AppCtx } from '../../server/http/context';
import { finish, keyOf, PAY_LEASE_MS } from '../../server/payments/completion';
import { SandboxGateway } from '../../server/payments/gateway';
import { recoverStalePayments } from '../../server/payments/recovery';
import * as t from '../../server/schema';
import { GA_ADULT, gaSessions, SELLER, START, startTestServer, type TestServer } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';

let s: TestServer;
let ctx: AppCtx & { gateway: SandboxGateway };
let baseline: Map<string, number>;
beforeAll(async () => {
  s = await startTestServer();
  const now = () => s.clock.now;
  ctx = {
    db: s.handle.db,
    now,
    production: false,
    gateway: new SandboxGateway(s.handle.db, now),
    cache: new CatalogCache(0),
  };
  baseline = await capacityBaseline(s.handle.db);
});
afterAll(async () => {
  await s.handle.close();
});

/** A cart whose process died while paying (attempt 1 in flight), optionally after the gateway charged it. */
async function cutOffCart(date: string, charged: boolean) {
  const [session] = await gaSessions(s, date);
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: session?.id, ticket_type_id: GA_ADULT }] },
  });
  const d = document.parse(r.body);
  const id = d.cart?._data[0]?.id as string;
  const amount = d.cart_fees?._data[0]?.grand_totals.total_outstanding as string;
  await s.json('POST', `cart/${id}/purchaser`, {
    body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  });
  const cents = Math.round(Number(amount) * 100);
  await s.handle.db
    .update(t.cart)
    .set({ state: 'paying', payAttempt: 1, payStartedAt: new Date(s.clock.now), payAmountCents: cents })
    .where(eq(t.cart.id, id));
  if (charged)
    await ctx.gateway.charge({
      idempotencyKey: keyOf(id, 1),
      cartId: id,
      sellerId: SELLER,
      amountCents: cents,
      currency: 'USD',
      source: 'pm_card_visa',
    });
  return { id, amount, cents };
}

const cartState = async (id: string) => (await s.handle.db.select().from(t.cart).where(eq(t.cart.id, id)))[0];

describe('recovery of payments cut off by a crash', () => {
  it('leaves attempts within their lease alone', async () => {
    const cart = await cutOffCart('2026-12-15', true);
    expect(await recoverStalePayments(ctx)).toBe(0);
    expect((await cartState(cart.id))?.state).toBe('paying');
    s.clock.now += PAY_LEASE_MS + 1000;
    try {
      expect(await recoverStalePayments(ctx)).toBe(1);
    } finally {
      s.clock.now = START;
    }
    expect((await cartState(cart.id))?.state).toBe('completed');
  });

  it('books a cart the gateway charged, once; puts back a cart it did not charge', async () => {
    const charged = await cutOffCart('2026-12-16', true);
    const notCharged = await cutOffCart('2026-12-16', false);
    s.clock.now += PAY_LEASE_MS + 1000;
    try {
      expect(await recoverStalePayments(ctx)).toBe(2);
      expect(await recoverStalePayments(ctx)).toBe(0);
      const orders = await s.handle.db
        .select()
        .from(t.ticketOrder)
        .where(eq(t.ticketOrder.cartId, charged.id));
      expect(orders).toHaveLength(1);
      expect((await cartState(notCharged.id))?.state).toBe('pending');
      const paid = await s.json('POST', `cart/${notCharged.id}/pay`, {
        body: { amount: notCharged.amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      });
      expect(paid.status).toBe(200);
      expect((await cartState(notCharged.id))?.payAttempt).toBe(2);
    } finally {
      s.clock.now = START;
    }
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });

  it('refunds a charge that completes after its attempt lost the cart', async () => {
    const cart = await cutOffCart('2026-12-17', false);
    s.clock.now += PAY_LEASE_MS + 1000;
    try {
      expect(await recoverStalePayments(ctx)).toBe(1);
      // The slow process's charge comes back now, for an attempt the cart no longer has.
      const late = await ctx.gateway.charge({
        idempotencyKey: keyOf(cart.id, 1),
        cartId: cart.id,
        sellerId: SELLER,
        amountCents: cart.cents,
        currency: 'USD',
        source: 'pm_card_visa',
      });
      const lost = await finish(ctx, cart.id, 1, cart.cents, late).catch((e: unknown) => e);
      expect(errorBody.parse((lost as { toBody: () => unknown }).toBody())._data[0]?._code).toBe(
        'incorrect_cart_state',
      );
      const [charge] = await s.handle.db
        .select()
        .from(t.gatewayCharge)
        .where(eq(t.gatewayCharge.idempotencyKey, keyOf(cart.id, 1)));
      expect(charge?.status).toBe('refunded');
    } finally {
      s.clock.now = START;
    }
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });
});
