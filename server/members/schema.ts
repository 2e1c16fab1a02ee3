/**
 * Tables of member accounts (issue 10): users (logins of identities), memberships, sessions, password reset
 * tokens, email verification tokens and rate-limit counters. The DDL is `MEMBERS_DDL` below (run with `server/ddl.ts` at startup).
 */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A login of an identity (type member). `email_key` is the lower-cased email, unique per seller. */
export const memberUser = pgTable('member_user', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  identityId: text('identity_id').notNull(),
  email: text('email'),
  emailKey: text('email_key'),
  /** scrypt$N$r$p$salt$hash (base64url); null: a guest account without a password. */
  passwordHash: text('password_hash'),
  testAccount: boolean('test_account').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  /** When the email was proved by a link sent to it (verification, email change, reset); null: unverified. */
  emailVerifiedAt: ts('email_verified_at'),
});

/** A membership (minimal until the memberships issue): the member ID (scan code) and its level and term. */
export const memberMembership = pgTable('member_membership', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  identityId: text('identity_id').notNull(),
  scanCode: text('scan_code').notNull(),
  role: text('role').notNull(),
  levelName: text('level_name').notNull(),
  autoRenewState: text('auto_renew_state').notNull(),
  validFrom: ts('valid_from').notNull(),
  validTo: ts('valid_to').notNull(),
  purchaseLimit: integer('purchase_limit'),
  ticketOrderId: text('ticket_order_id'),
  ticketGroupId: text('ticket_group_id'),
  // Added by MEMBERSHIP_DDL (server/memberships/schema.ts): the level, its event, the unnamed members.
  ticketTypeId: text('ticket_type_id'),
  eventTemplateId: text('event_template_id'),
  unnamedCount: integer('unnamed_count').notNull().default(0),
});

/** A session: the SHA-256 of the cookie's random token, never the token itself. */
export const memberSession = pgTable('member_session', {
  tokenHash: text('token_hash').primaryKey(),
  sellerId: text('seller_id').notNull(),
  userId: text('user_id').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  /** Opened by a member-ID login (scan_code, scan_code_last_name): may not change the password or a real email. */
  limited: boolean('limited').notNull().default(false),
});

/** A password reset token (SHA-256 of the emailed token), single-use, expiring. */
export const memberResetToken = pgTable('member_reset_token', {
  tokenHash: text('token_hash').primaryKey(),
  sellerId: text('seller_id').notNull(),
  userId: text('user_id').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * An email verification link (SHA-256 of the emailed token), single-use, expiring: proves that the account's
 * owner reads `email` — the account's own (after registration) or the new one of an email change, which takes
 * effect only when the link is spent.
 */
export const memberEmailToken = pgTable('member_email_token', {
  tokenHash: text('token_hash').primaryKey(),
  sellerId: text('seller_id').notNull(),
  userId: text('user_id').notNull(),
  email: text('email').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** A fixed-window counter: `key` names the action and the account or address (hashed). */
export const memberRateLimit = pgTable('member_rate_limit', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

export const MEMBERS_DDL = `
CREATE TABLE IF NOT EXISTS member_user (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  identity_id text NOT NULL,
  email text,
  email_key text,
  password_hash text,
  test_account boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
ALTER TABLE member_user ADD COLUMN IF NOT EXISTS email_verified_at timestamptz;
CREATE UNIQUE INDEX IF NOT EXISTS member_user_email_idx ON member_user (seller_id, email_key);
CREATE UNIQUE INDEX IF NOT EXISTS member_user_identity_idx ON member_user (identity_id);
CREATE TABLE IF NOT EXISTS member_membership (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  identity_id text NOT NULL,
  scan_code text NOT NULL,
  role text NOT NULL,
  level_name text NOT NULL,
  auto_renew_state text NOT NULL,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  purchase_limit integer,
  ticket_order_id text,
  ticket_group_id text
);
CREATE UNIQUE INDEX IF NOT EXISTS member_membership_scan_idx ON member_membership (seller_id, scan_code);
CREATE INDEX IF NOT EXISTS member_membership_identity_idx ON member_membership (identity_id);
CREATE TABLE IF NOT EXISTS member_session (
  token_hash text PRIMARY KEY,
  seller_id text NOT NULL,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
ALTER TABLE member_session ADD COLUMN IF NOT EXISTS limited boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS member_session_user_idx ON member_session (user_id);
CREATE TABLE IF NOT EXISTS member_reset_token (
  token_hash text PRIMARY KEY,
  seller_id text NOT NULL,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS member_reset_token_user_idx ON member_reset_token (user_id);
CREATE TABLE IF NOT EXISTS member_email_token (
  token_hash text PRIMARY KEY,
  seller_id text NOT NULL,
  user_id text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS member_email_token_user_idx ON member_email_token (user_id);
CREATE TABLE IF NOT EXISTS member_rate_limit (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
`;
