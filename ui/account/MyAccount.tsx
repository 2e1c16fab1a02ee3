import './menu-strings';
import type { ReactNode } from 'react';
import { AppLink, type Navigate } from '../AppLink';
import type { Strings } from '../strings';

export interface MembershipRow {
  level: string;
  memberId: string;
  /** The expiry as the page shows it (e.g. 'December 31, 2026'). */
  expires: string;
}

export interface MyAccountProps {
  strings: Strings;
  loggedIn: boolean;
  /** The member holds a membership: the side menu shows 'My membership details'. */
  isMember: boolean;
  memberships: MembershipRow[];
  membershipDetailsHref: string;
  /** Where non-members sign up (the membership route). */
  joinHref: string;
  onNavigate: Navigate;
  onLogout: () => void;
  loggingOut: boolean;
  /** The login form shown to a logged-out visitor. */
  loginForm: ReactNode;
  /** The full membership details (shown instead of the summary when given). */
  details?: ReactNode;
  /** Issue 26: the profile page (/my-account/profile) and its side-menu entry. */
  profileHref: string;
  /** The child page shown: the membership details (the default) or the profile. */
  current: 'membershipDetails' | 'profile';
  /** The profile's form, when it is the page shown. */
  profile?: ReactNode;
  /** Logged out: 'Create an account' (the registration page). */
  registerHref: string;
}

/**
 * /my-account (spec 3 §2 "My account"): a side menu ('My membership details' for members, 'My profile' (issue
 * 26), 'Log out') and the membership-details child, or the profile; logged out, the login form headed 'Log in to view your account'. The
 * membership details shown here are the minimum (level, Membership ID, Expires); issue 11 completes them.
 */
export function MyAccount(props: MyAccountProps) {
  const { strings } = props;
  if (!props.loggedIn) {
    return (
      <div className="my-account my-account--login">
        <h1 id="my-account-login">{strings.loginToViewAccount}</h1>
        {props.loginForm}
        <p>
          <AppLink href={props.registerHref} onNavigate={props.onNavigate}>
            {strings.createAccount}
          </AppLink>
        </p>
      </div>
    );
  }
  return (
    <div className="my-account">
      <h1>{strings.myAccount}</h1>
      <div className="my-account__layout">
        <nav className="my-account__menu" aria-label={strings.myAccount}>
          <ul>
            {props.isMember ? (
              <li>
                <AppLink
                  href={props.membershipDetailsHref}
                  onNavigate={props.onNavigate}
                  aria-current={props.current === 'membershipDetails' ? 'page' : undefined}
                >
                  {strings.myMembershipDetails}
                </AppLink>
              </li>
            ) : null}
            <li>
              <AppLink
                href={props.profileHref}
                onNavigate={props.onNavigate}
                aria-current={props.current === 'profile' ? 'page' : undefined}
              >
                {strings.myProfile}
              </AppLink>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={props.onLogout}
                disabled={props.loggingOut}
              >
                {strings.logOut}
              </button>
            </li>
          </ul>
        </nav>
        {props.current === 'profile' ? (
          <div className="my-account__content">{props.profile}</div>
        ) : (
          <section className="my-account__content" aria-labelledby="membership-details-title">
            <h2 id="membership-details-title">{strings.membershipDetails}</h2>
            {props.details ? (
              props.details
            ) : props.isMember ? (
              props.memberships.map((m) => (
                <dl className="membership-summary" key={m.memberId}>
                  <dt>{strings.membershipLevel}</dt>
                  <dd>{m.level}</dd>
                  <dt>{strings.membershipId}</dt>
                  <dd>{m.memberId}</dd>
                  <dt>{strings.membershipExpires}</dt>
                  <dd>{m.expires}</dd>
                </dl>
              ))
            ) : (
              <p>
                <AppLink href={props.joinHref} onNavigate={props.onNavigate}>
                  {strings.notAMember}
                </AppLink>
              </p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
