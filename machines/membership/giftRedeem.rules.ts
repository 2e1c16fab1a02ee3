/**
 * Redeem rules (spec 3 §5 "Gift code", §9): a gift code has exactly 10 characters ('You must enter a valid
 * code'); it is expired when now is before valid_from or after valid_to ('This code has expired'); exhausted
 * is 'This code has already been redeemed'; unknown (not_found) is 'You must enter a valid code'. A valid code
 * shows at most 3 levels: the highest-rank discounted ones, sorted by discounted amount ascending then
 * currency amount descending.
 */

import type { MembershipMemberInput } from '../../api/models';
import { redeemOutcome } from '../../domain/error-messages/membership';
import { type FlowError, message } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import type { LookupCodeOutput, RedeemLevel } from './giftRedeem.types';

export const GIFT_CODE_LENGTH = 10;
export const MAX_REDEEM_LEVELS = 3;

/** Exactly 10 characters once trimmed. */
export const isGiftCode = (code: string | null | undefined): code is string =>
  typeof code === 'string' && code.trim().length === GIFT_CODE_LENGTH;

export const codeFieldError = (code: string): Message | null =>
  isGiftCode(code) ? null : message('giftCodeInvalid');

/** Now before valid_from or after valid_to. */
export function isExpired(lookup: Pick<LookupCodeOutput, 'validFrom' | 'validTo' | 'checkedAt'>): boolean {
  const { validFrom: from, validTo: to, checkedAt: now } = lookup;
  return (from !== null && now < from) || (to !== null && now > to);
}

export const isDiscounted = (level: RedeemLevel): level is RedeemLevel & { discountedAmount: number } =>
  level.discountedAmount !== null && level.discountedAmount < level.amount;

/**
 * The levels a code offers: of the levels it discounts, the 3 of highest rank, shown by discounted amount
 * ascending, then currency amount descending.
 */
export function redeemLevels(levels: readonly RedeemLevel[]): RedeemLevel[] {
  return levels
    .filter(isDiscounted)
    .sort((a, b) => b.rank - a.rank)
    .slice(0, MAX_REDEEM_LEVELS)
    .sort((a, b) => a.discountedAmount - b.discountedAmount || b.amount - a.amount);
}

/** What a lookup means: the levels to show, or the message the code field shows. */
export type LookupOutcome = { kind: 'valid'; levels: RedeemLevel[] } | { kind: 'refused'; message: Message };
export function lookupOutcome(lookup: LookupCodeOutput): LookupOutcome {
  if (lookup.exhausted) return { kind: 'refused', message: message('giftCodeRedeemed') };
  if (isExpired(lookup)) return { kind: 'refused', message: message('giftCodeExpired') };
  const levels = redeemLevels(lookup.levels);
  if (levels.length === 0) return { kind: 'refused', message: message('redeemNoLevels') };
  return { kind: 'valid', levels };
}

/** A failed lookup: unknown codes are 'You must enter a valid code'; anything else as redeem shows it. */
export function lookupErrorMessage(error: FlowError): Message {
  const outcome = redeemOutcome(error);
  return outcome.kind === 'ignore' ? message('errorUnexpectedLater') : outcome.message;
}

/**
 * A failed reserve: the code spent, expired or unknown meanwhile reads as its lookup message; otherwise as the
 * membership submit shows it (rule_blocks_reserve in checkout_rules and validate_not_email not shown: null).
 */
export function reserveErrorMessage(error: FlowError & { context?: string | null }): Message | null {
  const outcome = redeemOutcome({ ...error, context: error.context ?? null });
  return outcome.kind === 'ignore' ? null : outcome.message;
}

/** The named members the redeem form collected (it hands them over as `details.members`). */
export function membersOf(details: unknown): MembershipMemberInput[] {
  const members = (details as { members?: unknown } | null)?.members;
  return Array.isArray(members) ? (members as MembershipMemberInput[]) : [];
}
