/**
 * The sandbox captcha's tokens (issue 23): one row per token issued, used once. A payment's verification marks it
 * used in one conditional UPDATE (`used_at IS NULL`), so a token is accepted once, also under concurrency.
 * DDL: `CAPTCHA_DDL` (run at startup after the other domains').
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const captchaToken = pgTable('captcha_token', {
  token: text('token').primaryKey(),
  sellerId: text('seller_id').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

export const CAPTCHA_DDL = `
CREATE TABLE IF NOT EXISTS captcha_token (
  token text PRIMARY KEY,
  seller_id text NOT NULL,
  issued_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS captcha_token_issued_idx ON captcha_token (issued_at);
`;
