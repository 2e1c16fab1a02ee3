/**
 * Demo city passes (issue 21; listed in server/README.md "City passes"): the Evening Lecture's ticket group "City
 * Pass" (City Pass Adult, City Pass Child, $0: the pass pays) takes one voucher per ticket (event config
 * `web.ecommerce.citypass`), the seller's `citypass_code_groups` give the formats (adult `CP-A` and six digits,
 * child `CP-C` and six digits) and the sandbox provider's `citypass_sandbox` names the vouchers that simulate an
 * outage (`CP-X` and six digits). Every seeded seller gets the same.
 */
import { CITYPASS_CODE_GROUPS_KEY, CITYPASS_EVENT_KEY } from '../../domain/citypass-rule';
import { CITYPASS_SANDBOX_KEY } from '../citypass/sandbox';
import type { Db } from '../db';
import * as t from '../schema';
import type { SellerIds } from './demo';

const LECTURE = 'lecture-restoration';

/** Vouchers of the demo formats (any six digits are a voucher the sandbox knows). */
export const DEMO_VOUCHERS = {
  adult: 'CP-A123456',
  child: 'CP-C123456',
  outage: 'CP-X000000',
} as const;

export const DEMO_CITYPASS_CODE_GROUPS = [
  { adult_regexp: '^CP-A\\d{6}$', child_regexp: '^CP-C\\d{6}$', child_ticket_type_keywords: ['child'] },
];

export const citypassIds = (ids: SellerIds) => ({
  group: ids.id(`group:${LECTURE}:citypass`),
  adult: ids.type(`${LECTURE}:City Pass`, 'City Pass Adult'),
  child: ids.type(`${LECTURE}:City Pass`, 'City Pass Child'),
});

export async function seedCitypass(db: Db, ids: SellerIds): Promise<void> {
  const c = citypassIds(ids);
  const seller = ids.seller;
  const lecture = ids.event(LECTURE);
  await db
    .insert(t.ticketGroup)
    .values({
      id: c.group,
      eventTemplateId: lecture,
      name: 'City Pass',
      description: 'For City Pass holders: one voucher per ticket',
      rank: 5,
      handler: 'tickets',
      hiddenType: 'public_browsable',
      minTicketsPerOrder: null,
      maxTicketsPerOrder: 6,
      capacity: -1,
      oversellCapacity: 0,
      usedCapacity: 0,
      excludeFromEventCapacity: false,
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values(
      [
        { id: c.adult, name: 'City Pass Adult', rank: 0 },
        { id: c.child, name: 'City Pass Child', rank: 1 },
      ].map((ty) => ({
        ...ty,
        ticketGroupId: c.group,
        eventTemplateId: lecture,
        amountCents: 0,
        description: null,
        summary: null,
        feeFixedCents: null,
        feePercentBp: null,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.config)
    .values([
      {
        id: ids.id(`config:${lecture}:${CITYPASS_EVENT_KEY}`),
        resource: 'event_template',
        resourceId: lecture,
        key: CITYPASS_EVENT_KEY,
        value: { ticket_group_ids: [c.group] },
      },
      {
        id: ids.id(`config:${seller}:${CITYPASS_CODE_GROUPS_KEY}`),
        resource: 'seller',
        resourceId: seller,
        key: CITYPASS_CODE_GROUPS_KEY,
        value: DEMO_CITYPASS_CODE_GROUPS,
      },
      {
        id: ids.id(`config:${seller}:${CITYPASS_SANDBOX_KEY}`),
        resource: 'seller',
        resourceId: seller,
        key: CITYPASS_SANDBOX_KEY,
        value: { failure_regexp: '^CP-X\\d{6}$' },
      },
    ])
    .onConflictDoNothing();
}
