/**
 * Tables of memberships (issue 11): level terms and purchase limits, level-composition rules, member benefits,
 * gift codes, the membership part of a reserve (per membership ticket), gifts (a cart's giftee), named members
 * of a membership, and saved cards. The DDL is `MEMBERSHIP_DDL` below (run at startup after `MEMBERS_DDL`);
 * it also adds the level, event and unnamed count columns to `member_membership`.
 */
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A membership level (a ticket type of a `membership` group): its term and member benefit limit. */
export const membershipLevel = pgTable('membership_level', {
  ticketTypeId: text('ticket_type_id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  termMonths: integer('term_months').notNull(),
  /** member_event_purchase_limit: member tickets per event over all benefits (the wildcard pool); null none. */
  purchaseLimit: integer('purchase_limit'),
});

/** A level-composition rule: the level's `party_role` members, named yes/no/optional, min..max. */
export const membershipRule = pgTable('membership_rule', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  ticketGroupId: text('ticket_group_id').notNull(),
  ticketTypeId: text('ticket_type_id').notNull(),
  partyRole: text('party_role').notNull(),
  named: text('named').notNull(),
  emailed: text('emailed').notNull(),
  min: integer('min').notNull(),
  max: integer('max').notNull(),
  rank: integer('rank').notNull(),
});

/** A member benefit: the level may buy a members-only type (null: any of the group) up to `limit` per event. */
export const membershipBenefit = pgTable('membership_benefit', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  membershipTypeId: text('membership_type_id').notNull(),
  ticketGroupId: text('ticket_group_id').notNull(),
  ticketTypeId: text('ticket_type_id'),
  limit: integer('limit_per_event'),
});

/** A gift membership code: redeemed at most `max_redemptions` times, between valid_from and valid_to. */
export const giftCode = pgTable('gift_code', {
  code: text('code').notNull(),
  sellerId: text('seller_id').notNull(),
  validFrom: ts('valid_from'),
  validTo: ts('valid_to'),
  maxRedemptions: integer('max_redemptions').notNull(),
  redeemedCount: integer('redeemed_count').notNull(),
  ticketTypeIds: jsonb('ticket_type_ids').$type<string[] | null>(),
  /** The order that paid for the code (a gift to someone who already held a membership); null: issued otherwise. */
  ticketOrderId: text('ticket_order_id'),
});

/** The membership part of a reserve, per membership ticket: members, flags, the gift code it redeemed. */
export const cartMembership = pgTable('cart_membership', {
  ticketId: text('ticket_id').primaryKey(),
  cartId: text('cart_id').notNull(),
  members: jsonb('members')
    .$type<{ party_role: string; first_name: string; last_name: string; email: string | null }[]>()
    .notNull(),
  unnamed: integer('unnamed').notNull(),
  autoRenew: boolean('auto_renew').notNull(),
  renew: boolean('renew').notNull(),
  gift: boolean('gift').notNull(),
  giftCode: text('gift_code'),
  /** The gift code's use: 'held' by this cart, 'released' (given back) or 'consumed' (booked); null: no code. */
  giftCodeState: text('gift_code_state'),
  survey: jsonb('survey'),
});

/** A cart paid as a gift: the giftee identity receives its memberships. */
export const cartGift = pgTable('cart_gift', {
  cartId: text('cart_id').primaryKey(),
  gifteeIdentityId: text('giftee_identity_id').notNull(),
});

/** A named member of a membership (the `identity_link` embed). */
export const membershipMember = pgTable('membership_member', {
  id: text('id').primaryKey(),
  membershipId: text('membership_id').notNull(),
  role: text('role').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  rank: integer('rank').notNull(),
});

/** A card saved for auto-renew: only its display identifier. */
export const savedPaymentMethod = pgTable('saved_payment_method', {
  id: text('id').primaryKey(),
  identityId: text('identity_id').notNull(),
  identifier: text('identifier').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const MEMBERSHIP_DDL = `
CREATE TABLE IF NOT EXISTS membership_level (
  ticket_type_id text PRIMARY KEY,
  seller_id text NOT NULL,
  term_months integer NOT NULL,
  purchase_limit integer
);
CREATE TABLE IF NOT EXISTS membership_rule (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  ticket_group_id text NOT NULL,
  ticket_type_id text NOT NULL,
  party_role text NOT NULL,
  named text NOT NULL,
  emailed text NOT NULL,
  min integer NOT NULL,
  max integer NOT NULL,
  rank integer NOT NULL
);
CREATE INDEX IF NOT EXISTS membership_rule_seller_idx ON membership_rule (seller_id);
CREATE TABLE IF NOT EXISTS membership_benefit (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  membership_type_id text NOT NULL,
  ticket_group_id text NOT NULL,
  ticket_type_id text,
  limit_per_event integer
);
CREATE INDEX IF NOT EXISTS membership_benefit_seller_idx ON membership_benefit (seller_id);
CREATE TABLE IF NOT EXISTS gift_code (
  code text NOT NULL,
  seller_id text NOT NULL,
  valid_from timestamptz,
  valid_to timestamptz,
  max_redemptions integer NOT NULL,
  redeemed_count integer NOT NULL,
  ticket_type_ids jsonb,
  PRIMARY KEY (seller_id, code)
);
CREATE TABLE IF NOT EXISTS cart_membership (
  ticket_id text PRIMARY KEY,
  cart_id text NOT NULL,
  members jsonb NOT NULL,
  unnamed integer NOT NULL,
  auto_renew boolean NOT NULL,
  renew boolean NOT NULL,
  gift boolean NOT NULL,
  gift_code text,
  survey jsonb
);
CREATE INDEX IF NOT EXISTS cart_membership_cart_idx ON cart_membership (cart_id);
CREATE TABLE IF NOT EXISTS cart_gift (
  cart_id text PRIMARY KEY,
  giftee_identity_id text NOT NULL
);
CREATE TABLE IF NOT EXISTS membership_member (
  id text PRIMARY KEY,
  membership_id text NOT NULL,
  role text NOT NULL,
  first_name text,
  last_name text,
  email text,
  rank integer NOT NULL
);
CREATE INDEX IF NOT EXISTS membership_member_membership_idx ON membership_member (membership_id);
CREATE TABLE IF NOT EXISTS saved_payment_method (
  id text PRIMARY KEY,
  identity_id text NOT NULL,
  identifier text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_payment_method_identity_idx ON saved_payment_method (identity_id);
ALTER TABLE member_membership ADD COLUMN IF NOT EXISTS ticket_type_id text;
ALTER TABLE member_membership ADD COLUMN IF NOT EXISTS event_template_id text;
ALTER TABLE member_membership ADD COLUMN IF NOT EXISTS unnamed_count integer NOT NULL DEFAULT 0;
ALTER TABLE cart_membership ADD COLUMN IF NOT EXISTS gift_code_state text;
ALTER TABLE gift_code ADD COLUMN IF NOT EXISTS ticket_order_id text;
CREATE INDEX IF NOT EXISTS gift_code_order_idx ON gift_code (ticket_order_id);
`;
