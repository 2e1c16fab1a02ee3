/**
 * The demo seller's passes (issue 25; server/README.md "Demo data", "Passes"): the link-only event "Museum
 * Passes" (not in the listing: open it by its URL), without sessions, with two ticket groups of handler `passes`
 * (the one-ticket picker, spec 1 §2 layout 2): the "Garden Season Pass" (start_policy fixedto: valid from the
 * purchase day to the end of the season, the next 31 October from the seed's day) and the "30-Day Explorer
 * Pass" (fixedfrom, no day: valid for 30 days from the purchase day, `P30D`). Every seeded seller has them.
 * Idempotent, stable ids like the rest of the seed; seeded again on a kept database, the season's day moves on
 * with the seed's day (the rest is left as it was).
 */

import { sql } from 'drizzle-orm';
import { PASSES_HANDLER } from '../catalog/passes';
import type { Db } from '../db';
import * as t from '../schema';
import type { SellerIds } from './demo';
import { seedProductEvent } from './product';

export const PASSES_KEY = 'passes';

/** The garden season's last day: the next 31 October (the seed's day included). */
const seasonEnd = (nowMs: number) => {
  const now = new Date(nowMs);
  return `${now.getUTCFullYear() + (now.getUTCMonth() > 9 ? 1 : 0)}-10-31`;
};

/** The pass groups: their names, policies and one ticket type each. */
export const passGroups = (nowMs: number) => [
  {
    key: 'garden-season',
    name: 'Garden Season Pass',
    description: 'Unlimited visits to the gardens until the season closes',
    startPolicy: 'fixedto',
    startPolicyDate: seasonEnd(nowMs),
    durationNew: null,
    type: { name: 'Season Pass', cents: 6000 },
  },
  {
    key: 'explorer-30',
    name: '30-Day Explorer Pass',
    description: 'Every gallery, as often as you like, for 30 days from the day you buy it',
    startPolicy: 'fixedfrom',
    startPolicyDate: null,
    durationNew: 'P30D',
    type: { name: 'Explorer Pass', cents: 4500 },
  },
];

export const passIds = (ids: SellerIds) => ({
  event: ids.event(PASSES_KEY),
  group: (key: string) => ids.group(`${PASSES_KEY}:${key}`),
  type: (key: string, name: string) => ids.type(`${PASSES_KEY}:${key}`, name),
});

export async function seedPasses(db: Db, ids: SellerIds, nowMs: number): Promise<void> {
  const p = passIds(ids);
  await seedProductEvent(db, ids, PASSES_KEY, {
    name: 'Museum Passes',
    subtitle: 'Come back as often as you like',
    summary: 'A pass admits on every day it is valid: a garden season or 30 days of galleries.',
    description:
      '<p>Choose a pass; its first and last valid day are on your ticket. Show the ticket at the entrance on any of those days.</p>',
    category: 'Admission',
    eventType: 'other',
    rank: 97,
    hue: 110,
    altText: 'Green shapes like a garden gate and a ticket with the words Museum Pass',
    hiddenType: 'public_link_only',
  });
  const groups = passGroups(nowMs);
  await db
    .insert(t.ticketGroup)
    .values(
      groups.map((g, rank) => ({
        id: p.group(g.key),
        eventTemplateId: p.event,
        name: g.name,
        description: g.description,
        handler: PASSES_HANDLER,
        hiddenType: 'public_browsable',
        minTicketsPerOrder: null,
        maxTicketsPerOrder: 10,
        capacity: -1,
        oversellCapacity: 0,
        usedCapacity: 0,
        excludeFromEventCapacity: true,
        rank,
        startPolicy: g.startPolicy,
        startPolicyDate: g.startPolicyDate,
        durationNew: g.durationNew,
      })),
    )
    // A kept database (npm start's .data/pglite) is seeded again on each start: the season's last day follows the
    // seed's day there too, or the season pass would be refused from 1 November on ("the next 31 October").
    .onConflictDoUpdate({
      target: t.ticketGroup.id,
      set: { startPolicyDate: sql`excluded.start_policy_date` },
    });
  await db
    .insert(t.ticketType)
    .values(
      groups.map((g) => ({
        id: p.type(g.key, g.type.name),
        ticketGroupId: p.group(g.key),
        eventTemplateId: p.event,
        name: g.type.name,
        description: null,
        summary: null,
        amountCents: g.type.cents,
        feeFixedCents: null,
        feePercentBp: null,
        rank: 0,
      })),
    )
    .onConflictDoNothing();
}
