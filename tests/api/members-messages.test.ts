/**
 * Member error messages (spec 3 §8): login per mode, the configured invalid-credentials text, guest accounts,
 * wrong passwords, rate limits, login disabled; forgot flows treat 404 as success; set email names the address.
 * Texts verbatim from the spec (tooManyAttempts is ours).
 */
import { describe, expect, it } from 'vitest';
import { CODE_INFO, ErrorCode } from '../../domain/codes';
import { type ErrorLike, errorMessage, errorOutcome } from '../../domain/error-messages';
import { createStrings, resolveMessage } from '../../ui/strings';

const strings = createStrings();
const text = (error: ErrorLike, where: Parameters<typeof errorMessage>[1], params?: Record<string, string>) =>
  resolveMessage(strings, errorMessage(error, where, params));
const api = (code: string, status: number, description = 'Server says so.'): ErrorLike => ({
  code,
  status,
  description,
});

describe('login', () => {
  const failed = api(ErrorCode.invalid_credentials, 401);

  it('member-ID modes: the mode’s "Member details not found" text', () => {
    expect(text(failed, 'login', { mode: 'scan_code' })).toBe(
      'Member details not found. Please check your member ID and ZIP code.',
    );
    expect(text(failed, 'login', { mode: 'scan_code_last_name' })).toBe(
      'Member details not found. Please check your member ID and last name.',
    );
    expect(text(failed, 'login', { mode: 'scan_code_password' })).toBe(
      'Member details not found. Please check your email address and member ID.',
    );
  });

  it('a 401 shows the configured invalid-credentials message, else (password mode) the server’s', () => {
    expect(text(failed, 'login', { mode: 'scan_code', invalidCredentialsMessage: 'Call the desk.' })).toBe(
      'Call the desk.',
    );
    expect(text(failed, 'login', { mode: 'password' })).toBe('Server says so.');
    expect(text(api('some_401', 401), 'login', { mode: 'password' })).toBe('Server says so.');
  });

  it('guest_account, incorrect_password, too_many_attempts and login_disabled', () => {
    expect(text(api(ErrorCode.guest_account, 400), 'login', { mode: 'password' })).toBe(
      'Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.',
    );
    expect(text(api(ErrorCode.incorrect_password, 401), 'login', { mode: 'password' })).toBe(
      'That is not the correct password. Please try again.',
    );
    expect(text(api(ErrorCode.too_many_attempts, 429), 'login')).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(text(api(ErrorCode.login_disabled, 403), 'login')).toBe('Login is disabled');
    expect(text(api('made_up', 400), 'login')).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
  });

  it('the new codes carry the statuses the server answers with, and are expected (not logged)', () => {
    expect(CODE_INFO.invalid_credentials.status).toBe(401);
    expect(CODE_INFO.login_required.status).toBe(401);
    expect(CODE_INFO.login_disabled.status).toBe(403);
    expect(CODE_INFO.email_in_use.status).toBe(409);
    expect(CODE_INFO.too_many_attempts.status).toBe(429);
    for (const code of [
      'invalid_credentials',
      'login_required',
      'login_disabled',
      'email_in_use',
      'too_many_attempts',
    ] as const)
      expect(CODE_INFO[code].expected).toBe(true);
  });
});

describe('email flows', () => {
  it('forgot password and forgot membership: a 404 counts as success; too many requests have their text', () => {
    expect(errorOutcome(api(ErrorCode.not_found, 404), 'forgot')).toEqual({ kind: 'ignore' });
    expect(text(api(ErrorCode.too_many_attempts, 429), 'forgot')).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(text(api(ErrorCode.validation_failed, 400), 'forgot')).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
  });

  it('set email: a 409 names the address', () => {
    expect(text(api(ErrorCode.email_in_use, 409), 'setEmail', { email: 'ada@example.com' })).toBe(
      'Another user account is using ada@example.com. Please contact us if you need to merge multiple user accounts.',
    );
  });

  it('reset link: too many checks have their text; not_found and validate_failed the expired-link text', () => {
    expect(text(api(ErrorCode.too_many_attempts, 429), 'resetLink')).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(text(api(ErrorCode.validate_failed, 400), 'resetLink')).toBe(
      'This reset link is not valid. It may have expired.',
    );
  });
});

describe('gift codes', () => {
  it('redeem: too many unknown codes have the too-many-attempts text, not the server’s', () => {
    expect(text(api(ErrorCode.too_many_attempts, 429), 'redeem')).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(errorOutcome(api(ErrorCode.too_many_attempts, 429), 'redeem')).toEqual({
      kind: 'message',
      message: { key: 'tooManyAttempts' },
    });
  });
});
