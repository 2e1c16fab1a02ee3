/** Calendar, reserve and promo code errors (spec 1 §8, spec 2 §8). */
import { ErrorCode } from '../codes';
import {
  described,
  type ErrorLike,
  type ErrorOutcome,
  genericMessageKey,
  type MessageParams,
  record,
  show,
  text,
} from './base';

/** Promo code errors shown to the visitor (spec 1 §8, spec 2 §8). */
export const DISPLAYABLE_PROMO_CODES: ReadonlySet<string> = new Set<string>([
  ErrorCode.code_exhausted,
  ErrorCode.code_not_found,
  ErrorCode.additional_info_validation_failed,
  ErrorCode.validation_failed,
  ErrorCode.invalid_citypass,
  ErrorCode.citypass_failure,
  ErrorCode.no_code_benefit,
]);

/** Calendar: validation_failed in event_calendar is the 10-types limit; other errors the generic message. */
export function calendarOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.validation_failed && error.context === 'event_calendar')
    return show('calendarTypesLimit');
  return show(genericMessageKey('calendar'));
}

/**
 * Reserve: sold out reads with the session's time (or the day, when the whole day sold out); a code-required
 * rule block opens the code prompt; the others show the server's description.
 */
export function reserveOutcome(error: ErrorLike, params: MessageParams = {}): ErrorOutcome {
  if (error.code === ErrorCode.event_session_sold_out)
    return params.date !== undefined ? show('dateSoldOut', params) : show('sessionSoldOut', params);
  if (error.code === ErrorCode.rule_blocks_reserve && error.context === 'checkout_rules') {
    if (text(record(error.extra).reason) === 'code_required')
      return { kind: 'codePrompt', message: { key: 'codeRequired' } };
  }
  if (error.code === ErrorCode.membership_ends_before_session) return show('memberSessionBeyondTerm');
  return described(error, genericMessageKey('reserve'));
}

/** Promo codes: displayable codes show their description, or '"{code}" is not a valid promo code.' */
export function promoOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  if (error.code === ErrorCode.duplicate_code || !DISPLAYABLE_PROMO_CODES.has(error.code))
    return show('promoUnknown');
  const description = text(error.description);
  return description
    ? show('errorDescription', { description })
    : show('promoInvalid', { code: params.code ?? '' });
}
