/** The reset-password view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { passwordResetMachine } from './passwordReset.machine';
import { meetsRequirement, PASSWORD_MAX, PASSWORD_REQUIREMENTS, type PasswordRequirement } from './rules';
import type { PasswordField, PasswordResetEvent } from './types';

export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

/** Which screen the page shows. */
export type PasswordResetStage = 'loading' | 'loadFailed' | 'form' | 'updated' | 'invalidLink';

export interface PasswordResetView {
  stage: PasswordResetStage;
  email: string | null;
  password: string;
  confirm: string;
  maxLength: number;
  /** The requirements with whether the typed password meets each (the list beside the field). */
  /** The requirements with their catalogue keys, and whether the typed password meets each. */
  requirements: { requirement: PasswordRequirement; key: PasswordRequirementKey; met: boolean }[];
  fieldErrors: Partial<Record<PasswordField, Message>>;
  formError: Message | null;
  errorVersion: number;
  submitting: boolean;
}

/** The catalogue key of each requirement the page lists. */
const REQUIREMENT_KEYS = {
  length: 'requirementLength',
  noEdgeSpace: 'requirementNoEdgeSpace',
  printableAscii: 'requirementPrintableAscii',
  threeClasses: 'requirementThreeClasses',
} as const satisfies Record<PasswordRequirement, string>;

export type PasswordRequirementKey = (typeof REQUIREMENT_KEYS)[PasswordRequirement];

export function selectPasswordResetView(snapshot: PasswordResetSnapshot): PasswordResetView {
  const { context } = snapshot;
  const stage: PasswordResetStage = snapshot.hasTag('loading')
    ? 'loading'
    : snapshot.matches('validationFailed')
      ? 'loadFailed'
      : snapshot.matches('updated')
        ? 'updated'
        : snapshot.matches('invalidLink')
          ? 'invalidLink'
          : 'form';
  return {
    stage,
    email: context.email,
    password: context.password,
    confirm: context.confirm,
    maxLength: PASSWORD_MAX,
    requirements: PASSWORD_REQUIREMENTS.map((requirement) => ({
      requirement,
      key: REQUIREMENT_KEYS[requirement],
      met: meetsRequirement(context.password, requirement),
    })),
    fieldErrors: context.fieldErrors,
    formError: context.formError,
    errorVersion: context.refusals,
    submitting: snapshot.hasTag('submitting'),
  };
}

/** The page's callbacks, built from the flow's `send`: what the screen and the story viewer offer. */
export function passwordResetCallbacks(send: (event: PasswordResetEvent) => void) {
  return {
    onPasswordChange: (value: string) => send({ type: 'field.change', name: 'password', value }),
    onPasswordBlur: () => send({ type: 'password.blur' }),
    onConfirmChange: (value: string) => send({ type: 'field.change', name: 'confirm', value }),
    onSubmit: () => send({ type: 'submit' }),
    onRetry: () => send({ type: 'retry' }),
  };
}

/** The callbacks of the flow's view: `ui/` takes their types from here (import type). */
export type PasswordResetCallbacks = ReturnType<typeof passwordResetCallbacks>;
