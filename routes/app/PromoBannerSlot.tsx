/**
 * The promo banners of a page (spec 1 §2, §3; `GET promo_banner`): the seller's on the listing, the seller's
 * and the event's on event detail (in the reserve layouts' frame). It comes with lazy chunks only (the
 * listing's lazy import, the layouts), with its client (api/promo-banners.ts, made on the app's request
 * function): nothing of it is in a first load, and the
 * banners show once loaded (nothing while loading, nothing when the call fails: they are an extra).
 */
import { useMemo } from 'react';
import { createPromoBanners } from '../../api/promo-banners';
import { PromoBanners } from '../../ui/PromoBanners';
import { useLoad } from '../useLoad';
import { useServices } from './services';

export default function PromoBannerSlot({ eventId }: { eventId: string | null }) {
  const { api, strings } = useServices();
  // The client comes with this chunk (not with the API of the first load).
  const client = useMemo(() => createPromoBanners(api.request), [api]);
  const banners = useLoad((signal) => client.list(eventId, { signal }), eventId ?? '');
  if (banners.status !== 'ready') return null;
  return <PromoBanners label={strings.promoBannersLabel} banners={banners.data} />;
}
