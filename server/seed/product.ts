/**
 * A product of the demo seller sold without sessions (the one-ticket picker's or the single-event form's event):
 * its event, its profile and cover images with their meta rows, and the image's alt text. Idempotent, stable ids
 * like the rest of the seed. The products (discount codes, gift cards) add their groups and types.
 */
import type { Db } from '../db';
import * as t from '../schema';
import type { SellerIds } from './demo';

export interface ProductEvent {
  name: string;
  subtitle: string;
  summary: string;
  description: string;
  category: string;
  eventType: 'single' | 'other';
  rank: number;
  /** The generated images' hue. */
  hue: number;
  altText: string;
  /** Default public_browsable (listed); public_link_only opens by its link only. */
  hiddenType?: 'public_browsable' | 'public_link_only';
}

export async function seedProductEvent(db: Db, ids: SellerIds, key: string, p: ProductEvent): Promise<void> {
  const eventId = ids.event(key);
  const profile = ids.image(key, 'profile');
  const cover = ids.image(key, 'cover');
  await db
    .insert(t.eventTemplate)
    .values({
      id: eventId,
      sellerId: ids.seller,
      venueId: ids.venue,
      name: p.name,
      subtitle: p.subtitle,
      summary: p.summary,
      description: p.description,
      category: p.category,
      eventType: p.eventType,
      hiddenType: p.hiddenType ?? 'public_browsable',
      rank: p.rank,
    })
    .onConflictDoNothing();
  await db
    .insert(t.image)
    .values([
      { id: profile, sellerId: ids.seller, title: p.name, hue: p.hue, width: 1200, height: 800 },
      { id: cover, sellerId: ids.seller, title: p.name, hue: p.hue, width: 1920, height: 640 },
    ])
    .onConflictDoNothing();
  await db
    .insert(t.meta)
    .values(
      [
        ['image_profile', profile],
        ['image_cover', cover],
      ].map(([metaKey, value]) => ({
        id: ids.id(`meta:${key}:${metaKey}`),
        resource: 'event_template',
        resourceId: eventId,
        key: metaKey as string,
        value: value as string,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.config)
    .values({
      id: ids.id(`config:${key}:image`),
      resource: 'event_template',
      resourceId: eventId,
      key: 'image',
      value: { alt_text: p.altText },
    })
    .onConflictDoNothing();
}
