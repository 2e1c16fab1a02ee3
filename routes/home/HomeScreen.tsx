import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { HomeView } from '../../ui/account/HomeView';
import { useMember } from '../account/member';
import { useModal, useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { useLoad } from '../useLoad';
import { homeDecision, loadHomeConfig } from './wiring';

/** `/`: the three presell blocks, or on to the events (presell off, or a member logged in). */
export default function HomeScreen() {
  const { api, strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const member = useMember();
  const login = useModal('login');
  const home = useLoad((signal) => loadHomeConfig(api, signal), 'home');
  useEffect(() => {
    document.title = `${strings.homeWelcome} — ${config.sellerName}`;
  }, [strings, config.sellerName]);

  // Without the configuration the listing is the safe way on.
  if (home.status === 'error') return <Redirect to="/events" replace />;
  if (home.status === 'loading') return <p role="status">{strings.loading}</p>;
  const decision = homeDecision(home.data, member !== null);
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  return (
    <HomeView
      strings={strings}
      order={decision.order}
      html={{
        intro: strings.membership_presell_intro,
        login: strings.membership_presell_login,
        join: strings.membership_presell_join,
        guest: strings.membership_presell_guest,
      }}
      joinHref={href('/membership')}
      eventsHref={href('/events')}
      resendHref={href('/resend')}
      onLogin={login.open}
      onNavigate={navigate}
    />
  );
}
