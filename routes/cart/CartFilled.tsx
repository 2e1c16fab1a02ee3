/**
 * The cart widget of a cart with tickets, bound to the app-wide cart actor: the widget's contents, the mobile
 * cart footer, the mobile cart modal and the remove confirm overlay (both on the modal stack). A lazy chunk: `CartSidebar` loads it once the cart holds tickets (or
 * a stored cart id says it may), so an empty cart's first load carries only the frame.
 */
import '../../ui/cart/strings';
import { lazy, Suspense } from 'react';
import { selectCartWidgetView } from '../../machines/cart/view';
import type { JsonValue } from '../../machines/modals/types';
import { CartWidget, PayButton, type RemoveRequest } from '../../ui/CartWidget';
import { MobileCartFooter } from '../../ui/cart/MobileCartFooter';
import { useCart, useCartActor, useModal, useModalsActor, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import type { CartSidebarProps } from './CartSidebar';

/** The mobile cart modal loads when the footer's cart button opens it. */
const CartModal = lazy(() => import('../../ui/cart/CartModal'));
/** The remove confirm overlay loads when a remove button is first pressed. */
const RemoveConfirm = lazy(() => import('../../ui/cart/RemoveConfirm'));

/** The remove request the confirm overlay was opened with (its modal data), or null. */
function removeRequestOf(data: JsonValue | null): RemoveRequest | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { ticketIds, name } = data;
  if (!Array.isArray(ticketIds) || typeof name !== 'string') return null;
  const ids = ticketIds.filter((id): id is string => typeof id === 'string');
  return ids.length === ticketIds.length ? { ticketIds: ids, name } : null;
}

export default function CartFilled({
  showCheckout = true,
  mobileFooter = true,
  mobileAction,
}: CartSidebarProps) {
  const { strings, config } = useServices();
  const cartActor = useCartActor();
  const { href, navigate } = useAppNavigate();
  const view = useCart(selectCartWidgetView);
  const mobileCart = useModal('mobileCart');
  const modals = useModalsActor();
  const removeConfirm = useModal('removeConfirm');
  const removing = removeRequestOf(removeConfirm.modal?.data ?? null);
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
    onAskRemove: (request: RemoveRequest) =>
      modals.send({
        type: 'modal.open',
        name: 'removeConfirm',
        data: { ticketIds: request.ticketIds, name: request.name },
      }),
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
          {mobileAction ?? <PayButton {...widget} />}
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
      {removeConfirm.modal && removing ? (
        <Suspense fallback={null}>
          <RemoveConfirm
            strings={strings}
            name={removing.name}
            busy={view.busy}
            closing={removeConfirm.modal.closing}
            onConfirm={() => {
              removeConfirm.close();
              cartActor.send({ type: 'cart.remove', ticketIds: removing.ticketIds });
            }}
            onCancel={removeConfirm.close}
            onDismiss={removeConfirm.dismiss}
          />
        </Suspense>
      ) : null}
    </>
  );
}
