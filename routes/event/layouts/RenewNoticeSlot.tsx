/**
 * Where a reserve layout shows the renewal message: nothing (and no chunk fetched) unless a logged-in visitor
 * with memberships has chosen a session; then the lazy `MemberRenewNotice` decides.
 */
import { lazy, Suspense } from 'react';
import { useSession } from '../../app/services';
import type { MemberRenewNoticeProps } from './MemberRenewNotice';

const MemberRenewNotice = lazy(() => import('./MemberRenewNotice'));

export function RenewNoticeSlot(props: MemberRenewNoticeProps) {
  const hasMemberships = useSession((s) => (s.context.current?.memberships.length ?? 0) > 0);
  if (!hasMemberships || props.visitStart === null) return null;
  return (
    <Suspense fallback={null}>
      <MemberRenewNotice {...props} />
    </Suspense>
  );
}
