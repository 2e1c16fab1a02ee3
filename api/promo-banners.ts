/**
 * Promo banners (spec 1 §3 "Promo banner": id, name, description, resource (seller or event_template),
 * resource_id; spec 1 §7 "Promo banner fetch"): the seller's banners and, with an event, that event's.
 * Cached GET promo_banner (the path is the reference server's: the spec does not show it). Its one user, the
 * banners' lazy chunk (routes/app/PromoBannerSlot.tsx), makes it, so no first load carries it.
 */
import * as z from 'zod/mini';
import type { ApiRequest } from './request';

export interface PromoBanner {
  id: string;
  name: string;
  description: string | null;
  resource: 'seller' | 'event_template';
  resourceId: string | null;
}

const bannerRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullish(z.string()),
  resource: z.enum(['seller', 'event_template']),
  resource_id: z.nullish(z.string()),
});
const bannerAnswer = z.object({ promo_banner: z.optional(z.object({ _data: z.array(bannerRow) })) });

export interface PromoBannersApi {
  /** The seller's banners, and the event's when `eventId` is given (seller-wide first). */
  list(eventId: string | null, options?: { signal?: AbortSignal }): Promise<PromoBanner[]>;
}

export function createPromoBanners(request: ApiRequest): PromoBannersApi {
  return {
    async list(eventId, { signal } = {}) {
      const raw = await request('GET', 'promo_banner', {
        query: eventId === null ? {} : { event_template_id: eventId },
        cached: true,
        signal,
      });
      const rows = z.parse(bannerAnswer, raw).promo_banner?._data ?? [];
      const banners = rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description ?? null,
        resource: row.resource,
        resourceId: row.resource_id ?? null,
      }));
      return [
        ...banners.filter((b) => b.resource === 'seller'),
        ...banners.filter((b) => b.resource === 'event_template' && b.resourceId === eventId),
      ];
    },
  };
}
