/**
 * Wire shapes of the storefront API: the contract between the SPA (`api/`) and the reference server (`server/`).
 *
 * Every response is a relational document: each top-level key is a collection `{ _count, _data: [...] }`.
 * Money travels as decimal strings with two places ("25.00"); times as ISO-8601 UTC strings.
 * Errors are `{ _data: [{ _code, _context, _description, _extra }] }` with a 4xx/5xx status.
 *
 * `zod/mini` keeps the browser bundle small; the server imports the same schemas to type what it emits.
 */
import * as z from 'zod/mini';
// Types only: the bodies live in ./request-bodies so that no first load builds them.
import type {
  applyCodeBody,
  cartModifyBody,
  loginBody,
  paymentBody,
  preReservePromoCodes,
  promoCodesPayload,
  purchaserBody,
  reservationLine,
  userBody,
  userPatchBody,
} from './request-bodies';

export const collection = <T extends z.ZodMiniType>(item: T) =>
  z.object({ _count: z.number(), _data: z.array(item) });

const id = z.string();
const money = z.string();
const isoTime = z.string();
const nullableString = z.nullable(z.string());

export const hiddenType = z.string(); // public_browsable | public_link_only | public_member_only | others
export const handler = z.enum(['tickets', 'seated', 'donation', 'ledger', 'membership', 'codes', 'passes']);

export const venue = z.object({ id, name: z.string(), timezone: z.string() });

/** Key/value metadata attached to a resource (event_template, ticket_group, seller). Values are strings. */
export const meta = z.object({
  id,
  resource: z.string(),
  resource_id: id,
  key: z.string(),
  value: z.string(),
});

/** Configuration rows attached to a resource; values are JSON. */
export const config = z.object({
  id,
  resource: z.string(),
  resource_id: id,
  key: z.string(),
  value: z.unknown(),
});

export const eventTemplate = z.object({
  id,
  seller_id: id,
  name: z.string(),
  subtitle: nullableString,
  summary: nullableString,
  description: nullableString, // seller HTML: sanitise before rendering
  category: nullableString,
  event_type: z.string(), // single | repeating | other
  hidden_type: hiddenType,
  venue_id: id,
  _rank: z.number(),
});

export const ticketGroup = z.object({
  id,
  event_template_id: id,
  name: z.string(),
  description: nullableString,
  handler,
  hidden_type: hiddenType,
  min_tickets_per_order: z.nullable(z.number()),
  max_tickets_per_order: z.nullable(z.number()),
  capacity: z.number(), // -1 means unlimited
  oversell_capacity: z.number(),
  used_capacity: z.number(),
  exclude_from_event_capacity: z.boolean(),
  sold_out: z.boolean(),
  _rank: z.number(),
  /** A `passes` group's validity (spec 1 §3; domain/pass-validity.ts); absent on other groups. */
  start_policy: z.optional(z.nullable(z.enum(['fixedfrom', 'fixedto']))),
  start_policy_date: z.optional(nullableString),
  duration_new: z.optional(nullableString),
});

export const ticketType = z.object({
  id,
  ticket_group_id: id,
  event_template_id: id,
  name: z.string(),
  description: nullableString,
  summary: nullableString,
  currency_amount: money,
  currency_amount_min: z.nullable(money),
  currency_amount_max: z.nullable(money),
  discounted_amount: z.nullable(money),
  fee_fixed_outside: z.nullable(money),
  fee_percent_outside: z.nullable(money),
  _rank: z.number(),
});

export const eventSession = z.object({
  id,
  event_template_id: id,
  start_datetime: isoTime,
  end_datetime: isoTime,
  capacity: z.number(), // -1 means unlimited
  oversell_capacity: z.number(),
  used_capacity: z.number(),
  sold_out: z.boolean(),
  sales_start: z.nullable(isoTime),
  sales_end: z.nullable(isoTime),
});

export const priceSchedule = z.object({
  event_session_id: id,
  ticket_type_id: id,
  price: money,
});

export const calendarDay = z.object({
  date: z.string(), // YYYY-MM-DD in the venue's time zone
  status: z.string(), // available | sold_out | other
  min_price: z.nullable(money),
  min_price_fees: z.nullable(z.object({ outside: money })),
  availability: z.nullable(z.number()), // places left that day, null when unlimited
});

export const seller = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  timezone: z.string(),
  currency: z.string(),
});

export const identity = z.object({
  id,
  first_name: nullableString,
  last_name: nullableString,
  email: nullableString,
  type: z.string(), // public | guest | member
});

export const cart = z.object({
  id,
  cart_number: z.string(),
  identity_id: id,
  state: z.string(), // pending | expired | completed
  expires_at: z.nullable(isoTime),
  expires_in: z.nullable(z.number()), // seconds
  seller_id: id,
  /**
   * A payment is in flight on the cart (shown as pending): a card attempt being answered, or a payment that
   * clears later (processing until its webhook). Absent from older answers: none.
   */
  paying: z.optional(z.boolean()),
});

/** The seat of a seated ticket: its seat template id, section, row and seat name (the seat map's words). */
export const ticketSeat = z.object({
  seat_template_id: id,
  section: z.string(),
  row: z.string(),
  name: z.string(),
});

export const ticket = z.object({
  id,
  /** Null where the request may not read the ticket's order whole (server/payments/access.ts). */
  cart_id: z.nullable(id),
  state: z.string(), // held | in_cart | cancelled | unbooked | booked | redeemed
  event_session_id: z.nullable(id),
  event_template_id: id,
  ticket_type_id: id,
  ticket_group_id: id,
  ticket_order_id: z.nullable(id),
  handler: z.string(),
  face_value: money,
  adjusted_value: money,
  valid_from: z.nullable(isoTime),
  valid_to: z.nullable(isoTime),
  admit_name: nullableString,
  admit_email: nullableString,
  /** Its group's survey answers given with the reserve (question key to answer); absent when none. */
  additional_info: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** A seated ticket's seat, as the seat map names it (server/README.md "Seats on tickets"); absent otherwise. */
  seat: z.optional(z.nullable(ticketSeat)),
});

export const grandTotals = z.object({
  total_before_cartmod_price: money,
  total_fee_fixed_outside: money,
  total_fee_percent_outside: money,
  total_cartmod_amount: money,
  total_payments: money,
  total_outstanding: money,
});

export const cartFees = z.object({
  cart_id: id,
  gateway_id: z.string(),
  account_id: nullableString,
  face_value: money,
  grand_totals: grandTotals,
});

/**
 * A cart mod of a cart (spec 2 §3: id, name, activating_code_groups, blocking_checkout): a discount that applies
 * to the cart (`amount`, negative money: what it takes off) or a rule that blocks checkout until a code of its
 * activating code groups is applied (`blocking_checkout` true while it blocks; `description` says why). Also the
 * promo banners' and code lookups' `cartmod` collection (server/README.md "Promo codes").
 */
export const cartMod = z.object({
  id,
  name: z.string(),
  description: nullableString,
  activating_code_groups: z.array(id),
  blocking_checkout: z.boolean(),
  amount: money,
  automatic: z.boolean(),
});

/** A promo code applied to a cart (held until the order completes; released when the cart ends unbooked). */
export const appliedPromoCode = z.object({
  id,
  cart_id: id,
  code: z.string(),
  code_group_id: id,
  state: z.string(), // held | consumed
});

/**
 * A discount code an order bought (a ticket of a group with handler `codes`; server/promo/issued.ts): its text,
 * what its code group gives, and the ticket and order. Only the order's owner gets them.
 */
export const issuedPromoCode = z.object({
  id,
  code: z.string(),
  code_group_id: id,
  description: nullableString,
  ticket_id: id,
  ticket_order_id: id,
});

/**
 * A gift card (spec 2 §3 "Ledger / gift card": number, balance, state; issue 22). The lookup
 * `GET ledger/{ledgerType}/{cardNumber}` answers it; an order's document lists the cards it bought (with the
 * ticket and order) to the order's owner only.
 */
export const ledger = z.object({
  id,
  ledger_type: z.string(),
  number: z.string(),
  state: z.string(), // active | inactive
  balance: money,
  ticket_id: z.optional(z.nullable(id)),
  ticket_order_id: z.optional(z.nullable(id)),
});

/**
 * A completed payment of a cart or order (spec 2 §3: id, occurred_on, amount, status; issue 22): the gateway, and
 * for a gift card its last four digits (never the number).
 */
export const payment = z.object({
  id,
  cart_id: id,
  ticket_order_id: z.nullable(id),
  gateway_id: z.string(), // stripe | ledger | free
  amount: money,
  status: z.string(), // succeeded | refunded
  occurred_on: isoTime,
  ledger_ending: z.optional(z.nullable(z.string())),
});

/**
 * A gateway audit of a completed payment (spec 2 §3: occurred_on, audit_action): its capture, and what the gateway
 * reported later (refund, dispute_opened, dispute_closed, dispute_fee), with the amount it moved.
 */
export const gatewayAudit = z.object({
  id,
  payment_id: id,
  occurred_on: isoTime,
  audit_action: z.string(), // capture | refund | dispute_opened | dispute_closed | dispute_fee
  amount: money,
});

/** A scheduled payment of a cart (spec 2 §3: id, due, amount, status). */
export const scheduledPayment = z.object({
  id,
  due: isoTime,
  amount: money,
  status: z.string(),
});

export const ticketOrder = z.object({
  id,
  order_number: z.string(),
  /** Null where the request may not read the order whole (server/payments/access.ts). */
  cart_id: z.nullable(id),
  identity_id: id,
  seller_id: id,
  created_at: isoTime,
  /** Ours: the order's read token, only in the paid cart's answers (the purchaser's); see api/order-tokens.ts. */
  access_token: z.optional(z.nullable(z.string())),
  /**
   * Ours (issue 20): true when GET ticket_order/{id}/wallet.pkpass gives this request the order's Apple Wallet pass
   * (the seller has a pass certificate and the request may read the order whole); absent otherwise.
   */
  wallet_pass: z.optional(z.boolean()),
});

/** Any relational document: every key optional, each a collection. Unknown keys are ignored. */
/**
 * Ours (issue 24): an order-bound cart's change of its order (server/manage/edit.ts): the tickets it gives up.
 * A collection of the cart document only for such carts, parsed by the manage joins (api/join-manage.ts), so no
 * first load carries its schema.
 */
export interface OrderEdit {
  cart_id: string;
  ticket_order_id: string;
  removed: string[];
}

export const document = z.object({
  event_template: z.optional(collection(eventTemplate)),
  venue: z.optional(collection(venue)),
  meta: z.optional(collection(meta)),
  config: z.optional(collection(config)),
  ticket_group: z.optional(collection(ticketGroup)),
  ticket_type: z.optional(collection(ticketType)),
  event_session: z.optional(collection(eventSession)),
  price_schedule: z.optional(collection(priceSchedule)),
  calendar: z.optional(collection(calendarDay)),
  seller: z.optional(collection(seller)),
  identity: z.optional(collection(identity)),
  cart: z.optional(collection(cart)),
  ticket: z.optional(collection(ticket)),
  cart_fees: z.optional(collection(cartFees)),
  ticket_order: z.optional(collection(ticketOrder)),
  scheduled_payment: z.optional(collection(scheduledPayment)),
  cartmod: z.optional(collection(cartMod)),
  promo_code: z.optional(collection(appliedPromoCode)),
  issued_promo_code: z.optional(collection(issuedPromoCode)),
  ledger: z.optional(collection(ledger)),
  payment: z.optional(collection(payment)),
  gateway_audit: z.optional(collection(gatewayAudit)),
});

export const apiErrorItem = z.object({
  _code: z.string(),
  _context: z.optional(z.nullable(z.string())),
  _description: z.optional(z.nullable(z.string())),
  _extra: z.optional(z.unknown()),
});
export const errorBody = z.object({ _data: z.array(apiErrorItem) });

/* ---------- members (spec 3 §3, §7): users, sessions, login, password reset, memberships ---------- */

/** The HttpOnly, SameSite=Lax session cookie (rotated at every login; never readable by scripts). */
export const SESSION_COOKIE = 'tix_session';
/**
 * The readable session-expiry cookie, set beside the session cookie with the same lifetime: its value is the
 * session's expiry in epoch milliseconds. When it vanishes (expiry, logout in any tab) the session is over.
 */
export const SESSION_EXPIRY_COOKIE = 'tix_session_expires';
/** Emails starting with this prefix are placeholders: the account has no real email (spec 3 §6). */
export const NO_EMAIL_PREFIX = 'noemail+';
/** Login field limits (spec 3 §9): email 100, other fields 50, ZIP 5 digits. */
export const LOGIN_EMAIL_MAX = 100;
export const LOGIN_FIELD_MAX = 50;
export const LOGIN_ZIP = /^\d{5}$/;

/** Login modes by seller configuration (spec 3 §2): credential modes, identity provider, external URL, none. */
export const loginMethod = z.enum([
  'password',
  'scan_code',
  'scan_code_last_name',
  'scan_code_password',
  'oidc',
  'external',
  'none',
]);
/** The modes whose credentials POST login accepts in its body (oidc: a `jwt` body). */
export const credentialMode = z.enum([
  'password',
  'scan_code',
  'scan_code_last_name',
  'scan_code_password',
  'oidc',
]);

/**
 * The seller's login configuration: config row `authentication` of the seller (JSON), also injected into the
 * runtime configuration as `login`. `method` is what the storefront shows; `methods` the credential kinds
 * POST login accepts (default: `[method]`).
 */
export const authenticationConfig = z.object({
  method: loginMethod,
  methods: z.optional(z.array(credentialMode)),
  invalid_credentials_message: z.optional(z.nullable(z.string())),
  external_login_url: z.optional(z.nullable(z.string())),
  external_logout_url: z.optional(z.nullable(z.string())),
  /** OpenID Connect provider (spec: Auth0; the reference server's sandbox in non-production runs). */
  oidc: z.optional(z.nullable(z.object({ authority: z.string(), client_id: z.string() }))),
});
export const AUTHENTICATION_CONFIG_KEY = 'authentication';

/*
 * The member documents' shapes (user, member identity, session, membership, memberDocument) live in
 * ./member-schemas, which only the lazily loaded members client imports (a schema defined here would be in every
 * first load); their types are re-exported below for the server.
 */

/** Runtime configuration the server injects into index.html (`<script id="tix-config" type="application/json">`). */
export const runtimeConfig = z.object({
  apiPrefix: z.string(), // e.g. "/api/"
  cachedApiPrefix: z.string(), // e.g. "/cached/api/"
  sellerId: z.string(),
  slug: z.string(),
  sellerName: z.string(),
  currency: z.string(), // the seller's default currency (ISO 4217), for prices shown before a cart exists
  timezone: z.optional(z.string()), // the seller's IANA time zone (listing date filters); absent: UTC
  /** The seller's payments: Stripe, the sandbox (test cards, nothing charged), or none (paid orders refused). */
  paymentMode: z.enum(['sandbox', 'stripe', 'unavailable']),
  stripePublishableKey: z.optional(z.string()),
  /** The seller's connected Stripe account (`acct_…`), for Stripe.js; absent: the platform's. */
  stripeAccount: z.optional(z.string()),
  /**
   * The address lookup's provider (spec 1 §4 "Address input": autocomplete only when one is configured): the
   * reference server's sandbox (GET address/find, address/retrieve, Loqate's shape); absent: manual entry.
   */
  addressLookup: z.optional(z.enum(['sandbox'])),
  inspect: z.boolean(), // enables ?inspect outside development
  /** The seller's public identity (a guest's carts belong to it); absent: the owner is not checked. */
  publicIdentityId: z.optional(z.string().check(z.maxLength(200))),
  /**
   * The seller's captcha at checkout (spec 2 §2, §5: a guest solves it before paying): hCaptcha with its site key,
   * or the reference server's sandbox; absent: none.
   */
  captcha: z.optional(
    z.union([
      z.object({ provider: z.literal('sandbox') }),
      z.object({ provider: z.literal('hcaptcha'), siteKey: z.string() }),
    ]),
  ),
  /** 'More time' on the cart's expiry timer (config row `holds`); absent: not offered. */
  moreTime: z.optional(z.boolean()),
  /** Push `add_to_cart` to `window.dataLayer` (config row `analytics`); absent: no analytics. */
  dataLayer: z.optional(z.boolean()),
  /**
   * The seller's look beyond its colours (those are CSS custom properties the server puts into the page): the
   * logo image, where the logo links (config external_urls.logo; absent: home) and the footer text (absent: the
   * copyright line).
   */
  theme: z.optional(
    z.object({
      logo: z.optional(z.object({ src: z.string(), alt: z.string() })),
      logoHref: z.optional(z.string()),
      footer: z.optional(z.string()),
    }),
  ),
  /**
   * The locales the seller offers (config row `locales`, issue 26): its default and every offered one; absent:
   * English only, as the storefront was before.
   */
  locales: z.optional(z.object({ default: z.string(), offered: z.array(z.string()) })),
  /**
   * The seller's content blocks (config row `content_blocks`, spec 3 §6, issue 26): read item by item by the
   * shell's lazy slot (api/content-blocks.ts), so their schema stays out of the first load; absent: none.
   */
  contentBlocks: z.optional(z.array(z.unknown())),
  /** The seller's login configuration (config row `authentication`); absent: login disabled. */
  login: z.optional(
    z.object({
      method: loginMethod,
      invalidCredentialsMessage: z.nullable(z.string()),
      externalLoginUrl: z.nullable(z.string()),
      externalLogoutUrl: z.nullable(z.string()),
      oidc: z.nullable(z.object({ authority: z.string(), clientId: z.string() })),
    }),
  ),
});

export type Venue = z.infer<typeof venue>;
export type Meta = z.infer<typeof meta>;
export type Config = z.infer<typeof config>;
export type EventTemplate = z.infer<typeof eventTemplate>;
export type TicketGroup = z.infer<typeof ticketGroup>;
export type TicketType = z.infer<typeof ticketType>;
export type EventSession = z.infer<typeof eventSession>;
export type PriceSchedule = z.infer<typeof priceSchedule>;
export type CalendarDay = z.infer<typeof calendarDay>;
export type Seller = z.infer<typeof seller>;
export type Identity = z.infer<typeof identity>;
export type Cart = z.infer<typeof cart>;
export type Ticket = z.infer<typeof ticket>;
export type TicketSeat = z.infer<typeof ticketSeat>;
export type CartFees = z.infer<typeof cartFees>;
export type TicketOrder = z.infer<typeof ticketOrder>;
export type CartMod = z.infer<typeof cartMod>;
export type AppliedPromoCode = z.infer<typeof appliedPromoCode>;
export type IssuedPromoCode = z.infer<typeof issuedPromoCode>;
export type Ledger = z.infer<typeof ledger>;
export type Payment = z.infer<typeof payment>;
export type GatewayAudit = z.infer<typeof gatewayAudit>;
export type ScheduledPayment = z.infer<typeof scheduledPayment>;
export type Document = z.infer<typeof document>;
export type ErrorBody = z.infer<typeof errorBody>;
export type ReservationLine = z.infer<typeof reservationLine>;
export type CartModifyBody = z.infer<typeof cartModifyBody>;
export type PurchaserBody = z.infer<typeof purchaserBody>;
export type ApplyCodeBody = z.infer<typeof applyCodeBody>;
export type PromoCodesPayload = z.infer<typeof promoCodesPayload>;
export type PreReservePromoCodes = z.infer<typeof preReservePromoCodes>;
export type PaymentBody = z.infer<typeof paymentBody>;
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
export type LoginMethod = z.infer<typeof loginMethod>;
export type CredentialMode = z.infer<typeof credentialMode>;
export type AuthenticationConfig = z.infer<typeof authenticationConfig>;
export type { MemberDocument, MemberIdentity, Membership, User } from './member-schemas';
export type {
  GiftCheckoutBody,
  GiftCode,
  GifteeBody,
  GiftFreeCheckoutBody,
  IdentityLink,
  MemberRemaining,
  MembershipBenefit,
  MembershipDetail,
  MembershipReserveBody,
  MembershipRule,
  SavedPaymentMethod,
} from './membership-schemas';
export type LoginBody = z.infer<typeof loginBody>;
export type UserPatchBody = z.infer<typeof userPatchBody>;
export type UserBody = z.infer<typeof userBody>;
export type RuntimeLoginConfig = NonNullable<RuntimeConfig['login']>;
export type {
  MapGeometry,
  SeatHandlerData,
  SeatMapDocument,
  SeatMapElementWire,
  SeatMapWire,
  SeatWire,
} from './seat-schemas';
