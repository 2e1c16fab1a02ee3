/**
 * The membership details (spec 3 §2 "Membership details page and modal"), for the my-account page and the
 * header's dialog: the member's memberships with their members (`GET my/membership`), the saved card when
 * one is enrolled (`GET my/identity/saved_payment_method`), resend (`POST my/ticket_order/resend`,
 * memberships only) and renew links, and 'Cancel auto renew' to the cancel page. Reloaded whenever the
 * session's memberships change (e.g. after cancelling auto-renew the member is reloaded).
 */

import { useMemo, useState } from 'react';
import type { MembershipDetailModel } from '../../api/membership-models';
import { longDate } from '../../machines/autoRenewCancel/rules';
import { MembershipDetails, type MembershipDetailsEntry } from '../../ui/account/MembershipDetails';
import { withMembershipStrings } from '../../ui/membership-strings';
import { useServices, useSession } from '../app/services';
import { useAppNavigate } from '../navigation';
import { useLoad } from '../useLoad';

interface Loaded {
  memberships: MembershipDetailModel[];
  card: string | null;
}

export function toDetailsEntries(
  memberships: readonly MembershipDetailModel[],
  card: string | null,
  cancelHref: (ticketOrderId: string) => string,
): MembershipDetailsEntry[] {
  return memberships.map((m) => ({
    memberId: m.memberId,
    level: m.levelName,
    expires: longDate(m.validTo),
    members: m.members.map((member) => ({
      name: [member.firstName, member.lastName].filter(Boolean).join(' '),
      email: member.email,
    })),
    autoRenew:
      m.autoRenewState === 'scheduled'
        ? 'enrolled'
        : m.autoRenewState === 'cancelled'
          ? 'cancelled'
          : 'notEnrolled',
    card: m.autoRenewState === 'scheduled' ? card : null,
    cancelAutoRenewHref:
      m.autoRenewState === 'scheduled' && m.ticketOrderId ? cancelHref(m.ticketOrderId) : null,
  }));
}

export function MembershipDetailsPanel({
  headingId,
  headingLevel,
  onLeave,
}: {
  headingId: string;
  headingLevel: 2 | 3;
  /** Called before a link navigates away (the dialog closes). */
  onLeave?: () => void;
}) {
  const { api, strings: catalogue } = useServices();
  const strings = useMemo(() => withMembershipStrings(catalogue), [catalogue]);
  const { href, navigate } = useAppNavigate();
  // What the session knows of the memberships: when it changes, the details are read again.
  const key = useSession((s) =>
    (s.context.current?.memberships ?? []).map((m) => `${m.id}:${m.autoRenewState}:${m.validTo}`).join('|'),
  );
  const loaded = useLoad<Loaded>(async (signal) => {
    const memberships = await api.membership.mine({ signal });
    const enrolled = memberships.some((m) => m.autoRenewState === 'scheduled');
    const card = enrolled ? await api.membership.savedPaymentMethod({ signal }).catch(() => null) : null;
    return { memberships, card };
  }, key);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <MembershipDetails
      strings={strings}
      headingId={headingId}
      headingLevel={headingLevel}
      status={loaded.status}
      memberships={
        loaded.status === 'ready'
          ? toDetailsEntries(loaded.data.memberships, loaded.data.card, (id) =>
              href(`/manage/${encodeURIComponent(id)}/cancel-auto-renew`),
            )
          : []
      }
      renewHref={href('/membership/renew')}
      joinHref={href('/membership')}
      onNavigate={(to) => {
        onLeave?.();
        navigate(to);
      }}
      resend={resend}
      onResend={() => {
        setResend('sending');
        api.members.resendMyTickets({ membershipsOnly: true }).then(
          () => setResend('sent'),
          () => setResend('failed'),
        );
      }}
    />
  );
}
