/**
 * The gift-card ledger (issue 22; spec 2 §3 "Ledger / gift card": number, balance, state): one row per card,
 * its balance in integer cents, changed only by conditional UPDATEs (server/ledger/ledger.ts), and the card the
 * ticket that bought it issued (`ticket_id`, unique: one card per ticket, exactly once). The DDL is `LEDGER_DDL`
 * below (run at startup with the other domains', server/db.ts).
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ledger = pgTable('ledger', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  /** The ledger type the lookup and payments name (`gift_card`). */
  ledgerType: text('ledger_type').notNull(),
  /** The card number (unique per seller and type); a secret of its holder, never logged. */
  number: text('number').notNull(),
  /** What is left on the card, in cents; never below zero (a CHECK and the debit's condition). */
  balanceCents: integer('balance_cents').notNull(),
  /** active | inactive */
  state: text('state').notNull(),
  /** The ticket (of a group with handler `ledger`) that bought the card, and its order; null for seeded cards. */
  ticketId: text('ticket_id'),
  ticketOrderId: text('ticket_order_id'),
  createdAt: ts('created_at').notNull(),
});

export const LEDGER_DDL = `
CREATE TABLE IF NOT EXISTS ledger (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  ledger_type text NOT NULL,
  number text NOT NULL,
  balance_cents integer NOT NULL CHECK (balance_cents >= 0),
  state text NOT NULL,
  ticket_id text,
  ticket_order_id text,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS ledger_number_idx ON ledger (seller_id, ledger_type, number);
CREATE UNIQUE INDEX IF NOT EXISTS ledger_ticket_idx ON ledger (ticket_id);
CREATE INDEX IF NOT EXISTS ledger_order_idx ON ledger (ticket_order_id);
`;
