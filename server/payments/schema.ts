/**
 * Tables of the Stripe gateway (issue 19). Stripe cannot be searched by idempotency key, so the gateway keeps
 * its own record of each attempt's key and the PaymentIntent it made (written before the intent is confirmed),
 * which crash recovery and webhooks read; the intents an attempt booked (one attempt per intent); and the
 * webhook events handled (each once). The DDL is `PAYMENTS_DDL` below (run at startup with `server/ddl.ts`).
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One payment attempt at Stripe, by its idempotency key (`cart:{id}:attempt:{n}`). */
export const stripePayment = pgTable('stripe_payment', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  cartId: text('cart_id').notNull(),
  sellerId: text('seller_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** The client's payment method (`pm_…`) or, after a 402, the intent it confirmed (`pi_…`). */
  source: text('source').notNull(),
  /** The connected account the intent lives in (`acct_…`); null: the platform account. */
  accountId: text('account_id'),
  /** The intent; recorded before it is confirmed (null: nothing was confirmed with this key). */
  intentId: text('intent_id'),
  /** The last answer: started, succeeded, processing, requires_action, declined, invalid. */
  status: text('status').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** A succeeded intent belongs to the one attempt that may book it. */
export const stripeIntentClaim = pgTable('stripe_intent_claim', {
  intentId: text('intent_id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
});

/** Webhook events handled (Stripe delivers at least once). */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});

/**
 * A booked order's scheduled payments (issue 22; server/payments/schedule.ts): the seller's plan as it stood
 * when the deposit booked the order, one row per instalment (the deposit is the first), in due order. What is
 * left of each is derived from the order's payments (earliest instalment first), so the rows never change.
 */
export const scheduledPayment = pgTable('scheduled_payment', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').notNull(),
  ticketOrderId: text('ticket_order_id').notNull(),
  seq: integer('seq').notNull(),
  dueAt: ts('due_at').notNull(),
  amountCents: integer('amount_cents').notNull(),
});

/**
 * What the gateway reported about a completed payment after it was made (spec 2 §3 "Gateway audit"): refunds and
 * disputes from Stripe's webhooks, each recorded once (`event_id` unique: a replayed event records nothing).
 * The capture itself is the payment row.
 */
export const paymentAudit = pgTable('payment_audit', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  cartId: text('cart_id').notNull(),
  /** refund | dispute_opened | dispute_closed | dispute_fee */
  action: text('action').notNull(),
  amountCents: integer('amount_cents').notNull(),
  eventId: text('event_id').notNull(),
  occurredAt: ts('occurred_at').notNull(),
});

export const PAYMENTS_DDL = `
CREATE TABLE IF NOT EXISTS scheduled_payment (
  id text PRIMARY KEY,
  cart_id text NOT NULL,
  ticket_order_id text NOT NULL,
  seq integer NOT NULL,
  due_at timestamptz NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  UNIQUE (cart_id, seq)
);
CREATE TABLE IF NOT EXISTS payment_audit (
  id text PRIMARY KEY,
  payment_id text NOT NULL,
  cart_id text NOT NULL,
  action text NOT NULL,
  amount_cents integer NOT NULL,
  event_id text NOT NULL UNIQUE,
  occurred_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS payment_audit_cart_idx ON payment_audit (cart_id);
CREATE TABLE IF NOT EXISTS stripe_payment (
  idempotency_key text PRIMARY KEY,
  cart_id text NOT NULL,
  seller_id text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  source text NOT NULL,
  account_id text,
  intent_id text,
  status text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS stripe_payment_intent_idx ON stripe_payment (intent_id);
CREATE TABLE IF NOT EXISTS stripe_intent_claim (
  intent_id text PRIMARY KEY,
  idempotency_key text NOT NULL
);
CREATE TABLE IF NOT EXISTS stripe_event (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL
);
`;
