/**
 * Member sessions, kept in the database: the HttpOnly, SameSite=Lax cookie `SESSION_COOKIE` carries a random
 * token (the table keeps its SHA-256), rotated at every login; the readable `SESSION_EXPIRY_COOKIE` carries the
 * expiry (epoch ms) so the storefront can watch for the session's end. Logging out deletes the row and both
 * cookies, which every tab of the browser shares.
 */
import { and, eq, gt, ne } from 'drizzle-orm';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, SESSION_EXPIRY_COOKIE } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import type { AppCtx, C } from '../http/context';
import { ApiError } from '../http/errors';
import { newToken, tokenHash } from './auth';
import { memberSession, memberUser } from './schema';

/** Sessions last 8 hours from login. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export type MemberUserRow = typeof memberUser.$inferSelect;

export interface SessionMember {
  user: MemberUserRow;
  tokenHash: string;
  expiresAt: Date;
  /** Opened by a member-ID login: may not change the password or a real email (`requireFullSession`). */
  limited: boolean;
}

/** Per request: the session once looked up (a request without the cookie costs no query). */
const resolved = new WeakMap<Request, Promise<SessionMember | null>>();

const secure = (c: C) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

function cookieOptions(c: C, maxAgeS: number) {
  return { path: '/', sameSite: 'Lax' as const, secure: secure(c), maxAge: maxAgeS };
}

/** The member of the request's session, or null (no cookie, unknown, expired or another seller's session). */
export function currentMember(ctx: AppCtx, c: C): Promise<SessionMember | null> {
  const known = resolved.get(c.req.raw);
  if (known) return known;
  const lookup = (async () => {
    const token = getCookie(c, SESSION_COOKIE);
    if (!token || token.length > 100) return null;
    const hash = tokenHash(token);
    const [row] = await ctx.db
      .select({ user: memberUser, expiresAt: memberSession.expiresAt, limited: memberSession.limited })
      .from(memberSession)
      .innerJoin(memberUser, eq(memberUser.id, memberSession.userId))
      .where(
        and(
          eq(memberSession.tokenHash, hash),
          eq(memberSession.sellerId, c.get('seller').id),
          gt(memberSession.expiresAt, new Date(ctx.now())),
        ),
      )
      .limit(1);
    return row ? { user: row.user, tokenHash: hash, expiresAt: row.expiresAt, limited: row.limited } : null;
  })();
  resolved.set(c.req.raw, lookup);
  return lookup;
}

/** The session's member, or ApiError 401 login_required. */
export async function requireMember(ctx: AppCtx, c: C): Promise<SessionMember> {
  const member = await currentMember(ctx, c);
  if (!member) throw new ApiError(401, ErrorCode.login_required, 'session', 'Please log in to continue.');
  return member;
}

/**
 * Opens a session for `userId`: the request's old session (if any) ends, a new token is set (rotation).
 * `limited`: a member-ID login (member ID with ZIP or last name), which may not take over the account.
 */
export async function openSession(
  ctx: AppCtx,
  c: C,
  userId: string,
  { limited = false }: { limited?: boolean } = {},
): Promise<Date> {
  const old = getCookie(c, SESSION_COOKIE);
  if (old && old.length <= 100)
    await ctx.db.delete(memberSession).where(eq(memberSession.tokenHash, tokenHash(old)));
  const token = newToken();
  const nowMs = ctx.now();
  const expiresAt = new Date(nowMs + SESSION_TTL_MS);
  await ctx.db.insert(memberSession).values({
    tokenHash: tokenHash(token),
    sellerId: c.get('seller').id,
    userId,
    createdAt: new Date(nowMs),
    expiresAt,
    limited,
  });
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c, maxAge), httpOnly: true });
  setCookie(c, SESSION_EXPIRY_COOKIE, String(expiresAt.getTime()), cookieOptions(c, maxAge));
  resolved.delete(c.req.raw);
  return expiresAt;
}

/** Ends the request's session (if any) and clears both cookies. */
export async function endSession(ctx: AppCtx, c: C): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token && token.length <= 100)
    await ctx.db.delete(memberSession).where(eq(memberSession.tokenHash, tokenHash(token)));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secure(c) });
  deleteCookie(c, SESSION_EXPIRY_COOKIE, { path: '/', secure: secure(c) });
  resolved.delete(c.req.raw);
}

/** Ends every session of a user (after a password reset). */
export async function endAllSessions(ctx: AppCtx, userId: string): Promise<void> {
  await ctx.db.delete(memberSession).where(eq(memberSession.userId, userId));
}

/** Ends every session of a user but `keep` (a token hash: the session that changed the password). */
export async function endOtherSessions(ctx: AppCtx, userId: string, keep: string): Promise<void> {
  await ctx.db
    .delete(memberSession)
    .where(and(eq(memberSession.userId, userId), ne(memberSession.tokenHash, keep)));
}

/**
 * The session's member when the session may change the password or a real email: a member-ID login
 * (`limited`) may not (403 limited_session), so a member ID and a ZIP never become a takeover.
 */
export function refuseLimited(member: SessionMember): void {
  if (member.limited)
    throw new ApiError(
      403,
      ErrorCode.limited_session,
      'session',
      'You logged in with your member ID. To change your password or email address, log in with your email address and password.',
    );
}
