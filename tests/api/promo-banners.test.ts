/**
 * The promo banner client (spec 1 §3 "Promo banner", §7): cached GET promo_banner with the event's id, parsed
 * at the boundary; seller-wide banners first, then the event's; another event's banner is dropped.
 */
import { describe, expect, it, vi } from 'vitest';
import { createPromoBanners } from '../../api/promo-banners';

const row = (id: string, resource: string, resource_id: string | null) => ({
  id,
  name: `Banner ${id}`,
  description: id === 'b2' ? null : `About ${id}`,
  resource,
  resource_id,
});

describe('promo banners client', () => {
  it('asks for the event, cached, and orders the seller banners first', async () => {
    const request = vi.fn(async () => ({
      promo_banner: {
        _count: 3,
        _data: [
          row('b1', 'event_template', 'ev-1'),
          row('b2', 'seller', 's-1'),
          row('b3', 'event_template', 'ev-2'),
        ],
      },
    }));
    const banners = await createPromoBanners(request as never).list('ev-1');
    expect(request).toHaveBeenCalledWith('GET', 'promo_banner', {
      query: { event_template_id: 'ev-1' },
      cached: true,
      signal: undefined,
    });
    expect(banners).toEqual([
      { id: 'b2', name: 'Banner b2', description: null, resource: 'seller', resourceId: 's-1' },
      {
        id: 'b1',
        name: 'Banner b1',
        description: 'About b1',
        resource: 'event_template',
        resourceId: 'ev-1',
      },
    ]);
  });

  it('the listing asks without an event and gets the seller banners; a malformed answer rejects', async () => {
    const request = vi.fn(async () => ({ promo_banner: { _count: 1, _data: [row('b2', 'seller', 's-1')] } }));
    expect((await createPromoBanners(request as never).list(null)).map((b) => b.id)).toEqual(['b2']);
    expect(request).toHaveBeenCalledWith('GET', 'promo_banner', {
      query: {},
      cached: true,
      signal: undefined,
    });
    const bad = vi.fn(async () => ({ promo_banner: { _data: [{ id: 1 }] } }));
    await expect(createPromoBanners(bad as never).list(null)).rejects.toThrow();
  });
});
