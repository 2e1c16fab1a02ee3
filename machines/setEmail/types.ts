/** Set email address (spec 3 §2 "Set email address page", §5 "Set email address"). */
import type { Message } from '../shared/messages';

export type SetEmailField = 'email' | 'confirm';

export interface SetEmailContext {
  email: string;
  confirm: string;
  fieldErrors: Partial<Record<SetEmailField, Message>>;
  formError: Message | null;
  refusals: number;
}

/** What the provided `saveEmail` actor receives (the route reads the member's user id when it acts). */
export interface SaveEmailInput {
  email: string;
}

export type SetEmailEvent = { type: 'field.change'; name: SetEmailField; value: string } | { type: 'submit' };
