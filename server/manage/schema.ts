/**
 * Order self-service (issue 24): the server's own secrets (the key that signs manage links). A row per purpose,
 * created once (the first process to start writes it, `ON CONFLICT DO NOTHING`), so every process on one
 * database signs and checks links with the same key, and links survive restarts.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  /** base64url of 32 random bytes. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const MANAGE_DDL = `
CREATE TABLE IF NOT EXISTS server_secret (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL
);
`;
