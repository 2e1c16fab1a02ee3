import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import type { Strings } from '../strings';

export interface RemoveConfirmProps {
  strings: Strings;
  /** The item's name (what is removed). */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The remove confirm overlay (spec 2 §2): covers the cart item it belongs to, asks 'Remove these tickets?',
 * takes focus on open, and Escape cancels. A lazy chunk of its own: it loads on the first remove press.
 */
export default function RemoveConfirm({ strings, name, busy, onConfirm, onCancel }: RemoveConfirmProps) {
  const titleId = useId();
  const nameId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return (
    <div
      className="cart-item__confirm"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={nameId}
      onKeyDown={onKeyDown}
    >
      <p id={titleId} className="cart-item__confirm-title">
        {strings.confirmRemove}
      </p>
      <p id={nameId} className="visually-hidden">
        {name}
      </p>
      <div className="cart-item__confirm-actions">
        <button ref={confirmRef} type="button" className="btn btn--small" disabled={busy} onClick={onConfirm}>
          {strings.confirm}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={onCancel}>
          {strings.cancel}
        </button>
      </div>
    </div>
  );
}
