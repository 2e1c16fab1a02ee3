/**
 * The renewal message on a reserve form of member tickets (spec 3 §2, spec 1 §2 layout 3): the logged-in
 * member's current membership ends before the chosen session's date. Its own lazy chunk (`RenewNoticeSlot`
 * fetches it only for a logged-in visitor with memberships and a chosen session).
 */
import { useMemo } from 'react';
import type { TicketGroupModel } from '../../../api/models';
import { expiresBeforeVisit, offersMemberTickets } from '../../../machines/event/members-only';
import { withMembershipStrings } from '../../../ui/membership-strings';
import { RenewBeforeVisit } from '../../../ui/reserve/RenewBeforeVisit';
import { useServices, useSession } from '../../app/services';
import { useAppNavigate } from '../../navigation';

export interface MemberRenewNoticeProps {
  event: { hiddenType: string };
  groups: readonly TicketGroupModel[];
  /** The chosen session's start (ISO), or null while none is chosen. */
  visitStart: string | null;
}

export default function MemberRenewNotice({ event, groups, visitStart }: MemberRenewNoticeProps) {
  const { strings: catalogue, clock } = useServices();
  const strings = useMemo(() => withMembershipStrings(catalogue), [catalogue]);
  const { href, navigate } = useAppNavigate();
  const terms = useSession((s) => s.context.current?.memberships ?? null);
  const visitAt = visitStart === null ? null : Date.parse(visitStart);
  const show =
    terms !== null &&
    offersMemberTickets(event, groups) &&
    expiresBeforeVisit(terms, clock.now(), visitAt === null || Number.isNaN(visitAt) ? null : visitAt);
  if (!show) return null;
  return <RenewBeforeVisit strings={strings} renewHref={href('/membership/renew')} onNavigate={navigate} />;
}
