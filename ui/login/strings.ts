/**
 * The login form and the identity provider's pages (spec 3 §2, §5, §8; tooManyAttempts and the texts the
 * spec does not give are ours).
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import '../form-strings';
import { defineStrings } from '../strings';

export const loginStrings = defineStrings({
  guestAccount:
    'Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.',
  incorrectPassword: 'That is not the correct password. Please try again.',
  memberNotFoundZip: 'Member details not found. Please check your member ID and ZIP code.',
  memberNotFoundLastName: 'Member details not found. Please check your member ID and last name.',
  memberNotFoundEmail: 'Member details not found. Please check your email address and member ID.',
  loginDisabled: 'Login is disabled',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  accountLogin: 'Account login',
  memberId: 'Member ID',
  zipCode: 'ZIP code',
  loggingIn: 'Logging in…',
  forgotPassword: 'Forgot your password?',
  forgotMembership: 'Forgot your member ID?',
  loginCookiesDisabled: 'Enable cookies and reload to login.',
  providerCookies: 'Please enable cookies and try again.',
  providerInitFailed: 'Auth0 could not be initialized. Please try again.',
  providerInvalidState: 'This login could not be completed. Taking you back…',
  providerCompleting: 'Completing your login…',
});
