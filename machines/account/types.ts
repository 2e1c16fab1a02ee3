/**
 * Register and edit profile (issue 26; spec 3 §2 "Account menu", §3 identity, §5 identity form, password rules,
 * custom identity fields and the must-match rule, §7 POST user / PUT my/user).
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { UserInput } from '../../api/models';
import type { IdentityFieldOption } from '../../domain/identity-form';
import type { IdentityField } from '../checkout/types';
import type { Message } from '../shared/messages';

/** Register: a new account (POST user), then logged in. Profile: the logged-in member's own (PUT my/user). */
export type AccountMode = 'register' | 'profile';

/** The form's fields: the identity form's (names, email and its re-entry, the seller's) and the passwords. */
export type AccountField = IdentityField | 'password' | 'passwordConfirm';
export type AccountValues = Partial<Record<AccountField, string>>;

/** The account as GET my/user answers it (profile: the prefill). */
export interface AccountMember {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Identity meta by wire key: phone, country, state, zip_code, ... */
  meta: Record<string, string>;
}

export interface AccountInput {
  mode: AccountMode;
}

export interface AccountContext {
  mode: AccountMode;
  /** The seller's custom identity fields (config row `identity_form`), as loaded. */
  form: IdentityFieldOption[];
  values: AccountValues;
  /** Profile: the account's email, sent unchanged (it changes on its own page, by a link mailed to it). */
  email: string | null;
  fieldErrors: Partial<Record<AccountField, Message>>;
  formError: Message | null;
  /** Profile: 'Your profile is saved.' after a save, until the next change. */
  notice: Message | null;
  refusals: number;
}

/** What the provided `loadAccount` actor answers: the seller's fields, and the member for a profile. */
export interface LoadAccountOutput {
  form: IdentityFieldOption[];
  member: AccountMember | null;
}

export interface SaveAccountInput {
  mode: AccountMode;
  user: UserInput;
}

/** What the provided `logIn` actor receives (register: the new account's credentials). */
export interface LogInInput {
  email: string;
  password: string;
}

export type AccountEvent =
  | { type: 'field.change'; name: AccountField; value: string }
  | { type: 'submit' }
  | { type: 'retry' }
  /** The form and the account loaded, or could not; the save failed. */
  | DoneActorEvent<LoadAccountOutput, 'loadAccount'>
  | ErrorActorEvent<unknown, 'loadAccount'>
  | ErrorActorEvent<unknown, 'saveAccount'>;
