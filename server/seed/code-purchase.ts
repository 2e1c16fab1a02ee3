/**
 * The demo seller's discount-code product (issue 21; server/README.md "Demo data"): "Gift a Visit", a single
 * event without sessions whose only ticket group has handler `codes` (spec 1 §4: no session is needed). Each
 * ticket bought is one new code (server/promo/issued.ts) of the code group "Gift a visit": one use each, 50% off
 * the General Admission tickets of the order it is used in. Idempotent, stable ids like the rest of the seed.
 */
import type { Db } from '../db';
import { CODES_CONFIG_KEY, CODES_HANDLER } from '../promo/issued';
import { cartMod, promoCodeGroup } from '../promo/schema';
import * as t from '../schema';
import type { SellerIds } from './demo';
import { seedProductEvent } from './product';
import { promoIds } from './promo';

export const GIFT_VISIT_KEY = 'gift-a-visit';
export const GIFT_VISIT_TYPE = 'Half-price visit code';
const CODE_GROUP_KEY = 'gift-visit';

/** The ids of the code product at a seller. */
export const giftVisitIds = (ids: SellerIds) => ({
  event: ids.event(GIFT_VISIT_KEY),
  group: ids.group(GIFT_VISIT_KEY),
  type: ids.type(GIFT_VISIT_KEY, GIFT_VISIT_TYPE),
  codeGroup: promoIds(ids).group(CODE_GROUP_KEY),
  mod: promoIds(ids).mod(CODE_GROUP_KEY),
});

export async function seedCodePurchase(db: Db, ids: SellerIds): Promise<void> {
  const g = giftVisitIds(ids);
  await seedProductEvent(db, ids, GIFT_VISIT_KEY, {
    name: 'Gift a Visit',
    subtitle: 'Half-price General Admission codes to give away',
    summary:
      'Buy codes for friends and family: each one takes 50% off the General Admission tickets of an order.',
    description:
      '<p>Each code you buy arrives on your confirmation and in your confirmation email. Give it to someone: they enter it at checkout and pay half price for General Admission.</p><p>Each code can be used once.</p>',
    category: 'Admission',
    eventType: 'single',
    rank: 95,
    hue: 45,
    altText: 'Gold and amber shapes like a ribbon with the words Gift a Visit',
  });
  await db
    .insert(t.config)
    .values([
      // The code group the bought codes join (server/promo/issued.ts).
      {
        id: ids.id(`config:${GIFT_VISIT_KEY}:codes`),
        resource: 'ticket_group',
        resourceId: g.group,
        key: CODES_CONFIG_KEY,
        value: { code_group_id: g.codeGroup },
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(t.ticketGroup)
    .values({
      id: g.group,
      eventTemplateId: g.event,
      name: 'Gift codes',
      description: 'One code per visit: 50% off General Admission',
      handler: CODES_HANDLER,
      hiddenType: 'public_browsable',
      minTicketsPerOrder: null,
      maxTicketsPerOrder: 10,
      capacity: -1,
      oversellCapacity: 0,
      usedCapacity: 0,
      excludeFromEventCapacity: true,
      rank: 0,
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values({
      id: g.type,
      ticketGroupId: g.group,
      eventTemplateId: g.event,
      name: GIFT_VISIT_TYPE,
      description: '50% off the General Admission tickets of one order',
      summary: null,
      amountCents: 1000,
      feeFixedCents: null,
      feePercentBp: null,
      rank: 0,
    })
    .onConflictDoNothing();
  // The code group (no codes of its own until someone buys them) and what its codes give.
  await db
    .insert(promoCodeGroup)
    .values({
      id: g.codeGroup,
      sellerId: ids.seller,
      name: 'Gift a visit',
      description: '50% off General Admission',
      validFrom: null,
      validTo: null,
      usesPerCode: 1,
      usesPerCustomer: null,
      unlocksTicketGroupIds: [],
      advertise: false,
    })
    .onConflictDoNothing();
  await db
    .insert(cartMod)
    .values({
      id: g.mod,
      sellerId: ids.seller,
      name: 'Gift a visit: 50% off General Admission',
      description: null,
      percentBp: 5000,
      fixedCents: null,
      scope: 'event_template',
      scopeId: ids.event('general-admission'),
      minQuantity: null,
      automatic: null,
      activatingCodeGroupIds: [g.codeGroup],
      blockingCheckout: false,
      bannerResource: null,
      rank: 6,
    })
    .onConflictDoNothing();
}
