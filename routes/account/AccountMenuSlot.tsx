/** The header's account menu with the member session (loaded on demand: not part of any first load). */
import { selectSessionView } from '../../machines/session/view';
import { AccountMenu } from '../../ui/AccountMenu';
import { useModalsActor, useServices, useSession, useSessionActor } from '../app/services';
import { useAppNavigate } from '../navigation';

export default function AccountMenuSlot() {
  const { strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const session = useSessionActor();
  const modals = useModalsActor();
  const view = useSession((s) => selectSessionView(s, config.login?.method ?? null));
  return (
    <AccountMenu
      strings={strings}
      loggedIn={view.loggedIn}
      firstName={view.firstName}
      memberButton={view.memberButton}
      registerHref={href('/membership')}
      loginHref={href('/my-account')}
      onNavigate={navigate}
      onLogin={() => modals.send({ type: 'modal.open', name: 'login', size: 'sm' })}
      onMemberButton={() =>
        view.memberButton === 'membershipDetails'
          ? modals.send({ type: 'modal.open', name: 'membershipDetails' })
          : navigate('/my-account')
      }
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  );
}
