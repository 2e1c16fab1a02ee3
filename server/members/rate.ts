/**
 * Rate limits of login and email requests, in the database (shared by every process): fixed-window counters,
 * one per action and account or address. A slot is taken BEFORE the attempt is checked, by one atomic upsert,
 * so concurrent attempts can never exceed the limit (each sees its own count); a successful login gives its
 * slots back. Subjects are stored hashed.
 */
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../api/codes';
import type { Q } from '../db';
import { ApiError } from '../http/errors';
import { tokenHash } from './auth';
import { memberRateLimit } from './schema';

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const LIMITS = {
  /** Failed logins per account (email or member ID): after 10, the account is locked for the window. */
  loginAccount: { name: 'login:account', max: 10, windowMs: 15 * MINUTE },
  /** Failed logins per client address. */
  loginAddress: { name: 'login:address', max: 50, windowMs: 15 * MINUTE },
  /** Reset, forgot-membership and resend emails per address (email requests each send an email). */
  emailAccount: { name: 'email:account', max: 5, windowMs: 60 * MINUTE },
  emailAddress: { name: 'email:address', max: 20, windowMs: 60 * MINUTE },
  /** Reset token checks (validate and reset) per address: tokens are unguessable, this stops scanning. */
  tokenAddress: { name: 'token:address', max: 30, windowMs: 15 * MINUTE },
  /** New accounts (POST user) per client address: each sends a verification email. */
  registerAddress: { name: 'register:address', max: 10, windowMs: 60 * MINUTE },
  /** Unknown gift codes, looked up or redeemed, per client address (memberships/guess.ts): stops guessing. */
  giftCodeAddress: { name: 'gift_code:address', max: 20, windowMs: 60 * MINUTE },
  /** Unknown gift codes redeemed into one cart (from any address). */
  giftCodeCart: { name: 'gift_code:cart', max: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, Limit>;

const keyOf = (limit: Limit, sellerId: string, subject: string) =>
  `${limit.name}:${sellerId}:${tokenHash(subject.toLowerCase())}`;

export interface Slot {
  key: string;
  limit: Limit;
}

/**
 * Takes one slot of `limit` for `subject`: the count after this attempt, atomically. Over the limit:
 * ApiError 429 too_many_attempts with `_extra.retry_after` (seconds until the window ends).
 */
export async function take(
  q: Q,
  limit: Limit,
  sellerId: string,
  subject: string,
  nowMs: number,
): Promise<Slot> {
  const key = keyOf(limit, sellerId, subject);
  const now = new Date(nowMs).toISOString();
  const cutoff = new Date(nowMs - limit.windowMs).toISOString();
  const result = await q.execute(sql`
    INSERT INTO member_rate_limit (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN member_rate_limit.window_start <= ${cutoff} THEN 1 ELSE member_rate_limit.count + 1 END,
      window_start = CASE WHEN member_rate_limit.window_start <= ${cutoff} THEN ${now}::timestamptz
        ELSE member_rate_limit.window_start END
    RETURNING count, window_start`);
  const row = (result as unknown as { rows: Array<{ count: number; window_start: string | Date }> }).rows[0];
  const count = Number(row?.count ?? 1);
  if (count > limit.max) {
    const start = row ? new Date(row.window_start).getTime() : nowMs;
    const retryAfter = Math.max(1, Math.ceil((start + limit.windowMs - nowMs) / 1000));
    throw new ApiError(
      429,
      ErrorCode.too_many_attempts,
      limit.name.split(':')[0] ?? null,
      'Too many attempts. Please wait a few minutes and try again.',
      { retry_after: retryAfter },
    );
  }
  return { key, limit };
}

/** Gives one slot back (a login that succeeded does not count against the address). */
export async function giveBack(q: Q, slot: Slot): Promise<void> {
  await q
    .update(memberRateLimit)
    .set({ count: sql`GREATEST(${memberRateLimit.count} - 1, 0)` })
    .where(eq(memberRateLimit.key, slot.key));
}

/** Clears a counter (a successful login clears its account's failures). */
export async function clear(q: Q, slot: Slot): Promise<void> {
  await q.delete(memberRateLimit).where(eq(memberRateLimit.key, slot.key));
}
