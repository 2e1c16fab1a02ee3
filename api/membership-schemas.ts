/**
 * Wire shapes of the membership calls (issue 11; spec 3 §3, §7; spec 1 §7; spec 2 §7). Only the membership
 * client (`./membership-client`, loaded on demand) imports this module at run time; the server imports it for
 * the request bodies and the answers it builds (`server/memberships/*.ts`).
 *
 * Calls (documented in `server/README.md` "Memberships"):
 * - GET membership_rules?_embed=ticket_type&_limit=1000 → `{ membership_rules, membership_benefit, ticket_type }`
 * - GET gift_code/{code} (path ours: the spec does not show it) → `{ gift_code }`; 404 not_found (gift_code)
 * - GET my/membership (spec 3 §7 embeds) → `{ membership, identity_link, ticket_order, ticket, ticket_type,
 *   event_template, ticket_group }`
 * - GET my/membership/remaining?event_template_id= → `{ member_remaining }` (spec 1 "member remaining quantity")
 * - GET ticket_order/{id} with `ticket_group.handler._in=membership` → order document + `membership`, `identity_link`
 * - DELETE ticket_order/{id}/auto_renew → `{ membership }` (the order's memberships after)
 * - GET my/identity/saved_payment_method → `{ saved_payment_method }` (empty collection: no saved card)
 * - POST giftee → `{ identity }` (its id is the giftee identity id)
 * - POST my/cart/{id}/gift_checkout, POST cart/{id}/gift_checkout `{ giftee_identity_id }` → the cart document
 * - POST my/cart/modify, my/cart/{id}/modify with `membership` (see `membershipReserve`)
 */
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../domain/email';
import { membership } from './member-schemas';
import { collection, eventTemplate, identity, ticket, ticketGroup, ticketOrder, ticketType } from './schemas';

const id = z.string();
const isoTime = z.string();
const nullableString = z.nullable(z.string());

/** Whether a party role's members are named: yes (names required), optional (0..max named), no (a count). */
export const namedKind = z.enum(['yes', 'no', 'optional']);
/**
 * The email of a named member (spec 3 §2 "emailRequired (yes, no, other)"): yes = required, no = optional,
 * other = hidden (not asked).
 */
export const emailedKind = z.enum(['yes', 'no', 'other']);

/**
 * A level-composition rule (spec 1 §3 "Rule (membership …)"): the level is the membership ticket type
 * `ticket_type_id` of the membership group `ticket_group_id`; `party_role` slots with `min..max` members.
 */
export const membershipRule = z.object({
  id,
  ticket_group_id: id,
  ticket_type_id: id,
  party_role: z.string(), // member | second-card | third-card | youth | child | caregiver | guest | additional-member
  named: namedKind,
  emailed: emailedKind,
  min: z.number(),
  max: z.number(),
});

/**
 * A member benefit: holders of the level `membership_type_id` may buy the members-only ticket type
 * `ticket_type_id` of `ticket_group_id` (null: any type of the group, a wildcard pool), at most `limit` per event
 * (null: only the membership's `member_event_purchase_limit`, or unlimited).
 */
export const membershipBenefit = z.object({
  id,
  membership_type_id: id,
  ticket_group_id: id,
  ticket_type_id: z.nullable(id),
  limit: z.nullable(z.number()),
});

export const membershipRulesDocument = z.object({
  membership_rules: z.optional(collection(membershipRule)),
  membership_benefit: z.optional(collection(membershipBenefit)),
  ticket_type: z.optional(collection(ticketType)),
});

/** Gift code lookup (spec 3 §3): the client judges validity (valid_from ≤ now ≤ valid_to, not exhausted). */
export const giftCode = z.object({
  code: z.string(),
  valid_from: z.nullable(isoTime),
  valid_to: z.nullable(isoTime),
  exhausted: z.boolean(),
  /** The levels (membership ticket types) the code may redeem; null: any level. */
  ticket_type_ids: z.nullable(z.array(id)),
});
export const giftCodeDocument = z.object({ gift_code: collection(giftCode) });

/** A named member of a membership (the spec's `identity_link` embed): role and details. */
export const identityLink = z.object({
  id,
  membership_id: id,
  role: z.string(),
  first_name: nullableString,
  last_name: nullableString,
  email: nullableString,
});

/**
 * A membership with its level (the membership ticket type) and event, as the membership calls answer it: the
 * fields of `member-schemas` `membership` plus these (written out: `z.extend` would add zod code that the
 * first-load bundle then carries, as zod is shared).
 */
export const membershipDetail = z.object({
  ...membership.shape,
  ticket_type_id: z.nullable(id),
  event_template_id: z.nullable(id),
  /** Unnamed members (the level's `named: no` roles) bought with it. */
  unnamed_count: z.number(),
});

export const membershipDocument = z.object({
  membership: z.optional(collection(membershipDetail)),
  identity_link: z.optional(collection(identityLink)),
  ticket_order: z.optional(collection(ticketOrder)),
  ticket: z.optional(collection(ticket)),
  ticket_type: z.optional(collection(ticketType)),
  ticket_group: z.optional(collection(ticketGroup)),
  event_template: z.optional(collection(eventTemplate)),
});

/** The member's remaining quantity per benefit for one event (spec 1 §4 "member remaining quantity"). */
export const memberRemaining = z.object({
  event_template_id: id,
  ticket_group_id: id,
  ticket_type_id: z.nullable(id), // null: the wildcard pool of the group
  limit: z.nullable(z.number()), // null: unlimited
  used: z.number(),
  remaining: z.nullable(z.number()),
});
export const memberRemainingDocument = z.object({ member_remaining: collection(memberRemaining) });

export const savedPaymentMethod = z.object({ id, identifier: z.string() });
export const savedPaymentMethodDocument = z.object({
  saved_payment_method: collection(savedPaymentMethod),
});

export const gifteeDocument = z.object({ identity: collection(identity) });

/* ---------------------------------------------------------------- request bodies */

/** POST giftee (spec 3 §7). */
export const gifteeBody = z.object({
  first_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
  last_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
  email: z.string().check(z.trim(), z.maxLength(254), z.email({ pattern: EMAIL_PATTERN })),
  additional_info: z.optional(z.unknown()),
});

/** POST (my/)cart/{id}/gift_checkout (spec 2 §7). */
export const giftCheckoutBody = z.object({ giftee_identity_id: id });
/**
 * POST my/cart/{id}/guest_checkout { guest_identity_id, giver_identity_id } (spec 2 §7): a member's gift that has
 * nothing to pay, booked for the guest (the giftee) with the member as the giver (server/README.md, Gifts).
 */
export const giftFreeCheckoutBody = z.object({
  guest_identity_id: id,
  giver_identity_id: id,
  send_email: z.optional(z.boolean()),
});

/** One named member of a membership reserve. */
export const reserveMember = z.object({
  party_role: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.optional(z.nullable(z.string())),
});

/**
 * The `membership` part of a reserve (POST my/cart/modify) whose `add` holds one line of a level (a membership
 * ticket type, `event_session_id: null`): the named members, the unnamed count, survey answers, auto-renew,
 * renew, extend, gift, and redeem with its gift code (spec 3 §7 "Reserve for redeem").
 */
export const membershipReserve = z.object({
  members: z.optional(z.array(reserveMember)),
  unnamed: z.optional(z.number()),
  auto_renew: z.optional(z.boolean()),
  renew: z.optional(z.boolean()),
  /** Extend the purchaser's current membership (the event's 'extend membership' checkbox). */
  extend: z.optional(z.boolean()),
  gift: z.optional(z.boolean()),
  redeem: z.optional(z.boolean()),
  gift_code: z.optional(z.string()),
  survey: z.optional(
    z.array(z.object({ ticket_group_id: id, data: z.record(z.string(), z.union([z.string(), z.number()])) })),
  ),
});

export type MembershipRule = z.infer<typeof membershipRule>;
export type MembershipBenefit = z.infer<typeof membershipBenefit>;
export type GiftCode = z.infer<typeof giftCode>;
export type IdentityLink = z.infer<typeof identityLink>;
export type MembershipDetail = z.infer<typeof membershipDetail>;
export type MemberRemaining = z.infer<typeof memberRemaining>;
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethod>;
export type GifteeBody = z.infer<typeof gifteeBody>;
export type GiftCheckoutBody = z.infer<typeof giftCheckoutBody>;
export type GiftFreeCheckoutBody = z.infer<typeof giftFreeCheckoutBody>;
export type MembershipReserveBody = z.infer<typeof membershipReserve>;
export type NamedKind = z.infer<typeof namedKind>;
export type EmailedKind = z.infer<typeof emailedKind>;
