import '../../ui/checkout/pending-strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { selectPendingOrderView } from '../../machines/pendingOrder/view';
import { PendingView } from '../../ui/checkout/PendingView';
import { useCartActor, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { providePendingOrder } from './wiring';

/** /checkout/pending/{cartId}: a payment that clears later; on to the confirmation once the cart has orders. */
export default function PendingScreen({ cartId }: { cartId: string }) {
  return <PendingOrderFlow key={cartId} cartId={cartId} />;
}

function PendingOrderFlow({ cartId }: { cartId: string }) {
  const { api, strings, config, inspect } = useServices();
  const { navigate } = useAppNavigate();
  const cartActor = useCartActor();
  const machine = useMemo(
    () =>
      providePendingOrder({
        api,
        completed: (orderIds) =>
          navigate(`/checkout/complete?orderIds=${orderIds.map(encodeURIComponent).join(',')}`, {
            replace: true,
          }),
        // Back to checkout of the cart, which opens with the card error (routes/checkout/CheckoutScreen.tsx), the
        // app cart the one just read (its purchaser prefills the form: what was given is not asked again).
        paymentFailed: (id, cart) => {
          if (cart) cartActor.send({ type: 'cart.updated', cart });
          navigate(`/checkout/${encodeURIComponent(id)}`, { replace: true, state: { paymentFailed: true } });
        },
      }),
    [api, navigate, cartActor],
  );
  // A bank debit (the checkout says so in history state): the debit wording.
  const [debit] = useState(
    () => typeof history !== 'undefined' && (history.state as { debit?: unknown } | null)?.debit === true,
  );
  const actor = useActorRef(machine, { input: { cartId, debit }, inspect });
  const view = useSelector(actor, selectPendingOrderView);
  useEffect(() => {
    document.title = `${strings.pendingTitle} — ${config.sellerName}`;
  }, [strings.pendingTitle, config.sellerName]);
  return (
    <PendingView
      strings={strings}
      stage={view.stage}
      reference={view.reference}
      debit={view.debit}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}
