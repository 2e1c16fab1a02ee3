/**
 * Checkout's scheduled payments panel (spec 2 §2, §4 "Scheduled payments", §5, §8; issue 22), a lazy chunk of
 * checkout with its strings and its machine: the screen renders it (and so fetches the chunk) only for a cart with
 * scheduled payments. The scheduledPayments machine follows the app cart (a refreshed cart chooses again from the
 * default) and tells the checkout the amount to pay (`onAmountChange`).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { CartModel } from '../../api/models';
import { cartAmounts } from '../../machines/scheduledPayments/rules';
import { scheduledPaymentsView } from '../../machines/scheduledPayments/view';
import { ScheduledPaymentsPanel } from '../../ui/checkout/ScheduledPaymentsPanel';
import { useCartActor, useServices } from '../app/services';
import { provideScheduledPayments } from './scheduled-payments-wiring';

export default function ScheduledPaymentsFlow({
  cart,
  disabled,
  onAmountChange,
}: {
  /** The cart as checkout has it (its schedule when the panel starts, its completed payments, its currency). */
  cart: CartModel;
  /** A submit is under way: the options wait. */
  disabled: boolean;
  onAmountChange: (amountCents: number) => void;
}) {
  const { strings, inspect, clock } = useServices();
  const cartActor = useCartActor();
  const machine = useMemo(() => provideScheduledPayments({ amountChosen: onAmountChange }), [onAmountChange]);
  const actor = useActorRef(machine, {
    input: {
      ...(cartAmounts(cart) ?? { dueCents: 0, outstandingCents: 0, scheduled: [] }),
      cartActor,
    },
    inspect,
  });
  const view = useSelector(actor, (s) => scheduledPaymentsView(s, clock.now()));
  return (
    <ScheduledPaymentsPanel
      strings={strings}
      currency={cart.currency}
      // The seller's dates: the event venue's zone (every item of a cart on a plan is the seller's).
      timezone={cart.items[0]?.timezone ?? 'UTC'}
      options={view.options}
      chosen={view.chosen}
      dueCents={view.dueCents}
      outstandingCents={view.outstandingCents}
      customText={view.customText}
      scheduled={view.scheduled}
      completed={cart.completedPayments ?? []}
      overdueCents={view.overdueCents}
      disabled={disabled}
      onChoose={(option) => actor.send({ type: 'option.choose', option })}
      onAmountChange={(value) => actor.send({ type: 'amount.change', value })}
      onAmountCommit={() => actor.send({ type: 'amount.commit' })}
    />
  );
}
