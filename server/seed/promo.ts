/**
 * Demo promo codes and cart mods (issue 21; listed in server/README.md "Promo codes"): a percent code, a fixed code,
 * an exhausted code, a code-required ticket group, a blocking cart mod, an automatic member discount and banners.
 * The two extra ticket groups are the Evening Lecture's ("Press seats" needs a code to reserve; "Educator tickets"
 * need a code before checkout), so the other events' flows and totals stay as they were.
 */
import type { Db } from '../db';
import { cartMod, promoCode, promoCodeGroup } from '../promo/schema';
import * as t from '../schema';
import type { SellerIds } from './demo';
import { DEMO_SLUG } from './ids';

const LECTURE = 'lecture-restoration';
const GA = 'general-admission';

/** The demo codes (their text is the same for every seeded seller; codes are unique per seller). */
export const DEMO_CODES = {
  percent: 'WELCOME20',
  fixed: 'SAVE5',
  exhausted: 'SPRING10',
  press: 'PRESS2026',
  educator: 'EDUCATOR',
} as const;

/**
 * The zip-code discount's codes (spec 2 §4): the ZIP codes of two demo members (Grace, member ID 200002, and Mia,
 * 700001), so a member logged in with one of them gets $2 off each General Admission ticket at checkout when the
 * seller's `zip_code_discount` option is on (the demo seller only: test sellers keep it off, so no other e2e's
 * totals change; the zip-code e2e turns it on in the page).
 */
export const ZIP_CODES = ['10024', '10021'] as const;

/** Stable ids of the promo rows of a seller. */
export const promoIds = (ids: SellerIds) => ({
  group: (key: string) => ids.id(`promo:group:${key}`),
  code: (key: string) => ids.id(`promo:code:${key}`),
  mod: (key: string) => ids.id(`promo:mod:${key}`),
  pressGroup: ids.id(`group:${LECTURE}:press`),
  pressType: ids.type(`${LECTURE}:Press seats`, 'Press'),
  educatorGroup: ids.id(`group:${LECTURE}:educator`),
  educatorType: ids.type(`${LECTURE}:Educator tickets`, 'Educator'),
});

export async function seedPromo(db: Db, ids: SellerIds): Promise<void> {
  const p = promoIds(ids);
  const seller = ids.seller;
  // The checkout's promo code box (spec 2 §2: configuration show_promo_codes_on_checkout), on for the demo.
  await db
    .insert(t.config)
    .values({
      id: ids.id(`config:${seller}:show_promo_codes_on_checkout`),
      resource: 'seller',
      resourceId: seller,
      key: 'show_promo_codes_on_checkout',
      value: true,
    })
    .onConflictDoNothing();
  // Spec 2 §4 "postcode-as-discount-code option" (our key: zip_code_discount): every seller has the row, on for
  // the demo seller only (test sellers get the same rows as the demo, tests/server/test-sellers.test.ts).
  await db
    .insert(t.config)
    .values({
      id: ids.id(`config:${seller}:zip_code_discount`),
      resource: 'seller',
      resourceId: seller,
      key: 'zip_code_discount',
      value: ids.slug === DEMO_SLUG,
    })
    .onConflictDoNothing();
  const lecture = ids.event(LECTURE);
  // The lecture's two code-gated groups.
  await db
    .insert(t.ticketGroup)
    .values(
      [
        {
          id: p.pressGroup,
          name: 'Press seats',
          description: 'For accredited press: a code is required',
          rank: 3,
        },
        {
          id: p.educatorGroup,
          name: 'Educator tickets',
          description: 'For teachers, with an educator code',
          rank: 4,
        },
      ].map((g) => ({
        ...g,
        eventTemplateId: lecture,
        handler: 'tickets',
        hiddenType: 'public_browsable',
        minTicketsPerOrder: null,
        maxTicketsPerOrder: 4,
        capacity: -1,
        oversellCapacity: 0,
        usedCapacity: 0,
        excludeFromEventCapacity: false,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values(
      [
        { id: p.pressType, ticketGroupId: p.pressGroup, name: 'Press', amountCents: 0 },
        { id: p.educatorType, ticketGroupId: p.educatorGroup, name: 'Educator', amountCents: 1200 },
      ].map((ty) => ({
        ...ty,
        eventTemplateId: lecture,
        description: null,
        summary: null,
        feeFixedCents: null,
        feePercentBp: null,
        rank: 0,
      })),
    )
    .onConflictDoNothing();

  const group = (key: string, name: string, extra: Partial<typeof promoCodeGroup.$inferInsert> = {}) => ({
    id: p.group(key),
    sellerId: seller,
    name,
    description: null,
    validFrom: null,
    validTo: null,
    usesPerCode: null,
    usesPerCustomer: null,
    unlocksTicketGroupIds: [],
    advertise: false,
    ...extra,
  });
  await db
    .insert(promoCodeGroup)
    .values([
      group('welcome', 'Welcome offer', {
        description: '20% off General Admission',
        advertise: true,
        usesPerCustomer: 1,
      }),
      group('save5', 'Five dollars off', { description: '$5 off your order', usesPerCode: 500 }),
      group('spring', 'Spring sale', { description: '10% off your order (ended: all used)' }),
      group('press', 'Press accreditation', {
        description: 'Unlocks press seats at the Evening Lecture',
        unlocksTicketGroupIds: [p.pressGroup],
      }),
      group('educator', 'Educator verification', { description: 'Educator tickets at the Evening Lecture' }),
      group('neighbours', 'Neighbours', { description: 'Members living nearby: their ZIP code is the code' }),
    ])
    .onConflictDoNothing();
  const code = (
    key: string,
    text: string,
    groupKey: string,
    maxUses: number | null = null,
    usedCount = 0,
  ) => ({
    id: p.code(key),
    sellerId: seller,
    codeGroupId: p.group(groupKey),
    code: text,
    maxUses,
    usedCount,
  });
  await db
    .insert(promoCode)
    .values([
      code('welcome', DEMO_CODES.percent, 'welcome'),
      code('save5', DEMO_CODES.fixed, 'save5'),
      code('spring', DEMO_CODES.exhausted, 'spring', 1, 1),
      code('press', DEMO_CODES.press, 'press'),
      code('educator', DEMO_CODES.educator, 'educator'),
      ...ZIP_CODES.map((zip) => code(`zip:${zip}`, zip, 'neighbours')),
    ])
    .onConflictDoNothing();

  const mod = (key: string, name: string, extra: Partial<typeof cartMod.$inferInsert>) => ({
    id: p.mod(key),
    sellerId: seller,
    name,
    description: null,
    percentBp: null,
    fixedCents: null,
    scope: 'cart',
    scopeId: null,
    minQuantity: null,
    automatic: null,
    activatingCodeGroupIds: [],
    blockingCheckout: false,
    bannerResource: null,
    rank: 0,
    ...extra,
  });
  await db
    .insert(cartMod)
    .values([
      mod('welcome', 'Welcome: 20% off General Admission', {
        description: 'Use code WELCOME20 for 20% off General Admission.',
        percentBp: 2000,
        scope: 'event_template',
        scopeId: ids.event(GA),
        activatingCodeGroupIds: [p.group('welcome')],
        bannerResource: 'event_template',
        rank: 1,
      }),
      mod('save5', '$5 off your order', {
        description: 'Use code SAVE5 for $5 off any order.',
        fixedCents: 500,
        activatingCodeGroupIds: [p.group('save5')],
        bannerResource: 'seller',
        rank: 3,
      }),
      mod('spring', 'Spring sale: 10% off', {
        percentBp: 1000,
        activatingCodeGroupIds: [p.group('spring')],
        rank: 4,
      }),
      mod('educator', 'Educator verification', {
        description: 'Educator tickets need your educator code. Please enter it to continue.',
        scope: 'ticket_group',
        scopeId: p.educatorGroup,
        activatingCodeGroupIds: [p.group('educator')],
        blockingCheckout: true,
        rank: 5,
      }),
      mod('neighbours', 'Neighbours save $2 on General Admission', {
        description: 'Members living nearby save $2 on each General Admission ticket.',
        fixedCents: 200,
        scope: 'event_template',
        scopeId: ids.event(GA),
        activatingCodeGroupIds: [p.group('neighbours')],
        rank: 6,
      }),
      mod('members', 'Members save 10% on talks', {
        description: 'Members save 10% on the Evening Lecture.',
        percentBp: 1000,
        scope: 'event_template',
        scopeId: lecture,
        automatic: 'members',
        rank: 2,
      }),
    ])
    .onConflictDoNothing();
}
