import type { Db } from '../db';
import * as t from '../schema';
import { setSellerConfig } from './config-rows';
import { DEMO_SLUG, seedIdOf } from './ids';

export const DONATION_KEY = 'support-the-museum';

/**
 * The seller's config row that names the donation group checkout offers (issue 23; spec 2 §2 "Donation form if
 * the cart is modifiable and not a gift"; the spec names no key for it: ours, server/README.md "Donations at
 * checkout"): `{ "ticket_group_id": "…" }`. No row: checkout offers no donation.
 */
export const CHECKOUT_DONATION_CONFIG_KEY = 'checkout_donation';

export const DONATION_AMOUNTS: {
  name: string;
  cents: number;
  description: string;
  minCents?: number;
  maxCents?: number;
}[] = [
  { name: 'Friend', cents: 1000, description: 'A $10 gift' },
  { name: 'Supporter', cents: 2500, description: 'A $25 gift' },
  { name: 'Patron', cents: 5000, description: 'A $50 gift' },
  { name: 'Benefactor', cents: 10000, description: 'A $100 gift' },
  {
    name: 'Gift of your choice',
    cents: 500,
    description: 'The amount you choose',
    minCents: 500,
    maxCents: 100000,
  },
];

/** The donation event's ids at the seller `slug` (server/seed/ids.ts). */
export function donationIdsOf(slug: string) {
  const id = seedIdOf(slug);
  return {
    event: id(`event:${DONATION_KEY}`),
    group: id(`group:${DONATION_KEY}`),
    type: (name: string) => id(`type:${DONATION_KEY}:${name}`),
  };
}

export const donationIds = donationIdsOf(DEMO_SLUG);

/**
 * Turns checkout's donation form on for the seller `slug` (its donation group, the config row
 * `checkout_donation`), or with `on` false off again (the row removed).
 */
export async function setCheckoutDonation(db: Db, sellerId: string, slug: string, on: boolean) {
  await setSellerConfig(
    db,
    sellerId,
    slug,
    CHECKOUT_DONATION_CONFIG_KEY,
    on ? { ticket_group_id: donationIdsOf(slug).group } : null,
  );
}

export async function seedDonationEvent(
  db: Db,
  ids: { seller: string; venue: string; slug?: string },
): Promise<void> {
  const id = seedIdOf(ids.slug ?? DEMO_SLUG);
  const donation = donationIdsOf(ids.slug ?? DEMO_SLUG);
  const eventId = donation.event;
  const groupId = donation.group;
  const profile = id(`image:${DONATION_KEY}:profile`);
  const cover = id(`image:${DONATION_KEY}:cover`);
  await db
    .insert(t.eventTemplate)
    .values({
      id: eventId,
      sellerId: ids.seller,
      venueId: ids.venue,
      name: 'Support the Museum',
      subtitle: 'A gift that keeps the galleries open to everyone',
      summary: 'Your donation funds free school visits, conservation and late openings.',
      description:
        '<p>The museum is a charity: every gift, large or small, helps keep our galleries open and free for school groups.</p>',
      category: 'Support',
      eventType: 'other',
      hiddenType: 'public_browsable',
      rank: 90,
    })
    .onConflictDoNothing();
  await db
    .insert(t.image)
    .values([
      { id: profile, sellerId: ids.seller, title: 'Support the Museum', hue: 340, width: 1200, height: 800 },
      { id: cover, sellerId: ids.seller, title: 'Support the Museum', hue: 340, width: 1920, height: 640 },
    ])
    .onConflictDoNothing();
  await db
    .insert(t.meta)
    .values(
      [
        ['image_profile', profile],
        ['image_cover', cover],
      ].map(([key, value]) => ({
        id: id(`meta:${DONATION_KEY}:${key}`),
        resource: 'event_template',
        resourceId: eventId,
        key: key as string,
        value: value as string,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.config)
    .values({
      id: id(`config:${DONATION_KEY}:image`),
      resource: 'event_template',
      resourceId: eventId,
      key: 'image',
      value: { alt_text: 'Rose and crimson shapes with the words Support the Museum' },
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketGroup)
    .values({
      id: groupId,
      eventTemplateId: eventId,
      name: 'Donation',
      description: 'Choose the gift you would like to make',
      handler: 'donation',
      hiddenType: 'public_browsable',
      minTicketsPerOrder: null,
      maxTicketsPerOrder: null,
      capacity: -1,
      oversellCapacity: 0,
      usedCapacity: 0,
      excludeFromEventCapacity: true,
      rank: 0,
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values(
      DONATION_AMOUNTS.map((amount, i) => ({
        id: donation.type(amount.name),
        ticketGroupId: groupId,
        eventTemplateId: eventId,
        name: amount.name,
        description: amount.description,
        summary: null,
        amountCents: amount.cents,
        amountMinCents: amount.minCents ?? null,
        amountMaxCents: amount.maxCents ?? null,
        feeFixedCents: null,
        rank: i,
      })),
    )
    .onConflictDoNothing();
}
