/**
 * The email-submit pages (spec 3 §2 "Email-submit pages"): resend tickets, forgot membership, forgot
 * password. One machine, three kinds; context is plain data.
 */
import type { Message } from '../shared/messages';

/** Which page: resend tickets (`/resend`), forgot membership, forgot password. */
export type EmailSubmitKind = 'resend' | 'forgotMembership' | 'forgotPassword';

export interface EmailSubmitInput {
  kind: EmailSubmitKind;
}

export interface EmailSubmitContext {
  kind: EmailSubmitKind;
  /** What the visitor typed, kept as typed (also after an error). */
  email: string;
  /** The email field's error of the last refused submit, or null. */
  fieldError: Message | null;
  /** The form-level error of the last failed call, or null. */
  formError: Message | null;
  /** The address the call went out for (trimmed), shown on success. */
  sentTo: string | null;
  /** Refused submits so far: the view moves focus to the problem each time. */
  refusals: number;
}

/** What the provided `submitEmail` actor receives. */
export interface SubmitEmailInput {
  kind: EmailSubmitKind;
  email: string;
}

export type EmailSubmitEvent =
  /** The visitor types in the email field. */
  | { type: 'email.change'; value: string }
  /** The visitor submits the form. */
  | { type: 'submit' };
