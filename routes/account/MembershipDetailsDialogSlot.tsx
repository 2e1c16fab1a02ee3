/**
 * The membership details dialog (spec 3 §2 "Modals": membership details), opened from the header's account
 * menu, loaded on demand. It closes on session end (the session closes the `membershipDetails` modal).
 */
import '../../ui/account/menu-strings';
import { Modal } from '../../ui/modal/Modal';
import { useModal, useServices } from '../app/services';
import { MembershipDetailsPanel } from './MembershipDetailsPanel';

export default function MembershipDetailsDialogSlot() {
  const { strings } = useServices();
  const { modal, close, dismiss } = useModal('membershipDetails');
  if (!modal) return null;
  return (
    <Modal
      name="membershipDetails"
      title={strings.membershipDetails}
      size={modal.size}
      closeable
      closing={modal.closing}
      onDismiss={dismiss}
      onClose={close}
      closeLabel={strings.close}
    >
      <MembershipDetailsPanel headingId="membership-details-dialog" headingLevel={3} onLeave={close} />
    </Modal>
  );
}
