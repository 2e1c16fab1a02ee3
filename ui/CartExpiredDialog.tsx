import { useEffect, useRef } from 'react';
import type { Strings } from './strings';

/** The cart-expiry modal: small, not closeable by Escape or backdrop, one confirm button. */
export function CartExpiredDialog({ strings, onConfirm }: { strings: Strings; onConfirm: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="cart-expired-title"
      onCancel={(e) => e.preventDefault()}
      style={{ maxWidth: '24rem' }}
    >
      <h2 id="cart-expired-title">{strings.cartTimedOut}</h2>
      <button type="button" className="btn btn--block" onClick={onConfirm}>
        {strings.startOver}
      </button>
    </dialog>
  );
}
