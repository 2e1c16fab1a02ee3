/**
 * Verify email address rules: an unknown, used or expired link (not_found, validate_failed) is the invalid-link
 * outcome; a 409 (another account verified the address meanwhile) shows the server's spec 3 §5 text; too many
 * attempts their own text; anything else the generic message with a retry.
 */
import { ErrorCode } from '../../domain/codes';
import { verifyEmailOutcome } from '../../domain/error-messages/account';
import { outcomeMessage } from '../../domain/error-messages/base';
import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';

export const isInvalidLink = (error: FlowError): boolean =>
  error.code === ErrorCode.not_found || error.code === ErrorCode.validate_failed || error.status === 404;

export const isEmailInUse = (error: FlowError): boolean =>
  error.code === ErrorCode.email_in_use || error.status === 409;

export const verifyErrorMessage = (error: FlowError): Message =>
  outcomeMessage(verifyEmailOutcome(error), 'verifyEmail');
