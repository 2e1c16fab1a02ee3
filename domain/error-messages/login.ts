/** Login errors (spec 3 §8). */
import { ErrorCode } from '../codes';
import {
  accountOutcome,
  described,
  type ErrorLike,
  type ErrorMessageKey,
  type ErrorOutcome,
  genericMessageKey,
  show,
  text,
} from './base';

/** The login modes that identify by member ID (spec 3 §2 "Login screen"); each has its failure text. */
const MEMBER_NOT_FOUND: Readonly<Record<string, ErrorMessageKey>> = {
  scan_code: 'memberNotFoundZip',
  scan_code_last_name: 'memberNotFoundLastName',
  scan_code_password: 'memberNotFoundEmail',
};

/**
 * Login (spec 3 §8). `params.mode` is the login mode (password, scan_code, scan_code_last_name,
 * scan_code_password); `params.invalidCredentialsMessage` the seller's configured text, if any. A 401 without
 * a more precise code shows the configured text, else the mode's 'Member details not found…' text (member-ID
 * modes), else the server's message.
 */
export function loginOutcome(error: ErrorLike, params: Record<string, string> = {}): ErrorOutcome {
  const account = accountOutcome(error);
  if (account) return account;
  if (error.code === ErrorCode.too_many_attempts) return show('tooManyAttempts');
  if (error.code === ErrorCode.login_disabled) return show('loginDisabled');
  if (error.code === ErrorCode.invalid_credentials || error.status === 401) {
    const configured = text(params.invalidCredentialsMessage);
    if (configured) return show('errorDescription', { description: configured });
    const perMode = params.mode === undefined ? undefined : MEMBER_NOT_FOUND[params.mode];
    if (perMode) return show(perMode);
    const description = text(error.description);
    if (description) return show('errorDescription', { description });
  }
  return described(error, genericMessageKey('login'));
}
