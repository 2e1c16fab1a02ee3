/** Verify email address (issue 18): the page a verification link opens, `/user/verify-email?token=…`. */
import type { Message } from '../shared/messages';

export interface VerifyEmailInput {
  /** The `token` query parameter of the link (null: none in the URL). */
  token: string | null;
}

export interface VerifyEmailContext {
  token: string | null;
  /** What went wrong (an invalid link, another account's address, a failure to retry), or null. */
  formError: Message | null;
}

export interface VerifyTokenInput {
  token: string;
}

export type VerifyEmailEvent =
  /** The check failed for another reason (network, server): try it again. */
  { type: 'retry' };
