/** The login dialog on the modal stack (loaded on demand when the `login` modal opens). */
import '../../ui/login/strings';
import type { LoginFields } from '../../machines/login/types';
import { LoginDialog } from '../../ui/login/LoginDialog';
import { useModal, useServices } from '../app/services';
import { LoginFlow } from './LoginFlow';

/** What an opener may hand the dialog (plain JSON on the modal stack): URL login details. */
export interface LoginDialogData {
  prefill?: Partial<LoginFields>;
  identify?: boolean;
}

export default function LoginDialogSlot() {
  const { strings } = useServices();
  const { modal, close, dismiss } = useModal('login');
  if (!modal) return null;
  const data = (modal.data ?? {}) as LoginDialogData;
  return (
    <LoginDialog strings={strings} closing={modal.closing} onDismiss={dismiss} onClose={close}>
      <LoginFlow
        label={strings.accountLogin}
        prefill={data.prefill ?? null}
        identify={data.identify ?? false}
        onFinished={close}
        onLeave={close}
      />
    </LoginDialog>
  );
}
