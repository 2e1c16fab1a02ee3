import './strings';
import { useId } from 'react';
import { Modal } from '../modal/Modal';
import type { Strings } from '../strings';

export interface RemoveConfirmProps {
  strings: Strings;
  /** The item's name (what is removed). */
  name: string;
  busy: boolean;
  /** Plays the close transition (the modal stack removes it after 200 ms). */
  closing: boolean;
  onConfirm: () => void;
  /** The Cancel button. */
  onCancel: () => void;
  /** Escape or a backdrop click. */
  onDismiss: () => void;
}

/**
 * The remove confirm overlay (spec 2 §2 "Remove button with a confirm overlay"): a small alert dialog on the
 * modal stack asking 'Remove these tickets?' for one cart item. Confirm takes focus on open; Cancel, Escape
 * and a backdrop click keep the item, and focus returns to the remove button that opened it. A lazy chunk:
 * it loads on the first remove press.
 */
export default function RemoveConfirm({
  strings,
  name,
  busy,
  closing,
  onConfirm,
  onCancel,
  onDismiss,
}: RemoveConfirmProps) {
  const nameId = useId();
  return (
    <Modal
      name="removeConfirm"
      role="alertdialog"
      title={strings.confirmRemove}
      describedBy={nameId}
      size="sm"
      closeable
      closing={closing}
      onDismiss={onDismiss}
      initialFocus="[data-confirm]"
    >
      <p id={nameId} className="remove-confirm__name">
        {name}
      </p>
      <div className="cart-item__confirm-actions">
        <button type="button" className="btn btn--small" data-confirm disabled={busy} onClick={onConfirm}>
          {strings.confirm}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={onCancel}>
          {strings.cancel}
        </button>
      </div>
    </Modal>
  );
}
