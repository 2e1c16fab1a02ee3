/** The pending order view model: one selector from a snapshot to the props its view needs. */
import type { SnapshotFrom } from 'xstate';
import type { pendingOrderMachine } from './pendingOrder.machine';

export type PendingOrderSnapshot = SnapshotFrom<typeof pendingOrderMachine>;

export type PendingOrderStage = 'pending' | 'failed' | 'missing' | 'completed' | 'paymentFailed';

export interface PendingOrderView {
  stage: PendingOrderStage;
  /** The cart reference number the page shows (the cart's number, not its id); null until the cart is read. */
  reference: string | null;
  /** A bank debit: the debit wording (the reference number, a confirmation email once cleared). */
  debit: boolean;
}

export function selectPendingOrderView(snapshot: PendingOrderSnapshot): PendingOrderView {
  const stage: PendingOrderStage = snapshot.matches('completed')
    ? 'completed'
    : snapshot.matches('paymentFailed')
      ? 'paymentFailed'
      : snapshot.matches('missing')
        ? 'missing'
        : snapshot.matches('failed')
          ? 'failed'
          : 'pending';
  return { stage, reference: snapshot.context.cartNumber, debit: snapshot.context.debit };
}
