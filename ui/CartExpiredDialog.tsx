import './cart/strings';
import { Modal } from './modal/Modal';
import type { Strings } from './strings';

export interface CartExpiredDialogProps {
  strings: Strings;
  /** The one button, 'Start over': closes all modals (the cart is then cleared). */
  onConfirm: () => void;
  /** Plays the close transition (the modal stack removes it after 200 ms). */
  closing?: boolean;
  /** Never called: the modal is not closeable. Accepted so every modal takes the same props. */
  onDismiss?: () => void;
}

/** The cart-expiry modal: small, not closeable by Escape or backdrop, one confirm button. */
export function CartExpiredDialog({
  strings,
  onConfirm,
  closing = false,
  onDismiss,
}: CartExpiredDialogProps) {
  return (
    <Modal
      name="cartExpiry"
      title={strings.cartTimedOut}
      size="sm"
      closeable={false}
      closing={closing}
      onDismiss={onDismiss}
    >
      <button type="button" className="btn btn--block" onClick={onConfirm}>
        {strings.startOver}
      </button>
    </Modal>
  );
}
