/**
 * Guessing limits of secrets looked up by their text (gift codes, promo codes, gift card numbers): a slot of the
 * client address's limit (and, for a request into an existing cart, the cart's) is taken before the secret is
 * read (one atomic upsert of members/rate.ts: concurrent guesses cannot pass the limit together) and given back
 * unless the request missed, so only unknown secrets count and a visitor with real ones is never limited. Over a
 * limit: 429 too_many_attempts.
 */
import { giveBack, type Limit, type Slot, take } from '../members/rate';
import { clientAddress } from './client-address';
import type { AppCtx, C } from './context';

export interface GuessLimits {
  address: Limit;
  /** The cart the request goes into, and its limit. */
  cart?: { limit: Limit; id: string } | null;
}

/**
 * Runs `run` under the limits. A thrown error `isMiss` accepts is a miss; `run` may report a miss it skipped
 * (errors ignored) through its argument. Only misses keep their slots.
 */
export async function guardGuesses<T>(
  ctx: AppCtx,
  c: C,
  limits: GuessLimits,
  isMiss: (e: unknown) => boolean,
  run: (miss: () => void) => Promise<T>,
): Promise<T> {
  const sellerId = c.get('seller').id;
  const slots: Slot[] = [
    await take(ctx.db, limits.address, sellerId, clientAddress(c, ctx.trustProxy ?? 0), ctx.now()),
  ];
  if (limits.cart) slots.push(await take(ctx.db, limits.cart.limit, sellerId, limits.cart.id, ctx.now()));
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
