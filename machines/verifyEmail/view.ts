/** The verify-email view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { verifyEmailMachine } from './verifyEmail.machine';

export type VerifyEmailSnapshot = SnapshotFrom<typeof verifyEmailMachine>;

export type VerifyEmailStage = 'verifying' | 'failed' | 'verified' | 'invalidLink' | 'emailInUse';

export interface VerifyEmailView {
  stage: VerifyEmailStage;
  formError: Message | null;
}

export function selectVerifyEmailView(snapshot: VerifyEmailSnapshot): VerifyEmailView {
  const stage: VerifyEmailStage = snapshot.matches('verified')
    ? 'verified'
    : snapshot.matches('invalidLink')
      ? 'invalidLink'
      : snapshot.matches('emailInUse')
        ? 'emailInUse'
        : snapshot.matches('failed')
          ? 'failed'
          : 'verifying';
  return { stage, formError: snapshot.context.formError };
}
