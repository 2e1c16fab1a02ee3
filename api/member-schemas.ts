/**
 * Wire shapes of the member documents (spec 3 §7): POST login, GET my/user, PATCH my/user/{id}, PUT my/user and
 * POST user answer `{ user, identity, meta? }` (+ `session` on login); GET my/membership
 * `{ membership, ticket_order?, … }`; POST password_reset/validate `{ identity }`. Only the members client
 * (loaded on demand) imports this module at run time; api/schemas.ts re-exports its types.
 */
import * as z from 'zod/mini';
import { collection, eventTemplate, meta, ticketGroup, ticketOrder, ticketType } from './schemas';

const id = z.string();
const isoTime = z.string();
const nullableString = z.nullable(z.string());

/** A user account (login); its person is the identity `identity_id`. */
export const user = z.object({
  id,
  identity_id: id,
  email: nullableString, // may be a NO_EMAIL_PREFIX placeholder
  has_password: z.boolean(),
  test_account: z.boolean(), // test accounts count as having a real email even with the placeholder
});

/** A member's identity (spec 3 §3): the shared identity shape plus its meta as `meta` rows (resource identity). */
export const memberIdentity = z.object({
  id,
  first_name: nullableString,
  last_name: nullableString,
  email: nullableString,
  type: z.string(), // member | guest | public
  additional_info: z.optional(z.nullable(z.unknown())),
});

/** The session a login opened: when it ends (the same instant as the expiry cookie). */
export const session = z.object({ expires_at: isoTime });

/** A membership (spec 3 §3), as GET my/membership answers it. */
export const membership = z.object({
  id,
  identity_id: id,
  scan_code: z.string(), // the membership number / member ID
  role: z.string(), // primary | second-card | …
  level_name: z.string(),
  auto_renew_state: z.string(), // scheduled | cancelled | other
  valid_from: isoTime,
  valid_to: isoTime,
  member_event_purchase_limit: z.nullable(z.number()),
  ticket_order_id: z.nullable(id),
  ticket_group_id: z.nullable(id),
});

/**
 * Member documents: POST login, GET my/user, PATCH my/user/{id}, PUT my/user, POST user answer
 * `{ user, identity, meta? }` (+ `session` on login); GET my/membership `{ membership, ticket_order?, … }`;
 * POST password_reset/validate `{ identity }`. Unknown keys are ignored.
 */
export const memberDocument = z.object({
  user: z.optional(collection(user)),
  identity: z.optional(collection(memberIdentity)),
  meta: z.optional(collection(meta)),
  session: z.optional(collection(session)),
  membership: z.optional(collection(membership)),
  ticket_order: z.optional(collection(ticketOrder)),
  ticket_type: z.optional(collection(ticketType)),
  ticket_group: z.optional(collection(ticketGroup)),
  event_template: z.optional(collection(eventTemplate)),
});

export type User = z.infer<typeof user>;
export type MemberIdentity = z.infer<typeof memberIdentity>;
export type Membership = z.infer<typeof membership>;
export type MemberDocument = z.infer<typeof memberDocument>;
