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
