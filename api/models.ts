/**
 * View models: what `api/` hands to machines, routes and views after parsing and joining relational documents.
 * Nothing above `api/` sees wire shapes. Money is in minor units (cents) as integers; times are ISO strings
 * (UTC) plus the venue time zone so views format them in the venue's zone.
 */
import type { AdmitAsk } from '../domain/admit-rule';
import type { CitypassConfig } from '../domain/citypass-rule';
import type { IdentityFieldOption } from '../domain/identity-form';
import type { MessageRule } from '../domain/message-rules';
import type { PassPolicy } from '../domain/pass-validity';
import type { SurveyAnswers, SurveyQuestion } from '../domain/survey-rule';

export interface ImageRef {
  /** URL of the image, already sized (sizex, sizey, shrinkonly). */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface VenueModel {
  id: string;
  name: string;
  timezone: string;
}

export interface EventSummary {
  id: string;
  name: string;
  subtitle: string | null;
  summary: string | null;
  category: string | null;
  eventType: string; // single | repeating | other
  venue: VenueModel;
  image: ImageRef | null;
}

/** A listing card's event with what the listing filters read: its meta and (when asked) its sessions. */
export interface ListingEvent extends EventSummary {
  hiddenType: string;
  meta: Record<string, string>;
  /** Bookable sessions within the listing's date bounds (empty unless the listing asked for them). */
  sessions: { start: string; end: string }[];
}

/** The seller's upsell chain configuration (seller config key `upsells`). */
export type VisitTimeMode = 'timeslot' | 'same_start' | 'same_date' | 'until_close';
export interface UpsellStep {
  /** Categories of the step's add-on events (`category._in`). */
  categories: string[];
  /** Metadata filters of the step (`meta.{key}._in`). */
  meta: Record<string, string[]>;
}
export interface UpsellConfig {
  visitTime: VisitTimeMode;
  /** Events whose reserve starts the chain; empty: any event that is not itself an add-on step's. */
  anchorEventIds: string[];
  steps: UpsellStep[];
}

export interface TicketTypeModel {
  id: string;
  groupId: string;
  name: string;
  description: string | null;
  /** Price in cents (discounted amount when present). */
  priceCents: number;
  /** Original price in cents when discounted, else null. */
  originalPriceCents: number | null;
  /** Fee added outside the price, in cents, per ticket (fixed plus percent of price). */
  feeCents: number;
  rank: number;
  /** The most of this type one order may hold, when something limits it (a member's benefit of this type). */
  maxCount?: number;
  /** A flexible price's bounds in cents (currency_amount_min / _max), when the type has one. */
  amountMinCents?: number | null;
  amountMaxCents?: number | null;
  /**
   * A flexible price's fee parts: the fixed fee in cents and the percent in hundredths of a percent ("5.00" %
   * is 500), so the fee follows the amount chosen (domain/outside-fee.ts); absent: `feeCents` is the fee.
   */
  feeFixedCents?: number;
  feePercentHundredths?: number;
}

export interface TicketGroupModel {
  id: string;
  name: string;
  description: string | null;
  handler: string;
  hiddenType: string;
  minPerOrder: number | null;
  maxPerOrder: number | null;
  /** Remaining group capacity (capacity + oversell - used); null when unlimited. */
  remaining: number | null;
  excludeFromEventCapacity: boolean;
  soldOut: boolean;
  /** Flexible (any-date) tickets: reserved without a session (group meta flexible_date). */
  flexible?: boolean;
  /** The group's meta admit_names and admit_emails (domain/admit-rule.ts), when either asks. */
  admit?: { names: AdmitAsk; emails: AdmitAsk };
  /** The group's survey (meta `additional_info_spec`, domain/survey-rule.ts), when it asks any question. */
  survey?: SurveyQuestion[];
  /** A `passes` group's validity policy (spec 1 §3; domain/pass-validity.ts); absent on other groups. */
  pass?: PassPolicy;
  types: TicketTypeModel[];
}

export type ReserveFlow = 'date_first' | 'quantity_first';

export interface EventDetail extends EventSummary {
  /** Seller HTML, unsanitised: views sanitise it before rendering. */
  description: string | null;
  reserveFlow: ReserveFlow | null;
  hiddenType: string;
  meta: Record<string, string>;
  config: Record<string, unknown>;
  ticketGroups: TicketGroupModel[];
  cover: ImageRef | null;
  /** City-pass vouchers (config `web.ecommerce.citypass` and the seller's formats); absent: none taken. */
  citypass?: CitypassConfig;
  /** The seller's message rules of the event (domain/message-rules.ts), by rank; absent: none. */
  messageRules?: readonly MessageRule[];
}

export interface CalendarDayModel {
  date: string; // YYYY-MM-DD in the venue's zone
  status: 'available' | 'sold_out' | 'other';
  minPriceCents: number | null;
  /** Places left that day; null when unlimited. */
  availability: number | null;
}

export interface SessionModel {
  id: string;
  eventId: string;
  start: string; // ISO UTC
  end: string; // ISO UTC
  /** capacity + oversell - used; null when unlimited (capacity -1). */
  availableCapacity: number | null;
  soldOut: boolean;
  /**
   * It overlaps a session already in the cart (domain/time-conflict.ts): not offered, listed as a conflicting
   * time (spec 1 §5). Set by the screen that loads the sessions, from the cart as it is then; absent: none.
   */
  conflict?: true;
}

/** One survey answer as the cart and the order show it. */
export interface SurveyAnswerLine {
  question: string;
  answer: string;
}

export interface CartLine {
  ticketTypeId: string;
  name: string;
  count: number;
  /** The attendees' names of its tickets (admit_name), in ticket order; absent when none has one. */
  admitNames?: string[];
  /**
   * The survey answers its tickets carry (additional_info), each once, by the survey's question order, the
   * question by its title; absent when none has any.
   */
  answers?: SurveyAnswerLine[];
  /** A pass's validity (its tickets' valid_from and valid_to, ISO UTC); absent on other lines. */
  validity?: { from: string; to: string };
  /**
   * A donation line's ticket ids (handler donation): checkout's donation form removes them when the donation
   * changes (spec 2 §4 "Donations"); absent on other lines.
   */
  ticketIds?: string[];
  unitCents: number;
  totalCents: number;
}

/** A seated ticket's seat as the seat map names it: section, row and seat name. */
export interface SeatLabel {
  section: string;
  row: string;
  name: string;
}

export interface CartItem {
  /** Stable key: event template id + session id. */
  key: string;
  eventId: string;
  eventName: string;
  sessionId: string | null;
  start: string | null; // ISO UTC
  /** End of the session (ISO UTC), when the cart document carries it. */
  end?: string | null;
  /** The event's category (time conflicts exempt some categories: domain/time-conflict.ts). */
  category?: string | null;
  timezone: string;
  image: ImageRef | null;
  lines: CartLine[];
  ticketIds: string[];
  /** The seats of its seated tickets, by section, row and seat; absent when it has none. */
  seats?: SeatLabel[];
}

export interface CartTotals {
  subtotalCents: number;
  feesFixedCents: number;
  feesPercentCents: number;
  discountCents: number;
  paymentsCents: number;
  outstandingCents: number;
}

/** A gift card applied to the cart and not yet posted: a pending gift card payment (spec 2 §3). */
export interface GiftCardPayment {
  cardNumber: string;
  /** What stays on the card after this payment. */
  remainingBalanceCents: number;
  paymentCents: number;
}

/** A scheduled payment of the cart (wire `scheduled_payment`: due, amount, status). */
export interface ScheduledPayment {
  id: string;
  /** ISO UTC (wire: due). */
  dueDate: string;
  amountCents: number;
  status: string;
}

/**
 * A completed payment of the cart as the gateway audited it (spec 2 §3 "Completed payment", "Gateway audit"): one
 * row per audit (the capture of each payment, then any refund, dispute or dispute fee), oldest first. `status` is
 * the audit action (capture, refund, dispute_opened, dispute_closed, dispute_fee), shown with its label (spec 2 §4).
 */
export interface CompletedPayment {
  id: string;
  /** ISO UTC (wire: occurred_on). */
  occurredDate: string;
  amountCents: number;
  status: string;
}

/** A cart mod of the cart (spec 2 §3): a discount it applies, or a rule that blocks checkout until a code. */
export interface CartModLine {
  id: string;
  name: string;
  /** Why it blocks, or what it gives (the seller's text); null when the seller wrote none. */
  description: string | null;
  /** What it takes off, in cents (0 for a blocking rule that gives nothing). */
  amountCents: number;
  automatic: boolean;
  /** It blocks checkout until a code of its activating code groups is applied (spec 2 §2, §8). */
  blocking: boolean;
}

export interface CartModel {
  id: string;
  number: string;
  state: string;
  identityId: string;
  /**
   * The purchaser a guest already gave (POST cart/{id}/purchaser: the cart's guest identity), e.g. before a payment
   * that then failed; absent for the public identity's and members' carts.
   */
  purchaser?: {
    firstName: string;
    lastName: string;
    email: string;
    /** What else the identity form gave (wire keys: phone, address, address_more, city, state, country, zip_code). */
    details?: Partial<Record<PurchaserDetail, string>>;
  };
  /**
   * The identity form's field options the cart's events and ticket groups ask (meta `identity_form`, spec 1 §3);
   * absent: the default form (names and email).
   */
  identityForm?: IdentityFieldOption[];
  /** Server expiry as epoch ms, or null when the cart does not expire. */
  expiresAt: number | null;
  /** Seconds until expiry as the server reported them, or null. */
  expiresIn: number | null;
  ticketCount: number;
  /**
   * Tickets still held by the cart (wire states held, in_cart), not yet booked into an order. A cart with none,
   * no expiry and nothing outstanding is an already completed order (spec 2 §4 "Cart").
   */
  heldTicketCount: number;
  items: CartItem[];
  totals: CartTotals;
  currency: string;
  /** Order ids of tickets already booked from this cart. */
  orderIds: string[];
  /** Scheduled payments (embed `scheduled_payment`); absent or empty without a schedule. */
  scheduledPayments?: ScheduledPayment[];
  /** Completed payments with their audits (wire `payment`, `gateway_audit`); absent when none. */
  completedPayments?: CompletedPayment[];
  /** Pending gift card payments, a local value of the cart (the gift-card flow sets them). */
  giftCards?: GiftCardPayment[];
  /**
   * With the pending gift card payments, a local value too: the checkout's amount to pay now when a payment plan
   * makes it less than the outstanding balance; the cards pay at most this (the widget's lines). Absent: no limit.
   */
  giftCardLimitCents?: number;
  /** The promo codes applied to the cart (wire `promo_code`), as the server spells them; absent when none. */
  promoCodes?: string[];
  /** The cart mods that apply to the cart or block it (wire `cartmod`); absent when none. */
  cartMods?: CartModLine[];
  /** A payment is in flight (wire `paying`; a payment that clears later until its webhook); absent: none. */
  paying?: true;
}

export interface OrderModel {
  id: string;
  number: string;
  /** Null where the request may not read the order whole (without its read token: api/order-tokens.ts). */
  cartId: string | null;
  /** URL of the order's QR code image (cached prefix, margin 4). */
  qrCodeUrl: string;
  /** URL of the order's calendar file (.ics, a session per event), or null when no ticket has a session. */
  calendarUrl: string | null;
  /** URL of the order's Apple Wallet pass (with its read token when known), or null: no pass for this request. */
  walletUrl: string | null;
  ticketCount: number;
  kind: 'tickets' | 'membership' | 'gift';
  /** The order has ticket groups other than donation or ledger: its block (number, QR code) shows (spec 2 §2). */
  admits: boolean;
  purchaserEmail: string | null;
  items: CartItem[];
  /** The discount codes the order bought (groups with handler codes), with what each gives; only its owner's. */
  codes: OrderCode[];
}

/** A ticket of an order as the manage page lists it (spec 2 §2 "Cancel-free-order page"; issue 24). */
export interface ManageTicket {
  id: string;
  /** in_cart, held, booked, redeemed, cancelled, unbooked. */
  state: string;
  /** Money strings as the wire writes them ('0.00'). */
  faceValue: string;
  adjustedValue: string;
  typeName: string;
  ticketTypeId: string;
  eventId: string;
  eventName: string;
  /** single | repeating | other: a single event has no other session to reschedule to. */
  eventType: string;
  category: string | null;
  sessionId: string | null;
  /** The session's start (ISO with the venue's offset), or null without a session. */
  start: string | null;
  /** The venue's zone. */
  timezone: string | null;
  /** A pass's validity (its valid_from and valid_to, ISO UTC; issue 25); null on other tickets. */
  validity?: { from: string; to: string } | null;
}

/** An order on the manage page: its number and every ticket (cancelled ones too). */
export interface ManageOrder {
  id: string;
  number: string;
  tickets: ManageTicket[];
}

/** A ticket an order change adds (in its order-bound cart until confirmed). */
export interface EditAddedTicket {
  id: string;
  typeName: string;
  eventName: string;
  sessionId: string | null;
  start: string | null;
  timezone: string | null;
  /** Money string ('5.00'). */
  price: string;
}

/**
 * An order-bound cart (issue 24; spec 2 §4 "Edit order"): the unsaved change of an order. `removed` are the order's
 * tickets it gives up; `outstanding` what is left to pay for it ('0.00': confirmed with a free checkout).
 */
export interface EditCart {
  cartId: string;
  orderId: string;
  /** pending while the change may be confirmed; completed, expired or deleted afterwards. */
  state: string;
  expiresAt: string | null;
  outstanding: string;
  removed: string[];
  added: EditAddedTicket[];
}

/** The seller's self-edit rules (spec 2 §3 `self_edit_rules`). */
export interface SelfEditRules {
  enabled: boolean;
  anonEditing: boolean;
  horizonDays: number;
  horizonHours: number;
  categories: string[];
}

/** How the request may manage an order: the manage link's token, or the owner's member session. */
export interface ManageAccess {
  via: 'token' | 'session';
  rules: SelfEditRules;
}

/** A discount code an order bought (wire `issued_promo_code`). */
export interface OrderCode {
  code: string;
  description: string | null;
}

/** A link of the confirmation (seller meta completed_order_links). */
export interface ConfirmationLink {
  text: string;
  url: string;
}

/**
 * What the seller configures of the confirmation screen (spec 2 §2 "Confirmation screen"; seller meta and the
 * external completed-order URL): null or empty where nothing is configured.
 */
export interface ConfirmationPage {
  /** completed_order_message: seller HTML (sanitised where shown), `{{email}}` standing for the purchaser's. */
  message: string | null;
  links: ConfirmationLink[];
  /** completed_image and completed_mobile_image (below 26em), with completed_image_alternate_text. */
  image: { desktop: string; mobile: string | null; alt: string } | null;
  /** completed_content_offset and completed_content_mobile_offset: a CSS length (px, em, rem or %). */
  contentOffset: string | null;
  contentMobileOffset: string | null;
  /** external_urls.completed_order (http or https): the visitor is sent there with ?orderIds=a,b. */
  externalUrl: string | null;
  /** show_tickets_link: each order's block links to its printable order, /ticket_order/{id} (spec 2 §2). */
  showTicketsLink?: boolean;
}

/** An attendee's name and email as a reserve sends them (`admit_name`, `admit_email`); empty ones are left out. */
export interface AdmitDetails {
  name?: string;
  email?: string;
}

export type PurchaserDetail =
  | 'phone'
  | 'address'
  | 'address_more'
  | 'city'
  | 'state'
  | 'country'
  | 'zip_code';

export interface PurchaserInput {
  firstName: string;
  lastName: string;
  email: string;
  /** The identity form's other fields as given (spec 2 §3), empty ones left out. */
  details?: Partial<Record<PurchaserDetail, string>>;
}

/** A reservation request as machines build it: quantities per ticket type for one session. */
export interface ReserveRequest {
  eventId: string;
  sessionId: string | null;
  quantities: Record<string, number>;
  /** Optional admit names/emails per ticket type, one per ticket (in ticket order). */
  admits?: Record<string, AdmitDetails[]>;
  /**
   * Seats per ticket type of a seated group, one per ticket, in ticket order, as each line sends it
   * (`handler_data`). `seatsByType` (api/seat-map.ts) builds it from the seats chosen per group (spec 1 §3: a
   * seat selection carries templateID and ticketGroupID). In wire form so that the first load, which builds
   * the lines, carries no conversion (/events is at its budget).
   */
  seats?: Record<string, SeatLineData[]>;
  /**
   * City-pass vouchers per ticket type, one per ticket in ticket order (spec 1 §3: sent as `preReservePromoCodes`
   * with handler citypass and `handler_data.visit_datetime`, the session's start).
   */
  vouchers?: { byType: Record<string, string[]>; visitDatetime: string | null };
  /** Flexible prices per ticket type (`face_value` of each of its lines: '12.50'). */
  faceValues?: Record<string, string>;
  /** Survey answers per ticket group (spec 1 §7: ticket_group_id with data), sent as `additionalInfo`. */
  additionalInfo?: SurveyAnswers[];
}

/** A seat as a reservation line sends it (`handler_data`; api/seat-schemas.ts `seatHandlerData`). */
export interface SeatLineData {
  seat_template_id: string;
  ticket_group_id: string;
}

/* ---------------------------------------------------------------- seat map (spec 1 §3, §4, §7) */

/** A seat's state on the wire; `selected` is the seat-map machine's own (spec 1 §4). */
export type SeatState = 'available' | 'booked' | 'unavailable';

/** One chosen seat as a reserve sends it (spec 1 §3: templateID and ticketGroupID). */
export interface SeatSelection {
  templateID: string;
  ticketGroupID: string;
}

/** One seat of a loaded map (immutable: the renderer reads it, machines hold only ids). */
export interface SeatModel {
  /** The seat template id (the seat's id across the sessions of the event). */
  readonly id: string;
  readonly name: string;
  /** Section and row names, for the list path (pick section, row, seat). */
  readonly section: string;
  readonly row: string;
  readonly x: number;
  readonly y: number;
  readonly r: number;
  /** Ticket group ids this seat can be sold in (the first is its colour group). */
  readonly groups: readonly string[];
  readonly state: SeatState;
  /** Neighbouring seat ids in the row (auto-selection walks them), or null at a row's end. */
  readonly previous: string | null;
  readonly next: string | null;
}

/** A non-seat element of the map: the stage, section and row labels, aisles, shapes. */
export interface SeatMapElement {
  readonly type: 'stage' | 'section_label' | 'row_label' | 'label' | 'shape';
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly text: string | null;
  /** The section a label names, when it names one. */
  readonly section: string | null;
}

/** A session's seat map as loaded (GET events/{event}/sessions/{id}/seat_map?_withgeometry=true). */
export interface SeatMapModel {
  readonly id: string;
  readonly eventId: string;
  readonly sessionId: string;
  readonly width: number;
  readonly height: number;
  readonly seats: readonly SeatModel[];
  /** Seat by id (seat template id). */
  readonly seatById: ReadonlyMap<string, SeatModel>;
  readonly elements: readonly SeatMapElement[];
  /** Section names in map order, each with its rows in order and the seat ids of each row in order. */
  readonly sections: readonly {
    readonly name: string;
    readonly rows: readonly { readonly name: string; readonly seatIds: readonly string[] }[];
  }[];
}

export interface CardPaymentResult {
  /** Source token from the payment adapter (Stripe payment method id, or sandbox pm_card_* token). */
  source: string;
  /**
   * The payment method's type as the provider names it (Stripe: card, us_bank_account, sepa_debit, …);
   * absent: a card.
   */
  methodType?: string;
}

/* ---------------------------------------------------------------- members (spec 3) */

/** The credential modes of the login form (spec 3 §2). */
export type LoginMode = 'password' | 'scan_code' | 'scan_code_last_name' | 'scan_code_password';

/** What the login form (or the identity provider's callback) hands to POST login. Fields are sent trimmed. */
export type LoginCredentials =
  | { mode: 'password'; email: string; password: string }
  | { mode: 'scan_code'; memberId: string; zip: string }
  | { mode: 'scan_code_last_name'; memberId: string; lastName: string }
  | { mode: 'scan_code_password'; memberId: string; email: string; password: string }
  | { mode: 'oidc'; jwt: string };

/** The logged-in member (GET my/user with identity and identity.meta). */
export interface MemberModel {
  userId: string;
  identityId: string;
  /** The account email; null when it is missing or a no-email placeholder (test accounts keep theirs). */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  hasPassword: boolean;
  /** No real email (none, or the no-email placeholder prefix, test accounts aside): go to set-email. */
  needsEmail: boolean;
  /** Identity meta: country, zip_code, post_code, state, phone. */
  meta: Record<string, string>;
}

export interface LoginResult {
  member: MemberModel;
  /** When the session ends (epoch ms), as the session-expiry cookie says; null if the server did not say. */
  sessionExpiresAt: number | null;
}

/** One membership of GET my/membership (spec 3 §3). */
export interface MembershipModel {
  id: string;
  identityId: string;
  /** The member ID (scan code), also the membership number. */
  memberId: string;
  role: string;
  levelName: string;
  autoRenewState: string;
  validFrom: string;
  validTo: string;
  purchaseLimit: number | null;
  ticketOrderId: string | null;
  ticketGroupId: string | null;
}

/** The identity form of POST user / PUT my/user (spec 3 §5). */
export interface UserInput {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  /** PUT my/user: the current password, needed to set a new one. */
  currentPassword?: string;
  additionalInfo?: unknown;
  /** The seller's custom identity fields as given (issue 26: the account's identity meta), empty ones left out. */
  details?: Partial<Record<PurchaserDetail, string>>;
}

/** The fields PATCH my/user/{id} may change. */
export interface UserPatch {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** A session as the quantity-first flow lists it: with the price per ticket type from the price schedule. */
export interface PricedSessionModel extends SessionModel {
  /** Price in cents by ticket type id, for the quantities asked about. */
  prices: Record<string, number>;
}

/* ---------------------------------------------------------------- the address lookup (issue 23) */
/** A Find answer's item (spec 1 §7 "Address lookup"; ./address.ts): an address, or a container to find into. */
export interface AddressSuggestion {
  id: string;
  /** 'Address' is an address to retrieve; any other type a container to find into. */
  type: string;
  text: string;
  description: string;
}
export interface RetrievedAddress {
  line1: string;
  line2: string;
  city: string;
  /** The state or province code (e.g. IL, ON), or '' where the country has none. */
  province: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  countryIso2: string;
}

/* ---------------------------------------------------------------- memberships (issue 11) */
export type * from './membership-models';
