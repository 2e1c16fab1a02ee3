/** Membership purchase, redeem, gift and auto-renew errors (spec 3 §8). */
import { ErrorCode } from '../codes';
import { formatDay } from '../zoned-day';
import {
  described,
  type ErrorLike,
  type ErrorOutcome,
  genericMessageKey,
  isNotFound,
  record,
  show,
  text,
} from './base';

/** Membership submit ignores rule_blocks_reserve (checkout_rules) and validate_not_email in its display. */
export function membershipOutcome(error: ErrorLike): ErrorOutcome {
  if (
    (error.code === ErrorCode.rule_blocks_reserve && error.context === 'checkout_rules') ||
    error.code === ErrorCode.validate_not_email
  )
    return { kind: 'ignore' };
  if (error.code === ErrorCode.renewal_not_open) {
    // The seller's day renewing opens, carried as a day the view writes in the visitor's locale, as the renew
    // form's own notice is ('Sat, Nov 21, 2026'); anything that is not a calendar day is not named.
    const day = text(record(error.extra).renewal_opens_on);
    if (day && formatDay(day) !== day) return show('renewNotYet', { date: { day } });
  }
  return described(error, genericMessageKey('membership'));
}

/**
 * Redeem (spec 3 §5, §8): an unknown code (not_found, code_not_found) or a malformed one reads 'You must enter a
 * valid code'; expired and exhausted codes their texts; too many unknown codes (429, the server's guessing limit)
 * the too-many-attempts text; the rest the server's description or the generic text.
 */
export function redeemOutcome(error: ErrorLike): ErrorOutcome {
  if (
    isNotFound(error) ||
    error.code === ErrorCode.code_not_found ||
    error.code === ErrorCode.validation_failed
  )
    return show('giftCodeInvalid');
  if (error.code === ErrorCode.code_expired) return show('giftCodeExpired');
  if (error.code === ErrorCode.code_exhausted) return show('giftCodeRedeemed');
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return membershipOutcome(error);
}

/** Gift checkout (spec 3 §5): the giftee is the purchaser: the purchase form's self-gift text. */
export function giftOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.giftee_is_purchaser) return show('giftSelf');
  return membershipOutcome(error);
}

/** Cancel auto-renew (spec 3 §8): not enrolled asks to contact the seller; the rest show the message. */
export function autoRenewOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.auto_renew_not_enrolled) return show('autoRenewContact');
  return described(error, genericMessageKey('autoRenew'));
}
