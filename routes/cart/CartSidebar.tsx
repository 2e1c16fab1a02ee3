import { lazy, Suspense } from 'react';
import { selectCartWidgetView } from '../../machines/cart/view';
import { CartWidget } from '../../ui/CartWidget';
import { useCart, useCartActor, useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';

/** The cart-expiry modal loads when a cart times out: it is not part of any first load. */
const CartExpiredDialog = lazy(() =>
  import('../../ui/CartExpiredDialog').then((m) => ({ default: m.CartExpiredDialog })),
);

/** The cart widget bound to the app-wide cart actor, plus the cart-expiry modal as the modal stack shows it. */
export function CartSidebar({ showCheckout = true }: { showCheckout?: boolean }) {
  const { strings, config } = useServices();
  const cartActor = useCartActor();
  const { href, navigate } = useAppNavigate();
  const view = useCart(selectCartWidgetView);
  const expiry = useModal('cartExpiry');
  return (
    <>
      <CartWidget
        strings={strings}
        currency={view.cart?.currency ?? config.currency}
        items={view.items}
        totals={view.totals}
        timer={view.timer}
        busy={view.busy}
        checkoutHref={showCheckout ? href('/checkout') : null}
        onNavigate={navigate}
        onRemove={(ticketIds) => cartActor.send({ type: 'cart.remove', ticketIds })}
        onExtend={() => cartActor.send({ type: 'cart.extend' })}
      />
      {expiry.modal ? (
        <Suspense fallback={null}>
          <CartExpiredDialog
            strings={strings}
            closing={expiry.modal.closing}
            onDismiss={expiry.dismiss}
            onConfirm={() => cartActor.send({ type: 'expiry.confirm' })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
