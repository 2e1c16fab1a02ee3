/** The pending order view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { pendingOrderMachine } from './pendingOrder.machine';

export type PendingOrderSnapshot = SnapshotFrom<typeof pendingOrderMachine>;

export type PendingOrderStage = 'pending' | 'failed' | 'missing' | 'completed';

export interface PendingOrderView {
  stage: PendingOrderStage;
  /** The cart reference number the page shows. */
  reference: string;
}

export function selectPendingOrderView(snapshot: PendingOrderSnapshot): PendingOrderView {
  const stage: PendingOrderStage = snapshot.matches('completed')
    ? 'completed'
    : snapshot.matches('missing')
      ? 'missing'
      : snapshot.matches('failed')
        ? 'failed'
        : 'pending';
  return { stage, reference: snapshot.context.cartId };
}
