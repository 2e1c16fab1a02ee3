/**
 * Demo memberships (issue 11), idempotent: the membership event (seller config `membership_event_id`) with
 * individual, dual and family levels (named, optional and unnamed member slots; terms and member purchase
 * limits), member benefits on the members-only preview and on a members-only "Member admission" group of
 * General Admission (member prices and limits) and on a members-only "Member show tickets" group of the
 * quantity-first Planetarium show, gift codes (valid, expired, not yet valid, exhausted), and
 * members: current and enrolled in auto-renew with a saved card, current and not enrolled, cancelled, and
 * expired — each with the booked order of their membership. Member ids 7000xx (the 5000xx and earlier
 * members of `seed/members.ts` are left as they are).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { emailKey, hashPassword } from '../members/auth';
import { memberMembership, memberUser } from '../members/schema';
import { MEMBERSHIP_EXTEND_META } from '../memberships/reserve';
import {
  giftCode,
  membershipBenefit,
  membershipLevel,
  membershipMember,
  membershipRule,
  savedPaymentMethod,
} from '../memberships/schema';
import * as t from '../schema';
import { dayjs } from '../util';
import { DEMO_SLUG, seedIdOf, seedNumberOf } from './ids';
import { DEMO_MEMBER_PASSWORD } from './members';

const DAY = 86_400_000;
export const MEMBERSHIP_EVENT_KEY = 'museum-membership';
const MEMBER_GROUP_KEY = 'general-admission:member';
const MEMBER_SHOW_KEY = 'planetarium:member';

/** The membership seed's ids at the seller `slug` (server/seed/ids.ts). */
export function membershipIdsOf(slug: string) {
  const id = seedIdOf(slug);
  return {
    event: id(`event:${MEMBERSHIP_EVENT_KEY}`),
    group: id(`group:${MEMBERSHIP_EVENT_KEY}`),
    level: (name: LevelName) => id(`type:${MEMBERSHIP_EVENT_KEY}:${name}`),
    /** The members-only "Member admission" group of General Admission, and its types. */
    memberGroup: id(`group:${MEMBER_GROUP_KEY}`),
    memberType: (name: 'Member Adult' | 'Member Child') => id(`type:${MEMBER_GROUP_KEY}:${name}`),
    /** The members-only "Member show tickets" group of the quantity-first Planetarium show, and its type. */
    memberShowGroup: id(`group:${MEMBER_SHOW_KEY}`),
    memberShowType: id(`type:${MEMBER_SHOW_KEY}:Member Adult`),
    identity: (key: string) => id(`identity:membership-member:${key}`),
    user: (key: string) => id(`user:membership-member:${key}`),
    membership: (key: string) => id(`membership:membership-member:${key}`),
    order: (key: string) => id(`order:membership-member:${key}`),
  };
}

export const membershipIds = membershipIdsOf(DEMO_SLUG);

export type LevelName = 'Individual' | 'Dual' | 'Family';

interface LevelSeed {
  name: LevelName;
  cents: number;
  discountedCents: number | null;
  description: string;
  /** member_event_purchase_limit: member tickets per event (the wildcard pool). */
  purchaseLimit: number;
  rules: {
    role: string;
    named: 'yes' | 'no' | 'optional';
    emailed: 'yes' | 'no' | 'other';
    min: number;
    max: number;
  }[];
}

export const DEMO_LEVELS: readonly LevelSeed[] = [
  {
    name: 'Individual',
    cents: 7500,
    discountedCents: 6000,
    description: 'One named member card',
    purchaseLimit: 2,
    rules: [{ role: 'member', named: 'yes', emailed: 'yes', min: 1, max: 1 }],
  },
  {
    name: 'Dual',
    cents: 12000,
    discountedCents: 9600,
    description: 'Two named member cards',
    purchaseLimit: 4,
    rules: [
      { role: 'member', named: 'yes', emailed: 'yes', min: 1, max: 1 },
      { role: 'second-card', named: 'yes', emailed: 'no', min: 1, max: 1 },
    ],
  },
  {
    name: 'Family',
    cents: 16000,
    discountedCents: null,
    description: 'Two named adults, up to two caregivers and four children',
    purchaseLimit: 6,
    rules: [
      { role: 'member', named: 'yes', emailed: 'yes', min: 1, max: 1 },
      { role: 'second-card', named: 'yes', emailed: 'no', min: 1, max: 1 },
      { role: 'caregiver', named: 'optional', emailed: 'other', min: 0, max: 2 },
      { role: 'child', named: 'no', emailed: 'other', min: 0, max: 4 },
    ],
  },
];

/** The members-only "Member admission" prices of General Admission. */
export const MEMBER_PRICES = { 'Member Adult': 1000, 'Member Child': 500 } as const;
/** The member price of the Planetarium show (Adult $15 for everyone else). */
export const MEMBER_SHOW_CENTS = 800;

/** Gift codes: 10 characters (spec 3 §9). */
export const DEMO_GIFT_CODES = {
  valid: 'GIFT000001',
  /** A second valid code (each e2e that redeems takes its own). */
  valid2: 'GIFT000002',
  valid3: 'GIFT000003',
  expired: 'GIFTEXPIRD',
  notYet: 'GIFTFUTURE',
  exhausted: 'GIFTUSED01',
} as const;

interface DemoMembershipMember {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  zip: string;
  scanCode: string;
  level: LevelName;
  autoRenew: 'scheduled' | 'cancelled' | 'other';
  /** Days from now: the term. */
  fromDays: number;
  toDays: number;
  savedCard: string | null;
  members: { role: string; first: string; last: string; email: string | null }[];
}

/** Demo members of the membership flows (password DEMO_MEMBER_PASSWORD; also member ID + ZIP or last name). */
export const DEMO_MEMBERSHIP_MEMBERS = {
  /** Current Dual, enrolled in auto-renew with a saved card, renewable (expires in 45 days). */
  enrolled: {
    key: 'enrolled',
    firstName: 'Mia',
    lastName: 'Member',
    email: 'mia.member@example.com',
    zip: '10021',
    scanCode: '700001',
    level: 'Dual',
    autoRenew: 'scheduled',
    fromDays: -320,
    toDays: 45,
    savedCard: 'Visa ending in 4242',
    members: [
      { role: 'member', first: 'Mia', last: 'Member', email: 'mia.member@example.com' },
      { role: 'second-card', first: 'Max', last: 'Member', email: null },
    ],
  },
  /** Expired Individual (30 days ago): the expired-membership message, renew. */
  expired: {
    key: 'expired',
    firstName: 'Ezra',
    lastName: 'Expired',
    email: 'ezra.expired@example.com',
    zip: '10022',
    scanCode: '700002',
    level: 'Individual',
    autoRenew: 'other',
    fromDays: -395,
    toDays: -30,
    savedCard: null,
    members: [{ role: 'member', first: 'Ezra', last: 'Expired', email: 'ezra.expired@example.com' }],
  },
  /** Current Family, not enrolled in auto-renew (limit 6 member tickets per event). */
  family: {
    key: 'family',
    firstName: 'Fay',
    lastName: 'Family',
    email: 'fay.family@example.com',
    zip: '10023',
    scanCode: '700003',
    level: 'Family',
    autoRenew: 'other',
    fromDays: -30,
    toDays: 335,
    savedCard: null,
    members: [
      { role: 'member', first: 'Fay', last: 'Family', email: 'fay.family@example.com' },
      { role: 'second-card', first: 'Finn', last: 'Family', email: null },
      { role: 'caregiver', first: 'Cora', last: 'Carer', email: null },
    ],
  },
  /** Current Individual, auto-renew cancelled. */
  cancelled: {
    key: 'cancelled',
    firstName: 'Cal',
    lastName: 'Cancelled',
    email: 'cal.cancelled@example.com',
    zip: '10025',
    scanCode: '700004',
    level: 'Individual',
    autoRenew: 'cancelled',
    fromDays: -100,
    toDays: 265,
    savedCard: 'Mastercard ending in 4444',
    members: [{ role: 'member', first: 'Cal', last: 'Cancelled', email: 'cal.cancelled@example.com' }],
  },
  /** Current Individual, enrolled with a saved card: the cancel auto-renew e2e cancels this one. */
  toCancel: {
    key: 'to-cancel',
    firstName: 'Otto',
    lastName: 'Autorenew',
    email: 'otto.autorenew@example.com',
    zip: '10026',
    scanCode: '700005',
    level: 'Individual',
    autoRenew: 'scheduled',
    fromDays: -10,
    toDays: 355,
    savedCard: 'Visa ending in 4242',
    members: [{ role: 'member', first: 'Otto', last: 'Autorenew', email: 'otto.autorenew@example.com' }],
  },
  /** Current Individual, not enrolled: the member-limit e2e (2 member tickets per event). */
  individual: {
    key: 'individual',
    firstName: 'Ivy',
    lastName: 'Individual',
    email: 'ivy.individual@example.com',
    zip: '10027',
    scanCode: '700006',
    level: 'Individual',
    autoRenew: 'other',
    fromDays: -5,
    toDays: 360,
    savedCard: null,
    members: [{ role: 'member', first: 'Ivy', last: 'Individual', email: 'ivy.individual@example.com' }],
  },
} as const satisfies Record<string, DemoMembershipMember>;

/** A members-only ticket group (shown only to members whose membership grants it), up to 10 per order. */
function memberOnlyGroup(id: string, eventTemplateId: string, name: string, description: string) {
  return {
    id,
    eventTemplateId,
    name,
    description,
    handler: 'tickets',
    hiddenType: 'public_member_only',
    minTicketsPerOrder: null,
    maxTicketsPerOrder: 10,
    capacity: -1,
    oversellCapacity: 0,
    usedCapacity: 0,
    excludeFromEventCapacity: false,
    rank: 3,
  } satisfies typeof t.ticketGroup.$inferInsert;
}

/** Seller configuration of memberships (spec 3 §3). */
export const MEMBERSHIP_CONFIG = {
  ask_to_autorenew: true,
  /** Renewal allowed from expiry minus this many days. */
  renewal: { allowed_period: 90 },
  member_reserve_session_beyond_term: 'if_autorenew',
} as const;

export async function seedMemberships(
  db: Db,
  ids: {
    seller: string;
    venue: string;
    generalAdmission: string;
    membersPreview: string;
    membersPreviewGroup: string;
    /** The quantity-first Planetarium show: gets a members-only group (none without it). */
    planetarium?: string;
    /** The seller's slug (server/seed/ids.ts; default the demo seller's). */
    slug?: string;
  },
  nowMs: number,
): Promise<void> {
  const sellerId = ids.seller;
  const slug = ids.slug ?? DEMO_SLUG;
  const id = seedIdOf(slug);
  const membershipIds = membershipIdsOf(slug);
  await db
    .insert(t.eventTemplate)
    .values({
      id: membershipIds.event,
      sellerId,
      venueId: ids.venue,
      name: 'Museum Membership',
      subtitle: 'Free admission all year, and more',
      summary: 'Free admission all year, members-only previews and member prices on tickets.',
      description:
        '<p>Members visit free all year, see new exhibitions first at members-only previews, and pay member prices.</p>',
      category: 'Membership',
      eventType: 'single',
      hiddenType: 'public_link_only',
      rank: 100,
    })
    .onConflictDoNothing();
  // The demo offers the 'Extend my membership' checkbox (spec 3 §2; server/memberships/reserve.ts): a current
  // member can extend before the renewal window opens.
  await db
    .insert(t.meta)
    .values({
      id: id('meta:event_template:membership:membership_extend'),
      resource: 'event_template',
      resourceId: membershipIds.event,
      key: MEMBERSHIP_EXTEND_META,
      value: 'yes',
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketGroup)
    .values({
      id: membershipIds.group,
      eventTemplateId: membershipIds.event,
      name: 'Membership levels',
      description: 'Choose a level',
      handler: 'membership',
      hiddenType: 'public_browsable',
      minTicketsPerOrder: null,
      maxTicketsPerOrder: 1,
      capacity: -1,
      oversellCapacity: 0,
      usedCapacity: 0,
      excludeFromEventCapacity: true,
      rank: 0,
    })
    .onConflictDoNothing();
  for (const [rank, lv] of DEMO_LEVELS.entries()) {
    const typeId = membershipIds.level(lv.name);
    await db
      .insert(t.ticketType)
      .values({
        id: typeId,
        ticketGroupId: membershipIds.group,
        eventTemplateId: membershipIds.event,
        name: lv.name,
        description: lv.description,
        summary: null,
        amountCents: lv.cents,
        discountedCents: lv.discountedCents,
        rank,
      })
      .onConflictDoNothing();
    await db
      .insert(membershipLevel)
      .values({ ticketTypeId: typeId, sellerId, termMonths: 12, purchaseLimit: lv.purchaseLimit })
      .onConflictDoNothing();
    await db
      .insert(membershipRule)
      .values(
        lv.rules.map((r, i) => ({
          id: id(`membership-rule:${lv.name}:${r.role}`),
          sellerId,
          ticketGroupId: membershipIds.group,
          ticketTypeId: typeId,
          partyRole: r.role,
          named: r.named,
          emailed: r.emailed,
          min: r.min,
          max: r.max,
          rank: i,
        })),
      )
      .onConflictDoNothing();
    // Benefits: the members-only preview (any type) and Member admission (any type), both within the level's
    // per-event limit; Family members also have a Member Child allowance of their own.
    const benefits: { key: string; groupId: string; typeId: string | null; limit: number }[] = [
      { key: 'preview', groupId: ids.membersPreviewGroup, typeId: null, limit: lv.purchaseLimit },
      { key: 'admission', groupId: membershipIds.memberGroup, typeId: null, limit: lv.purchaseLimit },
    ];
    if (ids.planetarium)
      benefits.push({
        key: 'show',
        groupId: membershipIds.memberShowGroup,
        typeId: null,
        limit: lv.purchaseLimit,
      });
    if (lv.name === 'Family')
      benefits.push({
        key: 'admission-child',
        groupId: membershipIds.memberGroup,
        typeId: membershipIds.memberType('Member Child'),
        limit: 4,
      });
    await db
      .insert(membershipBenefit)
      .values(
        benefits.map((b) => ({
          id: id(`membership-benefit:${lv.name}:${b.key}`),
          sellerId,
          membershipTypeId: typeId,
          ticketGroupId: b.groupId,
          ticketTypeId: b.typeId,
          limit: b.limit,
        })),
      )
      .onConflictDoNothing();
  }

  if (ids.planetarium) await seedMemberShow(db, ids.planetarium, membershipIds);

  // Member admission: a members-only group of General Admission with member prices.
  await db
    .insert(t.ticketGroup)
    .values(
      memberOnlyGroup(
        membershipIds.memberGroup,
        ids.generalAdmission,
        'Member admission',
        'Member prices for members and their guests',
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values(
      (Object.entries(MEMBER_PRICES) as ['Member Adult' | 'Member Child', number][]).map(
        ([name, cents], i) => ({
          id: membershipIds.memberType(name),
          ticketGroupId: membershipIds.memberGroup,
          eventTemplateId: ids.generalAdmission,
          name,
          description: null,
          summary: null,
          amountCents: cents,
          rank: i,
        }),
      ),
    )
    .onConflictDoNothing();

  for (const [key, value] of [
    ['membership_event_id', membershipIds.event],
    ...Object.entries(MEMBERSHIP_CONFIG),
  ])
    await db
      .insert(t.config)
      .values({
        id: id(`config:${sellerId}:${key}`),
        resource: 'seller',
        resourceId: sellerId,
        key,
        value,
      })
      .onConflictDoNothing();

  const codes = [
    { code: DEMO_GIFT_CODES.valid, from: -30, to: 335, max: 1, used: 0 },
    { code: DEMO_GIFT_CODES.valid2, from: -30, to: 335, max: 1, used: 0 },
    { code: DEMO_GIFT_CODES.valid3, from: -30, to: 335, max: 1, used: 0 },
    { code: DEMO_GIFT_CODES.expired, from: -400, to: -35, max: 1, used: 0 },
    { code: DEMO_GIFT_CODES.notYet, from: 30, to: 395, max: 1, used: 0 },
    { code: DEMO_GIFT_CODES.exhausted, from: -30, to: 335, max: 1, used: 1 },
  ];
  await db
    .insert(giftCode)
    .values(
      codes.map((c) => ({
        code: c.code,
        sellerId,
        validFrom: new Date(nowMs + c.from * DAY),
        validTo: new Date(nowMs + c.to * DAY),
        maxRedemptions: c.max,
        redeemedCount: c.used,
        ticketTypeIds: null,
      })),
    )
    .onConflictDoNothing();

  const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
  for (const m of Object.values(DEMO_MEMBERSHIP_MEMBERS) as DemoMembershipMember[]) {
    const identityId = membershipIds.identity(m.key);
    const userId = membershipIds.user(m.key);
    const [have] = await db
      .select({ id: memberUser.id })
      .from(memberUser)
      .where(eq(memberUser.id, userId))
      .limit(1);
    if (have) continue;
    const created = new Date(nowMs + m.fromDays * DAY);
    await db
      .insert(t.identity)
      .values({
        id: identityId,
        sellerId,
        type: 'member',
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        createdAt: created,
      })
      .onConflictDoNothing();
    await db
      .insert(t.meta)
      .values({
        id: id(`meta:identity:membership-member:${m.key}:zip_code`),
        resource: 'identity',
        resourceId: identityId,
        key: 'zip_code',
        value: m.zip,
      })
      .onConflictDoNothing();
    // The order that bought the membership: a completed cart with one booked membership ticket.
    const cartId = id(`cart:membership-member:${m.key}`);
    const orderId = membershipIds.order(m.key);
    const level = DEMO_LEVELS.find((l) => l.name === m.level);
    const levelId = membershipIds.level(m.level);
    await db
      .insert(t.cart)
      .values({
        id: cartId,
        cartNumber: seedNumberOf(slug, `MS${m.scanCode}`),
        sellerId,
        identityId,
        state: 'completed',
        expiresAt: null,
        createdAt: created,
      })
      .onConflictDoNothing();
    await db
      .insert(t.ticketOrder)
      .values({
        id: orderId,
        orderNumber: seedNumberOf(slug, `M${m.scanCode}`),
        cartId,
        identityId,
        sellerId,
        createdAt: created,
      })
      .onConflictDoNothing();
    await db
      .insert(t.ticket)
      .values({
        id: id(`ticket:membership-member:${m.key}`),
        cartId,
        state: 'booked',
        eventSessionId: null,
        eventTemplateId: membershipIds.event,
        ticketTypeId: levelId,
        ticketGroupId: membershipIds.group,
        ticketOrderId: orderId,
        handler: 'membership',
        faceValueCents: level?.cents ?? 0,
        adjustedValueCents: level?.cents ?? 0,
        validFrom: created,
        validTo: new Date(nowMs + m.toDays * DAY),
        admitName: `${m.firstName} ${m.lastName}`,
        admitEmail: m.email,
        createdAt: created,
      })
      .onConflictDoNothing();
    // Paid by card, as the checkout records a sale: the payment and the gateway's charge.
    const cents = level?.cents ?? 0;
    const chargeId = id(`charge:membership-member:${m.key}`);
    await db
      .insert(t.gatewayCharge)
      .values({
        idempotencyKey: `seed:${cartId}`,
        id: chargeId,
        cartId,
        amountCents: cents,
        status: 'succeeded',
        message: null,
        intentId: null,
        createdAt: created,
      })
      .onConflictDoNothing();
    await db
      .insert(t.payment)
      .values({
        id: id(`payment:membership-member:${m.key}`),
        cartId,
        ticketOrderId: orderId,
        gatewayId: 'stripe',
        amountCents: cents,
        reference: chargeId,
        state: 'succeeded',
        createdAt: created,
      })
      .onConflictDoNothing();
    const membershipId = membershipIds.membership(m.key);
    await db
      .insert(memberMembership)
      .values({
        id: membershipId,
        sellerId,
        identityId,
        scanCode: m.scanCode,
        role: 'member',
        levelName: m.level,
        autoRenewState: m.autoRenew,
        validFrom: created,
        validTo: dayjs(nowMs + m.toDays * DAY).toDate(),
        purchaseLimit: level?.purchaseLimit ?? null,
        ticketOrderId: orderId,
        ticketGroupId: membershipIds.group,
        ticketTypeId: levelId,
        eventTemplateId: membershipIds.event,
        unnamedCount: 0,
      })
      .onConflictDoNothing();
    await db
      .insert(membershipMember)
      .values(
        m.members.map((p, i) => ({
          id: id(`membership-member:${m.key}:${i}`),
          membershipId,
          role: p.role,
          firstName: p.first,
          lastName: p.last,
          email: p.email,
          rank: i,
        })),
      )
      .onConflictDoNothing();
    if (m.savedCard)
      await db
        .insert(savedPaymentMethod)
        .values({
          id: id(`saved-card:${m.key}`),
          identityId,
          identifier: m.savedCard,
          createdAt: created,
        })
        .onConflictDoNothing();
    await db
      .insert(memberUser)
      .values({
        id: userId,
        sellerId,
        identityId,
        email: m.email,
        emailKey: emailKey(m.email),
        passwordHash,
        testAccount: false,
        createdAt: created,
        emailVerifiedAt: created, // demo members proved their address
      })
      .onConflictDoNothing();
  }
}

/** Member show tickets: a members-only group of the quantity-first Planetarium show with a member price. */
async function seedMemberShow(
  db: Db,
  planetarium: string,
  membershipIds: ReturnType<typeof membershipIdsOf>,
): Promise<void> {
  await db
    .insert(t.ticketGroup)
    .values(
      memberOnlyGroup(
        membershipIds.memberShowGroup,
        planetarium,
        'Member show tickets',
        'Member prices for members of the museum',
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values({
      id: membershipIds.memberShowType,
      ticketGroupId: membershipIds.memberShowGroup,
      eventTemplateId: planetarium,
      name: 'Member Adult',
      description: null,
      summary: null,
      amountCents: MEMBER_SHOW_CENTS,
      rank: 0,
    })
    .onConflictDoNothing();
}
