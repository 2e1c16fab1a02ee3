import '../membership-strings';
import { AppLink, type Navigate } from '../AppLink';
import type { MembershipPageStrings } from '../membership-strings';

export interface MembersOnlyPromptProps {
  strings: MembershipPageStrings;
  /** prompt: nobody with a membership; expired: only earlier memberships. */
  kind: 'prompt' | 'expired';
  joinHref: string;
  renewHref: string;
  onNavigate: Navigate;
  onLogin: () => void;
  /** A member is logged in (no log in link then). */
  loggedIn: boolean;
}

/**
 * The members-only prompt (spec 1 §2 layout 3): 'Sorry! This event is members only' with log in and sign up
 * links; the expired-membership message instead for a visitor with earlier memberships.
 */
export function MembersOnlyPrompt(props: MembersOnlyPromptProps) {
  const { strings } = props;
  return (
    <section className="message message--warning members-only" aria-labelledby="members-only-title">
      <h2 id="members-only-title">{strings.membersOnlyTitle}</h2>
      {props.kind === 'expired' ? (
        <>
          <p>{strings.membersOnlyExpired}</p>
          <p>
            <AppLink href={props.renewHref} onNavigate={props.onNavigate}>
              {strings.membersOnlyRenew}
            </AppLink>
          </p>
        </>
      ) : (
        <>
          <p>{strings.membersOnlyPrompt}</p>
          <p style={{ display: 'flex', gap: '1rem' }}>
            {props.loggedIn ? null : (
              <button type="button" className="link-button" onClick={props.onLogin}>
                {strings.membersOnlyLogIn}
              </button>
            )}
            <AppLink href={props.joinHref} onNavigate={props.onNavigate}>
              {strings.membersOnlySignUp}
            </AppLink>
          </p>
        </>
      )}
    </section>
  );
}
