/**
 * The mobile reserve footer bound to the app cart: its cart button opens the mobile cart modal, or with an
 * empty cart brings the visitor to the cart widget.
 */
import { MobileReserveFooter } from '../../../ui/reserve/MobileReserveFooter';
import { useCart, useModal, useServices } from '../../app/services';

export interface MobileFooterProps {
  formId: string;
  totalCents: number;
  canSubmit: boolean;
  submitting: boolean;
}

export function MobileFooter(props: MobileFooterProps) {
  const { strings, config } = useServices();
  const cartCount = useCart((s) => s.context.cart?.ticketCount ?? 0);
  const currency = useCart((s) => s.context.cart?.currency ?? config.currency);
  const mobileCart = useModal('mobileCart');
  return (
    <MobileReserveFooter
      strings={strings}
      currency={currency}
      cartCount={cartCount}
      onCart={() => {
        // With tickets in the cart, the mobile cart modal (the cart sidebar renders it).
        if (cartCount > 0) return mobileCart.open();
        // On small screens the cart widget follows the content: bring it into view and move focus to it.
        const heading = document.getElementById('cart-title');
        heading?.scrollIntoView({ block: 'start' });
        const widget = heading?.closest<HTMLElement>('.cart-widget');
        if (widget) {
          widget.tabIndex = -1;
          widget.focus({ preventScroll: true });
        }
      }}
      {...props}
    />
  );
}
