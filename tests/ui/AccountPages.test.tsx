// @vitest-environment jsdom
/**
 * The account pages' views: accessible labels, errors tied to their fields with aria-describedby, focus on the
 * first problem after a refused submit, live regions for outcomes, and the home blocks in the given order.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailSubmitView, type EmailSubmitViewProps } from '../../ui/account/EmailSubmitView';
import { HomeView } from '../../ui/account/HomeView';
import { PasswordResetView, type PasswordResetViewProps } from '../../ui/account/PasswordResetView';
import { SetEmailView, type SetEmailViewProps } from '../../ui/account/SetEmailView';
import { VerifyEmailView, type VerifyEmailViewProps } from '../../ui/account/VerifyEmailView';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);
const strings = createStrings();

function emailProps(overrides: Partial<EmailSubmitViewProps> = {}): EmailSubmitViewProps {
  return {
    strings,
    idPrefix: 'resend',
    title: strings.resendTitle,
    introHtml: '',
    submitLabel: strings.resendSubmit,
    email: 'typed',
    maxLength: 254,
    fieldError: null,
    formError: null,
    errorVersion: 0,
    submitting: false,
    sent: null,
    sentTone: 'success',
    onNavigate: vi.fn(),
    onEmailChange: vi.fn(),
    onSubmit: vi.fn(),
    ...overrides,
  };
}

describe('EmailSubmitView', () => {
  it('labels the field, ties the error to it and focuses it after a refused submit', () => {
    const { rerender } = render(<EmailSubmitView {...emailProps()} />);
    const field = screen.getByRole('textbox', { name: 'Email address' });
    expect(field.getAttribute('type')).toBe('email');
    expect(field.getAttribute('maxlength')).toBe('254');
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    rerender(<EmailSubmitView {...emailProps({ fieldError: { key: 'emailInvalid' }, errorVersion: 1 })} />);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Please enter a valid email address.');
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('typed');
  });

  it('a failed call is an alert that gets focus; the outcome is announced in a live region', () => {
    const { rerender } = render(
      <EmailSubmitView {...emailProps({ formError: { key: 'resendNotFound' }, errorVersion: 1 })} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('No orders could be found for this email address.');
    expect(document.activeElement).toBe(alert);
    rerender(<EmailSubmitView {...emailProps({ sent: 'Your tickets have been sent to a@b.org.' })} />);
    expect(screen.getByRole('status').textContent).toBe('Your tickets have been sent to a@b.org.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

function resetProps(overrides: Partial<PasswordResetViewProps> = {}): PasswordResetViewProps {
  return {
    strings,
    stage: 'form',
    email: 'ada@example.com',
    password: '',
    confirm: '',
    maxLength: 254,
    requirements: [
      { key: 'requirementLength', met: true },
      { key: 'requirementThreeClasses', met: false },
    ],
    passwordError: null,
    confirmError: null,
    formError: null,
    errorVersion: 0,
    submitting: false,
    forgotPasswordHref: '/demo/user/forgot-password',
    onNavigate: vi.fn(),
    onPasswordChange: vi.fn(),
    onPasswordBlur: vi.fn(),
    onConfirmChange: vi.fn(),
    onSubmit: vi.fn(),
    onRetry: vi.fn(),
    onLogin: vi.fn(),
    ...overrides,
  };
}

describe('PasswordResetView', () => {
  it('describes the password by its error and the requirements (each says met or not)', () => {
    render(<PasswordResetView {...resetProps({ passwordError: { key: 'invalidPassword' } })} />);
    const field = screen.getByLabelText('New password');
    const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
    const text = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    expect(text).toContain('Invalid password');
    expect(text).toContain('be at least 8 characters long (met)');
    expect(text).toContain('(not met)');
  });

  it("the outcomes: 'Password Updated' with Login, 'Invalid Reset Link' with a link to ask again", () => {
    const onLogin = vi.fn();
    const { rerender } = render(<PasswordResetView {...resetProps({ stage: 'updated', onLogin })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Password Updated');
    screen.getByRole('button', { name: 'Login' }).click();
    expect(onLogin).toHaveBeenCalled();
    rerender(<PasswordResetView {...resetProps({ stage: 'invalidLink' })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invalid Reset Link');
    expect(screen.getByText('This reset link is not valid. It may have expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send another reset link' }).getAttribute('href')).toBe(
      '/demo/user/forgot-password',
    );
  });
});

describe('SetEmailView', () => {
  const props = (overrides: Partial<SetEmailViewProps> = {}): SetEmailViewProps => ({
    strings,
    email: 'new@example.com',
    confirm: 'new@example.com',
    maxLength: 254,
    emailError: null,
    confirmError: null,
    formError: null,
    errorVersion: 0,
    submitting: false,
    sentTo: null,
    onContinue: vi.fn(),
    onEmailChange: vi.fn(),
    onConfirmChange: vi.fn(),
    onSubmit: vi.fn(),
    ...overrides,
  });

  it("after a save: 'check your inbox' names the new address in a live region, with Continue", () => {
    const onContinue = vi.fn();
    render(<SetEmailView {...props({ sentTo: 'new@example.com', onContinue })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Update Email address');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Check your inbox');
    expect(screen.getByRole('status').textContent).toMatch(
      /^We have sent a confirmation link to new@example\.com\. Your email address changes when you open it/,
    );
    screen.getByRole('button', { name: 'Continue' }).click();
    expect(onContinue).toHaveBeenCalled();
  });

  it("the form: 'Update & Continue'", () => {
    render(<SetEmailView {...props()} />);
    expect(screen.getByRole('button', { name: 'Update & Continue' })).toBeTruthy();
  });
});

describe('VerifyEmailView', () => {
  const props = (overrides: Partial<VerifyEmailViewProps> = {}): VerifyEmailViewProps => ({
    strings,
    stage: 'verifying',
    formError: null,
    setEmailHref: '/demo/user/set-email-address',
    homeHref: '/demo/',
    onNavigate: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  });

  it('each stage has a heading and a status or an alert', () => {
    const { rerender } = render(<VerifyEmailView {...props()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm email address');
    expect(screen.getByRole('status').textContent).toBe('Confirming your email address…');
    rerender(<VerifyEmailView {...props({ stage: 'verified' })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email address confirmed');
    expect(screen.getByRole('status').textContent).toBe('Thank you: your email address is confirmed.');
    expect(screen.getByRole('link').getAttribute('href')).toBe(props().homeHref);
    rerender(<VerifyEmailView {...props({ stage: 'invalidLink' })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invalid Link');
    expect(screen.getByRole('link', { name: 'Update your email address again' }).getAttribute('href')).toBe(
      '/demo/user/set-email-address',
    );
    const onRetry = vi.fn();
    rerender(
      <VerifyEmailView
        {...props({ stage: 'failed', formError: { key: 'errorUnexpectedLater' }, onRetry })}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Sorry, something unexpected happened. Please try again later.',
    );
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('HomeView', () => {
  it('shows the blocks in the given order, with the resend link', () => {
    render(
      <HomeView
        strings={strings}
        order={['guest', 'login', 'join']}
        html={{ intro: '', login: '', join: '', guest: '' }}
        joinHref="/demo/membership"
        eventsHref="/demo/events"
        resendHref="/demo/resend"
        onLogin={vi.fn()}
        onNavigate={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Continue as guest',
      'Already a member?',
      'Become a member',
    ]);
    expect(screen.getByRole('link', { name: 'Resend confirmation link' }).getAttribute('href')).toBe(
      '/demo/resend',
    );
  });
});
