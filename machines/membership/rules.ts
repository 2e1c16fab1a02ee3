/**
 * Pure rules of the membership purchase form (spec 3 §2 "Membership purchase form", §4 renewal window, §5
 * validation, §8 membership submit; spec 1 §4 "Membership form", §8 duplicate party roles). No I/O, no clock:
 * `now` comes in as data.
 */

import type { MembershipReserveRequest as MembershipReserveBody } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { isEmail } from '../../domain/email';
import { membershipOutcome } from '../../domain/error-messages/membership';
import { surveyData } from '../../domain/survey-rule';
import { surveyMessages } from '../reserve/core/surveys';
import { venueDay } from '../reserve/format';
import { type Message, message } from '../shared/messages';
import {
  type EmailRequired,
  type LevelInput,
  MEMBER_ROLES,
  type MemberEntry,
  type MemberRole,
  type MemberSlot,
  type MembershipLevel,
  type MembershipOffer,
  type MembershipPurchaseContext,
  type MembershipReserveRequest,
  type MembershipRuleInput,
  type MembershipSettings,
  type PreviousMembership,
  type PurchaseMember,
} from './types';

export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
const DAY_MS = 86_400_000;
/** An unnamed-member rule whose max is below 0 allows this many (spec 1 §5). */
export const UNNAMED_DEFAULT_MAX = 10;

export function roleOf(partyRole: string): MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(partyRole) ? (partyRole as MemberRole) : 'member';
}

const count = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

/**
 * The levels with their member slots. A level's rules give, per party role: named 'yes' -> `min` required
 * named slots plus `max - min` optional ones; named 'optional' -> `max` optional named slots; anything else ->
 * the unnamed member stepper (min..max). A second rule for a party role already seen on the same level is
 * skipped (and returned, for the log).
 */
export function buildLevels(offer: Pick<MembershipOffer, 'levels' | 'rules'>): {
  levels: MembershipLevel[];
  skipped: MembershipRuleInput[];
} {
  const skipped: MembershipRuleInput[] = [];
  const levels = offer.levels.map((level): MembershipLevel => {
    const seen = new Set<string>();
    const required: MemberSlot[] = [];
    const optional: MemberSlot[] = [];
    let unnamed: { min: number; max: number } | null = null as { min: number; max: number } | null;
    for (const rule of offer.rules) {
      if (rule.ticketTypeId !== level.id) continue;
      if (seen.has(rule.partyRole)) {
        skipped.push(rule);
        continue;
      }
      seen.add(rule.partyRole);
      const role = roleOf(rule.partyRole);
      const email = rule.emailRequired;
      const min = count(rule.min);
      // Spec 1 §5: a rule max below 0 means 10 for unnamed members.
      const unnamedRule = rule.named !== 'yes' && rule.named !== 'optional';
      const max =
        unnamedRule && rule.max < 0 ? Math.max(min, UNNAMED_DEFAULT_MAX) : Math.max(min, count(rule.max));
      if (rule.named === 'yes') {
        for (let i = 0; i < min; i++) required.push({ role, optional: false, email });
        for (let i = min; i < max; i++) optional.push({ role, optional: true, email });
      } else if (rule.named === 'optional') {
        for (let i = 0; i < max; i++) optional.push({ role, optional: true, email });
      } else {
        unnamed = { min: (unnamed?.min ?? 0) + min, max: (unnamed?.max ?? 0) + max };
      }
    }
    return { ...level, slots: [...required, ...optional], unnamed };
  });
  return { levels, skipped };
}

export const levelOf = (context: Pick<MembershipPurchaseContext, 'levels' | 'levelId'>) =>
  context.levels.find((level) => level.id === context.levelId) ?? null;

export const optionalSlotCount = (level: MembershipLevel | null): number =>
  level ? level.slots.filter((slot) => slot.optional).length : 0;

/** The slots the form shows: the required ones and the first `optionalCount` optional ones. */
export function activeSlotIndexes(level: MembershipLevel | null, optionalCount: number): number[] {
  if (!level) return [];
  const out: number[] = [];
  let optionalSeen = 0;
  level.slots.forEach((slot, index) => {
    if (!slot.optional) out.push(index);
    else if (optionalSeen++ < optionalCount) out.push(index);
  });
  return out;
}

/** Everyone the membership covers: the active named members plus the unnamed ones. */
export function memberCount(
  context: Pick<MembershipPurchaseContext, 'levels' | 'levelId' | 'optionalCount' | 'unnamedCount'>,
): number {
  return activeSlotIndexes(levelOf(context), context.optionalCount).length + context.unnamedCount;
}

export const clampUnnamed = (level: MembershipLevel | null, value: number): number => {
  if (!level?.unnamed) return 0;
  return Math.min(level.unnamed.max, Math.max(level.unnamed.min, count(value)));
};

export const emailShown = (required: EmailRequired) => required !== 'other';

/** The one email rule (domain/email.ts), on the trimmed value. */
export const looksLikeEmail = (value: string) => isEmail(value.trim());

function nameErrors(
  errors: Record<string, Message>,
  prefix: string,
  entry: { first: string; last: string },
): void {
  if (!entry.first.trim()) errors[`${prefix}.first`] = message('firstNameRequired');
  else if (entry.first.trim().length > NAME_MAX)
    errors[`${prefix}.first`] = message('firstNameTooLong', { max: NAME_MAX });
  if (!entry.last.trim()) errors[`${prefix}.last`] = message('lastNameRequired');
  else if (entry.last.trim().length > NAME_MAX)
    errors[`${prefix}.last`] = message('lastNameTooLong', { max: NAME_MAX });
}

function emailError(value: string, required: boolean): Message | null {
  const email = value.trim();
  if (!email) return required ? message('emailRequired') : null;
  if (email.length > EMAIL_MAX) return message('emailTooLong', { max: EMAIL_MAX });
  return looksLikeEmail(email) ? null : message('emailInvalid');
}

/**
 * The field errors without one field's (the field was changed). Not a destructuring with a computed key and a
 * rest: Stryker's instrumenter scopes such a declaration inside the block of its key's mutant, and the rest is
 * then undefined after it (the mutation run's dry run failed with 'fieldErrors is not defined').
 */
export const withoutError = (errors: Record<string, Message>, key: string): Record<string, Message> =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => field !== key));

/** The gift's purchaser is the recipient (same email, case-insensitive). */
export function isSelfGift(
  context: Pick<MembershipPurchaseContext, 'mode' | 'member' | 'recipient'>,
): boolean {
  const own = context.member?.email?.trim().toLowerCase();
  return context.mode === 'gift' && !!own && context.recipient.email.trim().toLowerCase() === own;
}

/** Field errors of the form as typed (empty: the form may be submitted). Keys: member.{i}.first, … */
export function formErrors(context: MembershipPurchaseContext): Record<string, Message> {
  const errors: Record<string, Message> = {};
  const level = levelOf(context);
  for (const index of activeSlotIndexes(level, context.optionalCount)) {
    const entry = context.members[index];
    const emailRequired = level?.slots[index]?.email ?? 'other';
    if (!entry) continue;
    nameErrors(errors, `member.${index}`, entry);
    if (emailShown(emailRequired)) {
      const error = emailError(entry.email, emailRequired === 'yes');
      if (error) errors[`member.${index}.email`] = error;
    }
  }
  if (context.mode === 'gift') {
    nameErrors(errors, 'recipient', context.recipient);
    const error = emailError(context.recipient.email, true);
    if (error) errors['recipient.email'] = error;
  }
  // The one survey rule of every reserve (core/surveys.ts, domain/survey-rule.ts).
  const survey = surveyMessages(context.survey, context.answers);
  for (const [name, problem] of Object.entries(survey)) if (problem) errors[`survey.${name}`] = problem;
  return errors;
}

/**
 * Whether the purchase extends the purchaser's own membership: the 'extend membership' checkbox, shown only if
 * enabled (spec 3 §2), checked, and not a gift. The new term then runs on from the current membership's end,
 * so the server takes it before renewing opens.
 */
export const isExtending = (context: Pick<MembershipPurchaseContext, 'mode' | 'settings' | 'extend'>) =>
  context.mode !== 'gift' && context.settings.extendEnabled && context.extend;

/**
 * The refusal of a submit that passes the field checks, or null: members, self gift, the gift's cart, and a
 * renewal not open yet (unless extending).
 */
export function submitRefusal(context: MembershipPurchaseContext): Message | null {
  if (memberCount(context) < 1) return message('membersRequired');
  if (isSelfGift(context)) return message('giftSelf');
  if (context.mode === 'gift' && context.cartTicketCount > 0) return message('giftCartNotEmpty');
  return isExtending(context) ? null : context.renewNotice;
}

/** The membership the renewal extends: the one ending last. */
export function latestMembership(member: PurchaseMember | null): PreviousMembership | null {
  const all = member?.memberships ?? [];
  return all.reduce<PreviousMembership | null>(
    (latest, m) => (latest === null || Date.parse(m.validTo) > Date.parse(latest.validTo) ? m : latest),
    null,
  );
}

/** Renewal opens at expiry minus the allowed period (spec 3 §4); epoch ms, or null without a membership. */
export function renewalOpensAt(previous: PreviousMembership | null, periodDays: number): number | null {
  if (!previous) return null;
  const end = Date.parse(previous.validTo);
  return Number.isFinite(end) ? end - count(periodDays) * DAY_MS : null;
}

/** The renew context's notice when renewing is not yet allowed, else null. */
export function renewNoticeOf(
  mode: MembershipPurchaseContext['mode'],
  member: PurchaseMember | null,
  settings: Pick<MembershipSettings, 'renewalPeriodDays' | 'timezone'>,
  now: number,
): Message | null {
  if (mode !== 'renew') return null;
  const opens = renewalOpensAt(latestMembership(member), settings.renewalPeriodDays);
  if (opens === null || now >= opens) return null;
  return message('renewNotYet', { date: { day: venueDay(opens, settings.timezone) } });
}

function blankEntries(level: MembershipLevel | null): MemberEntry[] {
  return (level?.slots ?? []).map(() => ({ first: '', last: '', email: '', disabled: false }));
}

/** The previous membership's level: same name, else the only level of its ticket group. */
export function previousLevel(
  levels: readonly MembershipLevel[],
  previous: PreviousMembership | null,
): MembershipLevel | null {
  if (!previous) return null;
  const byName = levels.find((l) => l.name.trim().toLowerCase() === previous.levelName.trim().toLowerCase());
  if (byName) return byName;
  const inGroup = levels.filter((l) => l.groupId === previous.ticketGroupId);
  return inGroup.length === 1 ? (inGroup[0] ?? null) : null;
}

/**
 * Entries for `level`: in a renew context the previous membership's members (else the member's own name in
 * the first slot), read-only where a name exists and membership updates are prevented.
 */
export function prefilledEntries(
  level: MembershipLevel | null,
  context: Pick<MembershipPurchaseContext, 'mode' | 'member' | 'settings'>,
): MemberEntry[] {
  const entries = blankEntries(level);
  if (context.mode !== 'renew' || !context.member) return entries;
  const previous = latestMembership(context.member);
  const people = previous?.members?.length
    ? previous.members
    : [
        {
          first: context.member.firstName ?? '',
          last: context.member.lastName ?? '',
          email: context.member.email,
        },
      ];
  return entries.map((entry, index) => {
    const person = people[index];
    if (!person) return entry;
    const named = !!(person.first.trim() || person.last.trim());
    return {
      first: person.first,
      last: person.last,
      email: person.email ?? '',
      disabled: named && context.settings.preventUpdates,
    };
  });
}

/** How many optional slots the prefilled entries use (the renew context shows those already named). */
export function prefilledOptionalCount(
  level: MembershipLevel | null,
  entries: readonly MemberEntry[],
): number {
  if (!level) return 0;
  return level.slots.filter((slot, i) => slot.optional && (entries[i]?.first.trim() ?? '') !== '').length;
}

/** The level to select when the form opens: the only one, or (renew) the previous membership's. */
export function initialLevel(
  levels: readonly MembershipLevel[],
  context: Pick<MembershipPurchaseContext, 'mode' | 'member'>,
): MembershipLevel | null {
  if (levels.length === 1) return levels[0] ?? null;
  return context.mode === 'renew' ? previousLevel(levels, latestMembership(context.member)) : null;
}

/** The reserve request of a valid form (only the active members, trimmed; emails only when asked). */
export function reserveRequestOf(context: MembershipPurchaseContext): MembershipReserveRequest {
  const level = levelOf(context);
  if (!level) throw new Error('membership reserve without a level');
  return {
    eventId: context.event.id,
    ticketGroupId: level.groupId,
    levelId: level.id,
    members: activeSlotIndexes(level, context.optionalCount).map((index) => {
      const entry = context.members[index] ?? { first: '', last: '', email: '' };
      const email = entry.email.trim();
      const withEmail = emailShown(level.slots[index]?.email ?? 'other');
      return {
        role: level.slots[index]?.role ?? 'member',
        first: entry.first.trim(),
        last: entry.last.trim(),
        email: withEmail && email ? email : null,
      };
    }),
    unnamedCount: context.unnamedCount,
    // Trimmed, empty answers dropped, numbers converted (domain/survey-rule.ts).
    answers: surveyData(context.survey, context.answers),
    autoRenew: context.mode === 'gift' || !context.settings.askToAutorenew ? null : context.autoRenew,
    // Extending is the purchaser's own membership: never with a gift (the server refuses it).
    extend: isExtending(context),
    giftee: gifteeOf(context),
    renew: context.mode === 'renew',
  };
}

/** The gift's recipient as the reserve keeps it for checkout (trimmed), or null when not gifting. */
export function gifteeOf(context: Pick<MembershipPurchaseContext, 'mode' | 'recipient'>) {
  return context.mode === 'gift'
    ? {
        first: context.recipient.first.trim(),
        last: context.recipient.last.trim(),
        email: context.recipient.email.trim(),
      }
    : null;
}

/** Spec 3 §8 membership submit: code_not_found is rethrown; the rest go through the membership outcome. */
export type SubmitErrorOutcome =
  | { kind: 'rethrow' }
  | { kind: 'ignore' }
  | { kind: 'show'; message: Message };

export function submitErrorOutcome(error: {
  code: string;
  context?: string | null;
  description?: string | null;
  extra?: unknown;
}): SubmitErrorOutcome {
  if (error.code === ErrorCode.code_not_found) return { kind: 'rethrow' };
  const outcome = membershipOutcome(error);
  return outcome.kind === 'ignore' ? { kind: 'ignore' } : { kind: 'show', message: outcome.message };
}

/** Levels as the offer hands them, sorted by rank then price (the radio list's order). */
export const sortLevels = <T extends LevelInput>(levels: readonly T[]): T[] =>
  [...levels].sort((a, b) => a.rank - b.rank || a.priceCents - b.priceCents);

/** The form's request as the membership reserve call takes it (the body the reserve core posts). */
export function membershipReserveBody(request: MembershipReserveRequest): MembershipReserveBody {
  const out: MembershipReserveBody = {
    levelId: request.levelId,
    members: request.members.map((m) => ({
      partyRole: m.role,
      firstName: m.first,
      lastName: m.last,
      ...(m.email ? { email: m.email } : {}),
    })),
  };
  if (request.unnamedCount > 0) out.unnamedCount = request.unnamedCount;
  if (request.autoRenew !== null) out.autoRenew = request.autoRenew;
  if (request.renew) out.renew = true;
  if (request.extend) out.extend = true;
  if (request.giftee) out.gift = true;
  if (Object.keys(request.answers).length > 0)
    out.survey = [{ ticketGroupId: request.ticketGroupId, data: request.answers }];
  return out;
}
