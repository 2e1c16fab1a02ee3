/**
 * Pure rules of the email-submit pages (spec 3 §2, §8, §9): the email field is required, of type email and
 * at most 254 characters; a 404 is the resend page's own message and counts as sent on the forgot pages.
 */

import { EMAIL_MAX, isEmail } from '../../domain/email';
import { forgotOutcome, notFoundOutcome } from '../../domain/error-messages/account';
import { outcomeMessage } from '../../domain/error-messages/base';
import { type FlowError, message } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import type { EmailSubmitKind } from './types';

/** Spec 3 §9: email max 254 (the one email rule: domain/email.ts). */
export { EMAIL_MAX } from '../../domain/email';

/** The email field's error (checked on the trimmed value), or null when it may be sent. */
export function emailFieldError(raw: string): Message | null {
  const email = raw.trim();
  if (email === '') return message('emailRequired');
  if (email.length > EMAIL_MAX) return message('emailTooLong', { max: EMAIL_MAX });
  if (!isEmail(email)) return message('emailInvalid');
  return null;
}

/** Spec 3 §8: on the forgot pages a 404 is treated as success (nothing tells whether an account exists). */
export const countsAsSent = (kind: EmailSubmitKind, error: FlowError): boolean =>
  kind !== 'resend' && forgotOutcome(error).kind === 'ignore';

/**
 * Spec 3 §8 through the one error mapping: resend 404 'No orders could be found for this email address.';
 * too many requests its own text; otherwise the generic message.
 */
export function submitErrorMessage(kind: EmailSubmitKind, error: FlowError): Message {
  return kind === 'resend'
    ? outcomeMessage(notFoundOutcome(error, 'resend'), 'resend')
    : outcomeMessage(forgotOutcome(error), 'forgot');
}
