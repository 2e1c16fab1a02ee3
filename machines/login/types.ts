/**
 * Login (spec 3 §2 "Login screen", §4 "Login", "Identity-provider login", §5, §8, §9): modes, fields, events,
 * context. Context is plain data.
 */
import type { DoneActorEvent } from 'xstate';
import type { LoginCredentials } from '../../api/models';
import type { LoadedMember } from '../session/types';
import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';

/**
 * How the seller lets members log in (seller configuration `authentication.method`): the four credential
 * forms, the identity provider's redirect (`oidc`), an external login URL, or none ('Login is disabled').
 */
export type LoginMethod =
  | 'password'
  | 'scan_code'
  | 'scan_code_last_name'
  | 'scan_code_password'
  | 'oidc'
  | 'external'
  | 'none';

/** The login form's modes: the methods with a credentials form. */
export type FormMode = Extract<
  LoginMethod,
  'password' | 'scan_code' | 'scan_code_last_name' | 'scan_code_password'
>;

/** Every field a login form may show; each mode shows some of them (`FIELDS_BY_MODE`). */
export type LoginFieldName = 'memberId' | 'email' | 'password' | 'zip' | 'lastName';
export type LoginFields = Record<LoginFieldName, string>;

export interface LoginInput {
  method: LoginMethod;
  /** The seller's configured invalid-credentials text (shown on a 401), or null. */
  invalidCredentialsMessage: string | null;
  /** Whether the browser accepts cookies (the session lives in one). */
  cookiesEnabled: boolean;
  /** Values handed in by the URL (member_code, zip_code, login.*): the form starts with them. */
  prefill: Partial<LoginFields> | null;
  /** The prefill came from the URL: try to identify at once (when it makes a complete form). */
  identify: boolean;
  /** The identity provider sent the visitor back (/auth0-login): complete its login. */
  callback: boolean;
  /** The path to come back to after an identity-provider login. */
  returnPath: string;
}

export interface LoginContext {
  method: LoginMethod;
  invalidCredentialsMessage: string | null;
  cookiesEnabled: boolean;
  identify: boolean;
  callback: boolean;
  fields: LoginFields;
  /** What the form says after a failure (or the guest-account notice). */
  error: Message | null;
  /** The failure was a wrong password: the message comes with a forgot-password link. */
  forgotPasswordLink: boolean;
  /** The last failure as data (for logs and tests). */
  failure: FlowError | null;
  /** Where an identity-provider login goes back to (from the provider's state). */
  returnPath: string;
  /** The identity provider's ID token, exchanged for a login. */
  jwt: string | null;
  /** The member loaded after the login, until handed to the session. */
  loaded: LoadedMember | null;
}

export type LoginEvent =
  | { type: 'login.change'; field: LoginFieldName; value: string }
  /** Submit the form, or start the identity provider's or the external login. */
  | { type: 'login.submit' }
  /** The member loaded after the login; the identity provider's callback answered. */
  | DoneActorEvent<LoadedMember, 'loadMember'>
  | DoneActorEvent<ProviderCallbackResult, 'completeProviderLogin'>;

export type LoginRequest = LoginCredentials;

/** What the identity provider's callback yields: the ID token and the saved path. */
export interface ProviderCallbackResult {
  jwt: string;
  returnPath: string;
}
