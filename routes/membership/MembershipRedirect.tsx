/**
 * `/membership/{action?}` (spec 3 §2 route table): to the external membership URL (config
 * `external_urls.membership`) plus the action, or to `/events/{membership event id}/{action}` with the query.
 * Without either: 'Memberships are not available at this time.'
 */
import '../../ui/membership-strings';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { loadMembershipConfig } from '../../api/membership-config';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { useLoad } from '../useLoad';

/** Where `/membership/{action}` goes: an absolute external URL, an app path, or null (nowhere). */
export function membershipTarget(
  config: { externalUrl: string | null; membershipEventId: string | null },
  action: string,
  search: string,
): { external: string } | { path: string } | null {
  const suffix = action ? `/${encodeURIComponent(action)}` : '';
  if (config.externalUrl) return { external: `${config.externalUrl.replace(/\/+$/, '')}${suffix}` };
  if (!config.membershipEventId) return null;
  const query = search.replace(/^\?/, '');
  return {
    path: `/events/${encodeURIComponent(config.membershipEventId)}${suffix}${query ? `?${query}` : ''}`,
  };
}

export default function MembershipRedirect({ action }: { action: string }) {
  const { api, strings, config: runtime } = useServices();
  const { navigate } = useAppNavigate();
  const search = useSearch();
  const config = useLoad(
    (signal) => loadMembershipConfig(api.request, runtime.sellerId, { signal }),
    'membership-config',
  );
  const target = config.status === 'ready' ? membershipTarget(config.data, action, search) : null;
  const external = target && 'external' in target ? target.external : null;
  const path = target && 'path' in target ? target.path : null;
  useEffect(() => {
    if (external) window.location.assign(external);
    else if (path) navigate(path, { replace: true });
  }, [external, path, navigate]);
  if (config.status === 'loading' || target)
    return (
      <p className="message" role="status">
        {strings.loading}
      </p>
    );
  return (
    <p className="message message--warning" role="status">
      {strings.membershipsUnavailable}
    </p>
  );
}
