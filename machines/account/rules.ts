/**
 * Register and edit profile rules (issue 26): the form's fields (the identity form of spec 3 §5 with the seller's
 * custom identity fields, the checkout's rule and messages), the password rules and the must-match rule for the
 * password's re-entry (the email's re-entry is the identity form's own, the same rule), the prefill from the
 * account (GET my/user) and the body of POST user / PUT my/user.
 */
import type { UserInput } from '../../api/models';
import { accountFormOutcome } from '../../domain/error-messages/account';
import { outcomeMessage } from '../../domain/error-messages/base';
import {
  type IdentityFieldOption,
  type IdentityFormField,
  identityFormFields,
} from '../../domain/identity-form';
import { mustMatch } from '../../domain/must-match';
import { changedValues, fieldOf, identityErrors, mustMatchMessage, purchaserOf } from '../checkout/rules';
import type { IdentityField, IdentityValues } from '../checkout/types';
import { isValidPassword, PASSWORD_MAX } from '../passwordReset/rules';
import type { FlowError } from '../shared/flow-error';
import { type Message, message } from '../shared/messages';
import type { AccountField, AccountMember, AccountMode, AccountValues } from './types';

export { PASSWORD_MAX };

/**
 * The identity form of the account: the names, the email and its re-entry (register; a profile's email changes
 * on its own page) and the seller's custom identity fields, as the checkout resolves them.
 */
export function accountFields(mode: AccountMode, form: readonly IdentityFieldOption[]): IdentityFormField[] {
  const fields = identityFormFields([form]);
  return mode === 'register' ? fields : fields.filter((f) => f.key !== 'email' && f.key !== 'email_confirm');
}

const identityValues = (values: AccountValues): IdentityValues => ({
  firstName: values.firstName ?? '',
  lastName: values.lastName ?? '',
  email: values.email ?? '',
  emailConfirm: values.emailConfirm ?? '',
  ...Object.fromEntries(Object.entries(values).filter(([f]) => f !== 'password' && f !== 'passwordConfirm')),
});

/**
 * The values after a field changed: a password as typed; an identity field as the checkout's form has it (another
 * country drops a state that is not its own).
 */
export function changeValue(values: AccountValues, field: AccountField, value: string): AccountValues {
  if (field === 'password' || field === 'passwordConfirm') return { ...values, [field]: value };
  // The checkout's rule spreads the values it is given and changes the field (and the state): the passwords ride.
  return changedValues(values as IdentityValues, field, value) as AccountValues;
}

/**
 * The password's errors (register, spec 3 §5): required, then the password rules ('Invalid password'); its
 * re-entry by the must-match rule ('Passwords must match.').
 */
export function passwordErrors(values: AccountValues): Partial<Record<AccountField, Message>> {
  const password = values.password ?? '';
  const errors: Partial<Record<AccountField, Message>> = {};
  if (password === '') errors.password = message('passwordRequired');
  else if (!isValidPassword(password)) errors.password = message('invalidPassword');
  const refused = mustMatch(values.passwordConfirm ?? '', password, { name: 'password' });
  if (refused) errors.passwordConfirm = mustMatchMessage(refused);
  return errors;
}

/** Every field's error (empty when the form may be sent). */
export function accountErrors(
  mode: AccountMode,
  form: readonly IdentityFieldOption[],
  values: AccountValues,
): Partial<Record<AccountField, Message>> {
  const errors: Partial<Record<AccountField, Message>> = identityErrors(accountFields(mode, form), values);
  return mode === 'register' ? { ...errors, ...passwordErrors(values) } : errors;
}

export const isAccountValid = (
  mode: AccountMode,
  form: readonly IdentityFieldOption[],
  values: AccountValues,
): boolean => Object.keys(accountErrors(mode, form, values)).length === 0;

/**
 * A profile's values from the account (GET my/user): the names and the identity meta of the fields the form
 * shows (meta the seller does not ask, e.g. a member-ID login's zip code, stays out of the form and the save).
 */
export function prefillOf(
  member: AccountMember | null,
  mode: AccountMode,
  form: readonly IdentityFieldOption[],
): AccountValues {
  if (!member) return {};
  const values: AccountValues = {};
  if (member.firstName) values.firstName = member.firstName;
  if (member.lastName) values.lastName = member.lastName;
  for (const { key } of accountFields(mode, form)) {
    const value = member.meta[key];
    if (value && key !== 'email' && key !== 'email_confirm') values[fieldOf(key) as IdentityField] = value;
  }
  return values;
}

/**
 * The body of POST user (register: the email typed and the password) or PUT my/user (profile: the account's
 * email unchanged, no password): trimmed names and email, the custom fields the form shows, without empty or
 * disabled ones.
 */
export function userInputOf(
  mode: AccountMode,
  form: readonly IdentityFieldOption[],
  values: AccountValues,
  accountEmail: string | null,
): UserInput {
  const purchaser = purchaserOf(identityValues(values), accountFields(mode, form));
  const email = mode === 'register' ? purchaser.email : (accountEmail ?? '').trim();
  return {
    firstName: purchaser.firstName,
    lastName: purchaser.lastName,
    email,
    ...(mode === 'register' ? { password: values.password ?? '' } : {}),
    ...(purchaser.details ? { details: purchaser.details } : {}),
  };
}

/** A refusal of the save: 409 says the address has an account (nothing typed is lost); the rest its message. */
export const saveErrorMessage = (error: FlowError, email: string): Message =>
  outcomeMessage(accountFormOutcome(error, { email: email.trim() }), 'account');

/** A load that failed: its message (the generic one unless the server described it). */
export const loadErrorMessage = (error: FlowError): Message =>
  outcomeMessage(accountFormOutcome(error), 'account');
