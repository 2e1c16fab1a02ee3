/**
 * Gift code guessing limits (issue 18): unknown codes, looked up (`GET gift_code/{code}`) or redeemed (a reserve
 * with `membership.gift_code`), count against the client address and, for a reserve into an existing cart,
 * against that cart (`LIMITS.giftCodeAddress`, `LIMITS.giftCodeCart` of `members/rate.ts`, shared by every
 * process). A slot is taken before the code is read (one atomic upsert: concurrent guesses cannot pass the
 * limit together) and given back when the code turned out to exist (valid, expired or used up), so only misses
 * count and a visitor with a real code is never limited by it. Over a limit: 429 too_many_attempts.
 */
import { ErrorCode } from '../../api/codes';
import { clientAddress } from '../http/client-address';
import type { AppCtx, C } from '../http/context';
import { ApiError } from '../http/errors';
import { giveBack, LIMITS, type Slot, take } from '../members/rate';

/** An answer that says the code does not exist (a miss of a guess). */
const isUnknownCode = (e: unknown) =>
  e instanceof ApiError &&
  (e.code === ErrorCode.code_not_found || (e.code === ErrorCode.not_found && e.context === 'gift_code'));

/** Runs a gift code lookup or redeem under the guessing limits; `cartId`: the cart a reserve goes into. */
export async function guardGiftCode<T>(
  ctx: AppCtx,
  c: C,
  cartId: string | null,
  run: () => Promise<T>,
): Promise<T> {
  const sellerId = c.get('seller').id;
  const slots: Slot[] = [
    await take(ctx.db, LIMITS.giftCodeAddress, sellerId, clientAddress(c, ctx.trustProxy ?? 0), ctx.now()),
  ];
  if (cartId) slots.push(await take(ctx.db, LIMITS.giftCodeCart, sellerId, cartId, ctx.now()));
  let miss = false;
  try {
    return await run();
  } catch (e) {
    miss = isUnknownCode(e);
    throw e;
  } finally {
    if (!miss) for (const slot of slots) await giveBack(ctx.db, slot);
  }
}
