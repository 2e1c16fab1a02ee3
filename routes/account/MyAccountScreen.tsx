/**
 * /my-account and its children /my-account/membership-details (the default) and /my-account/profile (issue 26,
 * our route: the member's identity form, its own chunk): the member's side menu and a
 * minimal membership summary (level, Membership ID, Expires; issue 11 brings the full details); logged out,
 * the login form headed 'Log in to view your account'.
 */
import '../../ui/account/menu-strings';
import { Suspense, useEffect } from 'react';
import { selectSessionView } from '../../machines/session/view';
import { MyAccount } from '../../ui/account/MyAccount';
import { formats } from '../../ui/format';
import { useServices, useSession, useSessionActor } from '../app/services';
import { lazyChunk } from '../chunks';
import { LoginFlow } from '../login/LoginFlow';
import { useAppNavigate } from '../navigation';
import { MembershipDetailsPanel } from './MembershipDetailsPanel';

// In the visitor's locale (issue 26: set before this chunk loads), else the spec's English.
const expiryFormat = new Intl.DateTimeFormat(formats.zoned ? formats.locale : 'en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** The child page of /my-account: the membership details (the default) or the profile (issue 26). */
export type MyAccountSection = 'membershipDetails' | 'profile';

export const formatExpiry = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : expiryFormat.format(date);
};

const AccountFlow = lazyChunk(() => import('./AccountFlow'));

export default function MyAccountScreen({ section = 'membershipDetails' }: { section?: MyAccountSection }) {
  const { strings, config } = useServices();
  const { href, navigate } = useAppNavigate();
  const session = useSessionActor();
  const view = useSession((s) => selectSessionView(s, config.login?.method ?? null));
  useEffect(() => {
    document.title = `${view.loggedIn ? strings.myAccount : strings.loginToViewAccount} — ${config.sellerName}`;
  }, [view.loggedIn, strings, config]);
  return (
    <MyAccount
      strings={strings}
      loggedIn={view.loggedIn}
      isMember={view.isMember}
      memberships={view.memberships.map((m) => ({
        level: m.level,
        memberId: m.memberId,
        expires: formatExpiry(m.validTo),
      }))}
      membershipDetailsHref={href('/my-account/membership-details')}
      profileHref={href('/my-account/profile')}
      registerHref={href('/user/register')}
      current={section}
      profile={
        view.loggedIn && section === 'profile' ? (
          <Suspense fallback={<p role="status">{strings.loading}</p>}>
            <AccountFlow mode="profile" />
          </Suspense>
        ) : null
      }
      joinHref={href('/membership')}
      onNavigate={navigate}
      onLogout={() => session.send({ type: 'session.logout' })}
      loggingOut={view.loggingOut}
      loginForm={<LoginFlow label={strings.loginToViewAccount} />}
      details={
        view.loggedIn && section === 'membershipDetails' ? (
          <MembershipDetailsPanel headingId="membership-details-title" headingLevel={3} />
        ) : null
      }
    />
  );
}
