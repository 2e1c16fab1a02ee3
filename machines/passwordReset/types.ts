/** Reset password (spec 3 §2 "Reset password page", §4 "Password reset", §5 "Password rules"). */
import type { DoneActorEvent } from 'xstate';
import type { Message } from '../shared/messages';

export interface PasswordResetInput {
  /** The `token` query parameter of the reset link (null: none in the URL). */
  token: string | null;
}

export type PasswordField = 'password' | 'confirm';

export interface PasswordResetContext {
  token: string | null;
  /** The account's email, as the token's validation names it (shown above the form). */
  email: string | null;
  password: string;
  confirm: string;
  fieldErrors: Partial<Record<PasswordField, Message>>;
  formError: Message | null;
  refusals: number;
}

export interface ValidateTokenInput {
  token: string;
}
/** What validation answers: the identity the token belongs to. */
export interface ValidateTokenOutput {
  email: string | null;
}
export interface ResetPasswordInput {
  token: string;
  password: string;
}

export type PasswordResetEvent =
  | { type: 'field.change'; name: PasswordField; value: string }
  /** The password field lost focus: 'Invalid password' shows when what was typed breaks the rules. */
  | { type: 'password.blur' }
  | { type: 'submit' }
  /** Validation failed for another reason than an invalid link: try it again. */
  | { type: 'retry' }
  /** The link is valid: the account's email. */
  | DoneActorEvent<ValidateTokenOutput, 'validateToken'>;
