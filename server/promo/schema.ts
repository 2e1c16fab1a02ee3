/**
 * Tables of promo codes and cart mods (issue 21): code groups (validity, uses per code and per customer, the
 * ticket groups a code unlocks), codes (unique per seller case-insensitively, a uses counter), cart mods (the
 * discount rules, automatic or activated by code groups, blocking checkout until a code is given) and the codes
 * applied to carts (the use each holds until the order completes or the cart ends unbooked). The DDL is
 * `PROMO_DDL` below (run at startup after the other domains').
 */
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A code group: what its codes share (validity window, use limits, the ticket groups they unlock). */
export const promoCodeGroup = pgTable('promo_code_group', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  name: text('name').notNull(),
  /** What the code gives, in words (the banner and the lookup show it). */
  description: text('description'),
  validFrom: ts('valid_from'),
  validTo: ts('valid_to'),
  /** Uses of each code of the group (null: unlimited); a code's own `max_uses` wins when set. */
  usesPerCode: integer('uses_per_code'),
  /** Uses of the group's codes per customer (null: unlimited), counted over carts held and orders booked. */
  usesPerCustomer: integer('uses_per_customer'),
  /** Ticket groups whose tickets may be reserved only with a code of this group (code-required groups). */
  unlocksTicketGroupIds: jsonb('unlocks_ticket_group_ids').$type<string[]>().notNull(),
  /** Whether `GET code/{code}?mode=advertise` shows the group's codes (banners). */
  advertise: boolean('advertise').notNull(),
});

/** A code of a group: its text (unique per seller, case-insensitively) and how often it was used. */
export const promoCode = pgTable('promo_code', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  codeGroupId: text('code_group_id').notNull(),
  code: text('code').notNull(),
  /** Null: the group's `uses_per_code`. */
  maxUses: integer('max_uses'),
  /** Uses held by carts and consumed by orders; changed only by conditional UPDATEs. */
  usedCount: integer('used_count').notNull(),
});

/**
 * A cart mod: a discount (percent in basis points or fixed cents) over a scope (a ticket type, a ticket group, an
 * event or the whole cart), with an optional minimum quantity of scoped tickets; automatic (for everyone, or for
 * members only) or activated by a code of one of `activating_code_group_ids`. A `blocking_checkout` mod blocks
 * the payment of a cart with scoped tickets until a code of its activating groups is applied.
 */
export const cartMod = pgTable('cart_mod', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  /** Percent off in basis points (1000 = 10 %), or null. */
  percentBp: integer('percent_bp'),
  /** Cents off (per ticket for a ticket-type, group or event scope; once for the cart scope), or null. */
  fixedCents: integer('fixed_cents'),
  /** ticket_type | ticket_group | event_template | cart */
  scope: text('scope').notNull(),
  scopeId: text('scope_id'),
  minQuantity: integer('min_quantity'),
  /** Applies without a code: 'all' | 'members' (a current membership); null: only through its code groups. */
  automatic: text('automatic'),
  activatingCodeGroupIds: jsonb('activating_code_group_ids').$type<string[]>().notNull(),
  blockingCheckout: boolean('blocking_checkout').notNull(),
  /** Shown as a promo banner of the seller (`seller`) or of its scope's event (`event_template`); null: no banner. */
  bannerResource: text('banner_resource'),
  rank: integer('rank').notNull(),
});

/** A code applied to a cart: the use it holds (`held`), given back (`released`) or kept by an order (`consumed`). */
export const cartCode = pgTable('cart_code', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').notNull(),
  sellerId: text('seller_id').notNull(),
  codeId: text('code_id').notNull(),
  codeGroupId: text('code_group_id').notNull(),
  state: text('state').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const PROMO_DDL = `
CREATE TABLE IF NOT EXISTS promo_code_group (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  name text NOT NULL,
  description text,
  valid_from timestamptz,
  valid_to timestamptz,
  uses_per_code integer,
  uses_per_customer integer,
  unlocks_ticket_group_ids jsonb NOT NULL DEFAULT '[]',
  advertise boolean NOT NULL DEFAULT false
);
CREATE TABLE IF NOT EXISTS promo_code (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  code_group_id text NOT NULL,
  code text NOT NULL,
  max_uses integer,
  used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0)
);
CREATE UNIQUE INDEX IF NOT EXISTS promo_code_seller_code_idx ON promo_code (seller_id, lower(code));
CREATE TABLE IF NOT EXISTS cart_mod (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  name text NOT NULL,
  description text,
  percent_bp integer,
  fixed_cents integer,
  scope text NOT NULL,
  scope_id text,
  min_quantity integer,
  automatic text,
  activating_code_group_ids jsonb NOT NULL DEFAULT '[]',
  blocking_checkout boolean NOT NULL DEFAULT false,
  banner_resource text,
  rank integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS cart_mod_seller_idx ON cart_mod (seller_id);
CREATE TABLE IF NOT EXISTS cart_code (
  id text PRIMARY KEY,
  cart_id text NOT NULL,
  seller_id text NOT NULL,
  code_id text NOT NULL,
  code_group_id text NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS cart_code_cart_code_idx ON cart_code (cart_id, code_id);
CREATE INDEX IF NOT EXISTS cart_code_group_idx ON cart_code (code_group_id, state);
`;
