/**
 * Promo code guessing limits (issue 21): requests that look up codes (`GET code/{code}`, apply_code, a reserve
 * with codes) take a slot of `LIMITS.promoCodeAddress` (and, for an existing cart, `promoCodeCart`) of
 * members/rate.ts before any code is read (http/guess.ts); only misses keep them. Over a limit: 429
 * too_many_attempts.
 */
import { ErrorCode } from '../../domain/codes';
import type { AppCtx, C } from '../http/context';
import { ApiError } from '../http/errors';
import { guardGuesses } from '../http/guess';
import { LIMITS } from '../members/rate';
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
export const guardPromoCodes = <T>(
  ctx: AppCtx,
  c: C,
  cartId: string | null,
  run: (miss: () => void) => Promise<T>,
): Promise<T> =>
  guardGuesses(
    ctx,
    c,
    {
      address: LIMITS.promoCodeAddress,
      cart: cartId ? { limit: LIMITS.promoCodeCart, id: cartId } : null,
    },
    isMiss,
    run,
  );
