import { lazy, Suspense, useEffect } from 'react';
import { selectCartWidgetView } from '../../machines/cart/view';
import { CartWidget, PayButton } from '../../ui/CartWidget';
import { MobileCartFooter } from '../../ui/cart/MobileCartFooter';
import { useCart, useCartActor, useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';

/** The cart-expiry modal loads when a cart times out: it is not part of any first load. */
const CartExpiredDialog = lazy(() =>
  import('../../ui/CartExpiredDialog').then((m) => ({ default: m.CartExpiredDialog })),
);
/** The mobile cart modal loads when the footer's cart button opens it. */
const CartModal = lazy(() => import('../../ui/cart/CartModal'));

export interface CartSidebarProps {
  showCheckout?: boolean;
  /**
   * The mobile cart footer (cart button, 'Total to pay', pay button) on small screens. Off where the screen
   * has its own mobile footer (the event page's reserve footer opens the cart modal itself).
   */
  mobileFooter?: boolean;
}

/**
 * The cart widget bound to the app-wide cart actor, the cart-expiry modal and the mobile cart modal as the
 * modal stack shows them, and the mobile cart footer.
 */
export function CartSidebar({ showCheckout = true, mobileFooter = true }: CartSidebarProps) {
  const { strings, config } = useServices();
  const cartActor = useCartActor();
  const { href, navigate } = useAppNavigate();
  const view = useCart(selectCartWidgetView);
  const expiry = useModal('cartExpiry');
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
    onNavigate: (to: string, options?: { replace?: boolean }) => {
      mobileCart.close();
      navigate(to, options);
    },
    onRemove: (ticketIds: string[]) => cartActor.send({ type: 'cart.remove', ticketIds }),
    onExtend: () => cartActor.send({ type: 'cart.extend' }),
  };
  // The mobile cart modal closes when the cart's ticket count drops to 0 (spec 2 §2).
  const cartModalOpen = mobileCart.modal !== null && !mobileCart.modal.closing;
  const { close: closeCartModal } = mobileCart;
  useEffect(() => {
    if (cartModalOpen && view.ticketCount === 0) closeCartModal();
  }, [cartModalOpen, view.ticketCount, closeCartModal]);
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
