/** The cancel-auto-renew view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { Message } from '../shared/messages';
import type { autoRenewCancelMachine } from './autoRenewCancel.machine';
import { longDate } from './rules';

export type AutoRenewCancelSnapshot = SnapshotFrom<typeof autoRenewCancelMachine>;

export type AutoRenewCancelPhase =
  | 'loading'
  | 'loadFailed'
  | 'enrolled'
  | 'cancelling'
  | 'cancelled'
  | 'notEnrolled'
  | 'notAuthenticated';

export interface AutoRenewCancelView {
  phase: AutoRenewCancelPhase;
  levelName: string | null;
  /** The valid-to date as 'MMMM D, YYYY'. */
  validTo: string | null;
  error: Message | null;
  busy: boolean;
}

export function selectAutoRenewCancelView(snapshot: AutoRenewCancelSnapshot): AutoRenewCancelView {
  const { context } = snapshot;
  const phase = (typeof snapshot.value === 'string' ? snapshot.value : 'loading') as AutoRenewCancelPhase;
  return {
    phase,
    levelName: context.membership?.levelName ?? null,
    validTo: context.membership ? longDate(context.membership.validTo) : null,
    error: context.error,
    busy: phase === 'loading' || phase === 'cancelling',
  };
}
