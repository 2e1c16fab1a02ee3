import './sandbox-captcha-strings';
import { Modal } from '../modal/Modal';
import type { Strings } from '../strings';

export interface SandboxCaptchaDialogProps {
  strings: Strings;
  /** The visitor answered the challenge. */
  onAnswer: () => void;
  /** The close button: a closed challenge (spec 2 §8: the captcha error). */
  onClose: () => void;
  /** Escape or the backdrop: a dismissed challenge (spec 2 §8: ignored). */
  onDismiss: () => void;
}

/**
 * The sandbox captcha's challenge (issue 23): the reference server's stand-in for hCaptcha's, with the outcomes a
 * real one has: answered, closed, dismissed.
 */
export function SandboxCaptchaDialog({ strings, onAnswer, onClose, onDismiss }: SandboxCaptchaDialogProps) {
  return (
    <Modal
      name="captcha"
      title={strings.sandboxCaptchaTitle}
      size="sm"
      closeable
      onDismiss={onDismiss}
      onClose={onClose}
      closeLabel={strings.sandboxCaptchaClose}
    >
      <p>{strings.sandboxCaptchaText}</p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onAnswer}>
          {strings.sandboxCaptchaAnswer}
        </button>
      </div>
    </Modal>
  );
}
