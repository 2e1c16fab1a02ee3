/** Account pages: forgot password or membership, resend, set email, verify email, reset links (spec 3 §8). */
import { ErrorCode } from '../codes';
import {
  accountOutcome,
  described,
  type ErrorLike,
  type ErrorOutcome,
  genericMessageKey,
  isNotFound,
  show,
  text,
} from './base';

/**
 * Forgot password and forgot membership (spec 3 §8 "Email-submit"): a 404 counts as success (ignored here,
 * the flow shows its success text); too many requests have their own text; the rest the generic message.
 */
export function forgotOutcome(error: ErrorLike): ErrorOutcome {
  if (isNotFound(error)) return { kind: 'ignore' };
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return show(genericMessageKey('forgot'));
}

/**
 * Set email address (spec 3 §5): a 409 names the address another account uses (`params.email`); a member-ID
 * login may not change a real email (limited_session, issue 18).
 */
export function setEmailOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  if (error.code === ErrorCode.email_in_use || error.status === 409)
    return params.email?.trim() ? show('emailInUse', { email: params.email }) : show('emailInUseUnnamed');
  if (error.code === ErrorCode.limited_session) return show('limitedSession');
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return described(error, genericMessageKey('setEmail'));
}

/**
 * Register and edit profile (issue 26: POST user, PUT my/user): a 409 says an account already has the address
 * (`params.email`; the server names no account); a password the server's rules refuse is 'Invalid password'
 * (spec 3 §5); a login-less limit, too many attempts; the server's description for the rest of its refusals
 * (a field the seller's form does not accept), else the generic message.
 */
export function accountFormOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  if (error.code === ErrorCode.email_in_use || error.status === 409)
    return show('registerEmailInUse', { email: params.email ?? '' });
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  if (error.code === ErrorCode.limited_session) return show('limitedSession');
  const guest = accountOutcome(error);
  if (guest) return guest;
  return described(error, genericMessageKey('account'));
}

/**
 * Email verification links (issue 18): unknown, used or expired read as an invalid link; a 409 (another account
 * verified the address meanwhile) is the spec 3 §5 text the server sends, which names the address.
 */
export function verifyEmailOutcome(error: ErrorLike): ErrorOutcome {
  if (isNotFound(error) || error.code === ErrorCode.validate_failed) return show('verifyLinkInvalid');
  if (error.code === ErrorCode.email_in_use || error.status === 409) {
    const description = text(error.description);
    return description ? show('errorDescription', { description }) : show('emailInUseUnnamed');
  }
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return show(genericMessageKey('verifyEmail'));
}

/** Order page, gift card and resend: a not-found has its own text; the rest the flow's generic one. */
export function notFoundOutcome(error: ErrorLike, where: 'order' | 'giftCard' | 'resend'): ErrorOutcome {
  const missing = { order: 'orderNotFound', giftCard: 'giftCardNotFound', resend: 'resendNotFound' } as const;
  return show(isNotFound(error) ? missing[where] : genericMessageKey(where));
}

/** Reset links: not_found and validate_failed read as an expired link. */
export function resetLinkOutcome(error: ErrorLike): ErrorOutcome {
  if (error.code === ErrorCode.not_found || error.code === ErrorCode.validate_failed)
    return show('resetLinkInvalid');
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  return show(genericMessageKey('resetLink'));
}
