/**
 * Set email address rules (spec 3 §5): the field checks of an email (required, max 254, type email), the
 * domain must contain a dot ('Email address is not valid.'), both addresses must match case-insensitively
 * ('Email addresses must match.'); a 409 names the address another account uses.
 */

import { EMAIL_MAX, isEmail } from '../../domain/email';
import { setEmailOutcome } from '../../domain/error-messages/account';
import { outcomeMessage } from '../../domain/error-messages/base';
import { type FlowError, message } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import type { SetEmailField } from './types';

export function setEmailErrors(
  rawEmail: string,
  rawConfirm: string,
): Partial<Record<SetEmailField, Message>> {
  const email = rawEmail.trim();
  const confirm = rawConfirm.trim();
  const errors: Partial<Record<SetEmailField, Message>> = {};
  if (email === '') errors.email = message('emailRequired');
  else if (email.length > EMAIL_MAX) errors.email = message('emailTooLong', { max: EMAIL_MAX });
  else if (!isEmail(email)) errors.email = message('emailNotValid');
  if (email.toLowerCase() !== confirm.toLowerCase()) errors.confirm = message('emailsMustMatch');
  return errors;
}

/** Spec 3 §5: a 409 is another account using the address; anything else the generic message. */
export function saveErrorMessage(error: FlowError, email: string): Message {
  return outcomeMessage(setEmailOutcome(error, { email: email.trim() }), 'setEmail');
}
