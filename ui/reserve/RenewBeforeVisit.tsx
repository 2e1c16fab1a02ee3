import '../membership-strings';
import { AppLink, type Navigate } from '../AppLink';
import type { MembershipPageStrings } from '../membership-strings';

export interface RenewBeforeVisitProps {
  strings: Pick<MembershipPageStrings, 'membershipRenewBeforeVisit' | 'membershipRenew'>;
  renewHref: string;
  onNavigate: Navigate;
}

/** The renewal message (spec 3 §2): the membership expires before the chosen visit date; a link to renew. */
export function RenewBeforeVisit({ strings, renewHref, onNavigate }: RenewBeforeVisitProps) {
  return (
    <p className="message message--warning" role="status">
      {strings.membershipRenewBeforeVisit}{' '}
      <AppLink href={renewHref} onNavigate={onNavigate}>
        {strings.membershipRenew}
      </AppLink>
    </p>
  );
}
