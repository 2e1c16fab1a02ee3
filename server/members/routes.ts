/**
 * Member endpoints (spec 3 §7): login in every mode and logout, the member's user and identity, new users,
 * password reset, resending tickets, forgot membership and the member's memberships. Sessions in
 * `members/session.ts`, rate limits in `members/rate.ts`, secrets in `members/auth.ts`. Never logs personal data.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import * as rb from '../../api/request-bodies';
import type * as w from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { type IdentityDetailKey, storePurchaserDetails } from '../cart/purchaser';
import { mailLocaleOf } from '../catalog/locales';
import type { Q } from '../db';
import { clientAddress } from '../http/client-address';
import type { AppCtx, C, Env } from '../http/context';
import { coll, type Row, wMeta } from '../http/docs';
import { ApiError, invalid, notFound } from '../http/errors';
import { body } from '../http/validate';
import { brandOf } from '../mail/layout';
import { queueMail } from '../mail/message';
import { membershipIdMail, resendMail, resetMail } from '../mail/templates';
import { myMembershipDocument } from '../memberships/routes';
import * as t from '../schema';
import { newId } from '../util';
import { accountFormOf, checkAccountForm, detailKeysOf } from './account-form';
import {
  emailKey,
  hashPassword,
  needsRehash,
  newToken,
  passwordProblem,
  tokenHash,
  verifyPassword,
} from './auth';
import { acceptedModes, authenticationOf } from './config';
import type { IdTokenVerifier } from './oidc';
import { BACKOFF, clear, giveBack, LIMITS, type Slot, take, takeBackoff } from './rate';
import { memberMembership, memberResetToken, memberUser } from './schema';
import {
  endAllSessions,
  endOtherSessions,
  endSession,
  type MemberUserRow,
  openSession,
  refuseLimited,
  requireMember,
  type SessionMember,
} from './session';
import {
  emailInUse,
  endEmailTokens,
  isRealEmail,
  markVerified,
  sendVerification,
  spendEmailToken,
  verifiedHolder,
} from './verify';

const emptyBody = z.strictObject({});

/** Reset links work for an hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface MembersOptions {
  /** The storefront's public origin for links in emails (never taken from the request's Host header). */
  publicUrl: string | null;
  /**
   * How many trusted proxies in front of the server append to X-Forwarded-For (0: none, use the socket
   * address). The client address is the entry the outermost trusted proxy appended.
   */
  trustProxy: number;
  /** Verifies identity-provider ID tokens (the sandbox provider's keys, or the seller's provider). */
  verifyIdToken: IdTokenVerifier | null;
}

/* ---------------------------------------------------------------- documents */

const wUser = (u: MemberUserRow): w.User => ({
  id: u.id,
  identity_id: u.identityId,
  email: u.email,
  has_password: u.passwordHash !== null,
  test_account: u.testAccount,
});

const wMemberIdentity = (i: Row<typeof t.identity>): w.MemberIdentity => ({
  id: i.id,
  first_name: i.firstName,
  last_name: i.lastName,
  email: i.email,
  type: i.type,
});

async function identityMeta(q: Q, identityId: string) {
  return q
    .select()
    .from(t.meta)
    .where(and(eq(t.meta.resource, 'identity'), eq(t.meta.resourceId, identityId)));
}

/** `{ user, identity, meta }` of a user. */
export async function userDocument(q: Q, user: MemberUserRow): Promise<w.MemberDocument> {
  const [identity] = await q.select().from(t.identity).where(eq(t.identity.id, user.identityId)).limit(1);
  const meta = await identityMeta(q, user.identityId);
  return {
    user: coll([wUser(user)]),
    identity: coll(identity ? [wMemberIdentity(identity)] : []),
    meta: coll(meta.map(wMeta)),
  };
}

/* ---------------------------------------------------------------- lookups */

async function userByEmail(q: Q, sellerId: string, email: string) {
  const [user] = await q
    .select()
    .from(memberUser)
    .where(and(eq(memberUser.sellerId, sellerId), eq(memberUser.emailKey, emailKey(email))))
    .limit(1);
  return user ?? null;
}

async function userByIdentity(q: Q, identityId: string) {
  const [user] = await q.select().from(memberUser).where(eq(memberUser.identityId, identityId)).limit(1);
  return user ?? null;
}

async function membershipByScanCode(q: Q, sellerId: string, scanCode: string) {
  const [m] = await q
    .select()
    .from(memberMembership)
    .where(and(eq(memberMembership.sellerId, sellerId), eq(memberMembership.scanCode, scanCode.trim())))
    .limit(1);
  return m ?? null;
}

/* ---------------------------------------------------------------- errors */

const MEMBER_NOT_FOUND = {
  scan_code: 'Member details not found. Please check your member ID and ZIP code.',
  scan_code_last_name: 'Member details not found. Please check your member ID and last name.',
  scan_code_password: 'Member details not found. Please check your email address and member ID.',
  password: 'We could not find an account with that email address and password.',
  oidc: 'No account matches this login.',
} as const satisfies Record<w.CredentialMode, string>;

const invalidCredentials = (mode: w.CredentialMode) =>
  new ApiError(401, ErrorCode.invalid_credentials, 'login', MEMBER_NOT_FOUND[mode]);
const incorrectPassword = () =>
  new ApiError(
    401,
    ErrorCode.incorrect_password,
    'login',
    'That is not the correct password. Please try again.',
  );
const guestAccount = () =>
  new ApiError(
    400,
    ErrorCode.guest_account,
    'login',
    'Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.',
  );
const loginDisabled = () => new ApiError(403, ErrorCode.login_disabled, 'login', 'Login is disabled');
const badPassword = (problem: string) => invalid('password', problem);

/** Unique index violation (PostgreSQL 23505), as node-postgres and PGlite report it. */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/* ---------------------------------------------------------------- login */

type LoginBody = w.LoginBody;

function modeOf(b: LoginBody): w.CredentialMode {
  if ('jwt' in b) return 'oidc';
  if ('zip_code' in b) return 'scan_code';
  if ('last_name' in b) return 'scan_code_last_name';
  if ('scan_code' in b) return 'scan_code_password';
  return 'password';
}

/** The account (rate-limit subject) an attempt names. */
function subjectOf(b: LoginBody): string {
  if ('scan_code' in b) return `scan:${b.scan_code.trim()}`;
  if ('email' in b) return `email:${emailKey(b.email)}`;
  return 'jwt';
}

/** The user the credentials identify, or the spec's refusal. */
async function checkCredentials(q: Q, sellerId: string, b: LoginBody): Promise<MemberUserRow> {
  if ('jwt' in b) throw invalidCredentials('oidc');
  if ('zip_code' in b || 'last_name' in b) {
    const mode = modeOf(b);
    const membership = await membershipByScanCode(q, sellerId, b.scan_code);
    const user = membership ? await userByIdentity(q, membership.identityId) : null;
    if (!membership || !user) throw invalidCredentials(mode);
    if ('zip_code' in b) {
      const meta = await identityMeta(q, membership.identityId);
      const zip = meta.find((m) => m.key === 'zip_code' || m.key === 'post_code')?.value ?? '';
      if (zip.trim().slice(0, 5) !== b.zip_code.trim()) throw invalidCredentials(mode);
    } else {
      const [identity] = await q.select().from(t.identity).where(eq(t.identity.id, membership.identityId));
      const last = identity?.lastName?.trim().toLowerCase() ?? '';
      if (last === '' || last !== b.last_name.trim().toLowerCase()) throw invalidCredentials(mode);
    }
    return user;
  }
  // password and scan_code_password: email and password (plus the member ID)
  const mode = modeOf(b);
  let user = await userByEmail(q, sellerId, b.email);
  if (user && 'scan_code' in b) {
    const membership = await membershipByScanCode(q, sellerId, b.scan_code);
    if (!membership || membership.identityId !== user.identityId) user = null;
  }
  if (!user) {
    await verifyPassword(b.password, null); // the same time as a real check
    throw invalidCredentials(mode);
  }
  if (user.passwordHash === null) throw guestAccount();
  if (!(await verifyPassword(b.password, user.passwordHash))) throw incorrectPassword();
  // A hash of a lower cost than today's is rewritten now that the password is known (unless it changed).
  if (needsRehash(user.passwordHash))
    await q
      .update(memberUser)
      .set({ passwordHash: await hashPassword(b.password) })
      .where(and(eq(memberUser.id, user.id), eq(memberUser.passwordHash, user.passwordHash)));
  return user;
}

/* ---------------------------------------------------------------- routes */

export function registerMembers(api: Hono<Env>, ctx: AppCtx, options: MembersOptions) {
  const address = (c: C) => clientAddress(c, options.trustProxy);

  /** Takes the email-request slots of an address and an email (429 when over). */
  async function emailSlots(c: C, email: string) {
    const seller = c.get('seller');
    await take(ctx.db, LIMITS.emailAddress, seller.id, address(c), ctx.now());
    await take(ctx.db, LIMITS.emailAccount, seller.id, emailKey(email), ctx.now());
  }

  function publicUrl(c: C): string {
    // Outside production the request's own origin is good enough (tests, e2e); production needs PUBLIC_URL.
    return (options.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');
  }

  api.post('/login', async (c) => {
    const b = await body(c, rb.loginBody, 'login');
    const seller = c.get('seller');
    const mode = modeOf(b);
    const auth = await authenticationOf(ctx.db, seller.id);
    if (!acceptedModes(auth).has(mode)) throw loginDisabled();
    const nowMs = ctx.now();
    const addressSlot = await take(ctx.db, LIMITS.loginAddress, seller.id, address(c), nowMs);
    let user: MemberUserRow;
    let accountSlot: Slot | null = null;
    if ('jwt' in b) {
      if (!options.verifyIdToken) throw loginDisabled();
      const claims = await options.verifyIdToken(b.jwt, auth).catch(() => null);
      const found = claims?.email ? await userByEmail(ctx.db, seller.id, claims.email) : null;
      if (!found) throw invalidCredentials('oidc');
      // The provider proved the address (email_verified): the account's email counts from now, as after a link.
      await ctx.db.transaction((tx) => markVerified(tx, found, nowMs));
      user = found;
    } else {
      accountSlot = await takeBackoff(ctx.db, BACKOFF.loginAccount, seller.id, subjectOf(b), nowMs);
      user = await checkCredentials(ctx.db, seller.id, b);
    }
    // A successful login clears the account's failures and does not count against the address.
    if (accountSlot) await clear(ctx.db, accountSlot);
    await giveBack(ctx.db, addressSlot);
    const expiresAt = await openSession(ctx, c, user.id, {
      limited: mode === 'scan_code' || mode === 'scan_code_last_name',
    });
    return c.json({
      ...(await userDocument(ctx.db, user)),
      session: coll([{ expires_at: expiresAt.toISOString() }]),
    } satisfies w.MemberDocument);
  });

  api.post('/logout', async (c) => {
    await body(c, emptyBody, 'logout');
    await endSession(ctx, c);
    return c.json({});
  });

  api.get('/my/user', async (c) => {
    const { user } = await requireMember(ctx, c);
    return c.json(await userDocument(ctx.db, user));
  });

  /**
   * Changes the names, the password hash and the account form's detail fields of the session's user (never
   * the email: `changeEmail`).
   */
  async function updateUser(
    user: MemberUserRow,
    change: {
      firstName?: string;
      lastName?: string;
      passwordHash?: string;
      details?: { values: Partial<Record<IdentityDetailKey, string>>; keys: IdentityDetailKey[] };
    },
  ): Promise<MemberUserRow> {
    return ctx.db.transaction(async (tx) => {
      if (change.details)
        await storePurchaserDetails(tx, user.identityId, change.details.values, change.details.keys);
      if (change.passwordHash !== undefined)
        await tx
          .update(memberUser)
          .set({ passwordHash: change.passwordHash })
          .where(eq(memberUser.id, user.id));
      const identitySet: Partial<Row<typeof t.identity>> = {};
      if (change.firstName !== undefined) identitySet.firstName = change.firstName;
      if (change.lastName !== undefined) identitySet.lastName = change.lastName;
      if (Object.keys(identitySet).length)
        await tx.update(t.identity).set(identitySet).where(eq(t.identity.id, user.identityId));
      const [updated] = await tx.select().from(memberUser).where(eq(memberUser.id, user.id));
      return updated as MemberUserRow;
    });
  }

  /**
   * A new email never takes effect here: it is mailed a confirmation link (`members/verify.ts`), the old real
   * address a notice, and it becomes the account's when the link is spent. The same address in another case
   * (verified) is a plain edit; the same unverified address gets a new link. A member-ID session may only set
   * an email on an account without a real one (403 limited_session); another verified account's address: 409.
   */
  async function changeEmail(
    c: C,
    member: SessionMember,
    email: string,
    locale: string | undefined,
    { resendSame = true }: { resendSame?: boolean } = {},
  ): Promise<void> {
    const { user } = member;
    const seller = c.get('seller');
    const same = user.emailKey === emailKey(email);
    // PUT my/user carries the email with every save of the profile: the same address is no request for a link.
    if (same && (user.emailVerifiedAt !== null || !resendSame)) {
      if (user.email !== email)
        await ctx.db.transaction(async (tx) => {
          await tx.update(memberUser).set({ email }).where(eq(memberUser.id, user.id));
          await tx.update(t.identity).set({ email }).where(eq(t.identity.id, user.identityId));
        });
      return;
    }
    if (isRealEmail(user.email, user.testAccount) && !same) refuseLimited(member);
    const holder = await verifiedHolder(ctx.db, seller.id, email);
    if (holder && holder.id !== user.id) throw emailInUse(email);
    // Each change mails two addresses: counted as email requests of the account.
    await take(ctx.db, LIMITS.emailAccount, seller.id, `user:${user.id}`, ctx.now());
    await sendVerification(ctx.db, seller, user, email, {
      origin: publicUrl(c),
      nowMs: ctx.now(),
      change: !same,
      locale: await mailLocaleOf(ctx.db, seller.id, locale),
    });
  }

  api.patch('/my/user/:id', async (c) => {
    const member = await requireMember(ctx, c);
    if (c.req.param('id') !== member.user.id) throw notFound('user');
    const b = await body(c, rb.userPatchBody, 'user');
    if (b.email !== undefined) await changeEmail(c, member, b.email, b.locale);
    const updated = await updateUser(member.user, { firstName: b.first_name, lastName: b.last_name });
    return c.json(await userDocument(ctx.db, updated));
  });

  /**
   * The member's identity form. A new password needs the current one (`current_password`; 401
   * incorrect_password) and a full session; an account without a password sets its first one by reset link
   * (400 guest_account). The change ends every other session of the account.
   */
  api.put('/my/user', async (c) => {
    const member = await requireMember(ctx, c);
    const { user } = member;
    const b = await body(c, rb.userBody, 'user');
    const form = await accountFormOf(ctx.db, c.get('seller').id);
    checkAccountForm(form, b);
    let passwordHash: string | undefined;
    if (b.password !== undefined) {
      refuseLimited(member);
      if (user.passwordHash === null)
        throw new ApiError(
          400,
          ErrorCode.guest_account,
          'user',
          'You have not set a password yet. Use "Forgot password" to get a link that sets one.',
        );
      if (b.current_password === undefined)
        throw invalid('current_password', 'Enter your current password to set a new one.');
      const problem = passwordProblem(b.password);
      if (problem) throw badPassword(problem);
      if (!(await verifyPassword(b.current_password, user.passwordHash)))
        throw new ApiError(
          401,
          ErrorCode.incorrect_password,
          'user',
          'That is not the correct password. Please try again.',
        );
      passwordHash = await hashPassword(b.password);
    }
    await changeEmail(c, member, b.email, b.locale, { resendSame: false });
    const updated = await updateUser(user, {
      firstName: b.first_name,
      lastName: b.last_name,
      passwordHash,
      details: { values: b, keys: detailKeysOf(form) },
    });
    if (passwordHash !== undefined) await endOtherSessions(ctx, user.id, member.tokenHash);
    return c.json(await userDocument(ctx.db, updated));
  });

  /**
   * A new account, unverified: a link to its address verifies it (nothing is attached to it by email before).
   * 10 per client address per hour; an address with an account: 409 email_in_use (naming no account).
   */
  api.post('/user', async (c) => {
    const b = await body(c, rb.userBody, 'user');
    const seller = c.get('seller');
    await take(ctx.db, LIMITS.registerAddress, seller.id, address(c), ctx.now());
    const form = await accountFormOf(ctx.db, seller.id);
    checkAccountForm(form, b);
    let passwordHash: string | null = null;
    if (b.password !== undefined) {
      const problem = passwordProblem(b.password);
      if (problem) throw badPassword(problem);
      passwordHash = await hashPassword(b.password);
    }
    const existing = await userByEmail(ctx.db, seller.id, b.email);
    if (existing) throw emailInUse(b.email);
    const nowMs = ctx.now();
    const locale = await mailLocaleOf(ctx.db, seller.id, b.locale);
    const identityId = newId();
    const user: MemberUserRow = {
      id: newId(),
      sellerId: seller.id,
      identityId,
      email: b.email,
      emailKey: emailKey(b.email),
      passwordHash,
      testAccount: false,
      createdAt: new Date(nowMs),
      emailVerifiedAt: null,
    };
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.insert(t.identity).values({
          id: identityId,
          sellerId: seller.id,
          type: 'member',
          firstName: b.first_name,
          lastName: b.last_name,
          email: b.email,
          createdAt: new Date(nowMs),
        });
        await tx.insert(memberUser).values(user);
        await storePurchaserDetails(tx, identityId, b, detailKeysOf(form));
        if (isRealEmail(user.email, false))
          await sendVerification(tx, seller, user, b.email, {
            origin: publicUrl(c),
            nowMs,
            change: false,
            locale,
          });
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      throw emailInUse(b.email);
    }
    return c.json(await userDocument(ctx.db, user));
  });

  /** Spends an email verification link (no session needed: the link may open in another browser). */
  api.post('/user/verify_email', async (c) => {
    const b = await body(c, rb.verifyEmailBody, 'verify_email');
    const seller = c.get('seller');
    await take(ctx.db, LIMITS.tokenAddress, seller.id, address(c), ctx.now());
    await spendEmailToken(ctx, seller.id, b.token);
    return c.json({});
  });

  /* password reset */

  api.post('/password_reset/request', async (c) => {
    const b = await body(c, rb.emailBody, 'password_reset');
    const seller = c.get('seller');
    await emailSlots(c, b.email);
    const user = await userByEmail(ctx.db, seller.id, b.email);
    // The same answer whether or not the email has an account.
    if (user?.email) {
      const token = newToken();
      const nowMs = ctx.now();
      await ctx.db.insert(memberResetToken).values({
        tokenHash: tokenHash(token),
        sellerId: seller.id,
        userId: user.id,
        createdAt: new Date(nowMs),
        expiresAt: new Date(nowMs + RESET_TOKEN_TTL_MS),
        usedAt: null,
      });
      const link = `${publicUrl(c)}/${seller.slug}/user/reset-password?token=${encodeURIComponent(token)}`;
      await queueMail(
        ctx.db,
        {
          sellerId: seller.id,
          to: user.email,
          ...resetMail(
            await brandOf(ctx.db, seller),
            link,
            user.passwordHash !== null,
            await mailLocaleOf(ctx.db, seller.id, b.locale),
          ),
        },
        nowMs,
      );
    }
    return c.json({});
  });

  /** The token's row if it may still be used; else 404 not_found (unknown) or 400 validate_failed. */
  async function usableToken(c: C, token: string) {
    const seller = c.get('seller');
    await take(ctx.db, LIMITS.tokenAddress, seller.id, address(c), ctx.now());
    const [row] = await ctx.db
      .select()
      .from(memberResetToken)
      .where(and(eq(memberResetToken.tokenHash, tokenHash(token)), eq(memberResetToken.sellerId, seller.id)))
      .limit(1);
    if (!row) throw notFound('password_reset', 'This reset link is not valid. It may have expired.');
    if (row.usedAt !== null || row.expiresAt.getTime() <= ctx.now())
      throw new ApiError(
        400,
        ErrorCode.validate_failed,
        'password_reset',
        'This reset link is not valid. It may have expired.',
      );
    return row;
  }

  api.post('/password_reset/validate', async (c) => {
    const b = await body(c, rb.resetValidateBody, 'password_reset');
    const row = await usableToken(c, b.token);
    const [user] = await ctx.db.select().from(memberUser).where(eq(memberUser.id, row.userId));
    const [identity] = user
      ? await ctx.db.select().from(t.identity).where(eq(t.identity.id, user.identityId))
      : [];
    if (!user || !identity) throw notFound('password_reset');
    return c.json({
      identity: coll([{ ...wMemberIdentity(identity), email: user.email }]),
    } satisfies w.MemberDocument);
  });

  api.post('/password_reset/reset', async (c) => {
    const b = await body(c, rb.resetBody, 'password_reset');
    await usableToken(c, b.token);
    const problem = passwordProblem(b.password);
    if (problem) throw badPassword(problem);
    const passwordHash = await hashPassword(b.password);
    const nowMs = ctx.now();
    // Spending the token is one conditional UPDATE: of two concurrent resets with one link, one wins.
    const userId = await ctx.db.transaction(async (tx) => {
      const spent = await tx
        .update(memberResetToken)
        .set({ usedAt: new Date(nowMs) })
        .where(
          and(
            eq(memberResetToken.tokenHash, tokenHash(b.token)),
            isNull(memberResetToken.usedAt),
            gt(memberResetToken.expiresAt, new Date(nowMs)),
          ),
        )
        .returning({ userId: memberResetToken.userId });
      const id = spent[0]?.userId;
      if (!id) return null;
      const [user] = await tx
        .update(memberUser)
        .set({ passwordHash })
        .where(eq(memberUser.id, id))
        .returning();
      // The link went to the account's address: that proves it (and claims what was bought under it).
      if (user) await markVerified(tx, user, nowMs);
      // A pending email change dies with the reset (the owner may be undoing a takeover).
      await endEmailTokens(tx, id, nowMs);
      // Other links of the account die with this one.
      await tx
        .update(memberResetToken)
        .set({ usedAt: new Date(nowMs) })
        .where(and(eq(memberResetToken.userId, id), isNull(memberResetToken.usedAt)));
      return id;
    });
    if (userId === null)
      throw new ApiError(
        400,
        ErrorCode.validate_failed,
        'password_reset',
        'This reset link is not valid. It may have expired.',
      );
    await endAllSessions(ctx, userId);
    return c.json({});
  });

  /* resend tickets, forgot membership */

  /** Orders of the seller whose purchaser identity has `email`, or is `identityId`. */
  async function ordersFor(
    sellerId: string,
    email: string | null,
    identityId: string | null,
    membershipsOnly: boolean,
  ) {
    const who = [
      email ? sql`lower(${t.identity.email}) = ${emailKey(email)}` : null,
      identityId ? sql`${t.identity.id} = ${identityId}` : null,
    ].filter((x) => x !== null);
    if (who.length === 0) return [];
    const orders = await ctx.db
      .select({ id: t.ticketOrder.id, orderNumber: t.ticketOrder.orderNumber })
      .from(t.ticketOrder)
      .innerJoin(t.identity, eq(t.identity.id, t.ticketOrder.identityId))
      .where(and(eq(t.ticketOrder.sellerId, sellerId), sql`(${sql.join(who, sql` OR `)})`))
      .orderBy(t.ticketOrder.createdAt)
      .limit(50);
    if (!membershipsOnly || orders.length === 0) return orders;
    const withMembership = await ctx.db
      .selectDistinct({ id: t.ticket.ticketOrderId })
      .from(t.ticket)
      .where(
        and(
          inArray(
            t.ticket.ticketOrderId,
            orders.map((o) => o.id),
          ),
          eq(t.ticket.handler, 'membership'),
        ),
      );
    const keep = new Set(withMembership.map((r) => r.id));
    return orders.filter((o) => keep.has(o.id));
  }

  const noOrders = () => notFound('ticket_order', 'No orders could be found for this email address.');

  /** The resend email (in `locale`: the request's, when the seller offers it). */
  async function sendOrders(
    c: C,
    to: string,
    orders: Array<{ id: string; orderNumber: string }>,
    locale: string | undefined,
  ) {
    const seller = c.get('seller');
    const base = `${publicUrl(c)}/${seller.slug}/checkout/complete?orderIds=`;
    await queueMail(
      ctx.db,
      {
        sellerId: seller.id,
        to,
        ...resendMail(
          await brandOf(ctx.db, seller),
          orders.map((o) => ({ orderNumber: o.orderNumber, link: `${base}${o.id}` })),
          await mailLocaleOf(ctx.db, seller.id, locale),
        ),
      },
      ctx.now(),
    );
  }

  api.post('/ticket_order/resend', async (c) => {
    const b = await body(c, rb.resendBody, 'ticket_order');
    await emailSlots(c, b.email);
    const orders = await ordersFor(c.get('seller').id, b.email, null, b.memberships_only ?? false);
    if (orders.length === 0) throw noOrders();
    await sendOrders(c, b.email, orders, b.locale);
    return c.json({});
  });

  api.post('/my/ticket_order/resend', async (c) => {
    const { user } = await requireMember(ctx, c);
    const b = await body(c, rb.myResendBody, 'ticket_order');
    await take(ctx.db, LIMITS.emailAccount, c.get('seller').id, `user:${user.id}`, ctx.now());
    // By email only once the account proved the address (else only the orders of its own identity).
    const real = isRealEmail(user.email, user.testAccount);
    const orders = await ordersFor(
      c.get('seller').id,
      real && user.emailVerifiedAt !== null ? user.email : null,
      user.identityId,
      b.memberships_only ?? false,
    );
    if (!real || !user.email || orders.length === 0) throw noOrders();
    await sendOrders(c, user.email, orders, b.locale);
    return c.json({});
  });

  api.post('/membership/forgot', async (c) => {
    const b = await body(c, rb.emailBody, 'membership');
    const seller = c.get('seller');
    await emailSlots(c, b.email);
    const identities = await ctx.db
      .select({ id: t.identity.id })
      .from(t.identity)
      .where(and(eq(t.identity.sellerId, seller.id), sql`lower(${t.identity.email}) = ${emailKey(b.email)}`));
    const user = await userByEmail(ctx.db, seller.id, b.email);
    const ids = [...new Set([...identities.map((i) => i.id), ...(user ? [user.identityId] : [])])];
    const memberships = ids.length
      ? await ctx.db.select().from(memberMembership).where(inArray(memberMembership.identityId, ids))
      : [];
    // The same answer whether or not the email has a membership.
    if (memberships.length)
      await queueMail(
        ctx.db,
        {
          sellerId: seller.id,
          to: b.email,
          ...membershipIdMail(
            await brandOf(ctx.db, seller),
            memberships,
            await mailLocaleOf(ctx.db, seller.id, b.locale),
          ),
        },
        ctx.now(),
      );
    return c.json({});
  });

  api.get('/my/membership', async (c) => {
    const { user } = await requireMember(ctx, c);
    // With the level, named members, orders and level tickets (server/memberships/routes.ts).
    return c.json(await myMembershipDocument(ctx.db, user.identityId));
  });
}
