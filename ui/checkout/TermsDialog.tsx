import './terms-strings';
import { Modal } from '../modal/Modal';
import { SellerHtml } from '../SellerHtml';
import type { Strings } from '../strings';

export interface TermsDialogProps {
  strings: Strings;
  /** The seller's terms (HTML, sanitised by SellerHtml). */
  html: string;
  closing: boolean;
  /** Accept: the terms box is ticked and the dialog closes. */
  onAccept: () => void;
  /** Decline: the box is unticked and the dialog closes. */
  onDecline: () => void;
  /** Escape: closes without changing the box. */
  onDismiss: () => void;
}

/** The terms and conditions modal of checkout (spec 2 §2): the seller's terms, Accept and Decline. */
export function TermsDialog({ strings, html, closing, onAccept, onDecline, onDismiss }: TermsDialogProps) {
  return (
    <Modal
      name="terms"
      title={strings.termsTitle}
      size="md"
      closeable
      closing={closing}
      onDismiss={onDismiss}
    >
      <SellerHtml className="terms-content" html={html} />
      <div className="dialog-actions">
        <button type="button" className="btn btn--secondary" onClick={onDecline}>
          {strings.termsDecline}
        </button>
        <button type="button" className="btn" onClick={onAccept}>
          {strings.termsAccept}
        </button>
      </div>
    </Modal>
  );
}
