/**
 * The account pages: resend tickets, forgot membership ID or password, reset password, set email (spec 3 §2,
 * §5, §8; ours where the spec names no text), with the portal strings the spec names for them (HTML,
 * sanitised; empty: nothing shown).
 * They join the catalogue when this module loads, with the views that use them (see `ui/strings.ts`).
 */
import '../form-strings';
import { defineStrings } from '../strings';

export const accountStrings = defineStrings({
  resendNotFound: 'No orders could be found for this email address.',
  resetLinkInvalid: 'This reset link is not valid. It may have expired.',
  emailInUse:
    'Another user account is using {email}. Please contact us if you need to merge multiple user accounts.',
  // Ours: spec 3 §5's 409 text where the page does not know the address (a verify link answered without one).
  emailInUseUnnamed:
    'Another user account is using this email address. Please contact us if you need to merge multiple user accounts.',
  invalidPassword: 'Invalid password',
  passwordsMustMatch: 'Passwords must match.',
  emailNotValid: 'Email address is not valid.',
  emailAddress: 'Email address',
  resendTitle: 'Resend tickets',
  resendSubmit: 'Resend tickets',
  resendSent: 'Your tickets have been sent to {email}.',
  forgotMembershipTitle: 'Forgot your membership ID?',
  forgotMembershipSubmit: 'Email my membership ID',
  forgotPasswordTitle: 'Forgot your password?',
  forgotPasswordIntro:
    'Enter the email address of your account and we will send you a link to set a new password.',
  forgotPasswordSubmit: 'Send reset link',
  forgotPasswordSent:
    'We have sent an email with a one-time link to {email}. If it does not arrive in a few minutes, check your junk or spam folder. You can close this tab.',
  createNewPassword: 'Create New Password',
  resetFor: 'For the account {email}',
  newPassword: 'New password',
  confirmPassword: 'Re-enter new password',
  passwordRequirements: 'Your password must:',
  requirementLength: 'be at least 8 characters long',
  requirementNoEdgeSpace: 'not begin or end with a space',
  requirementPrintableAscii: 'use only letters, numbers, spaces and standard symbols (printable ASCII)',
  requirementThreeClasses:
    'use at least 3 of: uppercase letters, lowercase letters, numbers, special characters',
  requirementMet: 'met',
  requirementNotMet: 'not met',
  savePassword: 'Save password',
  passwordUpdated: 'Password Updated',
  passwordUpdatedText: 'Your new password is saved. You can log in with it now.',
  loginButton: 'Login',
  invalidResetLink: 'Invalid Reset Link',
  sendAnotherResetLink: 'Send another reset link',
  updateEmailTitle: 'Update Email address',
  newEmail: 'New email address',
  reenterEmail: 'Re-enter email address',
  updateAndContinue: 'Update & Continue',
  setEmailLoggedOut: 'Log in to update the email address of your account.',
  setEmailSentTitle: 'Check your inbox',
  setEmailSent:
    'We have sent a confirmation link to {email}. Your email address changes when you open it (within 24 hours). If it does not arrive in a few minutes, check your junk or spam folder.',
  limitedSession:
    'You logged in with your member ID. To change your email address, log in with your email address and password.',
  // register and edit profile (issue 26; the must-match texts the spec's, the rest ours)
  registerTitle: 'Create an account',
  registerIntro: 'Already have an account?',
  registerPassword: 'Password',
  registerPasswordConfirm: 'Re-enter password',
  passwordRequired: 'Please enter a password.',
  registerSubmit: 'Create account',
  registerEmailInUse:
    'An account already uses {email}. Log in with it, or use "Forgot your password?" if you do not know its password.',
  registerCreatedTitle: 'Your account is created',
  registerCreated: 'We have sent a link to {email} to confirm your email address. Log in to continue.',
  profileTitle: 'My profile',
  profileSubmit: 'Save changes',
  profileSaved: 'Your profile is saved.',
  profileEmail: 'Email address: {email}',
  profileChangeEmail: 'Change email address',
  profileLoggedOut: 'Log in to edit your profile.',
  verifyEmailTitle: 'Confirm email address',
  verifyingEmail: 'Confirming your email address…',
  emailVerified: 'Email address confirmed',
  emailVerifiedText: 'Thank you: your email address is confirmed.',
  invalidVerifyLink: 'Invalid Link',
  verifyLinkInvalid: 'This link is not valid. It may have expired or been used already.',
  verifyAgain: 'Update your email address again',
  accountContinue: 'Continue',
  before_resend_tickets:
    'Enter the email address you used for your order and we will send your tickets again.',
  forgot_membership_instructions:
    'Enter the email address on your membership and we will email you your membership ID.',
  forgot_membership_message:
    'If a membership uses {email}, its membership ID has been sent there. Check your inbox, and your junk or spam folder.',
  forgot_password_contact_details: '',
});
