/** The gift's login-or-guest dialog (spec 3 §2): shop as a guest, or log in. On the modal stack as `loginOrGuest`. */
import { Modal } from '../modal/Modal';
import type { Strings } from '../strings';
import { type MembershipLabels, membershipLabels } from './labels';

export interface LoginOrGuestDialogProps {
  strings: Strings;
  labels?: MembershipLabels;
  /** Plays the close transition (the modal stack removes it after 200 ms). */
  closing?: boolean;
  onGuest: () => void;
  onLogin: () => void;
  onDismiss: () => void;
}

export function LoginOrGuestDialog({
  strings,
  labels = membershipLabels,
  closing = false,
  onGuest,
  onLogin,
  onDismiss,
}: LoginOrGuestDialogProps) {
  return (
    <Modal
      name="loginOrGuest"
      title={labels.membershipLoginOrGuest}
      size="sm"
      closeable
      closing={closing}
      onDismiss={onDismiss}
      onClose={onDismiss}
      closeLabel={strings.close}
    >
      <p>{labels.membershipLoginOrGuestText}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn--primary" onClick={onLogin}>
          {labels.membershipLogIn}
        </button>{' '}
        <button type="button" className="btn btn--secondary" onClick={onGuest}>
          {labels.membershipShopAsGuest}
        </button>
      </div>
    </Modal>
  );
}
