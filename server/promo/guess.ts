/**
 * Promo code guessing limits (issue 21): requests that look up codes (`GET code/{code}`, apply_code, a reserve
 * with codes) take a slot of `LIMITS.promoCodeAddress` (and, for an existing cart, `promoCodeCart`) of
 * members/rate.ts before any code is read (one atomic upsert: concurrent guesses cannot pass the limit together);
 * the slots are given back when every code existed, so only misses count and a visitor with real codes is never
 * limited. Over a limit: 429 too_many_attempts.
 */
import { ErrorCode } from '../../api/codes';
import { clientAddress } from '../http/client-address';
import type { AppCtx, C } from '../http/context';
import { ApiError } from '../http/errors';
import { giveBack, LIMITS, type Slot, take } from '../members/rate';
import { PROMO_CONTEXT } from './codes';

/** Whether an error says a code does not exist (a miss of a guess). */
const isMiss = (e: unknown) =>
  e instanceof ApiError &&
  (e.code === ErrorCode.code_not_found || e.code === ErrorCode.invalid_citypass) &&
  e.context === PROMO_CONTEXT;

/**
 * Runs a code lookup or apply under the guessing limits. `run` reports unknown codes it skipped (errors ignored)
 * through `miss`; a thrown code_not_found is a miss too. Only misses keep their slots.
 */
export async function guardPromoCodes<T>(
  ctx: AppCtx,
  c: C,
  cartId: string | null,
  run: (miss: () => void) => Promise<T>,
): Promise<T> {
  const sellerId = c.get('seller').id;
  const slots: Slot[] = [
    await take(ctx.db, LIMITS.promoCodeAddress, sellerId, clientAddress(c, ctx.trustProxy ?? 0), ctx.now()),
  ];
  if (cartId) slots.push(await take(ctx.db, LIMITS.promoCodeCart, sellerId, cartId, ctx.now()));
  let missed = false;
  try {
    return await run(() => {
      missed = true;
    });
  } catch (e) {
    if (isMiss(e)) missed = true;
    throw e;
  } finally {
    if (!missed) for (const slot of slots) await giveBack(ctx.db, slot);
  }
}
