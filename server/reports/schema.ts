/**
 * Error reports (issue 26; spec 3 §8 error reporting): what storefronts report through the default adapter,
 * redacted before it is stored (server/reports/redact.ts), kept for the seller.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const errorReport = pgTable('error_report', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** `api` (a call answered with an error), `render` (a screen failed), `rejection` (an unhandled rejection). */
  kind: text('kind').notNull(),
  message: text('message').notNull(),
  code: text('code'),
  status: integer('status'),
  /** The API call (method and path, no query). */
  call: text('call'),
  /** The storefront route (path, no query). */
  page: text('page').notNull(),
});

export const REPORTS_DDL = `
CREATE TABLE IF NOT EXISTS error_report (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  created_at timestamptz NOT NULL,
  kind text NOT NULL,
  message text NOT NULL,
  code text,
  status integer,
  call text,
  page text NOT NULL
);
CREATE INDEX IF NOT EXISTS error_report_seller_idx ON error_report (seller_id, created_at);
`;
