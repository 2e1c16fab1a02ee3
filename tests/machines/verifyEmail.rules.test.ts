/**
 * The verify email rules, each condition on its own (issue 29: inputs that tell the conditions apart). Spec 3
 * §5: an unknown, used or expired link (not_found, validate_failed, or a 404 whatever its code) is the invalid
 * link; another account that verified the address meanwhile (email_in_use, or a 409 whatever its code) shows
 * the server's text; anything else is neither.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/codes';
import { isEmailInUse, isInvalidLink } from '../../machines/verifyEmail/rules';

describe('verify email rules', () => {
  it.each([
    ['not_found with a 400', { code: ErrorCode.not_found, status: 400 }, true, false],
    ['validate_failed with a 400', { code: ErrorCode.validate_failed, status: 400 }, true, false],
    ['a 404 with another code', { code: ErrorCode.unexpected, status: 404 }, true, false],
    ['email_in_use with a 400', { code: ErrorCode.email_in_use, status: 400 }, false, true],
    ['a 409 with another code', { code: ErrorCode.unexpected, status: 409 }, false, true],
    ['a 500', { code: ErrorCode.unexpected, status: 500 }, false, false],
    ['no status', { code: ErrorCode.unexpected }, false, false],
  ])('%s: invalid link %s, address in use %s', (_, error, invalid, inUse) => {
    expect(isInvalidLink(error)).toBe(invalid);
    expect(isEmailInUse(error)).toBe(inUse);
  });
});
