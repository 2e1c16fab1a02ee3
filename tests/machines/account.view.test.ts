/**
 * The register and profile view model (issue 26; spec 3 §5 identity form, §7 POST user / PUT my/user) on
 * snapshots of every state of ./account.table.ts: the stage, the fields (the email and its re-entry on register
 * only), the limits, what the context shows, "submitting" while a save or the login is under way, the address the
 * created page names, where the address can be looked up (spec 1 §5: a country the lookup supports, the address
 * field editable), and the callbacks' events.
 */
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_MAX } from '../../domain/email';
import { accountMachine } from '../../machines/account/account.machine';
import { PASSWORD_MAX } from '../../machines/account/rules';
import type { AccountContext } from '../../machines/account/types';
import { accountCallbacks, selectAccountView } from '../../machines/account/view';
import { base } from './account.table';

type State = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'loggingIn' | 'loggedIn' | 'created';
const STATES: State[] = ['loading', 'loadFailed', 'editing', 'saving', 'loggingIn', 'loggedIn', 'created'];

const ctx = base;
const view = (value: State, context: AccountContext) =>
  selectAccountView(accountMachine.resolveState({ value, context }));
const names = (context: AccountContext) => view('editing', context).fields.map((f) => f.name);

const FIELDS = [{ key: 'phone' as const }, { key: 'country' as const }, { key: 'state' as const }];

describe('the account view (spec 3 §5, §7)', () => {
  it('shows the context as it is: mode, values, account email, errors, notice, limits', () => {
    const context = ctx({
      mode: 'profile',
      email: 'ada@example.com',
      values: { firstName: '', lastName: 'Lovelace' },
      fieldErrors: { firstName: { key: 'firstNameRequired' } },
      formError: { key: 'errorUnexpectedLater' },
      notice: { key: 'profileSaved' },
      refusals: 3,
    });
    expect(view('editing', context)).toMatchObject({
      mode: 'profile',
      stage: 'form',
      values: { firstName: '', lastName: 'Lovelace' },
      passwordMaxLength: PASSWORD_MAX,
      emailMaxLength: EMAIL_MAX,
      email: 'ada@example.com',
      fieldErrors: { firstName: { key: 'firstNameRequired' } },
      formError: { key: 'errorUnexpectedLater' },
      notice: { key: 'profileSaved' },
      errorVersion: 3,
      submitting: false,
      createdEmail: null,
      addressLookupCountry: null,
    });
  });

  it('every state: its stage, and submitting only while the save or the login runs (or the member goes on)', () => {
    const expected: Record<State, { stage: string; submitting: boolean }> = {
      loading: { stage: 'loading', submitting: false },
      loadFailed: { stage: 'loadFailed', submitting: false },
      editing: { stage: 'form', submitting: false },
      saving: { stage: 'form', submitting: true },
      loggingIn: { stage: 'form', submitting: true },
      loggedIn: { stage: 'form', submitting: true },
      created: { stage: 'created', submitting: false },
    };
    for (const state of STATES) {
      const { stage, submitting } = view(state, ctx({ values: { email: 'g@example.com' } }));
      expect({ stage, submitting }, state).toEqual(expected[state]);
    }
  });

  it('the created page names the address typed, trimmed; no other state names one', () => {
    const context = ctx({ values: { firstName: 'Grace', email: ' grace@example.com ' } });
    for (const state of STATES)
      expect(view(state, context).createdEmail, state).toBe(state === 'created' ? 'grace@example.com' : null);
  });

  it('register draws the email and its re-entry with the seller’s fields; a profile does not (its own page)', () => {
    expect(names(ctx({ form: FIELDS }))).toEqual([
      'firstName',
      'lastName',
      'email',
      'emailConfirm',
      'phone',
      'country',
      'state',
    ]);
    expect(names(ctx({ mode: 'profile', form: FIELDS }))).toEqual([
      'firstName',
      'lastName',
      'phone',
      'country',
      'state',
    ]);
    expect(names(ctx({ mode: 'profile', form: [] }))).toEqual(['firstName', 'lastName']);
  });

  it('the address is looked up only when the form shows it editable and its country is supported', () => {
    const lookup = (
      form: AccountContext['form'],
      country?: string,
      mode: 'register' | 'profile' = 'register',
    ) =>
      view('editing', ctx({ mode, form, values: country === undefined ? {} : { country } }))
        .addressLookupCountry;
    const address = [{ key: 'address' as const }, { key: 'country' as const }, { key: 'phone' as const }];
    expect(lookup(address, 'US')).toBe('USA');
    expect(lookup(address, 'Canada', 'profile')).toBe('CAN');
    expect(lookup(address, 'GB')).toBe('GBR');
    expect(lookup(address, 'FR')).toBeNull();
    expect(lookup(address)).toBeNull();
    // No address field (the other fields editable): nothing to look up.
    expect(lookup([{ key: 'country' as const }, { key: 'phone' as const }], 'US')).toBeNull();
    expect(lookup([{ key: 'country' as const }], 'US', 'profile')).toBeNull();
    // The address shown but not editable (spec 1 §5 disabled fields): no lookup.
    expect(
      lookup([{ key: 'address' as const, disabled: true }, { key: 'country' as const }], 'US'),
    ).toBeNull();
  });

  it('the callbacks send the flow’s events', () => {
    const send = vi.fn();
    const callbacks = accountCallbacks(send);
    callbacks.onFieldChange('phone', '555');
    callbacks.onSubmit();
    callbacks.onRetry();
    expect(send.mock.calls).toEqual([
      [{ type: 'field.change', name: 'phone', value: '555' }],
      [{ type: 'submit' }],
      [{ type: 'retry' }],
    ]);
  });
});
