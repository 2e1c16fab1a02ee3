/**
 * View models of memberships (issue 11): what `api.membership` hands to machines and screens. Plain data;
 * machines import these types only.
 */

/** Whether a role's members are named (spec 1 §3 rule `named`): yes, optional, or no (a count only). */
export type NamedKind = 'yes' | 'no' | 'optional';
/** A named member's email (spec 3 §2 emailRequired): yes = required, no = optional, other = hidden. */
export type EmailRequired = 'yes' | 'no' | 'other';

/** One level-composition rule (GET membership_rules). */
export interface MembershipRuleModel {
  id: string;
  /** The membership group of the level. */
  ticketGroupId: string;
  /** The level (a membership ticket type). */
  ticketTypeId: string;
  partyRole: string;
  named: NamedKind;
  emailRequired: EmailRequired;
  min: number;
  max: number;
}

/** A member benefit: a level may buy a members-only type (null: any type of the group) up to a limit per event. */
export interface MembershipBenefitModel {
  id: string;
  /** The level granting it (a membership ticket type). */
  levelId: string;
  ticketGroupId: string;
  /** null: the wildcard pool (any type of the group). */
  ticketTypeId: string | null;
  /** Per event; null: only the membership's purchase limit (or unlimited). */
  limit: number | null;
}

export interface MembershipRulesModel {
  rules: MembershipRuleModel[];
  benefits: MembershipBenefitModel[];
}

/** One slot of a level's member form: a role, with how its members are entered. */
export interface MembershipSlotModel {
  partyRole: string;
  emailRequired: EmailRequired;
}

/** A membership level (a ticket type of a `membership` group) with its member slots (spec 3 §2). */
export interface MembershipLevelModel {
  /** The ticket type id: what a reserve adds. */
  id: string;
  ticketGroupId: string;
  eventId: string;
  name: string;
  description: string | null;
  amountCents: number;
  /** The discounted price (redeem sorts by it), or null. */
  discountedCents: number | null;
  rank: number;
  /** One entry per required named member, in order (the first is the primary member). */
  named: MembershipSlotModel[];
  /** One entry per optional named member (the form's yes/no radio for one, a 0..n select for more). */
  optional: MembershipSlotModel[];
  /** The unnamed member stepper (named: no roles), or null when the level has none. */
  unnamed: { partyRole: string; min: number; max: number } | null;
  /** Its rules as the server sent them, duplicates of a party role already skipped. */
  rules: MembershipRuleModel[];
  /** Party roles whose rules were duplicated (spec: 'logged and skipped'): for the caller to log. */
  skippedRoles: string[];
}

/** A membership event's purchase form data: its membership groups and levels (spec 3 §2). */
export interface MembershipEventModel {
  eventId: string;
  name: string;
  description: string | null;
  /** Membership groups, with their meta (survey: `additional_info_spec`, JSON). */
  groups: { id: string; name: string; description: string | null; meta: Record<string, string> }[];
  /** Levels by rank. */
  levels: MembershipLevelModel[];
}

/** A named member of a membership. */
export interface MembershipMemberModel {
  role: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** Auto-renew (spec 3 §4): scheduled = enrolled; cancelled; anything else = not enrolled. */
export type AutoRenewState = 'scheduled' | 'cancelled' | 'other';

/** A membership with its level and members (GET my/membership, ticket_order/{id}). */
export interface MembershipDetailModel {
  id: string;
  identityId: string;
  /** The member ID (scan code), also the membership number. */
  memberId: string;
  role: string;
  levelName: string;
  /** The level's ticket type id (renew prefills it), or null. */
  levelId: string | null;
  eventId: string | null;
  autoRenewState: AutoRenewState;
  /** ISO instants. */
  validFrom: string;
  validTo: string;
  purchaseLimit: number | null;
  ticketOrderId: string | null;
  ticketGroupId: string | null;
  members: MembershipMemberModel[];
  unnamedCount: number;
}

/** Gift code lookup (spec 3 §3). */
export interface GiftCodeModel {
  code: string;
  /** Epoch ms, or null (no bound). */
  validFrom: number | null;
  validTo: number | null;
  exhausted: boolean;
  /** Levels the code may redeem; null: any. */
  levelIds: string[] | null;
}

/** What a gift code lookup means now (spec 3 §5). */
export type GiftCodeStatus = 'valid' | 'expired' | 'exhausted';

/** The member's remaining quantity of one benefit for one event. */
export interface MemberRemainingModel {
  eventId: string;
  ticketGroupId: string;
  /** null: the wildcard pool of the group. */
  ticketTypeId: string | null;
  limit: number | null;
  used: number;
  /** null: unlimited. */
  remaining: number | null;
}

/** A membership order (the cancel auto-renew page): its memberships only. */
export interface MembershipOrderModel {
  orderId: string;
  orderNumber: string;
  identityId: string;
  memberships: MembershipDetailModel[];
}

/** One named member as the purchase form collects it. */
export interface MembershipMemberInput {
  partyRole: string;
  firstName: string;
  lastName: string;
  email?: string | null;
}

/** A membership reserve (purchase, renew, gift or redeem). */
export interface MembershipReserveRequest {
  /** The level (membership ticket type id). */
  levelId: string;
  members: MembershipMemberInput[];
  unnamedCount?: number;
  autoRenew?: boolean;
  renew?: boolean;
  /** The 'extend membership' checkbox: the new term runs on from the current membership's end. */
  extend?: boolean;
  gift?: boolean;
  /** Redeem: the 10-character gift code (spec 3 §2). */
  giftCode?: string;
  survey?: { ticketGroupId: string; data: Record<string, string | number> }[];
}

/** POST giftee (spec 3 §3 "Giftee payload"). */
export interface GifteeInput {
  firstName: string;
  lastName: string;
  email: string;
  additionalInfo?: unknown;
}
