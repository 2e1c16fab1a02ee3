// @vitest-environment jsdom
/**
 * The one form layer (ui/form-validity.ts; issue 25, spec 1 §5, spec 3 §5) and the forms that use it: each shows
 * a field's error one way (the input `aria-invalid`, `aria-describedby` naming the error text under it), and after
 * a refused submit focuses the first invalid field in the form's order and scrolls it into view, else the form's
 * message; what was typed stays. Per form: the checkout identity form, the account forms (set email here; email
 * submit and password reset share its Field and hook, tests/ui/AccountPages.test.tsx), the membership form. The reserve forms' fields (attendees, survey, price, city-pass vouchers) draw their
 * errors through the same helpers; their own tests hold them (AttendeeFields, SurveyFields, VoucherFields, ...).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SetEmailView, type SetEmailViewProps } from '../../ui/account/SetEmailView';
import {
  CheckoutView,
  type CheckoutViewProps,
  type IdentityFieldProps,
} from '../../ui/checkout/CheckoutView';
import { errorIdOf, FieldError, fieldAria, focusFirstInvalid } from '../../ui/form-validity';
import { MembershipForm, type MembershipFormProps } from '../../ui/membership/MembershipForm';
import { withMembershipStrings } from '../../ui/membership-strings';
import '../../ui/checkout/strings';
import '../../ui/account/strings';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);
const strings = withMembershipStrings(createStrings());
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});

/** The oracle of the layer: the field has focus, was scrolled to, is invalid and is described by `text`. */
function expectFocusedWithError(field: HTMLElement, text: string) {
  expect(document.activeElement).toBe(field);
  expect(scrolled).toContain(field);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(text);
}

describe('the layer', () => {
  it('fieldAria: invalid with the error first, then the hints; valid: only the hints, or nothing', () => {
    expect(fieldAria('f', true, 'f-hint', null)).toEqual({
      'aria-invalid': true,
      'aria-describedby': `${errorIdOf('f')} f-hint`,
    });
    expect(fieldAria('f', false, 'f-hint')).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': 'f-hint',
    });
    expect(fieldAria('f', false)).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  });

  it('FieldError: the text under the id fieldAria names; nothing without one', () => {
    const { container } = render(
      <>
        <FieldError fieldId="a">Too short</FieldError>
        <FieldError fieldId="b">{null}</FieldError>
      </>,
    );
    expect(document.getElementById(errorIdOf('a'))?.textContent).toBe('Too short');
    expect(container.querySelectorAll('.field__error')).toHaveLength(1);
  });

  it('focusFirstInvalid: the first invalid field in the form order, else the fallback', () => {
    render(
      <form aria-label="f">
        <input aria-label="one" />
        <input aria-label="two" aria-invalid="true" />
        <input aria-label="three" aria-invalid="true" />
        <p tabIndex={-1}>message</p>
      </form>,
    );
    const form = screen.getByRole('form');
    expect(focusFirstInvalid(form)).toBe(screen.getByLabelText('two'));
    expect(document.activeElement).toBe(screen.getByLabelText('two'));
    const message = screen.getByText('message');
    screen.getByLabelText('two').removeAttribute('aria-invalid');
    screen.getByLabelText('three').removeAttribute('aria-invalid');
    expect(focusFirstInvalid(form, message)).toBe(message);
  });
});

describe('checkout identity form', () => {
  const field = (name: IdentityFieldProps['name'], input: IdentityFieldProps['input'] = 'text') => ({
    name,
    label: name,
    input,
    autoComplete: 'off',
    maxLength: name.startsWith('email') ? 254 : 50,
    required: true,
    disabled: false,
    options: null,
  });
  const props = (over: Partial<CheckoutViewProps> = {}): CheckoutViewProps => ({
    strings,
    currency: 'USD',
    title: 'Payment information',
    showIdentityForm: true,
    fields: [field('firstName'), field('lastName'), field('email', 'email'), field('emailConfirm', 'email')],
    values: { firstName: 'Ada', lastName: '  ', email: 'ada@example.com', emailConfirm: 'ada@exampel.com' },
    fieldErrors: {},
    formError: null,
    status: null,
    errorVersion: 0,
    totalCents: 1000,
    submitting: false,
    canSubmit: true,
    cardForm: null,
    onFieldChange: vi.fn(),
    onFieldFocus: vi.fn(),
    onSubmit: vi.fn(),
    ...over,
  });

  it('a refused submit focuses the first invalid field, described by its error; what was typed stays', () => {
    const { rerender } = render(<CheckoutView {...props()} />);
    const refused = props({
      fieldErrors: { lastName: { key: 'inputEmpty' }, emailConfirm: { key: 'emailsMustMatch' } },
      formError: { key: 'inputEmpty' },
      errorVersion: 1,
    });
    rerender(<CheckoutView {...refused} />);
    const last = screen.getByRole('textbox', { name: strings.lastName });
    expectFocusedWithError(last, 'Input must not be empty');
    const confirm = screen.getByRole('textbox', { name: strings.emailConfirm });
    expect(confirm.getAttribute('aria-describedby')).toBe(errorIdOf(confirm.id));
    expect(document.getElementById(errorIdOf(confirm.id))?.textContent).toBe('Email addresses must match.');
    expect(screen.getByRole('textbox', { name: strings.firstName }).getAttribute('aria-invalid')).toBeNull();
    expect((confirm as HTMLInputElement).value).toBe('ada@exampel.com');
    // The same refusal re-rendered moves nothing; the next refusal focuses again.
    screen.getByRole('textbox', { name: strings.firstName }).focus();
    rerender(<CheckoutView {...refused} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: strings.firstName }));
    rerender(<CheckoutView {...refused} errorVersion={2} />);
    expect(document.activeElement).toBe(last);
  });

  it('a refusal without an invalid field focuses the form message; an unticked terms box is a field', () => {
    const { rerender } = render(<CheckoutView {...props({ values: {} })} />);
    rerender(<CheckoutView {...props({ formError: { key: 'inputEmpty' }, errorVersion: 1 })} />);
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    rerender(
      <CheckoutView
        {...props({
          termsShown: true,
          termsAccepted: false,
          fieldErrors: { terms: { key: 'inputEmpty' } },
          errorVersion: 2,
        })}
      />,
    );
    expectFocusedWithError(screen.getByRole('checkbox'), 'Input must not be empty');
  });
});

describe('account forms', () => {
  const setEmail = (over: Partial<SetEmailViewProps> = {}): SetEmailViewProps => ({
    strings,
    email: 'new@example',
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
    ...over,
  });

  it('set email: the first invalid of the two fields gets focus, described by its error; the values stay', () => {
    const { rerender } = render(<SetEmailView {...setEmail()} />);
    rerender(
      <SetEmailView
        {...setEmail({
          confirmError: { key: 'emailsMustMatch' },
          errorVersion: 1,
        })}
      />,
    );
    const [email, confirm] = screen.getAllByRole('textbox') as HTMLInputElement[];
    expectFocusedWithError(confirm as HTMLInputElement, 'Email addresses must match.');
    expect(email?.getAttribute('aria-invalid')).toBeNull();
    expect(email?.value).toBe('new@example');
  });
});

describe('membership form', () => {
  const view: MembershipFormProps['view'] = {
    status: 'ready',
    levels: [
      {
        id: 't-dual',
        name: 'Dual',
        description: null,
        priceCents: 9000,
        originalPriceCents: null,
        selected: true,
      },
    ],
    extend: { shown: false, checked: false },
    members: [
      {
        index: 0,
        role: 'member',
        ordinal: 1,
        optional: false,
        first: 'Ada',
        last: '',
        email: 'ada@example',
        disabled: false,
        emailMode: 'required',
        errors: {},
      },
    ],
    optional: { kind: 'none', count: 0, value: 0 },
    unnamed: null,
    survey: [],
    autoRenew: { shown: false, value: null },
    recipient: { shown: false, first: '', last: '', email: '', errors: {} },
    shipping: false,
    submitLabel: 'membershipBuy',
    submitDisabled: false,
    formError: null,
    selfGift: false,
    cartNotEmpty: false,
    renewNotice: null,
    errorVersion: 0,
    nameMax: 50,
    emailMax: 254,
  };
  const noop = () => {};
  const form = (v: MembershipFormProps['view']) => (
    <MembershipForm
      strings={strings}
      currency="USD"
      view={v}
      onLevel={noop}
      onExtend={noop}
      onMember={noop}
      onOptional={noop}
      onUnnamed={noop}
      onSurvey={noop}
      onAutoRenew={noop}
      onRecipient={noop}
      onSubmit={noop}
      onBack={noop}
      onRetry={noop}
    />
  );

  it("a refused submit focuses the member's first invalid field, described by its error; the values stay", () => {
    const { rerender } = render(form(view));
    const member = view.members[0] as (typeof view.members)[number];
    rerender(
      form({
        ...view,
        members: [{ ...member, errors: { last: { key: 'inputEmpty' }, email: { key: 'emailsMustMatch' } } }],
        errorVersion: 1,
      }),
    );
    const last = screen.getByRole('textbox', { name: /^Last name/ });
    expectFocusedWithError(last, 'Input must not be empty');
    expect((screen.getByRole('textbox', { name: /^First name/ }) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe('ada@example');
  });

  it('a refusal no field explains (no member, a server refusal) focuses its message', () => {
    const { rerender } = render(form(view));
    rerender(form({ ...view, members: [], formError: { key: 'membersRequired' }, errorVersion: 1 }));
    const message = screen.getByText('At least one member is required to purchase a membership');
    expect(document.activeElement).toBe(message);
    expect(scrolled).toContain(message);
  });
});
