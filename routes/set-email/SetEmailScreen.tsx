import '../../ui/account/strings';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { selectSetEmailView, setEmailCallbacks } from '../../machines/setEmail/view';
import { SetEmailView } from '../../ui/account/SetEmailView';
import { currentMember, reloadMember, useMember } from '../account/member';
import { useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { provideSetEmail } from './wiring';

/** /user/set-email-address: 'Update Email address' for the logged-in member; a visitor is asked to log in. */
export default function SetEmailScreen() {
  const { strings, config } = useServices();
  const member = useMember();
  const login = useModal('login');
  useEffect(() => {
    document.title = `${strings.updateEmailTitle} — ${config.sellerName}`;
  }, [strings, config.sellerName]);
  if (!member) {
    return (
      <section className="account-page" aria-labelledby="set-email-title">
        <h1 id="set-email-title">{strings.updateEmailTitle}</h1>
        <p>{strings.setEmailLoggedOut}</p>
        <button className="btn" type="button" onClick={login.open}>
          {strings.logIn}
        </button>
      </section>
    );
  }
  return <SetEmailFlow />;
}

function SetEmailFlow() {
  const { api, app, strings, inspect } = useServices();
  const { navigate } = useAppNavigate();
  const machine = useMemo(
    () =>
      provideSetEmail({
        api,
        member: () => currentMember(app),
        reload: () => reloadMember(app),
        next: () => navigate('/'),
      }),
    [api, app, navigate],
  );
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, selectSetEmailView);
  return (
    <SetEmailView
      strings={strings}
      email={view.email}
      confirm={view.confirm}
      maxLength={view.maxLength}
      emailError={view.fieldErrors.email ?? null}
      confirmError={view.fieldErrors.confirm ?? null}
      formError={view.formError}
      errorVersion={view.errorVersion}
      submitting={view.submitting}
      sentTo={view.sentTo}
      {...setEmailCallbacks(actor.send)}
    />
  );
}
