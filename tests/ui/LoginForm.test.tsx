// @vitest-environment jsdom
/**
 * The login form's submit (spec 3 §2: fields trimmed and required; spec 1 §5: the first invalid field is
 * focused and the submit stops): a field of only spaces passes the browser's `required`, so the form says
 * 'Input must not be empty' on it, focuses it and submits nothing; typing clears the message.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LoginFieldProps, LoginForm } from '../../ui/login/LoginForm';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();
const field = (name: LoginFieldProps['name'], value: string): LoginFieldProps => ({
  name,
  value,
  type: name === 'password' ? 'password' : name === 'email' ? 'email' : 'text',
  maxLength: 100,
  pattern: null,
  autoComplete: 'off',
  inputMode: 'text',
});

function show(email: string, password: string) {
  const onSubmit = vi.fn();
  const onChange = vi.fn();
  render(
    <LoginForm
      strings={strings}
      label="Account login"
      kind="form"
      fields={[field('email', email), field('password', password)]}
      busy={false}
      error={null}
      blocked={null}
      forgotPasswordLink={false}
      helpLinks={false}
      forgotPasswordHref="/forgot"
      forgotMembershipHref="/forgot-id"
      onNavigate={() => {}}
      onChange={onChange}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, onChange, form: screen.getByRole('form', { name: 'Account login' }) };
}

describe('LoginForm submit', () => {
  it('stops on a field of only spaces: its message, its focus, nothing sent', () => {
    const { onSubmit, form } = show('ada@example.com', '   ');
    fireEvent.submit(form);
    expect(onSubmit).not.toHaveBeenCalled();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect(password.validationMessage).toBe('Input must not be empty');
    expect((screen.getByLabelText('Email') as HTMLInputElement).validity.valid).toBe(true);
  });

  it('focuses the first such field, and typing clears its message', () => {
    const { onChange, form } = show('ada@example.com', '  ');
    fireEvent.submit(form);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.validity.customError).toBe(true);
    fireEvent.input(password, { target: { value: ' x' } });
    expect(onChange).toHaveBeenCalledWith('password', ' x');
    expect(password.validity.customError).toBe(false);
  });

  it('an email field of spaces is empty to the browser itself: focused, nothing sent', () => {
    const { onSubmit, form } = show('   ', 'Museum-Pass1');
    fireEvent.submit(form);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('submits filled fields', () => {
    const { onSubmit, form } = show('ada@example.com', 'Museum-Pass1');
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
