/**
 * Recovery of payment attempts cut off by a crash: a cart left `paying` past its lease is settled from what the
 * gateway says about the attempt's idempotency key (charged: booked; not charged: back to pending, where it
 * expires as usual). Run by the timer of server/main.ts in every process; safe to run concurrently.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { AppCtx } from '../http/context';
import { ApiError } from '../http/errors';
import * as t from '../schema';
import { finish, keyOf, PAY_LEASE_MS } from './completion';

export async function recoverStalePayments(ctx: AppCtx): Promise<number> {
  // Without a gateway nothing can be asked about a key (and no attempt is started): left for one that can.
  const gateway = ctx.gateway;
  if (!gateway) return 0;
  const staleBefore = new Date(ctx.now() - PAY_LEASE_MS);
  const stale = await ctx.db
    .select({ id: t.cart.id, attempt: t.cart.payAttempt, amount: t.cart.payAmountCents })
    .from(t.cart)
    .where(and(eq(t.cart.state, 'paying'), lte(t.cart.payStartedAt, staleBefore)))
    .limit(100);
  let settled = 0;
  for (const c of stale) {
    const result = (await gateway.find(keyOf(c.id, c.attempt))) ?? {
      status: 'invalid' as const,
      message: 'The payment was interrupted.',
    };
    try {
      if (await finish(ctx, c.id, c.attempt, c.amount ?? 0, result, staleBefore)) settled++;
    } catch (err) {
      // A charge that no longer matches the cart was refunded and the cart put back: settled too.
      if (!(err instanceof ApiError)) throw err;
      settled++;
    }
  }
  return settled;
}
