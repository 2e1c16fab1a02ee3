/**
 * Drizzle table definitions. The matching DDL lives in `server/ddl.ts` (kept in step by hand; both are small).
 * Money is stored in integer cents; percentages in basis points (1% = 100).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const seller = pgTable('seller', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull(),
  currency: text('currency').notNull(),
  publicIdentityId: text('public_identity_id').notNull(),
});

export const venue = pgTable('venue', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull(),
});

export const image = pgTable('image', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  title: text('title').notNull(),
  hue: integer('hue').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
});

export const eventTemplate = pgTable('event_template', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  venueId: text('venue_id').notNull(),
  name: text('name').notNull(),
  subtitle: text('subtitle'),
  summary: text('summary'),
  description: text('description'),
  category: text('category'),
  eventType: text('event_type').notNull(),
  hiddenType: text('hidden_type').notNull(),
  rank: integer('rank').notNull(),
});

/**
 * Message rules of an event (spec 1 §3; domain/message-rules.ts): texts shown on the reserve screens when their
 * triggers hold. `actions` and `triggers` are the wire's objects as they are sent.
 */
export const messageRule = pgTable('message_rule', {
  id: text('id').primaryKey(),
  eventTemplateId: text('event_template_id').notNull(),
  rank: integer('rank').notNull(),
  actions: jsonb('actions').notNull(),
  triggers: jsonb('triggers').notNull(),
});

export const meta = pgTable('meta', {
  id: text('id').primaryKey(),
  resource: text('resource').notNull(),
  resourceId: text('resource_id').notNull(),
  key: text('key').notNull(),
  value: text('value').notNull(),
});

export const config = pgTable('config', {
  id: text('id').primaryKey(),
  resource: text('resource').notNull(),
  resourceId: text('resource_id').notNull(),
  key: text('key').notNull(),
  value: jsonb('value'),
});

export const ticketGroup = pgTable('ticket_group', {
  id: text('id').primaryKey(),
  eventTemplateId: text('event_template_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  handler: text('handler').notNull(),
  hiddenType: text('hidden_type').notNull(),
  minTicketsPerOrder: integer('min_tickets_per_order'),
  maxTicketsPerOrder: integer('max_tickets_per_order'),
  capacity: integer('capacity').notNull(),
  oversellCapacity: integer('oversell_capacity').notNull(),
  usedCapacity: integer('used_capacity').notNull(),
  excludeFromEventCapacity: boolean('exclude_from_event_capacity').notNull(),
  rank: integer('rank').notNull(),
  /** A `passes` group's validity (spec 1 §3; domain/pass-validity.ts): fixedfrom or fixedto, else null. */
  startPolicy: text('start_policy'),
  /** The policy's calendar day, YYYY-MM-DD in the seller's zone. */
  startPolicyDate: text('start_policy_date'),
  /** An ISO-8601 duration of calendar units (`P30D`, `P1Y`). */
  durationNew: text('duration_new'),
});

export const ticketType = pgTable('ticket_type', {
  id: text('id').primaryKey(),
  ticketGroupId: text('ticket_group_id').notNull(),
  eventTemplateId: text('event_template_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  summary: text('summary'),
  amountCents: integer('amount_cents').notNull(),
  amountMinCents: integer('amount_min_cents'),
  amountMaxCents: integer('amount_max_cents'),
  discountedCents: integer('discounted_cents'),
  feeFixedCents: integer('fee_fixed_cents'),
  feePercentBp: integer('fee_percent_bp'),
  rank: integer('rank').notNull(),
});

export const eventSession = pgTable('event_session', {
  id: text('id').primaryKey(),
  eventTemplateId: text('event_template_id').notNull(),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  capacity: integer('capacity').notNull(),
  oversellCapacity: integer('oversell_capacity').notNull(),
  usedCapacity: integer('used_capacity').notNull(),
  salesStart: ts('sales_start'),
  salesEnd: ts('sales_end'),
});

/**
 * A session's own price of a ticket type (spec 1 §7 `price_schedule`: one row per session and ticket type): where a
 * row exists the type costs `amount_cents` at that session, in place of its amount and discounted amount; without
 * one, the type's price. Catalogue data (server/catalog/session-prices.ts).
 */
export const sessionPrice = pgTable(
  'session_price',
  {
    eventSessionId: text('event_session_id').notNull(),
    ticketTypeId: text('ticket_type_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (x) => [primaryKey({ columns: [x.eventSessionId, x.ticketTypeId] })],
);

export const identity = pgTable('identity', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  type: text('type').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  createdAt: ts('created_at').notNull(),
});

export const cart = pgTable('cart', {
  id: text('id').primaryKey(),
  cartNumber: text('cart_number').notNull(),
  sellerId: text('seller_id').notNull(),
  identityId: text('identity_id').notNull(),
  /** pending | paying (a payment attempt in flight; shown as pending) | completed | expired | deleted */
  state: text('state').notNull(),
  expiresAt: ts('expires_at'),
  createdAt: ts('created_at').notNull(),
  /** How many times the hold was extended after creation (bounded by MAX_HOLD_EXTENSIONS). */
  holdExtensions: integer('hold_extensions').notNull().default(0),
  /** How many times the visitor asked for more time and got it (bounded by the seller's `holds` row). */
  moreTime: integer('more_time').notNull().default(0),
  /** Payment attempts started; the gateway idempotency key is `cart:{id}:attempt:{n}`. */
  payAttempt: integer('pay_attempt').notNull().default(0),
  /** When the attempt in flight started (a lease: a stale attempt may be taken over and replayed). */
  payStartedAt: ts('pay_started_at'),
  /** The amount the attempt in flight charges. */
  payAmountCents: integer('pay_amount_cents'),
  /** The buyer's locale (one the seller offers), kept when the cart pays: the confirmation's language. */
  locale: text('locale'),
});

export const ticket = pgTable('ticket', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').notNull(),
  state: text('state').notNull(),
  eventSessionId: text('event_session_id'),
  eventTemplateId: text('event_template_id').notNull(),
  ticketTypeId: text('ticket_type_id').notNull(),
  ticketGroupId: text('ticket_group_id').notNull(),
  ticketOrderId: text('ticket_order_id'),
  handler: text('handler').notNull(),
  faceValueCents: integer('face_value_cents').notNull(),
  adjustedValueCents: integer('adjusted_value_cents').notNull(),
  validFrom: ts('valid_from'),
  validTo: ts('valid_to'),
  admitName: text('admit_name'),
  admitEmail: text('admit_email'),
  /** The survey answers of its group given with the reserve (spec 1 §7 "ticket_group_id with data"), or null. */
  additionalInfo: jsonb('additional_info').$type<Record<string, string | number>>(),
  createdAt: ts('created_at').notNull(),
});

export const ticketOrder = pgTable('ticket_order', {
  id: text('id').primaryKey(),
  orderNumber: text('order_number').notNull(),
  cartId: text('cart_id').notNull(),
  identityId: text('identity_id').notNull(),
  sellerId: text('seller_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const payment = pgTable('payment', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').notNull(),
  ticketOrderId: text('ticket_order_id'),
  gatewayId: text('gateway_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference'),
  state: text('state').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const paymentIntent = pgTable('payment_intent', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text('status').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** The sandbox gateway's own record of charges, one per idempotency key (stands in for Stripe's). */
export const gatewayCharge = pgTable('gateway_charge', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull(),
  cartId: text('cart_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  message: text('message'),
  intentId: text('intent_id'),
  createdAt: ts('created_at').notNull(),
});

export const outbox = pgTable('outbox', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  /** The plain-text part. */
  body: text('body').notNull(),
  html: text('html'),
  /** server/mail/message.ts `Attachment[]`. */
  attachments: jsonb('attachments'),
  createdAt: ts('created_at').notNull(),
  /** Write order (rows of one instant keep it). */
  seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('outbox_seq')`),
  /** queued | sending | sent | failed (server/mail/sender.ts). */
  status: text('status').notNull().default('queued'),
  /** Claims so far (each claim is one attempt). */
  attempts: integer('attempts').notNull().default(0),
  /** A queued row is not claimed before (back-off after a transient failure); null: at once. */
  nextAttemptAt: ts('next_attempt_at'),
  /** The lease of the process that claimed the row. */
  claimedUntil: ts('claimed_until'),
  sentAt: ts('sent_at'),
  /** The kind of the last failure (an SMTP reply code or an error code; never the server's text). */
  lastError: text('last_error'),
});
