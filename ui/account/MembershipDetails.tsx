import '../membership-strings';
import './menu-strings';
import { AppLink, type Navigate } from '../AppLink';
import type { MembershipPageStrings } from '../membership-strings';
import { fill } from '../strings';

export interface MembershipDetailsMember {
  name: string;
  email: string | null;
}

export interface MembershipDetailsEntry {
  memberId: string;
  level: string;
  /** The expiry as shown (e.g. 'December 31, 2026'). */
  expires: string;
  members: MembershipDetailsMember[];
  autoRenew: 'enrolled' | 'cancelled' | 'notEnrolled';
  /** The saved card's identifier (enrolled only), or null. */
  card: string | null;
  /** The cancel auto-renew page (enrolled with an order), or null. */
  cancelAutoRenewHref: string | null;
}

export interface MembershipDetailsProps {
  strings: MembershipPageStrings;
  /** The id of the heading naming the details (the page's or the dialog's). */
  headingId: string;
  /** Heading level of each membership's level name. */
  headingLevel: 2 | 3;
  memberships: MembershipDetailsEntry[];
  /** Loading the details, or their error. */
  status: 'loading' | 'ready' | 'error';
  renewHref: string;
  joinHref: string;
  onNavigate: Navigate;
  onResend: () => void;
  /** The resend's state. */
  resend: 'idle' | 'sending' | 'sent' | 'failed';
}

/**
 * Membership details (spec 3 §2 "Membership details page and modal"): level name, Membership ID, Expires,
 * member names and email; links to resend the confirmation email and to renew; the auto-renew section
 * (Enrolled with the saved card, Cancelled, Not enrolled) and 'Cancel auto renew'. Non-members see 'Not a
 * member? Sign up now'.
 */
export function MembershipDetails(props: MembershipDetailsProps) {
  const { strings } = props;
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  if (props.status === 'loading') return <p role="status">{strings.loading}</p>;
  if (props.status === 'error')
    return (
      <p className="message message--error" role="alert">
        {strings.errorUnexpectedLater}
      </p>
    );
  if (props.memberships.length === 0)
    return (
      <p>
        <AppLink href={props.joinHref} onNavigate={props.onNavigate}>
          {strings.notAMember}
        </AppLink>
      </p>
    );
  return (
    <div className="membership-details">
      {props.memberships.map((m) => (
        <article
          className="membership-details__item"
          key={m.memberId}
          aria-labelledby={`membership-${m.memberId}`}
        >
          <Heading id={`membership-${m.memberId}`}>{m.level}</Heading>
          <dl className="membership-summary">
            <dt>{strings.membershipId}</dt>
            <dd>{m.memberId}</dd>
            <dt>{strings.membershipExpires}</dt>
            <dd>{m.expires}</dd>
            {m.members.length > 0 ? (
              <>
                <dt>{strings.membershipDetailsMembers}</dt>
                <dd>
                  <ul className="membership-details__members">
                    {m.members.map((member, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: members have no id; the order is the membership's
                      <li key={i}>
                        {member.name}
                        {member.email ? (
                          <span className="membership-details__email"> ({member.email})</span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            <dt>{strings.autoRenewTitle}</dt>
            <dd>
              {m.autoRenew === 'enrolled'
                ? m.card
                  ? fill(strings.autoRenewEnrolledCard, { card: m.card })
                  : strings.autoRenewEnrolled
                : m.autoRenew === 'cancelled'
                  ? strings.autoRenewCancelledState
                  : strings.autoRenewNotEnrolledState}
              {m.autoRenew === 'enrolled' && m.cancelAutoRenewHref ? (
                <>
                  {' '}
                  <AppLink href={m.cancelAutoRenewHref} onNavigate={props.onNavigate}>
                    {strings.cancelAutoRenew}
                  </AppLink>
                </>
              ) : null}
            </dd>
          </dl>
        </article>
      ))}
      <p className="membership-details__links" style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
        <button
          type="button"
          className="link-button"
          onClick={props.onResend}
          disabled={props.resend === 'sending'}
        >
          {strings.membershipResend}
        </button>
        <AppLink href={props.renewHref} onNavigate={props.onNavigate}>
          {strings.membershipRenew}
        </AppLink>
      </p>
      <div aria-live="polite">
        {props.resend === 'sent' ? (
          <p className="message message--success">{strings.membershipResent}</p>
        ) : null}
        {props.resend === 'failed' ? (
          <p className="message message--error">{strings.errorUnexpectedLater}</p>
        ) : null}
      </div>
    </div>
  );
}
