/**
 * Rate limits of login, email and payment requests, in the database (shared by every process): fixed-window counters,
 * one per action and account or address. A slot is taken BEFORE the attempt is checked, by one atomic upsert,
 * so concurrent attempts can never exceed the limit (each sees its own count); a successful login gives its
 * slots back. Subjects are stored hashed.
 *
 * Failed logins of one account slow the attacker down instead of locking the owner out: a growing delay
 * (`BACKOFF`, `takeBackoff`) rather than a window that refuses everyone, the owner included, for 15 minutes.
 */
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../domain/codes';
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
  /** Failed logins per client address (strict: the per-account check below only slows). */
  loginAddress: { name: 'login:address', max: 50, windowMs: 15 * MINUTE },
  /**
   * Card payments (card testing): attempts that reach the gateway, per cart and per client address; a
   * successful payment gives its slots back, so only declined, refused and unconfirmed attempts count.
   */
  payCart: { name: 'pay:cart', max: 10, windowMs: 60 * MINUTE },
  payAddress: { name: 'pay:address', max: 30, windowMs: 60 * MINUTE },
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
  /** Requests with unknown promo codes (GET code/{code}, apply_code) per client address (promo/routes.ts). */
  promoCodeAddress: { name: 'promo_code:address', max: 20, windowMs: 60 * MINUTE },
  /** apply_code requests with unknown promo codes per cart (from any address). */
  promoCodeCart: { name: 'promo_code:cart', max: 10, windowMs: 60 * MINUTE },
  /** Unknown gift card numbers looked up (GET ledger/{type}/{number}) per client address (server/ledger/routes.ts). */
  ledgerAddress: { name: 'ledger:address', max: 20, windowMs: 60 * MINUTE },
  /**
   * Wrong manage-link tokens (server/manage/access.ts) per client address: tokens are unguessable HMACs, this
   * stops scanning; a right token gives its slot back.
   */
  manageTokenAddress: { name: 'manage_token:address', max: 20, windowMs: 60 * MINUTE },
  /** Order emails asked for by the manage page (POST ticket_order/{id}/email) per order. */
  orderEmail: { name: 'email:order', max: 5, windowMs: 60 * MINUTE },
  /**
   * Address lookups (GET address/find, address/retrieve; server/address/routes.ts) per client address: a visitor
   * types a few addresses (one Find per pause of 300 ms), a script scraping the provider is stopped.
   */
  addressLookupAddress: { name: 'address_lookup:address', max: 120, windowMs: 10 * MINUTE },
  /**
   * Sandbox captcha tokens (POST sandbox/captcha; server/payments/routes.ts) per client address: a visitor answers
   * one challenge per payment (a few per checkout); a script collecting tokens for later payments is stopped.
   */
  sandboxCaptchaAddress: { name: 'captcha:address', max: 30, windowMs: 10 * MINUTE },
  /** Error reports (POST error_report, server/reports/routes.ts) per client address: a page reports at most 10. */
  errorReportAddress: { name: 'error_report:address', max: 60, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Limit>;

/** A growing delay between attempts: after `free` failures each attempt waits baseMs × 2^k (k = 0, 1, …). */
export interface Backoff {
  name: string;
  /** Failures that need no wait. */
  free: number;
  /** The wait after the first failure beyond `free`; doubled by every further one, up to `capMs`. */
  baseMs: number;
  capMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetMs: number;
}

export const BACKOFF = {
  /**
   * Failed logins per account (email or member ID): 5 free, then 2 s, 4 s, 8 s … between attempts, at most
   * 15 minutes; forgotten a day after the last failure, cleared by a successful login. An attacker gets about
   * 100 guesses a day per account (and 50 per address per 15 minutes); the owner, from any address, waits at
   * most the current delay — never a lock-out.
   */
  loginAccount: {
    name: 'login:account',
    free: 5,
    baseMs: 2_000,
    capMs: 15 * MINUTE,
    forgetMs: 24 * 60 * MINUTE,
  },
} as const satisfies Record<string, Backoff>;

/** The wait after `count` counted attempts (0 while they are free). */
export const backoffDelayMs = (b: Backoff, count: number): number =>
  count < b.free ? 0 : Math.min(b.capMs, b.baseMs * 2 ** Math.min(count - b.free, 30));

const keyOf = (limit: Limit | Backoff, sellerId: string, subject: string) =>
  `${limit.name}:${sellerId}:${tokenHash(subject.toLowerCase())}`;

export interface Slot {
  key: string;
  limit: Limit | Backoff;
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

/**
 * Takes an attempt of `backoff` for `subject`, atomically: allowed when the earlier attempts are free, forgotten,
 * or the last one was at least its delay ago; an allowed attempt counts and restarts the delay (concurrent
 * attempts see each other's). Refused: ApiError 429 too_many_attempts, `_extra.retry_after` (seconds); a
 * refused attempt neither counts nor makes the wait longer.
 */
export async function takeBackoff(
  q: Q,
  backoff: Backoff,
  sellerId: string,
  subject: string,
  nowMs: number,
): Promise<Slot> {
  const key = keyOf(backoff, sellerId, subject);
  const now = new Date(nowMs).toISOString();
  const forgotten = new Date(nowMs - backoff.forgetMs).toISOString();
  const taken = await q.execute(sql`
    INSERT INTO member_rate_limit AS r (key, window_start, count) VALUES (${key}, ${now}::timestamptz, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= ${forgotten}::timestamptz THEN 1 ELSE r.count + 1 END,
      window_start = ${now}::timestamptz
    WHERE r.window_start <= ${forgotten}::timestamptz
      OR r.count < ${backoff.free}
      OR r.window_start <= ${now}::timestamptz - LEAST(${backoff.capMs}::float8,
        ${backoff.baseMs}::float8 * power(2::float8, LEAST(r.count - ${backoff.free}, 30))) * interval '1 millisecond'
    RETURNING count`);
  if ((taken as unknown as { rows: unknown[] }).rows.length > 0) return { key, limit: backoff };
  const [row] = await q
    .select({ count: memberRateLimit.count, last: memberRateLimit.windowStart })
    .from(memberRateLimit)
    .where(eq(memberRateLimit.key, key));
  const until = row ? row.last.getTime() + backoffDelayMs(backoff, row.count) : nowMs;
  throw new ApiError(
    429,
    ErrorCode.too_many_attempts,
    backoff.name.split(':')[0] ?? null,
    'Too many attempts. Please wait a few minutes and try again.',
    { retry_after: Math.max(1, Math.ceil((until - nowMs) / 1000)) },
  );
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
