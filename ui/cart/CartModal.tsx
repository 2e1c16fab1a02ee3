import { formatMoney } from '../format';
import { Modal } from '../modal/Modal';
import { CartItems, CartLines, type CartWidgetProps, type CartWidgetTotal, PayButton } from './CartContents';
import { CartTimer } from './CartTimer';

export interface CartModalProps extends CartWidgetProps {
  total: CartWidgetTotal;
  closing: boolean;
  onDismiss: () => void;
  onClose: () => void;
}

/**
 * The mobile cart modal (spec 2 §2): a 72 px header with the title and Close, the items and money lines
 * scrolling between, and a 180 px footer with the total and the pay button. The cart machine closes it when the
 * cart's ticket count drops to 0. A lazy chunk: it loads when the cart button opens it.
 */
export default function CartModal(props: CartModalProps) {
  const { strings, total } = props;
  return (
    <Modal
      name="mobileCart"
      title={strings.cart}
      size="md"
      closeable
      closing={props.closing}
      onDismiss={props.onDismiss}
      onClose={props.onClose}
      closeLabel={strings.close}
    >
      <div className="cart-modal__body">
        <CartItems {...props} />
        <CartLines {...props} withTotal={false} />
      </div>
      <div className="cart-modal__footer">
        <p className="cart-modal__total">
          <span>{strings[total.key === 'total' ? 'totalToPay' : 'partialTotal']}</span>
          <strong>{formatMoney(total.amountCents, props.currency)}</strong>
        </p>
        <CartTimer strings={strings} timer={props.timer} onExtend={props.onExtend} />
        <PayButton {...props} />
      </div>
    </Modal>
  );
}
