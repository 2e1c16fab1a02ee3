/** The gift's login-or-guest dialog (spec 3 §2): shop as a guest, or log in. */
import { Modal } from '../modal/Modal';
import type { Strings } from '../strings';

export interface LoginOrGuestDialogProps {
  strings: Strings;
  onGuest: () => void;
  onLogin: () => void;
  onDismiss: () => void;
}

export function LoginOrGuestDialog({ strings, onGuest, onLogin, onDismiss }: LoginOrGuestDialogProps) {
  return (
    <Modal
      name="membershipLoginOrGuest"
      title={strings.membershipLoginOrGuest}
      size="sm"
      closeable
      onDismiss={onDismiss}
      onClose={onDismiss}
      closeLabel={strings.close}
    >
      <p>{strings.membershipLoginOrGuestText}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn--primary" onClick={onLogin}>
          {strings.membershipLogIn}
        </button>{' '}
        <button type="button" className="btn btn--secondary" onClick={onGuest}>
          {strings.membershipShopAsGuest}
        </button>
      </div>
    </Modal>
  );
}
