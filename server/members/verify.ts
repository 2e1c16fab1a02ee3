/**
 * Email verification (issue 18): an account's email counts only once its owner proved they read it, by a
 * link sent to it (32 random bytes, stored as SHA-256, single-use, 24 hours; `member_email_token`). The same
 * link confirms a new address: an email change takes effect only when it is spent. A spent password-reset link
 * proves the address too. When an account verifies an address it claims the memberships bought under that
 * address whose identity has no verified account ("claim on verify"); nothing is ever attached to an
 * unverified account by its email. Never logs tokens or addresses.
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { NO_EMAIL_PREFIX } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import type { Q, Tx } from '../db';
import type { AppCtx } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import { brandOf } from '../mail/layout';
import { queueMail } from '../mail/message';
import { emailChangeNoticeMail, verifyEmailMail } from '../mail/templates';
import * as t from '../schema';
import { emailKey, newToken, tokenHash } from './auth';
import { memberEmailToken, memberUser } from './schema';
import type { MemberUserRow } from './session';

/** Verification links work for 24 hours, once. */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const LINK_INVALID = 'This link is not valid. It may have expired or been used already.';

/** Spec 3 §5 409 text; names no account. */
export const emailInUse = (email: string) =>
  new ApiError(
    409,
    ErrorCode.email_in_use,
    'user',
    `Another user account is using ${email}. Please contact us if you need to merge multiple user accounts.`,
  );

/** A real address: present and not a no-email placeholder (test accounts excepted), spec 3 §6. */
export const isRealEmail = (email: string | null, testAccount: boolean): email is string =>
  !!email && (testAccount || !email.toLowerCase().startsWith(NO_EMAIL_PREFIX));

export interface Seller {
  id: string;
  name: string;
  slug: string;
}

/**
 * Mails a verification link for `email` to `email` (a new address: `change`, with a notice to the account's
 * old real address), both in `locale` (the request's, resolved by catalog/locales.ts `mailLocaleOf`; null:
 * English). Earlier unspent links of the account die: only the newest pending address counts.
 */
export async function sendVerification(
  q: Q,
  seller: Seller,
  user: MemberUserRow,
  email: string,
  {
    origin,
    nowMs,
    change,
    locale = null,
  }: { origin: string; nowMs: number; change: boolean; locale?: string | null },
): Promise<void> {
  await q
    .update(memberEmailToken)
    .set({ usedAt: new Date(nowMs) })
    .where(and(eq(memberEmailToken.userId, user.id), isNull(memberEmailToken.usedAt)));
  const token = newToken();
  await q.insert(memberEmailToken).values({
    tokenHash: tokenHash(token),
    sellerId: seller.id,
    userId: user.id,
    email,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + EMAIL_TOKEN_TTL_MS),
    usedAt: null,
  });
  const link = `${origin}/${seller.slug}/user/verify-email?token=${encodeURIComponent(token)}`;
  const brand = await brandOf(q, seller);
  await queueMail(
    q,
    { sellerId: seller.id, to: email, ...verifyEmailMail(brand, link, change, locale) },
    nowMs,
  );
  if (change && isRealEmail(user.email, user.testAccount) && emailKey(user.email) !== emailKey(email))
    await queueMail(
      q,
      { sellerId: seller.id, to: user.email, ...emailChangeNoticeMail(brand, email, locale) },
      nowMs,
    );
}

/** Ends the account's unspent verification links (a password reset cancels a pending email change). */
export async function endEmailTokens(q: Q, userId: string, nowMs: number): Promise<void> {
  await q
    .update(memberEmailToken)
    .set({ usedAt: new Date(nowMs) })
    .where(and(eq(memberEmailToken.userId, userId), isNull(memberEmailToken.usedAt)));
}

/**
 * Claim on verify: the memberships of the seller bought under `key` (their identity's email) whose identity
 * has no verified account move to `identityId` — a guest purchase kept on its own identity because an
 * unverified account held the address (see `memberships/complete.ts`) reaches the address's proven owner.
 */
export async function claimMemberships(tx: Tx, sellerId: string, identityId: string, key: string) {
  await tx.execute(sql`
    UPDATE member_membership m SET identity_id = ${identityId}
    WHERE m.seller_id = ${sellerId} AND m.identity_id <> ${identityId}
      AND m.identity_id IN (
        SELECT i.id FROM identity i WHERE i.seller_id = ${sellerId} AND lower(trim(i.email)) = ${key})
      AND NOT EXISTS (
        SELECT 1 FROM member_user u WHERE u.identity_id = m.identity_id AND u.email_verified_at IS NOT NULL)`);
}

/** Marks the account's current email verified (a spent reset link went to it) and claims by it. */
export async function markVerified(tx: Tx, user: MemberUserRow, nowMs: number): Promise<void> {
  if (!user.emailKey || !isRealEmail(user.email, user.testAccount)) return;
  if (user.emailVerifiedAt === null)
    await tx
      .update(memberUser)
      .set({ emailVerifiedAt: new Date(nowMs) })
      .where(eq(memberUser.id, user.id));
  await claimMemberships(tx, user.sellerId, user.identityId, user.emailKey);
}

/** Unique index violation (PostgreSQL 23505), as node-postgres and PGlite report it. */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Spends a verification link: the account's address is verified, or (an email change) becomes the link's
 * address. Of two concurrent spends one wins (a conditional UPDATE). The new address must still be free of
 * verified accounts (409 email_in_use); an unverified account holding it loses it (it never proved it).
 * 404 not_found: unknown link; 400 validate_failed: used or expired.
 */
export async function spendEmailToken(ctx: AppCtx, sellerId: string, token: string): Promise<void> {
  const hash = tokenHash(token);
  const [row] = await ctx.db
    .select()
    .from(memberEmailToken)
    .where(and(eq(memberEmailToken.tokenHash, hash), eq(memberEmailToken.sellerId, sellerId)))
    .limit(1);
  if (!row) throw notFound('verify_email', LINK_INVALID);
  const nowMs = ctx.now();
  const refused = () => new ApiError(400, ErrorCode.validate_failed, 'verify_email', LINK_INVALID);
  if (row.usedAt !== null || row.expiresAt.getTime() <= nowMs) throw refused();
  const key = emailKey(row.email);
  try {
    await ctx.db.transaction(async (tx) => {
      const spent = await tx
        .update(memberEmailToken)
        .set({ usedAt: new Date(nowMs) })
        .where(
          and(
            eq(memberEmailToken.tokenHash, hash),
            isNull(memberEmailToken.usedAt),
            gt(memberEmailToken.expiresAt, new Date(nowMs)),
          ),
        )
        .returning({ userId: memberEmailToken.userId });
      const userId = spent[0]?.userId;
      if (!userId) throw refused();
      const [user] = await tx.select().from(memberUser).where(eq(memberUser.id, userId)).for('update');
      if (!user) throw refused();
      if (user.emailKey !== key) {
        const [holder] = await tx
          .select()
          .from(memberUser)
          .where(
            and(eq(memberUser.sellerId, sellerId), eq(memberUser.emailKey, key), ne(memberUser.id, user.id)),
          )
          .for('update');
        if (holder?.emailVerifiedAt) throw emailInUse(row.email);
        // An unverified holder never proved the address: it loses it (its memberships are claimed below).
        if (holder)
          await tx
            .update(memberUser)
            .set({ email: null, emailKey: null })
            .where(eq(memberUser.id, holder.id));
        await tx.update(t.identity).set({ email: row.email }).where(eq(t.identity.id, user.identityId));
      }
      await tx
        .update(memberUser)
        .set({ email: row.email, emailKey: key, emailVerifiedAt: new Date(nowMs) })
        .where(eq(memberUser.id, user.id));
      await endEmailTokens(tx, user.id, nowMs);
      await claimMemberships(tx, sellerId, user.identityId, key);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw emailInUse(row.email);
    throw e;
  }
}

/** The seller's account holding `email` that proved it, if any. */
export async function verifiedHolder(q: Q, sellerId: string, email: string) {
  const [user] = await q
    .select()
    .from(memberUser)
    .where(and(eq(memberUser.sellerId, sellerId), eq(memberUser.emailKey, emailKey(email))))
    .limit(1);
  return user?.emailVerifiedAt ? user : null;
}
