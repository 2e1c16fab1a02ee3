/**
 * The members-only layout (spec 1 §2 layout 3), its own lazy chunk: a member with a current membership gets
 * the event's own form (the layout the event would have without `public_member_only`; the server serves only
 * the groups the membership allows, prices them and enforces the limits); a visitor with earlier memberships
 * the expired-membership message; anyone else the members-only prompt with log in and sign up links.
 */

import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useMemo } from 'react';
import { chooseLayout, type LayoutKind } from '../../../machines/event/layout';
import { membersOnlyAccess } from '../../../machines/event/members-only';
import { withMembershipStrings } from '../../../ui/membership-strings';
import { MembersOnlyPrompt } from '../../../ui/reserve/MembersOnlyPrompt';
import { ReserveSkeleton } from '../../../ui/skeleton/ReserveSkeleton';
import { useModalsActor, useServices, useSession } from '../../app/services';
import { useAppNavigate } from '../../navigation';
import type { LayoutProps } from './types';

const INNER: Partial<Record<LayoutKind, LazyExoticComponent<ComponentType<LayoutProps>>>> = {
  dateFirst: lazy(() => import('./DateFirstLayout')),
  quantityFirst: lazy(() => import('./QuantityFirstLayout')),
  single: lazy(() => import('./SingleEventLayout')),
  oneTicket: lazy(() => import('./OneTicketLayout')),
};

export default function MembersOnlyLayout(props: LayoutProps) {
  const { strings: catalogue, clock } = useServices();
  const strings = useMemo(() => withMembershipStrings(catalogue), [catalogue]);
  const { href, navigate } = useAppNavigate();
  const modals = useModalsActor();
  const loggedIn = useSession((s) => s.context.current !== null);
  const terms = useSession((s) => s.context.current?.memberships ?? null);
  const access = membersOnlyAccess(terms, clock.now());
  if (access !== 'member') {
    return (
      <MembersOnlyPrompt
        strings={strings}
        kind={access}
        loggedIn={loggedIn}
        joinHref={href('/membership')}
        renewHref={href('/membership/renew')}
        onNavigate={navigate}
        onLogin={() => modals.send({ type: 'modal.open', name: 'login', size: 'sm' })}
      />
    );
  }
  // A member whose membership allows none of the event's tickets: nothing to book.
  if (props.event.ticketGroups.length === 0)
    return (
      <p className="message message--warning" role="status">
        {strings.eventUnavailable}
      </p>
    );
  const kind = chooseLayout({ ...props.event, hiddenType: 'public_browsable' }, null);
  const Inner = INNER[kind] ?? INNER.quantityFirst;
  if (!Inner) return null;
  return (
    <Suspense fallback={<ReserveSkeleton label={strings.loading} />}>
      <Inner {...props} />
    </Suspense>
  );
}
