/** The email-submit view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { emailSubmitMachine } from './emailSubmit.machine';
import { EMAIL_MAX } from './rules';
import type { EmailSubmitEvent, EmailSubmitKind } from './types';

export type EmailSubmitSnapshot = SnapshotFrom<typeof emailSubmitMachine>;

export interface EmailSubmitView {
  kind: EmailSubmitKind;
  email: string;
  maxLength: number;
  fieldError: Message | null;
  formError: Message | null;
  /** Changes on every refused submit: the view moves focus to the problem then. */
  errorVersion: number;
  submitting: boolean;
  /** The form is shown (not yet sent). */
  showForm: boolean;
  /** Sent to this address (trimmed), or null while the form is shown. */
  sentTo: string | null;
}

export function selectEmailSubmitView(snapshot: EmailSubmitSnapshot): EmailSubmitView {
  const { context } = snapshot;
  const sent = snapshot.matches('sent');
  return {
    kind: context.kind,
    email: context.email,
    maxLength: EMAIL_MAX,
    fieldError: context.fieldError,
    formError: context.formError,
    errorVersion: context.refusals,
    submitting: snapshot.hasTag('submitting'),
    showForm: !sent,
    sentTo: sent ? context.sentTo : null,
  };
}

/** The form's callbacks, built from the flow's `send`: what the screen and the story viewer offer. */
export function emailSubmitCallbacks(send: (event: EmailSubmitEvent) => void) {
  return {
    onEmailChange: (value: string) => send({ type: 'email.change', value }),
    onSubmit: () => send({ type: 'submit' }),
  };
}

/** The callbacks of the flow's view: `ui/` takes their types from here (import type). */
export type EmailSubmitCallbacks = ReturnType<typeof emailSubmitCallbacks>;
