/**
 * City-pass redemptions (issue 21): a voucher is redeemed once per seller. A row per voucher a cart holds
 * (`held`), gave back when the cart ended unbooked (`released`) or kept by its order (`consumed`); a partial
 * unique index over (seller, voucher) of the rows not released makes a second hold impossible, also under
 * concurrency. DDL: `CITYPASS_DDL` (run at startup after the other domains').
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const citypassRedemption = pgTable('citypass_redemption', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  /** Trimmed, upper case (domain/citypass-rule.ts `voucherKey`). */
  voucher: text('voucher').notNull(),
  cartId: text('cart_id').notNull(),
  ticketId: text('ticket_id').notNull(),
  state: text('state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const CITYPASS_DDL = `
CREATE TABLE IF NOT EXISTS citypass_redemption (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  voucher text NOT NULL,
  cart_id text NOT NULL,
  ticket_id text NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS citypass_redemption_once_idx ON citypass_redemption (seller_id, voucher)
  WHERE state <> 'released';
CREATE INDEX IF NOT EXISTS citypass_redemption_cart_idx ON citypass_redemption (cart_id, state);
CREATE INDEX IF NOT EXISTS citypass_redemption_ticket_idx ON citypass_redemption (ticket_id);
`;
