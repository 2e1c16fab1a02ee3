/**
 * Password rules (spec 3 §5, §9): at least 8 characters (at most 254, as the identity form); no leading or
 * trailing whitespace; only printable ASCII; at least 3 of the 4 classes uppercase, lowercase, number,
 * special. Field messages: 'Invalid password' and 'Passwords must match.'.
 */
import { ErrorCode } from '../../domain/codes';
import { resetLinkOutcome } from '../../domain/error-messages/account';
import { outcomeMessage } from '../../domain/error-messages/base';
import { type FlowError, message } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import type { PasswordField } from './types';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 254;

/** The requirements as the page lists them, each with whether `password` meets it. */
export type PasswordRequirement = 'length' | 'noEdgeSpace' | 'printableAscii' | 'threeClasses';
export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  'length',
  'noEdgeSpace',
  'printableAscii',
  'threeClasses',
];

/** How many of uppercase, lowercase, number and special (any other printable ASCII) it uses. */
export function characterClasses(password: string): number {
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[ -/:-@[-`{-~]/];
  return classes.filter((re) => re.test(password)).length;
}

export function meetsRequirement(password: string, requirement: PasswordRequirement): boolean {
  switch (requirement) {
    case 'length':
      return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
    case 'noEdgeSpace':
      return password.length > 0 && password.trim() === password;
    case 'printableAscii':
      return password.length > 0 && /^[\x20-\x7E]+$/.test(password);
    case 'threeClasses':
      return characterClasses(password) >= 3;
  }
}

export const isValidPassword = (password: string): boolean =>
  PASSWORD_REQUIREMENTS.every((requirement) => meetsRequirement(password, requirement));

/** The blur check: only what was typed is judged (an empty field is left alone until submit). */
export const blurError = (password: string): Message | null =>
  password !== '' && !isValidPassword(password) ? message('invalidPassword') : null;

/** The submit check of both fields. */
export function passwordErrors(password: string, confirm: string): Partial<Record<PasswordField, Message>> {
  const errors: Partial<Record<PasswordField, Message>> = {};
  if (!isValidPassword(password)) errors.password = message('invalidPassword');
  if (password !== confirm) errors.confirm = message('passwordsMustMatch');
  return errors;
}

/** Spec 3 §8: not_found or validate_failed mean the link is not valid (expired, used, unknown). */
export const isInvalidLink = (error: FlowError): boolean =>
  error.code === ErrorCode.not_found || error.code === ErrorCode.validate_failed || error.status === 404;

/** Any other failure of validation or reset, through the one error mapping (generic, or too many attempts). */
export const resetErrorMessage = (error: FlowError): Message =>
  outcomeMessage(resetLinkOutcome(error), 'resetLink');
