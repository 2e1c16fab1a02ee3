/**
 * Members (spec 3 §7), loaded on demand through `./members` (not part of any first load): login in every mode, logout, the member's user and identity, new users, password reset,
 * resending tickets, forgot membership and the member's memberships. Sessions are cookies the server sets
 * (`SESSION_COOKIE` HttpOnly, `SESSION_EXPIRY_COOKIE` readable); these calls only carry them.
 */
import * as z from 'zod/mini';
import { ErrorCode } from '../domain/codes';
import { IDENTITY_FORM_META, type IdentityFieldOption, parseIdentityForm } from '../domain/identity-form';
import { ApiError } from './errors';
import type { CallOptions } from './events';
import { parseDocument } from './join';
import { localeOf } from './locale-field';
import { type MemberDocument, memberDocument } from './member-schemas';
import type {
  LoginCredentials,
  LoginResult,
  MemberModel,
  MembershipModel,
  UserInput,
  UserPatch,
} from './models';
import type { ApiRequest } from './request';
import { type LoginBody, NO_EMAIL_PREFIX, type UserBody, type UserPatchBody } from './schemas';

/** Embeds of GET my/user and PATCH my/user/{id} (spec 3 §7). */
export const USER_EMBED = ['identity', 'identity.meta'];
/** Embeds of GET my/membership (spec 3 §7). */
export const MEMBERSHIP_EMBED = [
  'role',
  'identity_link',
  'ticket',
  'ticket_order',
  'ticket.ticket_type',
  'ticket.event_template',
  'ticket.ticket_group',
];

const enc = encodeURIComponent;

export function parseMemberDocument(raw: unknown): MemberDocument {
  const result = z.safeParse(memberDocument, raw ?? {});
  if (!result.success) {
    // Paths and codes only: the input holds personal data.
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      code: issue.code,
    }));
    throw new ApiError({
      code: ErrorCode.unexpected,
      status: 200,
      context: 'invalid_document',
      extra: { issues },
    });
  }
  return result.data;
}

/** Whether an email is a real one: present and not a no-email placeholder (spec 3 §6), unless a test account. */
export function isRealEmail(email: string | null | undefined, testAccount = false): boolean {
  if (!email || email.trim() === '') return false;
  return testAccount || !email.toLowerCase().startsWith(NO_EMAIL_PREFIX);
}

/** The member of a user document (its first user and that user's identity). */
export function toMember(raw: unknown): MemberModel {
  const doc = parseMemberDocument(raw);
  const user = doc.user?._data[0];
  if (!user) throw new ApiError({ code: ErrorCode.unexpected, status: 200, context: 'missing_user' });
  const identity = doc.identity?._data.find((i) => i.id === user.identity_id);
  const meta: Record<string, string> = {};
  for (const row of doc.meta?._data ?? [])
    if (row.resource === 'identity' && row.resource_id === user.identity_id) meta[row.key] = row.value;
  const email = user.email ?? identity?.email ?? null;
  const real = isRealEmail(email, user.test_account);
  return {
    userId: user.id,
    identityId: user.identity_id,
    email: real ? email : null,
    firstName: identity?.first_name ?? null,
    lastName: identity?.last_name ?? null,
    hasPassword: user.has_password,
    needsEmail: !real,
    meta,
  };
}

export function toMemberships(raw: unknown): MembershipModel[] {
  const doc = parseMemberDocument(raw);
  return (doc.membership?._data ?? []).map((m) => ({
    id: m.id,
    identityId: m.identity_id,
    memberId: m.scan_code,
    role: m.role,
    levelName: m.level_name,
    autoRenewState: m.auto_renew_state,
    validFrom: m.valid_from,
    validTo: m.valid_to,
    purchaseLimit: m.member_event_purchase_limit,
    ticketOrderId: m.ticket_order_id,
    ticketGroupId: m.ticket_group_id,
  }));
}

/** The wire body of POST login for each mode (fields trimmed; passwords as typed). */
export function loginBody(credentials: LoginCredentials): LoginBody {
  switch (credentials.mode) {
    case 'password':
      return { email: credentials.email.trim(), password: credentials.password };
    case 'scan_code':
      return { scan_code: credentials.memberId.trim(), zip_code: credentials.zip.trim() };
    case 'scan_code_last_name':
      return { scan_code: credentials.memberId.trim(), last_name: credentials.lastName.trim() };
    case 'scan_code_password':
      return {
        scan_code: credentials.memberId.trim(),
        email: credentials.email.trim(),
        password: credentials.password,
      };
    case 'oidc':
      return { jwt: credentials.jwt };
  }
}

function userBody(input: UserInput): UserBody {
  const body: UserBody = {
    first_name: input.firstName.trim(),
    last_name: input.lastName.trim(),
    email: input.email.trim(),
  };
  if (input.password !== undefined) body.password = input.password;
  if (input.currentPassword !== undefined) body.current_password = input.currentPassword;
  if (input.additionalInfo !== undefined) body.additional_info = input.additionalInfo;
  for (const [key, value] of Object.entries(input.details ?? {}))
    if (value && value.trim() !== '') body[key as keyof NonNullable<UserInput['details']>] = value.trim();
  return body;
}

/** The seller's config row of the account form (issue 26; server/members/account-form.ts). */
export const ACCOUNT_FORM_KEY = IDENTITY_FORM_META;

function patchBody(patch: UserPatch): UserPatchBody {
  const body: UserPatchBody = {};
  if (patch.email !== undefined) body.email = patch.email.trim();
  if (patch.firstName !== undefined) body.first_name = patch.firstName.trim();
  if (patch.lastName !== undefined) body.last_name = patch.lastName.trim();
  return body;
}

/**
 * The identity id of a POST user / PUT my/user answer. A 409 (email_in_use) rejects: the server names no
 * other account (issue 18: an id there let anybody find and use another person's identity).
 */
async function identityIdOf(call: Promise<unknown>): Promise<string> {
  const doc = parseMemberDocument(await call);
  const id = doc.user?._data[0]?.identity_id ?? doc.identity?._data[0]?.id;
  if (!id) throw new ApiError({ code: ErrorCode.unexpected, status: 200, context: 'missing_identity' });
  return id;
}

/**
 * `sellerId`: the seller whose account form `accountForm` reads. `locale`: the visitor's negotiated locale
 * (issue 26), read at each call that mails (password reset, resend, forgot membership, a new account, a new email
 * address): the email is written in it.
 */
export function createMembersClient(
  request: ApiRequest,
  sellerId = '',
  locale: () => string | null = () => null,
) {
  const mails = <T extends object>(body: T) => ({ ...body, ...localeOf(locale) });
  return {
    /**
     * Cached GET config?resource_id._in={seller}&key._in=identity_form: the seller's custom identity fields of
     * registration and profile edit (issue 26), read with the checkout's rule; no row, none.
     */
    async accountForm({ signal }: CallOptions = {}): Promise<IdentityFieldOption[]> {
      const raw = await request('GET', 'config', {
        query: { 'resource_id._in': [sellerId], 'key._in': [ACCOUNT_FORM_KEY] },
        cached: true,
        signal,
      });
      const row = (parseDocument(raw).config?._data ?? []).find(
        (r) => r.key === ACCOUNT_FORM_KEY && r.resource_id === sellerId,
      );
      return row ? parseIdentityForm(row.value) : [];
    },

    /**
     * POST login with the mode's credentials (or the identity provider's ID token). The server rotates the
     * session cookie. Rejects with ApiError invalid_credentials (401), incorrect_password (401),
     * guest_account (400), login_disabled (403) or too_many_attempts (429).
     */
    async login(credentials: LoginCredentials, { signal }: CallOptions = {}): Promise<LoginResult> {
      const raw = await request('POST', 'login', { body: loginBody(credentials), embed: USER_EMBED, signal });
      const expires = parseMemberDocument(raw).session?._data[0]?.expires_at;
      const at = expires === undefined ? Number.NaN : Date.parse(expires);
      return { member: toMember(raw), sessionExpiresAt: Number.isNaN(at) ? null : at };
    },

    /** POST logout: ends the session (both cookies cleared); succeeds without a session too. */
    async logout({ signal }: CallOptions = {}): Promise<void> {
      await request('POST', 'logout', { body: {}, signal });
    },

    /** GET my/user (identity, identity.meta). Rejects with login_required (401) without a session. */
    async getUser({ signal }: CallOptions = {}): Promise<MemberModel> {
      return toMember(await request('GET', 'my/user', { embed: USER_EMBED, signal }));
    },

    /**
     * PATCH my/user/{id}. A new email does not change the account's yet: the server mails a confirmation link to
     * it (`verifyEmail`). Rejects with email_in_use (409) when another account has the email, limited_session
     * (403) when a member-ID login changes a real email.
     */
    async updateUser(userId: string, patch: UserPatch, { signal }: CallOptions = {}): Promise<MemberModel> {
      const raw = await request('PATCH', `my/user/${enc(userId)}`, {
        body: patch.email === undefined ? patchBody(patch) : mails(patchBody(patch)),
        embed: USER_EMBED,
        signal,
      });
      return toMember(raw);
    },

    /** POST user (a new account, mailed a verification link): the identity id. Rejects with email_in_use (409). */
    createUser(input: UserInput, { signal }: CallOptions = {}): Promise<string> {
      return identityIdOf(
        request('POST', 'user', { body: mails(userBody(input)), embed: ['identity'], signal }),
      );
    },

    /**
     * PUT my/user (the logged-in member's identity form): the identity id. A new password needs
     * `currentPassword`; a new email waits for its confirmation link. Rejects with email_in_use (409).
     */
    saveMyUser(input: UserInput, { signal }: CallOptions = {}): Promise<string> {
      return identityIdOf(
        request('PUT', 'my/user', { body: mails(userBody(input)), embed: ['identity'], signal }),
      );
    },

    /** POST password_reset/request: emails a one-time link (answers 200 whether or not the email is known). */
    async requestPasswordReset(email: string, { signal }: CallOptions = {}): Promise<void> {
      await request('POST', 'password_reset/request', { body: mails({ email: email.trim() }), signal });
    },

    /**
     * POST password_reset/validate: the email of the token's identity. Rejects with not_found (404) or
     * validate_failed (400: expired or used).
     */
    async validateResetToken(token: string, { signal }: CallOptions = {}): Promise<{ email: string | null }> {
      const raw = await request('POST', 'password_reset/validate', { body: { token }, signal });
      return { email: parseMemberDocument(raw).identity?._data[0]?.email ?? null };
    },

    /** POST password_reset/reset: sets the password and spends the token. Same rejections as validate. */
    async resetPassword(token: string, password: string, { signal }: CallOptions = {}): Promise<void> {
      await request('POST', 'password_reset/reset', { body: { token, password }, signal });
    },

    /**
     * POST user/verify_email: spends an email verification link (the account's address is verified, or a
     * pending new address becomes the account's). Rejects with not_found (404), validate_failed (400: used or
     * expired) or email_in_use (409: another account verified that address meanwhile).
     */
    async verifyEmail(token: string, { signal }: CallOptions = {}): Promise<void> {
      await request('POST', 'user/verify_email', { body: { token }, signal });
    },

    /** POST ticket_order/resend. Rejects with not_found (404) when the email has no orders. */
    async resendTickets(
      email: string,
      options: CallOptions & { membershipsOnly?: boolean } = {},
    ): Promise<void> {
      const body: { email: string; memberships_only?: boolean } = { email: email.trim() };
      if (options.membershipsOnly !== undefined) body.memberships_only = options.membershipsOnly;
      await request('POST', 'ticket_order/resend', { body: mails(body), signal: options.signal });
    },

    /** POST my/ticket_order/resend: the logged-in member's orders to their email. 404 when none. */
    async resendMyTickets(options: CallOptions & { membershipsOnly?: boolean } = {}): Promise<void> {
      const body: { memberships_only?: boolean } = {};
      if (options.membershipsOnly !== undefined) body.memberships_only = options.membershipsOnly;
      await request('POST', 'my/ticket_order/resend', { body: mails(body), signal: options.signal });
    },

    /** POST membership/forgot: emails the member ID (answers 200 whether or not the email is known). */
    async forgotMembership(email: string, { signal }: CallOptions = {}): Promise<void> {
      await request('POST', 'membership/forgot', { body: mails({ email: email.trim() }), signal });
    },

    /** GET my/membership, uncached (spec 3 §7 embeds): the member's memberships. */
    async getMemberships({ signal }: CallOptions = {}): Promise<MembershipModel[]> {
      return toMemberships(await request('GET', 'my/membership', { embed: MEMBERSHIP_EMBED, signal }));
    },
  };
}

export type MembersClient = ReturnType<typeof createMembersClient>;

/** The membership client, loaded with this chunk (see `./membership`). */
export { createMembershipClient } from './membership-client';
