import { Modal } from './modal/Modal';
import { SellerHtml } from './SellerHtml';
import type { Strings } from './strings';

export interface DescriptionDialogProps {
  strings: Strings;
  title: string;
  /** Seller HTML (sanitised by SellerHtml). */
  html: string;
  closing: boolean;
  size: 'sm' | 'md' | 'lg';
  onClose: () => void;
  onDismiss: () => void;
}

/** The 'More' description modal of event detail on small screens (spec 1 §2). */
export function DescriptionDialog({
  strings,
  title,
  html,
  closing,
  size,
  onClose,
  onDismiss,
}: DescriptionDialogProps) {
  return (
    <Modal
      name="description"
      title={title}
      size={size}
      closeable
      closing={closing}
      onDismiss={onDismiss}
      onClose={onClose}
      closeLabel={strings.close}
    >
      <SellerHtml className="event-description" html={html} />
    </Modal>
  );
}
