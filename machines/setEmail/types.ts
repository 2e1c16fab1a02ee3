/** Set email address (spec 3 §2 "Set email address page", §5 "Set email address"). */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { Message } from '../shared/messages';

export type SetEmailField = 'email' | 'confirm';

export interface SetEmailContext {
  email: string;
  confirm: string;
  fieldErrors: Partial<Record<SetEmailField, Message>>;
  formError: Message | null;
  refusals: number;
  /** The new address a confirmation link was sent to (issue 18: it changes when the link is opened), or null. */
  sentTo: string | null;
}

/** What the provided `saveEmail` actor receives (the route reads the member's user id when it acts). */
export interface SaveEmailInput {
  email: string;
}

/** What the save answers: the account's email after it (unchanged until the new address's link is spent). */
export interface SaveEmailOutput {
  email: string | null;
}

export type SetEmailEvent =
  | { type: 'field.change'; name: SetEmailField; value: string }
  | { type: 'submit' }
  /** After 'check your inbox': the member goes on. */
  | { type: 'continue' }
  /** The email was saved (the account's email as it is now), or refused. */
  | DoneActorEvent<SaveEmailOutput, 'saveEmail'>
  | ErrorActorEvent<unknown, 'saveEmail'>;
