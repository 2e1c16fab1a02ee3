/** The set-email view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import { EMAIL_MAX } from '../emailSubmit/rules';
import type { Message } from '../shared/messages';
import type { setEmailMachine } from './setEmail.machine';
import type { SetEmailEvent, SetEmailField } from './types';

export type SetEmailSnapshot = SnapshotFrom<typeof setEmailMachine>;

export interface SetEmailView {
  email: string;
  confirm: string;
  maxLength: number;
  fieldErrors: Partial<Record<SetEmailField, Message>>;
  formError: Message | null;
  errorVersion: number;
  submitting: boolean;
  saved: boolean;
  /** The address a confirmation link was sent to ('check your inbox'), or null. */
  sentTo: string | null;
}

export function selectSetEmailView(snapshot: SetEmailSnapshot): SetEmailView {
  const { context } = snapshot;
  return {
    email: context.email,
    confirm: context.confirm,
    maxLength: EMAIL_MAX,
    fieldErrors: context.fieldErrors,
    formError: context.formError,
    errorVersion: context.refusals,
    submitting: snapshot.hasTag('submitting'),
    saved: snapshot.matches('saved'),
    sentTo: snapshot.matches('sent') ? context.sentTo : null,
  };
}

/** The page's callbacks, built from the flow's `send`: what the screen and the story viewer offer. */
export function setEmailCallbacks(send: (event: SetEmailEvent) => void) {
  return {
    onContinue: () => send({ type: 'continue' }),
    onEmailChange: (value: string) => send({ type: 'field.change', name: 'email', value }),
    onConfirmChange: (value: string) => send({ type: 'field.change', name: 'confirm', value }),
    onSubmit: () => send({ type: 'submit' }),
  };
}

/** The callbacks of the flow's view: `ui/` takes their types from here (import type). */
export type SetEmailCallbacks = ReturnType<typeof setEmailCallbacks>;
