/**
 * Idempotent demo seed: one museum seller with three events. Ids are derived from names so they are stable
 * across runs; sessions are topped up on every start so there are always sessions for the next 60 days.
 */

import { and, eq, gte, lt } from 'drizzle-orm';
import { IDENTITY_FORM_META } from '../../domain/identity-form';
import type { MessageRuleWire } from '../../domain/message-rules';
import { TIME_CONFLICT_CONFIG_KEY } from '../../domain/time-conflict';
import { CAPTCHA_CONFIG_KEY } from '../captcha/captcha';
import { configureContentBlocks } from '../catalog/content-blocks';
import type { Db } from '../db';
import { PAYMENT_PLAN_META } from '../payments/schedule';
import * as t from '../schema';
import { dayjs, stableId } from '../util';
import { seedCitypass } from './citypass';
import { GIFT_VISIT_KEY, seedCodePurchase } from './code-purchase';
import { setSellerConfig } from './config-rows';
import { DONATION_KEY, seedDonationEvent, setCheckoutDonation } from './donation';
import { GIFT_CARDS_KEY, seedGiftCards } from './gift-cards';
import { DEMO_SLUG, seedIdOf } from './ids';
import { LISTING_EVENTS, seedListingExtras } from './listing';
import { seedMembers } from './members';
import { MEMBERSHIP_EVENT_KEY, seedMemberships } from './membership';
import { PASSES_KEY, seedPasses } from './passes';
import { seedPromo } from './promo';
import { STUDIO_KEY, seedTheatre, THEATRE_KEY } from './seats';
import { seedTheme } from './theme';

export { DEMO_SLUG };
export const DEMO_SELLER_ID = stableId('seller:demo-museum');
/** The event sold on a payment plan (issue 22), and its plan: 25 % now, then two payments a week apart. */
export const INSTALMENTS_KEY = 'study-trip';
/** The all-day event with message rules (issue 25). */
export const SCULPTURE_PARK_KEY = 'sculpture-park';
export const INSTALMENT_PLAN = { deposit_percent: 25, instalments: 2, interval_days: 7 } as const;
const TZ = 'America/New_York';
const DAYS_AHEAD = 60;

interface TypeSeed {
  name: string;
  cents: number;
  feeFixedCents?: number;
  /** Percent fee outside the price, in basis points (500 = 5 %). */
  feePercentBp?: number;
  description?: string;
  /** A flexible price's bounds in cents (spec 1 §3 currency_amount_min / _max): the visitor sets the amount. */
  minCents?: number;
  maxCents?: number;
}
export interface EventSeed {
  key: string;
  name: string;
  subtitle: string;
  summary: string;
  description: string;
  category: string;
  eventType: 'single' | 'repeating';
  reserveFlow?: 'date_first' | 'quantity_first';
  hue: number;
  alt: string;
  group: { name: string; description: string; min: number | null; max: number | null };
  types: TypeSeed[];
  capacity: number;
  durationMin: number;
  /** Venue-time starts ("HH:mm") every day, or a single start. */
  times: string[];
  /** A second, flexible (any-date) group: its tickets need no session (group meta flexible_date). */
  flexible?: { name: string; description: string; types: TypeSeed[] };
  /** A group only the box office sells (hidden_type not public): never shown to visitors. */
  hiddenGroup?: { name: string; hiddenType: string; types: TypeSeed[] };
  /** Default public_browsable. */
  hiddenType?: string;
  /** Extra meta rows of the event. */
  meta?: Record<string, string>;
  /** Meta rows of the event's (first) ticket group, e.g. its survey (`additional_info_spec`). */
  groupMeta?: Record<string, string>;
  /**
   * The sessions' own prices (table `session_price`, server/catalog/session-prices.ts): at the starts `times`, the
   * types named cost these cents instead of their price.
   */
  sessionPrices?: { times: string[]; cents: Record<string, number> };
  /** Message rules of the event (table `message_rule`; domain/message-rules.ts), by rank as listed. */
  messageRules?: Pick<MessageRuleWire, 'actions' | 'triggers'>[];
}

/** The demo's identity form (General Admission): every field the spec names, none more required. */
export const DEMO_IDENTITY_FORM = [
  { key: 'phone' },
  { key: 'country' },
  { key: 'address' },
  { key: 'address_more' },
  { key: 'city' },
  { key: 'state', required: true },
  { key: 'zip_code' },
];

const EVENTS: EventSeed[] = [
  {
    key: 'general-admission',
    name: 'General Admission',
    subtitle: 'Timed entry to all permanent galleries',
    summary:
      'Explore four floors of art and science, from Renaissance masters to a working Foucault pendulum.',
    description:
      '<p>Your ticket includes timed entry to all <strong>permanent galleries</strong> and the hands-on science hall.</p><p>Please arrive within 15 minutes of your entry time. Children under 12 must be accompanied by an adult.</p>',
    category: 'Admission',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    // The identity form at checkout (spec 1 §3 meta identity_form, spec 2 §3): phone and the address, optional, so
    // every field and the address lookup show.
    meta: { [IDENTITY_FORM_META]: JSON.stringify(DEMO_IDENTITY_FORM) },
    hue: 200,
    alt: 'Abstract shapes in blue and teal with the words General Admission',
    group: { name: 'Admission', description: 'Timed-entry admission tickets', min: 1, max: 20 },
    types: [
      { name: 'Adult', cents: 2500, feeFixedCents: 150, description: 'Ages 18 to 64' },
      { name: 'Child', cents: 1200, description: 'Ages 3 to 17; under 3 free' },
      { name: 'Senior', cents: 1800, description: 'Ages 65 and over' },
    ],
    capacity: 40,
    durationMin: 60,
    times: Array.from({ length: 13 }, (_, i) => {
      const m = 10 * 60 + i * 30;
      return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    }),
  },
  {
    key: 'planetarium',
    name: 'Planetarium Show: Cosmic Voyage',
    subtitle: 'A 40-minute journey to the edge of the observable universe',
    summary: 'Fly past Saturn’s rings and through the Orion Nebula under our 20-metre dome.',
    description:
      '<p>Narrated live by our astronomers, <em>Cosmic Voyage</em> takes you from the Moon to the cosmic microwave background.</p><p>Recommended for ages 6 and up.</p>',
    category: 'Shows',
    eventType: 'repeating',
    reserveFlow: 'quantity_first',
    hue: 265,
    alt: 'Purple and indigo circles like planets with the words Cosmic Voyage',
    group: { name: 'Show tickets', description: 'Reserved dome seating', min: 1, max: 20 },
    types: [
      { name: 'Adult', cents: 1500 },
      { name: 'Child', cents: 1000, description: 'Ages 3 to 17' },
    ],
    capacity: 80,
    durationMin: 40,
    times: ['11:00', '13:00', '15:00'],
  },
  {
    key: 'lecture-restoration',
    name: 'Evening Lecture: The Art of Restoration',
    subtitle: 'With the museum’s chief conservator',
    summary: 'How conservators bring damaged masterpieces back to life, with a Q&A and reception.',
    description:
      '<p>Join our chief conservator for an illustrated talk on the science behind <strong>art restoration</strong>: pigments, x-rays and the ethics of retouching.</p><p>Doors open at 18:00. A wine reception follows the Q&amp;A.</p>',
    category: 'Talks',
    eventType: 'single',
    hue: 25,
    alt: 'Warm orange and gold shapes with the words The Art of Restoration',
    group: { name: 'Lecture tickets', description: 'General seating', min: 1, max: 10 },
    types: [
      { name: 'General', cents: 2000 },
      { name: 'Student', cents: 1000, description: 'Valid student ID required at the door' },
    ],
    capacity: 120,
    durationMin: 90,
    times: ['18:30'],
  },
  {
    key: 'sculpture-garden',
    name: 'Sculpture Garden',
    subtitle: 'Timed entry, or a flexible ticket for any day',
    summary: 'Walk among forty modern sculptures in the museum’s rooftop garden.',
    description:
      '<p>Choose a time for the <strong>guided garden walk</strong>, or buy a flexible ticket and come on any day the garden is open.</p>',
    category: 'Admission',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 140,
    alt: 'Green and olive shapes like hedges with the words Sculpture Garden',
    group: { name: 'Guided walk', description: 'A guided walk at a set time', min: 1, max: 10 },
    types: [
      { name: 'Adult', cents: 1400 },
      { name: 'Child', cents: 700, description: 'Ages 3 to 17' },
    ],
    capacity: 25,
    durationMin: 45,
    times: ['10:00', '12:00', '14:00', '16:00'],
    flexible: {
      name: 'Flexible date',
      description: 'Valid on any day the garden is open',
      types: [{ name: 'Anytime Adult', cents: 1600 }],
    },
    // A survey on the guided walk (spec 1 §3 "Survey spec", §5 "Survey fields"): each kind of question.
    groupMeta: {
      additional_info_spec: JSON.stringify({
        properties: {
          heard: {
            title: 'How did you hear about the garden?',
            type: 'string',
            enum: ['A friend', 'Social media', 'Newspaper', 'Other'],
            propertyOrder: 1,
          },
          youngest: {
            title: 'Age of the youngest walker',
            type: 'integer',
            minimum: 0,
            maximum: 120,
            propertyOrder: 2,
          },
          photos: { title: 'Email for the walk’s photos', type: 'string', format: 'email', propertyOrder: 3 },
          return_visit: {
            title: 'A date you would like to come back',
            type: 'string',
            format: 'date',
            propertyOrder: 4,
          },
          notes: {
            title: 'Anything the guide should know?',
            type: 'string',
            maxLength: 200,
            propertyOrder: 5,
          },
        },
        required: ['heard'],
      }),
    },
    hiddenGroup: {
      name: 'Staff guests',
      hiddenType: 'box_office_only',
      types: [{ name: 'Staff guest', cents: 0 }],
    },
  },
  ...LISTING_EVENTS,
  {
    // Attendee details (spec 1 §5): a name for every ticket, an email when the visitor wants one.
    key: 'printmaking-talk',
    name: 'Artist Talk: Printmaking Today',
    subtitle: 'Names on the door list',
    summary: 'A printmaker on woodcut, etching and risograph, with prints to handle afterwards.',
    description:
      '<p>Our artist in residence shows how a print is made, from the first cut to the last pull.</p><p>Every ticket is on the door list: give each attendee’s name when you book.</p>',
    category: 'Talks',
    eventType: 'single',
    hue: 330,
    alt: 'Magenta and black shapes like ink rollers with the words Printmaking Today',
    group: { name: 'Talk tickets', description: 'Named seats', min: 1, max: 6 },
    types: [
      { name: 'Adult', cents: 1500 },
      { name: 'Student', cents: 800, description: 'Valid student ID required at the door' },
    ],
    capacity: 40,
    durationMin: 60,
    times: ['19:00'],
    meta: { admit_names: 'required', admit_emails: 'optional' },
  },
  {
    // Flexible price (spec 1 §5, issue 25): the visitor sets the amount of admission, $5.00 to $100.00
    // (suggested $15.00). Link-only, so the listing is unchanged.
    key: 'community-evening',
    name: 'Community Evening: Pay What You Wish',
    subtitle: 'Admission at the price you choose',
    summary: 'The galleries after hours with live music; pay what you wish, from $5.',
    description:
      '<p>Once a season the museum opens its doors in the evening at the price you choose. Every amount from $5 to $100 admits you; what you give above the minimum supports our free school visits.</p>',
    category: 'Admission',
    eventType: 'single',
    hue: 190,
    alt: 'Teal and sky-blue shapes like lanterns with the words Community Evening',
    group: { name: 'Admission', description: 'Pay what you wish', min: 1, max: 10 },
    types: [{ name: 'Pay what you wish', cents: 1500, minCents: 500, maxCents: 10000 }],
    capacity: 200,
    durationMin: 180,
    times: ['18:00'],
    hiddenType: 'public_link_only',
  },
  {
    // Free tickets (issue 24): the tickets a visitor may cancel on the manage page (the seller's self-edit rules
    // below name its category). Link-only, so the listing is unchanged.
    key: 'family-workshop',
    name: 'Family Workshop: Drop-in Drawing',
    subtitle: 'Free, booking required',
    summary: 'Draw from the collection with our educators; paper and pencils provided.',
    description:
      '<p>A relaxed hour of drawing in the galleries for all ages. Places are free but limited: please book, and cancel if your plans change.</p>',
    category: 'Workshops',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 45,
    alt: 'Yellow and ochre pencil strokes with the words Drop-in Drawing',
    group: { name: 'Workshop places', description: 'Free places, booking required', min: 1, max: 6 },
    types: [
      { name: 'Adult', cents: 0 },
      { name: 'Child', cents: 0, description: 'Ages 3 to 17' },
    ],
    capacity: 30,
    durationMin: 60,
    times: ['11:00', '15:00'],
    hiddenType: 'public_link_only',
  },
  {
    // Session prices (issue 24; table session_price): the afternoon session, with the guest artist, costs more than
    // the morning one, so a reschedule from the morning to an afternoon leaves a price difference to pay. A
    // Workshops event, so the seller's self-edit rules let its purchaser reschedule it. Link-only.
    key: 'watercolour-workshop',
    name: 'Watercolour Workshop',
    subtitle: 'Mornings with our educators, afternoons with a guest artist',
    summary: 'Paint from the garden court; brushes, paper and paints provided.',
    description:
      '<p>Two hours of watercolour in the garden court. Morning sessions are led by our educators; afternoon sessions by a guest artist, and cost more.</p>',
    category: 'Workshops',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 160,
    alt: 'Green and turquoise washes of paint with the words Watercolour Workshop',
    group: { name: 'Workshop places', description: 'Materials included', min: 1, max: 6 },
    types: [
      { name: 'Adult', cents: 2000 },
      { name: 'Child', cents: 1000, description: 'Ages 8 to 17' },
    ],
    capacity: 20,
    durationMin: 120,
    times: ['10:00', '14:00'],
    hiddenType: 'public_link_only',
    sessionPrices: { times: ['14:00'], cents: { Adult: 3500, Child: 1500 } },
  },
  {
    // Instalments (issue 22; server/payments/schedule.ts): a deposit of a quarter now, the rest in two payments a
    // week apart, before the trip three weeks out. Link-only, so the listing is unchanged.
    key: INSTALMENTS_KEY,
    name: 'Study Trip: Observatories of the Alps',
    subtitle: 'Pay a deposit now, the rest in instalments',
    summary: 'Three days with our astronomers at two mountain observatories, travel and lodging included.',
    description:
      '<p>Book with a deposit of 25%; the rest is due in two payments, one and two weeks after booking.</p>',
    category: 'Trips',
    eventType: 'single',
    hue: 220,
    alt: 'Dark blue mountains under white stars with the words Observatories of the Alps',
    group: { name: 'Trip places', description: 'Travel, lodging and guided visits', min: 1, max: 4 },
    types: [{ name: 'Traveller', cents: 20000 }],
    capacity: 20,
    durationMin: 60 * 8,
    times: ['08:00'],
    hiddenType: 'public_link_only',
    meta: { [PAYMENT_PLAN_META]: JSON.stringify(INSTALMENT_PLAN) },
  },
  {
    // All day and message rules (issue 25; spec 1 §3, §9): one session a day from 9 AM to 5 PM, longer than five
    // hours, so the day is all day (no time tabs); the seller's message rules annotate weekend days, say when the
    // ticket admits, and speak to children's and groups' tickets. Link-only, so the listing is unchanged.
    key: SCULPTURE_PARK_KEY,
    name: 'Sculpture Park Day Ticket',
    subtitle: 'The open-air collection, all day',
    summary: 'Forty sculptures in the park around the museum; come and go as you like.',
    description:
      '<p>The sculpture park is open from 9 AM to 5 PM. Your ticket admits you once at any time that day.</p>',
    category: 'Admission',
    eventType: 'repeating',
    reserveFlow: 'date_first',
    hue: 100,
    alt: 'Green lawns and bronze shapes with the words Sculpture Park',
    group: { name: 'Park entry', description: 'Any time that day', min: 1, max: 20 },
    types: [
      { name: 'Adult', cents: 1200 },
      { name: 'Child', cents: 600, description: 'Ages 3 to 17' },
    ],
    capacity: 300,
    durationMin: 8 * 60,
    times: ['09:00'],
    hiddenType: 'public_link_only',
    messageRules: [
      {
        actions: { session_annotation: '9:00 AM to 5:00 PM' },
        triggers: {},
      },
      {
        actions: {
          date_annotation: 'Trail tours',
          date_message: 'Weekends: free trail tours leave the park gate at 11:00 AM and 2:00 PM.',
        },
        triggers: { dateOrSession: { weekdays: [6, 7] } },
      },
      {
        actions: { quantity_message: 'Children under 12 must be with an adult.' },
        triggers: { quantity: { ticket_type_names: ['Child'], min: 1 } },
      },
      {
        actions: { quantity_message: 'Groups of 10 or more: ask the box office about group rates.' },
        triggers: { quantity: { min: 10 } },
      },
    ],
  },
];

/** The demo seller's self-edit rules (spec 2 §3): Workshops tickets, by the manage link, until 2 hours before. */
export const DEMO_SELF_EDIT_RULES = {
  enabled: true,
  anon_editing: true,
  horizon_days: 0,
  horizon_hours: 2,
  categories: ['Workshops'],
};

/** The seeded ids of the seller `slug` (server/seed/ids.ts: the demo seller's are unchanged). */
export function sellerIds(slug: string) {
  const id = seedIdOf(slug);
  return {
    slug,
    id,
    seller: stableId(`seller:${slug}`),
    publicIdentity: stableId(`identity:${slug}:public`),
    venue: stableId(`venue:${slug}:main`),
    event: (key: string) => id(`event:${key}`),
    group: (key: string) => id(`group:${key}`),
    type: (key: string, name: string) => id(`type:${key}:${name}`),
    session: (key: string, startIso: string) => id(`session:${key}:${startIso}`),
    flexibleGroup: (key: string) => id(`group:${key}:flexible`),
    hiddenGroup: (key: string) => id(`group:${key}:hidden`),
    image: (key: string, kind: 'profile' | 'cover') => id(`image:${key}:${kind}`),
  };
}
export type SellerIds = ReturnType<typeof sellerIds>;

export const demoIds = sellerIds(DEMO_SLUG);

/** The keys of every event the seed creates (`sellerIds(slug).event(key)` is its id). */
export const SEEDED_EVENT_KEYS: readonly string[] = [
  ...EVENTS.map((ev) => ev.key),
  DONATION_KEY,
  GIFT_VISIT_KEY,
  GIFT_CARDS_KEY,
  PASSES_KEY,
  THEATRE_KEY,
  STUDIO_KEY,
  MEMBERSHIP_EVENT_KEY,
];

export interface SeedOptions {
  now?: () => number;
  /** The seller to seed (default the demo seller): its slug, and the ids derived from it. */
  slug?: string;
  /**
   * The sandbox captcha at checkout (config row `captcha`, issue 23): the demo the server runs (`npm start`, `npm
   * run dev`: server/main.ts) has it; the server suite's and the e2e workers' sellers do not, unless a test turns
   * it on (`PUT /__test/sellers/{slug}/captcha`).
   */
  captcha?: boolean;
  /**
   * Checkout's donation form (config row `checkout_donation`: the donation event's group, issue 23): the demo the
   * server runs has it; the server suite's and the e2e workers' sellers do not, unless a test turns it on
   * (`PUT /__test/sellers/{slug}/donation`).
   */
  donation?: boolean;
  /**
   * The seller's terms and conditions (config row `terms_and_conditions_dialog_content`, spec 2 §2 "Terms checkbox
   * only if the terms dialog content string is non-empty", issue 23): the demo the server runs has them, so its
   * checkout shows the checkbox and the terms modal; the server suite's and the e2e workers' sellers do not.
   */
  terms?: boolean;
  /**
   * Content blocks (config row `content_blocks`, spec 3 §6, issue 26; DEMO_CONTENT_BLOCKS): the demo the server runs
   * has them; the server suite's and the e2e workers' sellers do not, unless a test sets them
   * (`PUT /__test/sellers/{slug}/content_blocks`).
   */
  contentBlocks?: boolean;
}

/** The config key of the seller's terms (spec 2 §3; routes/checkout/terms.ts reads it). */
export const TERMS_CONFIG_KEY = 'terms_and_conditions_dialog_content';
/** The demo's terms: seller HTML, sanitised where it is shown. */
export const DEMO_TERMS_HTML =
  '<p>Tickets are valid for the date and time chosen. Orders can be cancelled or changed online where the order page offers it; otherwise tickets are not refundable.</p><p>Please arrive 10 minutes before a timed session.</p>';

/** Sets (or with false removes) the seller's terms row. */
export async function setSellerTerms(db: Db, sellerId: string, slug: string, on: boolean) {
  await setSellerConfig(db, sellerId, slug, TERMS_CONFIG_KEY, on ? DEMO_TERMS_HTML : null);
}

/**
 * The demo's content blocks (spec 3 §6): one for guests on the listing and event detail inviting them to join,
 * one for members on event detail. The links carry the seller's slug (the storefront's base).
 */
export const demoContentBlocks = (slug: string) => [
  {
    id: 'join-invite',
    html: `<p><strong>Members visit free, all year.</strong> <a href="/${slug}/membership">Become a member</a> and skip the line.</p>`,
    routes: ['events', 'event'] as const,
    roles: ['anonymous'],
  },
  {
    id: 'member-entry',
    html: '<p>Members: show your membership card or member ID at the entrance with your tickets.</p>',
    routes: ['event'] as const,
    roles: ['member'],
  },
];

/** Sets (or with null removes) the seller's captcha row (server/captcha/captcha.ts). */
export async function setSellerCaptcha(db: Db, sellerId: string, value: { provider: string } | null) {
  // Its row id has always been derived with the demo's slug: kept databases keep one row.
  await setSellerConfig(db, sellerId, DEMO_SLUG, CAPTCHA_CONFIG_KEY, value);
}

/** Seeds the demo museum as the seller `options.slug` (default `demo-museum`), idempotently. */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SellerIds> {
  const now = options.now ?? Date.now;
  const slug = options.slug ?? DEMO_SLUG;
  const ids = sellerIds(slug);
  const id = ids.id;
  const sellerId = ids.seller;
  if (options.captcha) await setSellerCaptcha(db, sellerId, { provider: 'sandbox' });
  await db
    .insert(t.seller)
    .values({
      id: sellerId,
      slug,
      name: 'Demo Museum of Art & Science',
      timezone: TZ,
      currency: 'USD',
      publicIdentityId: ids.publicIdentity,
    })
    .onConflictDoNothing();
  await db
    .insert(t.identity)
    .values({ id: ids.publicIdentity, sellerId, type: 'public', createdAt: new Date(0) })
    .onConflictDoNothing();
  await db
    .insert(t.venue)
    .values({ id: ids.venue, sellerId, name: 'Demo Museum, Main Building', timezone: TZ })
    .onConflictDoNothing();
  // Home (spec 3 §2): membership presell on, the blocks in the seller's order; General Admission without it.
  await db
    .insert(t.config)
    .values({
      id: id(`config:${sellerId}:web`),
      resource: 'seller',
      resourceId: sellerId,
      key: 'web',
      value: {
        membership_presell: true,
        admission_event_id: ids.event('general-admission'),
        homepage_3cta_order: ['join', 'login', 'guest'],
      },
    })
    .onConflictDoNothing();

  // The confirmation screen's message (its {{email}} the purchaser's) and links (spec 2 §2, seller meta).
  await db
    .insert(t.meta)
    .values([
      {
        id: id(`meta:${sellerId}:completed_order_message`),
        resource: 'seller',
        resourceId: sellerId,
        key: 'completed_order_message',
        value:
          '<p>Thank you for your order! Your tickets are on their way to <strong>{{email}}</strong>.</p>',
      },
      {
        id: id(`meta:${sellerId}:completed_order_links`),
        resource: 'seller',
        resourceId: sellerId,
        key: 'completed_order_links',
        value: JSON.stringify([{ text: 'Plan your visit', url: `/${slug}/events` }]),
      },
      // The confirmation's 'View and print tickets' link to the printable order (spec 2 §2 showTicketsLink).
      {
        id: id(`meta:${sellerId}:show_tickets_link`),
        resource: 'seller',
        resourceId: sellerId,
        key: 'show_tickets_link',
        value: 'true',
      },
    ])
    .onConflictDoNothing();

  // Holds: the default 15 minutes, and 'more time' offered (WCAG 2.2.1), at most 3 times per cart.
  await db
    .insert(t.config)
    .values({
      id: id(`config:${sellerId}:holds`),
      resource: 'seller',
      resourceId: sellerId,
      key: 'holds',
      value: { more_time: true, max_extensions: 3 },
    })
    .onConflictDoNothing();

  // The museum's own look (issue 26): server/seed/theme.ts.
  await seedTheme(db, sellerId);

  // Self-edit (spec 2 §3, issue 24): free Workshops tickets may be cancelled by the purchaser's manage link up to
  // 2 hours before their session (server/manage/rules.ts).
  await db
    .insert(t.config)
    .values({
      id: id(`config:${sellerId}:self_edit_rules`),
      resource: 'seller',
      resourceId: sellerId,
      key: 'self_edit_rules',
      value: DEMO_SELF_EDIT_RULES,
    })
    .onConflictDoNothing();

  for (const [rank, ev] of EVENTS.entries()) {
    const eventId = ids.event(ev.key);
    const groupId = ids.group(ev.key);
    await db
      .insert(t.eventTemplate)
      .values({
        id: eventId,
        sellerId,
        venueId: ids.venue,
        name: ev.name,
        subtitle: ev.subtitle,
        summary: ev.summary,
        description: ev.description,
        category: ev.category,
        eventType: ev.eventType,
        hiddenType: ev.hiddenType ?? 'public_browsable',
        rank,
      })
      .onConflictDoNothing();
    const profile = ids.image(ev.key, 'profile');
    const cover = ids.image(ev.key, 'cover');
    await db
      .insert(t.image)
      .values([
        { id: profile, sellerId, title: ev.name, hue: ev.hue, width: 1200, height: 800 },
        { id: cover, sellerId, title: ev.name, hue: ev.hue, width: 1920, height: 640 },
      ])
      .onConflictDoNothing();
    const metaRows: Array<[string, string]> = [
      ['image_profile', profile],
      ['image_cover', cover],
    ];
    if (ev.reserveFlow) metaRows.push(['reserve_flow', ev.reserveFlow]);
    for (const [key, value] of Object.entries(ev.meta ?? {})) metaRows.push([key, value]);
    await db
      .insert(t.meta)
      .values(
        metaRows.map(([key, value]) => ({
          id: id(`meta:${ev.key}:${key}`),
          resource: 'event_template',
          resourceId: eventId,
          key,
          value,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(t.config)
      .values([
        {
          id: id(`config:${ev.key}:image`),
          resource: 'event_template',
          resourceId: eventId,
          key: 'image',
          value: { alt_text: ev.alt },
        },
        // Time conflicts (spec 1 §5; domain/time-conflict.ts): an admission is the visit itself, so shows,
        // talks, tours and workshops during it are offered; they conflict with each other (5 minutes' pad).
        {
          id: id(`config:${ev.key}:time_conflict`),
          resource: 'event_template',
          resourceId: eventId,
          key: TIME_CONFLICT_CONFIG_KEY,
          value: { excluded_categories: ['Admission'] },
        },
      ])
      .onConflictDoNothing();
    await db
      .insert(t.ticketGroup)
      .values({
        id: groupId,
        eventTemplateId: eventId,
        name: ev.group.name,
        description: ev.group.description,
        handler: 'tickets',
        hiddenType: 'public_browsable',
        minTicketsPerOrder: ev.group.min,
        maxTicketsPerOrder: ev.group.max,
        capacity: -1,
        oversellCapacity: 0,
        usedCapacity: 0,
        excludeFromEventCapacity: false,
        rank: 0,
      })
      .onConflictDoNothing();
    await db
      .insert(t.ticketType)
      .values(
        ev.types.map((ty, i) => ({
          id: ids.type(ev.key, ty.name),
          ticketGroupId: groupId,
          eventTemplateId: eventId,
          name: ty.name,
          description: ty.description ?? null,
          summary: null,
          amountCents: ty.cents,
          amountMinCents: ty.minCents ?? null,
          amountMaxCents: ty.maxCents ?? null,
          feeFixedCents: ty.feeFixedCents ?? null,
          feePercentBp: ty.feePercentBp ?? null,
          rank: i,
        })),
      )
      .onConflictDoNothing();

    if (ev.messageRules?.length)
      await db
        .insert(t.messageRule)
        .values(
          ev.messageRules.map((rule, rank) => ({
            id: id(`message_rule:${ev.key}:${rank}`),
            eventTemplateId: eventId,
            rank,
            actions: rule.actions,
            triggers: rule.triggers,
          })),
        )
        .onConflictDoNothing();
    await seedExtraGroups(db, ids, ev);
    await topUpSessions(db, ids, ev, now());
  }
  await ensureSoldOutExample(db, ids, now());
  await seedPromo(db, ids);
  await seedCodePurchase(db, ids);
  await seedGiftCards(db, ids, now());
  await seedPasses(db, ids, now());
  await seedCitypass(db, ids);
  await seedListingExtras(db, sellerId, ids.event, id);
  await seedMembers(db, sellerId, now(), slug);
  await seedDonationEvent(db, { seller: sellerId, venue: ids.venue, slug });
  if (options.donation) await setCheckoutDonation(db, sellerId, slug, true);
  if (options.terms) await setSellerTerms(db, sellerId, slug, true);
  if (options.contentBlocks)
    await configureContentBlocks(db, sellerId, slug, { blocks: demoContentBlocks(slug) });
  await seedTheatre(db, { seller: sellerId, venue: ids.venue, slug }, now());
  await seedMemberships(
    db,
    {
      seller: sellerId,
      venue: ids.venue,
      generalAdmission: ids.event('general-admission'),
      membersPreview: ids.event('members-preview'),
      membersPreviewGroup: ids.group('members-preview'),
      planetarium: ids.event('planetarium'),
      slug,
    },
    now(),
  );
  return ids;
}

/** The flexible (any-date) group and the box-office-only group of an event, when it has them. */
async function seedExtraGroups(db: Db, ids: SellerIds, ev: EventSeed): Promise<void> {
  const eventId = ids.event(ev.key);
  const extra = [
    ev.flexible && {
      id: ids.flexibleGroup(ev.key),
      name: ev.flexible.name,
      description: ev.flexible.description,
      hiddenType: 'public_browsable',
      types: ev.flexible.types,
      rank: 1,
    },
    ev.hiddenGroup && {
      id: ids.hiddenGroup(ev.key),
      name: ev.hiddenGroup.name,
      description: null,
      hiddenType: ev.hiddenGroup.hiddenType,
      types: ev.hiddenGroup.types,
      rank: 2,
    },
  ].filter((g) => !!g);
  for (const g of extra) {
    await db
      .insert(t.ticketGroup)
      .values({
        id: g.id,
        eventTemplateId: eventId,
        name: g.name,
        description: g.description,
        handler: 'tickets',
        hiddenType: g.hiddenType,
        minTicketsPerOrder: null,
        maxTicketsPerOrder: 10,
        capacity: -1,
        oversellCapacity: 0,
        usedCapacity: 0,
        excludeFromEventCapacity: true,
        rank: g.rank,
      })
      .onConflictDoNothing();
    await db
      .insert(t.ticketType)
      .values(
        g.types.map((ty, i) => ({
          id: ids.type(`${ev.key}:${g.name}`, ty.name),
          ticketGroupId: g.id,
          eventTemplateId: eventId,
          name: ty.name,
          description: ty.description ?? null,
          summary: null,
          amountCents: ty.cents,
          feeFixedCents: ty.feeFixedCents ?? null,
          feePercentBp: ty.feePercentBp ?? null,
          rank: i,
        })),
      )
      .onConflictDoNothing();
  }
  const groupMeta = Object.entries(ev.groupMeta ?? {});
  if (groupMeta.length)
    await db
      .insert(t.meta)
      .values(
        groupMeta.map(([key, value]) => ({
          id: ids.id(`meta:${ev.key}:group:${key}`),
          resource: 'ticket_group',
          resourceId: ids.group(ev.key),
          key,
          value,
        })),
      )
      .onConflictDoNothing();
  if (ev.flexible)
    await db
      .insert(t.meta)
      .values({
        id: ids.id(`meta:${ev.key}:flexible_date`),
        resource: 'ticket_group',
        resourceId: ids.flexibleGroup(ev.key),
        key: 'flexible_date',
        value: 'yes',
      })
      .onConflictDoNothing();
}

function sessionRow(ids: SellerIds, ev: EventSeed, start: dayjs.Dayjs) {
  const startAt = start.toDate();
  return {
    id: ids.session(ev.key, startAt.toISOString()),
    eventTemplateId: ids.event(ev.key),
    startAt,
    endAt: start.add(ev.durationMin, 'minute').toDate(),
    capacity: ev.capacity,
    oversellCapacity: 0,
    usedCapacity: 0,
    salesStart: null,
    salesEnd: startAt,
  };
}

async function topUpSessions(db: Db, ids: SellerIds, ev: EventSeed, nowMs: number): Promise<void> {
  const today = dayjs(nowMs).tz(TZ).format('YYYY-MM-DD');
  const rows: ReturnType<typeof sessionRow>[] = [];
  if (ev.eventType === 'single') {
    // One session about three weeks out; created once, then left alone.
    const existing = await db
      .select({ id: t.eventSession.id })
      .from(t.eventSession)
      .where(eq(t.eventSession.eventTemplateId, ids.event(ev.key)))
      .limit(1);
    if (existing.length > 0) return;
    const date = dayjs.tz(today, TZ).add(21, 'day').format('YYYY-MM-DD');
    rows.push(sessionRow(ids, ev, dayjs.tz(`${date} ${ev.times[0]}`, TZ)));
  } else {
    for (let d = 0; d < DAYS_AHEAD; d++) {
      const date = dayjs.tz(today, TZ).add(d, 'day').format('YYYY-MM-DD');
      for (const time of ev.times) rows.push(sessionRow(ids, ev, dayjs.tz(`${date} ${time}`, TZ)));
    }
  }
  if (rows.length > 0) await db.insert(t.eventSession).values(rows).onConflictDoNothing();
  const own = ev.sessionPrices;
  if (!own) return;
  const priced = rows.filter((r) => own.times.includes(dayjs(r.startAt).tz(TZ).format('HH:mm')));
  const prices = priced.flatMap((r) =>
    Object.entries(own.cents).map(([name, amountCents]) => ({
      eventSessionId: r.id,
      ticketTypeId: ids.type(ev.key, name),
      amountCents,
    })),
  );
  if (prices.length > 0) await db.insert(t.sessionPrice).values(prices).onConflictDoNothing();
}

/** General Admission three days out: 2:00 PM sold out, 3:00 PM nearly sold out (under 10 places left). */
export const NEARLY_SOLD_OUT_LEFT = 4;

/** Keeps one General Admission session a few days out sold out, and one nearly sold out, for realism. */
async function ensureSoldOutExample(db: Db, ids: SellerIds, nowMs: number): Promise<void> {
  await ensureNearlySoldOutExample(db, ids, nowMs);
  const ev = EVENTS[0];
  if (!ev) return;
  const today = dayjs(nowMs).tz(TZ).format('YYYY-MM-DD');
  const from = dayjs.tz(today, TZ).add(2, 'day').toDate();
  const to = dayjs.tz(today, TZ).add(8, 'day').toDate();
  const sessions = await db
    .select()
    .from(t.eventSession)
    .where(
      and(
        eq(t.eventSession.eventTemplateId, ids.event(ev.key)),
        gte(t.eventSession.startAt, from),
        lt(t.eventSession.startAt, to),
      ),
    );
  if (sessions.some((s) => s.capacity !== -1 && s.usedCapacity >= s.capacity + s.oversellCapacity)) return;
  const date = dayjs.tz(today, TZ).add(3, 'day').format('YYYY-MM-DD');
  const target = dayjs.tz(`${date} 14:00`, TZ).toDate().getTime();
  const s = sessions.find((x) => x.startAt.getTime() === target && x.usedCapacity === 0);
  if (s) await db.update(t.eventSession).set({ usedCapacity: s.capacity }).where(eq(t.eventSession.id, s.id));
}

/** Three days out at 3:00 PM: a General Admission session with NEARLY_SOLD_OUT_LEFT places left. */
async function ensureNearlySoldOutExample(db: Db, ids: SellerIds, nowMs: number): Promise<void> {
  const ev = EVENTS[0];
  if (!ev) return;
  const today = dayjs(nowMs).tz(TZ).format('YYYY-MM-DD');
  const date = dayjs.tz(today, TZ).add(3, 'day').format('YYYY-MM-DD');
  const startAt = dayjs.tz(`${date} 15:00`, TZ).toDate();
  const [s] = await db
    .select()
    .from(t.eventSession)
    .where(eq(t.eventSession.id, ids.session(ev.key, startAt.toISOString())));
  if (s && s.usedCapacity === 0 && s.capacity > NEARLY_SOLD_OUT_LEFT)
    await db
      .update(t.eventSession)
      .set({ usedCapacity: s.capacity - NEARLY_SOLD_OUT_LEFT })
      .where(eq(t.eventSession.id, s.id));
}
