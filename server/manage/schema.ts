/**
 * Order self-service (issue 24): the server's own secrets (the key that signs manage links). A row per purpose,
 * created once (the first process to start writes it, `ON CONFLICT DO NOTHING`), so every process on one
 * database signs and checks links with the same key, and links survive restarts.
 */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  /** base64url of 32 random bytes. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * An order-bound cart (spec 2 §4 "Edit order", "Reschedule"): a cart whose confirmation changes the order
 * `ticket_order_id` instead of booking a new one. Its tickets are the ones added (held like any cart's, they
 * expire with it); `removed` lists the order's booked tickets the change gives up (they stay booked until the
 * change is confirmed) and `credit_cents` what they cost, which counts as paid towards the cart.
 */
export const orderEdit = pgTable('order_edit', {
  cartId: text('cart_id').primaryKey(),
  ticketOrderId: text('ticket_order_id').notNull(),
  removed: jsonb('removed').$type<string[]>().notNull(),
  creditCents: integer('credit_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const MANAGE_DDL = `
CREATE TABLE IF NOT EXISTS server_secret (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS order_edit (
  cart_id text PRIMARY KEY,
  ticket_order_id text NOT NULL,
  removed jsonb NOT NULL,
  credit_cents integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS order_edit_order ON order_edit (ticket_order_id);
`;
