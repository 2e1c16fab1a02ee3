import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { selectCartId, selectTicketCount } from '../../machines/cart/current';
import { CartFrame } from '../../ui/cart/CartFrame';
import { Busy } from '../../ui/skeleton/Busy';
import { useCart, useCartActor, useModal, useServices } from '../app/services';

/** The cart-expiry modal loads when a cart times out: it is not part of any first load. */
const CartExpiredDialog = lazy(() =>
  import('../../ui/CartExpiredDialog').then((m) => ({ default: m.CartExpiredDialog })),
);
/** The widget of a cart with tickets (contents, mobile footer, mobile cart modal). */
const loadFilled = () => import('./CartFilled');
const CartFilled = lazy(loadFilled);

export interface CartSidebarProps {
  showCheckout?: boolean;
  /**
   * The mobile cart footer (cart button, 'Total to pay', pay button) on small screens. Off where the screen
   * has its own mobile footer (the event page's reserve footer opens the cart modal itself).
   */
  mobileFooter?: boolean;
  /**
   * The mobile footer's action in place of the checkout link: at checkout, the pay button that submits the
   * checkout form (spec 2 §2: on mobile a footer with a pay button, a cart button and 'Total to pay').
   */
  mobileAction?: ReactNode;
}

/**
 * The cart sidebar: the frame alone while the cart is empty; with tickets, the filled widget (a lazy chunk,
 * fetched as soon as a cart id is known, in parallel with the cart's load), and the cart-expiry modal as the
 * modal stack says. The mobile cart modal closes when the ticket count drops to 0 by the cart machine's rule.
 */
export function CartSidebar(props: CartSidebarProps) {
  const { strings } = useServices();
  const cartActor = useCartActor();
  const ticketCount = useCart(selectTicketCount);
  const hasCartId = useCart((s) => selectCartId(s) !== null);
  const expiry = useModal('cartExpiry');
  const mobileCart = useModal('mobileCart');
  useEffect(() => {
    if (hasCartId) void loadFilled();
  }, [hasCartId]);
  // Kept while the modal plays its close transition after the last ticket went.
  const filled = ticketCount > 0 || mobileCart.modal !== null;
  return (
    <>
      {filled ? (
        <Suspense
          fallback={
            <CartFrame strings={strings}>
              <Busy label={strings.loading}>
                <span />
              </Busy>
            </CartFrame>
          }
        >
          <CartFilled {...props} />
        </Suspense>
      ) : (
        <CartFrame strings={strings} />
      )}
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
