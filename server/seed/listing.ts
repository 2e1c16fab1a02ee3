/**
 * Demo seed for the listing filters and the upsell chain: a family day pass (the chain's anchor), two add-on
 * events in their own categories (a guided tour every half hour, a workshop three times a day), a
 * members-only preview (never listed to guests), `audience` metadata for the metadata filter, and the
 * seller's `upsells` configuration (timeslot visit window; tours, then workshops).
 */
import type { Db } from '../db';
import * as t from '../schema';
import { stableId } from '../util';
import type { EventSeed } from './demo';
import type { SeedId } from './ids';

const every = (fromMin: number, toMin: number, step: number): string[] => {
  const out: string[] = [];
  for (let m = fromMin; m <= toMin; m += step) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
};

export const LISTING_EVENTS: EventSeed[] = [
  {
    key: 'family-day-pass',
    name: 'Family Day Pass',
    subtitle: 'Two hours of galleries for the whole family',
    summary: 'Timed entry for families, with add-on tours and workshops during your visit.',
    description:
      '<p>A two-hour visit to all galleries. After booking you can add a <strong>guided tour</strong> and a <strong>family workshop</strong> during your visit.</p>',
    category: 'Admission',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 150,
    alt: 'Green shapes like leaves with the words Family Day Pass',
    group: { name: 'Day pass', description: 'Two-hour timed entry', min: 1, max: 10 },
    types: [
      { name: 'Adult', cents: 2200 },
      { name: 'Child', cents: 1000, description: 'Ages 3 to 17' },
    ],
    capacity: 60,
    durationMin: 120,
    times: every(10 * 60, 15 * 60, 60),
    meta: { audience: 'family' },
  },
  {
    key: 'guided-highlights-tour',
    name: 'Guided Highlights Tour',
    subtitle: 'Forty-five minutes with a museum guide',
    summary: 'The collection’s ten most loved works, with the stories behind them.',
    description: '<p>Meet your guide at the information desk five minutes before the tour starts.</p>',
    category: 'Guided Tours',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 45,
    alt: 'Yellow and amber arrows with the words Guided Highlights Tour',
    group: { name: 'Tour', description: 'Small groups of up to 15', min: 1, max: 10 },
    // The seed's percent-fee event (the admission's Adult ticket has the fixed fee): 5 % booking fee.
    types: [{ name: 'Tour', cents: 800, feePercentBp: 500 }],
    capacity: 15,
    durationMin: 45,
    times: every(10 * 60, 16 * 60, 30),
    meta: { audience: 'all', addon: 'tour' },
  },
  {
    key: 'robot-workshop',
    name: 'Family Workshop: Build a Robot',
    subtitle: 'An hour of tinkering for ages 6 and up',
    summary: 'Build and program a small robot to take home.',
    description: '<p>All materials are included. Children must be accompanied by an adult.</p>',
    category: 'Family Workshops',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 330,
    alt: 'Pink gears and circuits with the words Build a Robot',
    group: { name: 'Workshop', description: 'One place per child', min: 1, max: 6 },
    types: [{ name: 'Child', cents: 1200 }],
    capacity: 20,
    durationMin: 60,
    times: ['10:30', '12:30', '14:30'],
    meta: { audience: 'family', addon: 'workshop' },
  },
  {
    key: 'members-preview',
    name: 'Members’ Preview: Winter Lights',
    subtitle: 'An evening viewing before the exhibition opens',
    summary: 'Members see the new exhibition first, with the curators.',
    description: '<p>For members only.</p>',
    category: 'Exhibitions',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 220,
    alt: 'Blue and white lights with the words Winter Lights',
    group: { name: 'Preview', description: 'Members and their guests', min: 1, max: 4 },
    types: [{ name: 'Member', cents: 0 }],
    capacity: 100,
    durationMin: 90,
    times: ['18:00'],
    hiddenType: 'public_member_only',
    meta: { audience: 'adults' },
  },
];

/** Metadata of events seeded elsewhere (by event key). */
const EXTRA_META: [string, string, string][] = [
  ['general-admission', 'audience', 'all'],
  ['planetarium', 'audience', 'family'],
  ['lecture-restoration', 'audience', 'adults'],
];

/** The demo seller's upsell chain: after a family day pass, a tour, then a workshop, within the timeslot. */
export const demoUpsells = (anchorEventId: string) => ({
  visit_time: 'timeslot',
  anchor_event_ids: [anchorEventId],
  steps: [{ category: ['Guided Tours'] }, { category: ['Family Workshops'] }],
});

export async function seedListingExtras(
  db: Db,
  sellerId: string,
  eventId: (key: string) => string,
  id: SeedId = stableId,
): Promise<void> {
  await db
    .insert(t.meta)
    .values(
      EXTRA_META.map(([key, metaKey, value]) => ({
        id: id(`meta:${key}:${metaKey}`),
        resource: 'event_template',
        resourceId: eventId(key),
        key: metaKey,
        value,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.config)
    .values({
      id: id('config:seller:upsells'),
      resource: 'seller',
      resourceId: sellerId,
      key: 'upsells',
      value: demoUpsells(eventId('family-day-pass')),
    })
    .onConflictDoNothing();
}
