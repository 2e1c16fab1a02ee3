/**
 * The cart widget of a cart with tickets, bound to the app-wide cart actor: the widget's contents, the mobile
 * cart footer and the mobile cart modal. A lazy chunk: `CartSidebar` loads it once the cart holds tickets (or
 * a stored cart id says it may), so an empty cart's first load carries only the frame.
 */
import { lazy, Suspense } from 'react';
import { selectCartWidgetView } from '../../machines/cart/view';
import { CartWidget, PayButton } from '../../ui/CartWidget';
import { MobileCartFooter } from '../../ui/cart/MobileCartFooter';
import { useCart, useCartActor, useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import type { CartSidebarProps } from './CartSidebar';

/** The mobile cart modal loads when the footer's cart button opens it. */
const CartModal = lazy(() => import('../../ui/cart/CartModal'));

export default function CartFilled({ showCheckout = true, mobileFooter = true }: CartSidebarProps) {
  const { strings, config } = useServices();
  const cartActor = useCartActor();
  const { href, navigate } = useAppNavigate();
  const view = useCart(selectCartWidgetView);
  const mobileCart = useModal('mobileCart');
  const widget = {
    strings,
    currency: view.cart?.currency ?? config.currency,
    items: view.items,
    lines: view.lines,
    total: view.total,
    timer: view.timer,
    busy: view.busy,
    checkoutHref: showCheckout ? href('/checkout') : null,
    onNavigate: (to: string) => {
      if (mobileCart.modal) mobileCart.close();
      navigate(to);
    },
    onRemove: (ticketIds: string[]) => cartActor.send({ type: 'cart.remove', ticketIds }),
    onExtend: () => cartActor.send({ type: 'cart.extend' }),
  };
  return (
    <>
      <CartWidget {...widget} />
      {mobileFooter && view.ticketCount > 0 ? (
        <MobileCartFooter
          strings={strings}
          currency={widget.currency}
          totalLabel={strings.totalToPay}
          totalCents={view.total?.amountCents ?? 0}
          cartCount={view.ticketCount}
          badge={view.badge}
          onCart={mobileCart.open}
        >
          <PayButton {...widget} />
        </MobileCartFooter>
      ) : null}
      {mobileCart.modal && view.total ? (
        <Suspense fallback={null}>
          <CartModal
            {...widget}
            total={view.total}
            closing={mobileCart.modal.closing}
            onDismiss={mobileCart.dismiss}
            onClose={mobileCart.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
