/**
 * Pure rules of the email-submit pages (spec 3 §2, §8, §9): the email field is required, of type email and
 * at most 254 characters; a 404 is the resend page's own message and counts as sent on the forgot pages.
 */
import { forgotOutcome, notFoundOutcome } from '../../api/error-messages/account';
import { outcomeMessage } from '../../api/error-messages/base';
import { type FlowError, message } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import type { EmailSubmitKind } from './types';

/** Spec 3 §9: email max 254. */
export const EMAIL_MAX = 254;

/**
 * What a browser's `type="email"` input accepts (the HTML standard's valid e-mail address): a local part,
 * '@', and a domain of dot-separated labels (a dot is not required).
 */
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isHtmlEmail = (value: string): boolean => HTML_EMAIL.test(value);

/** The email field's error (checked on the trimmed value), or null when it may be sent. */
export function emailFieldError(raw: string): Message | null {
  const email = raw.trim();
  if (email === '') return message('emailRequired');
  if (email.length > EMAIL_MAX) return message('emailTooLong', { max: EMAIL_MAX });
  if (!isHtmlEmail(email)) return message('emailInvalid');
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
