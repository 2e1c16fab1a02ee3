/**
 * Membership purchase (spec 3 §2 "Membership purchase form", spec 1 §4 "Membership form", §5, §8): the
 * levels offered by a membership event, the member slots each level's membership rules make, and what the
 * form holds. Context is plain data.
 */

import type { AnyActorRef, DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { SurveyQuestion } from '../../domain/survey-rule';
import type { CartContext, ReserveChildEvent } from '../reserve/core/types';
import type { Message } from '../shared/messages';

/** buy: the event detail of the membership event; renew: /events/{id}/renew; gift: /events/{id}/gift. */
export type MembershipMode = 'buy' | 'renew' | 'gift';

/** Named-member roles (spec 3 §2 "Role labels for named members"); other roles read as 'member'. */
export const MEMBER_ROLES = [
  'member',
  'second-card',
  'third-card',
  'youth',
  'child',
  'caregiver',
  'guest',
  'additional-member',
] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Email per named member (spec 3 §2 `emailRequired`, per rule): yes = required, no = optional, other = hidden. */
export type EmailRequired = 'yes' | 'no' | 'other';

/** One membership rule (spec 1 §3 "Rule (membership or checkout)") as the offer loader hands it over. */
export interface MembershipRuleInput {
  ticketGroupId: string;
  /** The level (membership ticket type) the rule belongs to. */
  ticketTypeId: string;
  min: number;
  max: number;
  /** yes: named members; optional: named, all optional; no (or other): the unnamed member stepper. */
  named: string;
  emailRequired: EmailRequired;
  partyRole: string;
}

/** A level as the offer loader hands it over: a ticket type of a membership group. */
export interface LevelInput {
  id: string;
  groupId: string;
  name: string;
  description: string | null;
  priceCents: number;
  originalPriceCents: number | null;
  rank: number;
}

/** The survey of the membership group (spec 1 §3 "Survey spec"): the one survey rule's questions. */
export type { SurveyQuestion };

/** What the provided `loadOffer` actor answers. */
export interface MembershipOffer {
  levels: LevelInput[];
  rules: MembershipRuleInput[];
  survey: SurveyQuestion[];
}

/** A named member slot of a level: its role, and whether the purchaser may leave it out. */
export interface MemberSlot {
  role: MemberRole;
  optional: boolean;
  email: EmailRequired;
}

export interface MembershipLevel extends LevelInput {
  /** Required named slots first, then the optional ones, in rule order. */
  slots: MemberSlot[];
  /** The unnamed member stepper's bounds; null when the level has none. */
  unnamed: { min: number; max: number } | null;
}

/** One named member as the form holds it (spec 3 §3 "Named members entry"). */
export interface MemberEntry {
  first: string;
  last: string;
  email: string;
  /** Read-only: an existing name while membership updates are prevented. */
  disabled: boolean;
}

export interface Recipient {
  first: string;
  last: string;
  email: string;
}

/** The logged-in member as the form needs them (from the session actor), and their earlier memberships. */
export interface PurchaseMember {
  identityId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  memberships: PreviousMembership[];
}

export interface PreviousMembership {
  levelName: string;
  ticketGroupId: string | null;
  /** ISO date (YYYY-MM-DD) or date-time: when the membership ends. */
  validTo: string;
  /** Named members of the membership where known (the first is the member). */
  members?: { first: string; last: string; email: string | null }[];
}

export interface MembershipSettings {
  /** ask_to_autorenew: the auto-renew yes/no question (never when gifting). */
  askToAutorenew: boolean;
  /** The 'extend membership' checkbox is shown only when enabled. */
  extendEnabled: boolean;
  /** Membership updates prevented: existing names are read-only. */
  preventUpdates: boolean;
  /** Renewal allowed_period in days: renewing opens at expiry minus this. */
  renewalPeriodDays: number;
  /** Gift of a physical membership card: shipping 3-5 weeks is shown. */
  physicalCard: boolean;
  /** The venue's time zone: the dates the form shows are its days ('ddd, MMM D, YYYY', never ISO). */
  timezone: string;
}

export interface MembershipPurchaseInput {
  event: { id: string; name: string };
  mode: MembershipMode;
  settings: MembershipSettings;
  member: PurchaseMember | null;
  /** Tickets in the app cart when the form starts (the gift needs an empty cart). */
  cartTicketCount: number;
  /** The app cart (systemId `cart`), followed for its ticket count (null: none, e.g. in tests and stories). */
  cartActor?: AnyActorRef | null;
  /** Today (epoch ms from the injected clock), for the renewal window. */
  now: number;
}

export type FieldKey = string;

/** The input as given (`member` and `cartTicketCount` then follow the session and the app cart), and the form. */
export interface MembershipPurchaseContext extends MembershipPurchaseInput, CartContext {
  levels: MembershipLevel[];
  /** Second rules for a party role already seen on a level: logged and skipped. */
  skippedRules: MembershipRuleInput[];
  survey: SurveyQuestion[];
  levelId: string | null;
  extend: boolean;
  /** One entry per slot of the selected level (optional ones beyond `optionalCount` are not sent). */
  members: MemberEntry[];
  optionalCount: number;
  unnamedCount: number;
  answers: Record<string, string>;
  /** Auto-renew yes/no; null until answered (cleared when the level changes). */
  autoRenew: boolean | null;
  recipient: Recipient;
  /** The visitor chose to shop as a guest in the login-or-guest dialog. */
  asGuest: boolean;
  fieldErrors: Record<FieldKey, Message>;
  formError: Message | null;
  /** The renewal window opens later: its message (submit refused). */
  renewNotice: Message | null;
  /** An error that is rethrown (code_not_found): the screen throws it to the error boundary. */
  thrown: { code: string; description?: string | null } | null;
  refusals: number;
}

/** What the reserve sends (the wiring maps it to the cart call). */
export interface MembershipReserveRequest {
  eventId: string;
  ticketGroupId: string;
  levelId: string;
  members: { role: MemberRole; first: string; last: string; email: string | null }[];
  unnamedCount: number;
  answers: Record<string, string | number>;
  autoRenew: boolean | null;
  extend: boolean;
  giftee: Recipient | null;
  renew: boolean;
}

export type MemberField = 'first' | 'last' | 'email';
export type RecipientField = 'first' | 'last' | 'email';

/** What the actors the flow invokes answer: typed, so the flow reads them without casts. */
export type MembershipPurchaseActorEvent =
  | DoneActorEvent<MembershipOffer, 'loadOffer'>
  | ErrorActorEvent<unknown, 'loadOffer'>
  | ReserveChildEvent;

export type MembershipPurchaseEvent =
  | MembershipPurchaseActorEvent
  | { type: 'level.select'; levelId: string }
  | { type: 'extend.change'; value: boolean }
  | { type: 'member.change'; index: number; field: MemberField; value: string }
  | { type: 'optional.set'; count: number }
  | { type: 'unnamed.set'; count: number }
  | { type: 'survey.change'; name: string; value: string }
  | { type: 'autoRenew.set'; value: boolean }
  | { type: 'recipient.change'; field: RecipientField; value: string }
  | { type: 'submit' }
  | { type: 'back' }
  | { type: 'retry' }
  /** The session actor's member changed (logged in or out mid-form). */
  | { type: 'member.changed'; member: PurchaseMember | null }
  /** The app cart's ticket count changed. */
  | { type: 'cart.changed'; ticketCount: number }
  /** Login-or-guest dialog (gift): shop as a guest, or log in, or close it. */
  | { type: 'gift.asGuest' }
  | { type: 'gift.login' }
  | { type: 'gift.dismiss' };
