/** Pure rules of the login form (spec 3 §2 "Login screen", §5 "Login", §9). */
import type { LoginCredentials } from '../../api/models';
import type { FormMode, LoginFieldName, LoginFields, LoginMethod } from './types';

/** Spec 3 §9: login email maxlength 100, other login fields 50, ZIP 5 digits. */
export const LOGIN_EMAIL_MAX = 100;
export const LOGIN_FIELD_MAX = 50;
export const ZIP_PATTERN = '[0-9]{5}';
const ZIP = /^[0-9]{5}$/;

/** An identity-provider login that fails on its state goes back after 5 seconds (spec 3 §4). */
export const INVALID_STATE_DELAY_MS = 5_000;

/** The fields each form mode shows, in order (spec 3 §2 "Login screen"). */
export const FIELDS_BY_MODE: Readonly<Record<FormMode, readonly LoginFieldName[]>> = {
  password: ['email', 'password'],
  scan_code: ['memberId', 'zip'],
  scan_code_last_name: ['memberId', 'lastName'],
  scan_code_password: ['memberId', 'email', 'password'],
};

export const EMPTY_FIELDS: LoginFields = { memberId: '', email: '', password: '', zip: '', lastName: '' };

export const isFormMode = (method: LoginMethod): method is FormMode => Object.hasOwn(FIELDS_BY_MODE, method);

/** The maxlength of a field: 100 for the email, 50 for the others (the ZIP is exactly 5 digits). */
export const maxLengthOf = (field: LoginFieldName): number =>
  field === 'email' ? LOGIN_EMAIL_MAX : field === 'zip' ? 5 : LOGIN_FIELD_MAX;

/**
 * The text a field is sent as: trimmed, the password too (spec 3 §2: login fields are trimmed; a password
 * may not start or end with a space, so no member's password loses anything).
 */
const sentValue = (value: string): string => value.trim();

/** Whether one field is acceptable: required (after trimming), within its maxlength, a ZIP of 5 digits. */
export function isFieldValid(field: LoginFieldName, value: string): boolean {
  const text = sentValue(value);
  if (text === '' || text.length > maxLengthOf(field)) return false;
  return field !== 'zip' || ZIP.test(text);
}

/** Whether the form of `mode` is complete and valid. */
export const isFormValid = (mode: LoginMethod, fields: LoginFields): boolean =>
  isFormMode(mode) && FIELDS_BY_MODE[mode].every((field) => isFieldValid(field, fields[field]));

/** The POST login credentials of a valid form (fields trimmed). */
export function credentialsOf(mode: FormMode, fields: LoginFields): LoginCredentials {
  const f = (name: LoginFieldName) => sentValue(fields[name]);
  switch (mode) {
    case 'password':
      return { mode, email: f('email'), password: f('password') };
    case 'scan_code':
      return { mode, memberId: f('memberId'), zip: f('zip') };
    case 'scan_code_last_name':
      return { mode, memberId: f('memberId'), lastName: f('lastName') };
    case 'scan_code_password':
      return { mode, memberId: f('memberId'), email: f('email'), password: f('password') };
  }
}

/** The prefill kept for a mode: only its own fields, each cut to its maxlength. */
export function prefillFields(mode: LoginMethod, prefill: Partial<LoginFields> | null): LoginFields {
  const fields = { ...EMPTY_FIELDS };
  if (!prefill || !isFormMode(mode)) return fields;
  for (const name of FIELDS_BY_MODE[mode]) {
    const value = prefill[name];
    if (typeof value === 'string') fields[name] = value.slice(0, maxLengthOf(name));
  }
  return fields;
}

/**
 * Query keys that hand in login details (spec 3 §2 "Navigation rules"): member_code, zip_code and keys
 * prefixed `login.` (login.email, login.last_name, login.member_code, login.zip_code); they are removed.
 */
export function isLoginQueryKey(key: string): boolean {
  return key === 'member_code' || key === 'zip_code' || key.startsWith('login.');
}

const QUERY_FIELD: Readonly<Record<string, LoginFieldName>> = {
  member_code: 'memberId',
  zip_code: 'zip',
  'login.member_code': 'memberId',
  'login.member_id': 'memberId',
  'login.zip_code': 'zip',
  'login.last_name': 'lastName',
  'login.email': 'email',
};

/** The login fields a query hands in (null when it hands in none). Passwords never come from a URL. */
export function prefillFromQuery(params: URLSearchParams): Partial<LoginFields> | null {
  const out: Partial<LoginFields> = {};
  for (const [key, value] of params) {
    const field = QUERY_FIELD[key];
    if (field) out[field] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}
