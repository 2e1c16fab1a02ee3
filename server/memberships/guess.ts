/**
 * Gift code guessing limits (issue 18): unknown codes, looked up (`GET gift_code/{code}`) or redeemed (a reserve
 * with `membership.gift_code`), count against the client address and, for a reserve into an existing cart,
 * against that cart (`LIMITS.giftCodeAddress`, `LIMITS.giftCodeCart` of `members/rate.ts`, shared by every
 * process; http/guess.ts). Only misses count: a code that exists (valid, expired or used up) gives its slots
 * back, so a visitor with a real code is never limited by it. Over a limit: 429 too_many_attempts.
 */
import { ErrorCode } from '../../domain/codes';
import type { AppCtx, C } from '../http/context';
import { ApiError } from '../http/errors';
import { guardGuesses } from '../http/guess';
import { LIMITS } from '../members/rate';

/** An answer that says the code does not exist (a miss of a guess). */
const isUnknownCode = (e: unknown) =>
  e instanceof ApiError &&
  (e.code === ErrorCode.code_not_found || (e.code === ErrorCode.not_found && e.context === 'gift_code'));

/** Runs a gift code lookup or redeem under the guessing limits; `cartId`: the cart a reserve goes into. */
export const guardGiftCode = <T>(
  ctx: AppCtx,
  c: C,
  cartId: string | null,
  run: () => Promise<T>,
): Promise<T> =>
  guardGuesses(
    ctx,
    c,
    { address: LIMITS.giftCodeAddress, cart: cartId ? { limit: LIMITS.giftCodeCart, id: cartId } : null },
    isUnknownCode,
    () => run(),
  );
