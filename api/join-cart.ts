/**
 * The cart join (loaded on demand with the cart calls; see on-demand.ts): a cart response in, the cart model
 * out — items, totals from the gateway totals (fixed and percent fees apart), scheduled payments, order ids.
 */

import { IDENTITY_FORM_META, type IdentityFieldOption, parseIdentityForm } from '../domain/identity-form';
import { parseSurvey, SURVEY_META, type SurveyQuestion } from '../domain/survey-rule';
import { unexpectedError } from './errors';
import { attached, cents, indexById, must, parseDocument, rows, type UrlSettings } from './join';
import { CANCELLED_TICKET_STATES, feeParts, imageRef } from './join-summary';
import type { CartItem, CartLine, CartModel, CartTotals, SeatLabel, SurveyAnswerLine } from './models';
import type { OrderTokens } from './order-tokens';
import type { Document, Ticket } from './schemas';

/** Tickets a cart holds and has not booked yet (the server's held and in-cart states). */
const HELD_TICKET_STATES: readonly string[] = ['held', 'in_cart'];

export const isLive = (ticket: Ticket) => !CANCELLED_TICKET_STATES.includes(ticket.state);

const seatOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
/** Seats by section, row and seat name ('A2' before 'A10'). */
const bySeat = (a: SeatLabel, b: SeatLabel) =>
  seatOrder(a.section, b.section) || seatOrder(a.row, b.row) || seatOrder(a.name, b.name);

/**
 * A ticket's survey answers (additional_info) read with its group's survey (meta additional_info_spec): in the
 * survey's order, each question by its title; an answer to a question the survey no longer has by its key.
 */
function answerLines(
  info: Readonly<Record<string, string | number>>,
  survey: readonly SurveyQuestion[],
): SurveyAnswerLine[] {
  const keys = Object.keys(info);
  const known = survey.filter((q) => keys.includes(q.name));
  const unknown = keys.filter((key) => !survey.some((q) => q.name === key));
  return [
    ...known.map((q) => ({ question: q.title, answer: String(info[q.name]) })),
    ...unknown.map((key) => ({ question: key, answer: String(info[key]) })),
  ];
}

/** Adds answers not yet on the line (two tickets of one reserve carry the same ones). */
function withAnswers(line: CartLine, answers: readonly SurveyAnswerLine[]): void {
  const have = line.answers ?? [];
  const more = answers.filter((a) => !have.some((h) => h.question === a.question && h.answer === a.answer));
  if (more.length) line.answers = [...have, ...more];
}

/**
 * Tickets grouped by event template + session, items by start time (undated last) then event name; lines per
 * ticket type and unit price (face value), by ticket type `_rank`; the seats of seated tickets, in seat order.
 */
export function toItems(doc: Document, tickets: readonly Ticket[], urls: UrlSettings | null): CartItem[] {
  const events = indexById(rows(doc, 'event_template'));
  const sessions = indexById(rows(doc, 'event_session'));
  const venues = indexById(rows(doc, 'venue'));
  const types = indexById(rows(doc, 'ticket_type'));
  const items = new Map<string, CartItem & { lineRanks: Map<CartLine, number> }>();
  const surveys = new Map<string, SurveyQuestion[]>();
  const surveyOf = (groupId: string) => {
    let survey = surveys.get(groupId);
    if (!survey) {
      survey = parseSurvey(attached(rows(doc, 'meta'), 'ticket_group', groupId)[SURVEY_META]);
      surveys.set(groupId, survey);
    }
    return survey;
  };
  for (const ticket of tickets) {
    const key = `${ticket.event_template_id}:${ticket.event_session_id ?? ''}`;
    let item = items.get(key);
    if (!item) {
      const event = must(events.get(ticket.event_template_id), 'event_template');
      const session =
        ticket.event_session_id === null
          ? null
          : must(sessions.get(ticket.event_session_id), 'event_session');
      const venue = must(venues.get(event.venue_id), 'venue');
      const meta = attached(rows(doc, 'meta'), 'event_template', event.id);
      const config = attached(rows(doc, 'config'), 'event_template', event.id);
      item = {
        key,
        eventId: event.id,
        eventName: event.name,
        sessionId: ticket.event_session_id,
        start: session?.start_datetime ?? null,
        end: session?.end_datetime ?? null,
        category: event.category ?? null,
        timezone: venue.timezone,
        image: urls ? imageRef(urls, meta.image_profile, 'thumbnail', config) : null,
        lines: [],
        ticketIds: [],
        lineRanks: new Map(),
      };
      items.set(key, item);
    }
    const type = must(types.get(ticket.ticket_type_id), 'ticket_type');
    const unitCents = cents(ticket.face_value);
    let line = item.lines.find((l) => l.ticketTypeId === type.id && l.unitCents === unitCents);
    if (!line) {
      line = { ticketTypeId: type.id, name: type.name, count: 0, unitCents, totalCents: 0 };
      item.lines.push(line);
      item.lineRanks.set(line, type._rank);
    }
    line.count += 1;
    line.totalCents += unitCents;
    // A pass's validity (server/README.md "Passes"): its first valid instant and its last.
    if (ticket.handler === 'passes' && ticket.valid_from && ticket.valid_to && !line.validity)
      line.validity = { from: ticket.valid_from, to: ticket.valid_to };
    // A donation's tickets, for the checkout's donation form to remove when the donation changes.
    if (ticket.handler === 'donation') line.ticketIds = [...(line.ticketIds ?? []), ticket.id];
    const admitName = ticket.admit_name?.trim();
    if (admitName) line.admitNames = [...(line.admitNames ?? []), admitName];
    if (ticket.additional_info)
      withAnswers(line, answerLines(ticket.additional_info, surveyOf(ticket.ticket_group_id)));
    item.ticketIds.push(ticket.id);
    if (ticket.seat) {
      const { section, row, name } = ticket.seat;
      item.seats = [...(item.seats ?? []), { section, row, name }];
    }
  }
  return [...items.values()]
    .map(({ lineRanks, ...item }) => ({
      ...item,
      lines: [...item.lines].sort((a, b) => (lineRanks.get(a) ?? 0) - (lineRanks.get(b) ?? 0)),
      ...(item.seats ? { seats: item.seats.sort(bySeat) } : {}),
    }))
    .sort((a, b) => {
      if (a.start !== b.start) {
        if (a.start === null) return 1;
        if (b.start === null) return -1;
        return Date.parse(a.start) - Date.parse(b.start);
      }
      return a.eventName.localeCompare(b.eventName);
    });
}

/** Totals from cart_fees.grand_totals; without them, sums over the live tickets. */
function toTotals(doc: Document, cartId: string, tickets: readonly Ticket[]): CartTotals {
  const fees = rows(doc, 'cart_fees').find((row) => row.cart_id === cartId);
  if (fees) {
    const g = fees.grand_totals;
    return {
      subtotalCents: cents(g.total_before_cartmod_price),
      feesFixedCents: cents(g.total_fee_fixed_outside),
      feesPercentCents: cents(g.total_fee_percent_outside),
      discountCents: Math.abs(cents(g.total_cartmod_amount)),
      paymentsCents: cents(g.total_payments),
      outstandingCents: cents(g.total_outstanding),
    };
  }
  const types = indexById(rows(doc, 'ticket_type'));
  let subtotal = 0;
  let fixed = 0;
  let percent = 0;
  let discount = 0;
  for (const ticket of tickets) {
    const face = cents(ticket.face_value);
    subtotal += face;
    discount += face - cents(ticket.adjusted_value);
    const type = types.get(ticket.ticket_type_id);
    if (type) {
      const fee = feeParts(type, cents(ticket.adjusted_value));
      fixed += fee.fixed;
      percent += fee.percent;
    }
  }
  return {
    subtotalCents: subtotal,
    feesFixedCents: fixed,
    feesPercentCents: percent,
    discountCents: discount,
    paymentsCents: 0,
    outstandingCents: subtotal - discount + fixed + percent,
  };
}

const unique = (values: Iterable<string>): string[] => [...new Set(values)];

/**
 * The cart of a cart response. `now` (epoch ms) dates expiry when the server sent only expires_in; without
 * `urls` item thumbnails are null.
 */
export function toCart(raw: unknown, options: { now: number; urls?: UrlSettings }): CartModel {
  const doc = parseDocument(raw);
  const cart = must(rows(doc, 'cart')[0], 'cart');
  const tickets = rows(doc, 'ticket').filter((t) => t.cart_id === cart.id);
  const live = tickets.filter(isLive);
  const seller = rows(doc, 'seller').find((s) => s.id === cart.seller_id);
  const expiresAt =
    cart.expires_at !== null
      ? Date.parse(cart.expires_at)
      : cart.expires_in !== null
        ? options.now + cart.expires_in * 1000
        : null;
  if (expiresAt !== null && Number.isNaN(expiresAt)) throw unexpectedError(200, 'invalid_expires_at');
  return {
    id: cart.id,
    number: cart.cart_number,
    state: cart.state,
    identityId: cart.identity_id,
    ...purchaserOf(doc, cart.identity_id),
    ...identityFormOf(doc),
    expiresAt,
    expiresIn: cart.expires_in,
    ticketCount: live.length,
    heldTicketCount: tickets.filter((t) => HELD_TICKET_STATES.includes(t.state)).length,
    items: toItems(doc, live, options.urls ?? null),
    totals: toTotals(doc, cart.id, live),
    currency: seller?.currency ?? 'USD',
    orderIds: unique([
      ...tickets.flatMap((t) => (t.ticket_order_id === null ? [] : [t.ticket_order_id])),
      ...rows(doc, 'ticket_order')
        .filter((o) => o.cart_id === cart.id)
        .map((o) => o.id),
    ]),
    ...scheduledOf(doc),
    ...completedOf(doc, cart.id),
    ...promoOf(doc, cart.id),
    ...(cart.paying ? { paying: true } : {}),
  };
}

/**
 * The codes applied to the cart and its mods (discounts and blocking rules), only when it has some: a cart
 * without them has no such keys (issue 21; the totals' discount is total_cartmod_amount).
 */
function promoOf(doc: Document, cartId: string): Pick<CartModel, 'promoCodes' | 'cartMods'> {
  const codes = rows(doc, 'promo_code').filter((c) => c.cart_id === cartId);
  const mods = rows(doc, 'cartmod');
  return {
    ...(codes.length ? { promoCodes: unique(codes.map((c) => c.code)) } : {}),
    ...(mods.length
      ? {
          cartMods: mods.map((m) => ({
            id: m.id,
            name: m.name,
            description: m.description,
            amountCents: Math.abs(cents(m.amount)),
            automatic: m.automatic,
            blocking: m.blocking_checkout,
          })),
        }
      : {}),
  };
}

/** The cart's scheduled payments, only when it has some (a cart without a schedule has no such key). */
function scheduledOf(doc: Document): Pick<CartModel, 'scheduledPayments'> {
  const scheduled = rows(doc, 'scheduled_payment');
  return scheduled.length
    ? {
        scheduledPayments: scheduled.map((p) => ({
          id: p.id,
          dueDate: p.due,
          amountCents: cents(p.amount),
          status: p.status,
        })),
      }
    : {};
}

/**
 * The cart's completed payments as their gateway audits (spec 2 §3), oldest first, only when it has some. A
 * payment without an audit row (a server that records none) is its own capture.
 */
function completedOf(doc: Document, cartId: string): Pick<CartModel, 'completedPayments'> {
  const payments = rows(doc, 'payment').filter((p) => p.cart_id === cartId);
  if (!payments.length) return {};
  const audits = rows(doc, 'gateway_audit');
  const audited = new Set(audits.map((a) => a.payment_id));
  const ids = new Set(payments.map((p) => p.id));
  const list = [
    ...audits
      .filter((a) => ids.has(a.payment_id))
      .map((a) => ({
        id: a.id,
        occurredDate: a.occurred_on,
        amountCents: cents(a.amount),
        status: a.audit_action,
      })),
    ...payments
      .filter((p) => !audited.has(p.id))
      .map((p) => ({
        id: p.id,
        occurredDate: p.occurred_on,
        amountCents: cents(p.amount),
        status: 'capture',
      })),
  ].sort((a, b) => Date.parse(a.occurredDate) - Date.parse(b.occurredDate));
  return { completedPayments: list };
}

/**
 * The guest purchaser the cart's identity holds (POST cart/{id}/purchaser), as `purchaser`, with what else the
 * identity form gave (its meta: phone, address, city, state, country, zip code); none otherwise.
 */
function purchaserOf(doc: ReturnType<typeof parseDocument>, identityId: string) {
  const who = rows(doc, 'identity').find((i) => i.id === identityId);
  if (who?.type !== 'guest' || !who.email) return {};
  const meta = attached(rows(doc, 'meta'), 'identity', identityId);
  const details = Object.fromEntries(
    PURCHASER_META.flatMap((key) =>
      typeof meta[key] === 'string' && meta[key] !== '' ? [[key, meta[key]]] : [],
    ),
  );
  return {
    purchaser: {
      firstName: who.first_name ?? '',
      lastName: who.last_name ?? '',
      email: who.email,
      ...(Object.keys(details).length ? { details } : {}),
    },
  };
}
const PURCHASER_META = ['phone', 'address', 'address_more', 'city', 'state', 'country', 'zip_code'] as const;

/**
 * The identity form the cart's events and ticket groups ask (meta `identity_form`, spec 1 §3), when any does:
 * their field options, in the order of the cart's rows.
 */
function identityFormOf(doc: ReturnType<typeof parseDocument>): Pick<CartModel, 'identityForm'> {
  const options: IdentityFieldOption[] = rows(doc, 'meta')
    .filter(
      (m) =>
        m.key === IDENTITY_FORM_META && (m.resource === 'event_template' || m.resource === 'ticket_group'),
    )
    .flatMap((m) => parseIdentityForm(m.value));
  return options.length ? { identityForm: options } : {};
}

/** Keeps the read tokens of the answer's orders (`ticket_order.access_token`, the paid cart's: ./order-tokens). */
export function keepOrderTokens(raw: unknown, tokens: OrderTokens): void {
  for (const order of rows(parseDocument(raw), 'ticket_order'))
    if (order.access_token) tokens.set(order.id, order.access_token);
}

/** Order ids of a payment or checkout response: its ticket_order rows, else its tickets' order ids. */
export function toOrderIds(raw: unknown): string[] {
  const doc = parseDocument(raw);
  return unique([
    ...rows(doc, 'ticket_order').map((o) => o.id),
    ...rows(doc, 'ticket').flatMap((t) => (t.ticket_order_id === null ? [] : [t.ticket_order_id])),
  ]);
}
