import './strings';
import type { ReactNode } from 'react';
import { Modal } from '../modal/Modal';
import type { Strings } from '../strings';

export interface LoginDialogProps {
  strings: Strings;
  closing: boolean;
  onDismiss: () => void;
  onClose: () => void;
  /** The login form. */
  children: ReactNode;
}

/** 'Account login' in a dialog on the modal stack (closeable: Escape, the backdrop, the Close button). */
export function LoginDialog({ strings, closing, onDismiss, onClose, children }: LoginDialogProps) {
  return (
    <Modal
      name="login"
      title={strings.accountLogin}
      size="sm"
      closeable
      closing={closing}
      onDismiss={onDismiss}
      onClose={onClose}
      closeLabel={strings.close}
      initialFocus="input"
    >
      {children}
    </Modal>
  );
}
