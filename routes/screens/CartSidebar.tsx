import { useSelector } from '@xstate/react';
import {
  selectCart,
  selectExpiryModalOpen,
  selectExpiryTimer,
  selectIsRemoving,
  selectTickedAt,
} from '../../machines/cart/selectors';
import { CartExpiredDialog } from '../../ui/CartExpiredDialog';
import { CartWidget } from '../../ui/CartWidget';
import { useServices } from '../context';
import { useAppNavigate } from '../navigation';

/** The cart widget bound to the app-wide cart actor, plus the cart-expiry modal. */
export function CartSidebar({ showCheckout = true }: { showCheckout?: boolean }) {
  const { cart: cartActor, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const cart = useSelector(cartActor, selectCart);
  const removing = useSelector(cartActor, selectIsRemoving);
  const expired = useSelector(cartActor, selectExpiryModalOpen);
  const timer = useSelector(cartActor, (s) => selectExpiryTimer(s, selectTickedAt(s) ?? Date.now()));
  return (
    <>
      <CartWidget
        strings={strings}
        currency={cart?.currency ?? config.currency}
        items={cart?.items ?? []}
        totals={cart?.totals ?? null}
        timer={
          timer
            ? {
                shown: true,
                secondsLeft: timer.secondsLeft,
                level: timer.style,
                announcement: timer.announcement,
              }
            : null
        }
        busy={removing}
        checkoutHref={showCheckout ? href('/checkout') : null}
        onNavigate={navigate}
        onRemove={(ticketIds) => cartActor.send({ type: 'cart.remove', ticketIds })}
      />
      {expired ? (
        <CartExpiredDialog strings={strings} onConfirm={() => cartActor.send({ type: 'expiry.confirm' })} />
      ) : null}
    </>
  );
}
