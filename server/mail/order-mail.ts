/**
 * The order confirmation (spec 2 §2; issue 20): order number, each session (event, date and time in the venue's
 * zone), its tickets and seats, the total, the order's QR code as an inline image (what GET
 * ticket_order/{id}/qrcode draws), the link to the printable order, and a calendar file per session. The
 * calendar files are also served by GET ticket_order/{id}/calendar.ics (payments/orders.ts).
 */
import { createEvents, type EventAttributes } from 'ics';
import QRCode from 'qrcode';
import type { Q } from '../db';
import { loadEvents, loadSessions, loadTypesById, loadVenues } from '../http/docs';
import { ledgersOf } from '../ledger/ledger';
import { issuedCodesOf } from '../promo/issued';
import type * as t from '../schema';
import { ticketSeats } from '../seats/ticket-seats';
import { html } from './html';
import { type Brand, button, layout, para, textBody } from './layout';
import type { Attachment, MailContent } from './message';
import { type OrderTexts, orderTexts } from './order-texts';

type Ticket = typeof t.ticket.$inferSelect;

/** A booked seat, written by the texts ('Stalls Centre, row C, seat 7'). */
export interface OrderSeat {
  section: string;
  row: string;
  name: string;
}

export interface OrderLine {
  name: string;
  count: number;
  seats: OrderSeat[];
  /** A pass's first and last valid instant and the venue's zone (issue 25), written by the texts; absent otherwise. */
  validity?: { from: Date; to: Date; timezone: string };
}

export interface OrderSession {
  id: string;
  eventName: string;
  venueName: string;
  timezone: string;
  startAt: Date;
  endAt: Date;
  /** The event's page on the storefront. */
  eventLink: string;
  lines: OrderLine[];
}

export interface OrderMailData {
  orderId: string;
  orderNumber: string;
  /** When the order was made: the calendar's DTSTAMP. */
  createdAt: Date;
  firstName: string | null;
  currency: string;
  totalCents: number;
  /** The printable order: `{origin}/{slug}/ticket_order/{id}` (spec 2 routes). */
  orderLink: string;
  /**
   * The manage page with its signed token (`{origin}/{slug}/manage/{id}?token=…`, server/manage/token.ts): cancel
   * free tickets; null where it is not offered (the calendar file).
   */
  manageLink: string | null;
  /**
   * The order's Apple Wallet pass with its read token (GET ticket_order/{id}/wallet.pkpass), when the seller has a
   * pass certificate and the order a dated visit; absent or null: no link.
   */
  walletLink?: string | null;
  sessions: OrderSession[];
  /** Tickets without a session (memberships, donations, gift cards), by event. */
  other: Array<{ eventName: string; lines: OrderLine[] }>;
  /** The discount codes the order bought (handler codes), with what each gives: secrets of the purchaser. */
  codes: Array<{ code: string; description: string | null }>;
  /** The gift cards the order bought (handler ledger), with their balance: secrets of the purchaser. */
  giftCards: Array<{ number: string; balanceCents: number }>;
}

/** What the order's QR code encodes (payments/orders.ts draws the same for GET ticket_order/{id}/qrcode). */
export const orderQrText = (order: { id: string; orderNumber: string }) => `${order.orderNumber}:${order.id}`;

/** The PNG of a QR code (the order's: `orderQrText`), as GET ticket_order/{id}/qrcode and the email show it. */
export const qrPng = (text: string, margin = 4): Promise<Buffer> =>
  QRCode.toBuffer(text, { type: 'png', margin, scale: 8, errorCorrectionLevel: 'M' });

/**
 * The printable order's address. `origin` '' gives a path. With the order's read token (server/manage/token.ts,
 * purpose `order`) it shows the order whole; without, only what an order id may see (payments/access.ts).
 */
export const orderLink = (origin: string, slug: string, orderId: string, token: string | null = null) =>
  `${origin.replace(/\/+$/, '')}/${slug}/ticket_order/${orderId}${token ? `?token=${token}` : ''}`;

/** Reads what the confirmation and the calendar show of an order's `tickets`. */
export async function loadOrderMail(
  q: Q,
  input: {
    order: { id: string; orderNumber: string; createdAt: Date };
    seller: { slug: string; currency: string };
    tickets: Ticket[];
    firstName: string | null;
    totalCents: number;
    origin: string;
    /** The manage page's address (with its token), when the email offers it. */
    manageLink?: string | null;
    /**
     * The order's read token for the printable order's link: only in what goes to the purchaser (the email), never
     * in what an order id alone gets (the calendar file of GET ticket_order/{id}/calendar.ics).
     */
    readToken?: string | null;
  },
): Promise<OrderMailData> {
  const { tickets } = input;
  const [types, events, sessions, seats, codes, cards] = await Promise.all([
    loadTypesById(
      q,
      tickets.map((k) => k.ticketTypeId),
    ),
    loadEvents(
      q,
      tickets.map((k) => k.eventTemplateId),
    ),
    loadSessions(
      q,
      tickets.map((k) => k.eventSessionId),
    ),
    ticketSeats(q, tickets),
    issuedCodesOf(q, [input.order.id]),
    ledgersOf(q, [input.order.id]),
  ]);
  const venues = await loadVenues(
    q,
    events.map((e) => e.venueId),
  );
  const origin = input.origin.replace(/\/+$/, '');
  const linesOf = (ks: Ticket[], timezone: string): OrderLine[] => {
    const byType = new Map<string, OrderLine>();
    for (const k of ks) {
      const name = types.find((ty) => ty.id === k.ticketTypeId)?.name ?? 'Ticket';
      const line = byType.get(k.ticketTypeId) ?? { name, count: 0, seats: [] };
      line.count += 1;
      // A pass's validity (issue 25): its first and last valid day where the venue is.
      if (k.handler === 'passes' && k.validFrom && k.validTo && !line.validity)
        line.validity = { from: new Date(k.validFrom), to: new Date(k.validTo), timezone };
      const seat = seats.get(k.id);
      if (seat) line.seats.push({ section: seat.section, row: seat.row, name: seat.name });
      byType.set(k.ticketTypeId, line);
    }
    return [...byType.values()];
  };
  const out: OrderMailData = {
    orderId: input.order.id,
    orderNumber: input.order.orderNumber,
    createdAt: input.order.createdAt,
    firstName: input.firstName,
    currency: input.seller.currency,
    totalCents: input.totalCents,
    orderLink: orderLink(origin, input.seller.slug, input.order.id, input.readToken ?? null),
    manageLink: input.manageLink ?? null,
    sessions: [],
    other: [],
    codes: codes.map((c) => ({ code: c.code, description: c.description })),
    giftCards: cards.map((l) => ({ number: l.number, balanceCents: l.balanceCents })),
  };
  for (const s of sessions) {
    const event = events.find((e) => e.id === s.eventTemplateId);
    const venue = venues.find((v) => v.id === event?.venueId);
    out.sessions.push({
      id: s.id,
      eventName: event?.name ?? 'Event',
      venueName: venue?.name ?? '',
      timezone: venue?.timezone ?? 'UTC',
      startAt: s.startAt,
      endAt: s.endAt,
      eventLink: `${origin}/${input.seller.slug}/events/${s.eventTemplateId}`,
      lines: linesOf(
        tickets.filter((k) => k.eventSessionId === s.id),
        venue?.timezone ?? 'UTC',
      ),
    });
  }
  for (const e of events) {
    const ks = tickets.filter((k) => k.eventTemplateId === e.id && !k.eventSessionId);
    const timezone = venues.find((v) => v.id === e.venueId)?.timezone ?? 'UTC';
    if (ks.length) out.other.push({ eventName: e.name, lines: linesOf(ks, timezone) });
  }
  return out;
}

/** A line's validity in the buyer's language. */
const validityText = (v: NonNullable<OrderLine['validity']>, tx: OrderTexts) =>
  tx.passValidity(v.from, v.to, v.timezone);

/** A line's seats in the buyer's language ('Stalls Centre, row C, seat 7; …'). */
export const seatsText = (l: OrderLine, tx: OrderTexts) => l.seats.map(tx.seat).join('; ');

const lineText = (l: OrderLine, tx: OrderTexts) =>
  `${l.count} × ${l.name}${l.seats.length ? ` (${seatsText(l, tx)})` : ''}${l.validity ? `\n${validityText(l.validity, tx)}` : ''}`;

/**
 * One calendar (iCalendar) of the given sessions of an order: one VEVENT each, with the venue and event link,
 * its description in the buyer's language (`tx`; English for GET ticket_order/{id}/calendar.ics without one).
 */
export function orderCalendar(
  data: OrderMailData,
  sessions: OrderSession[] = data.sessions,
  tx: OrderTexts = orderTexts(null),
): string {
  // `timestamp` (DTSTAMP) is an attribute of the ics package its types leave out: the order's time, not now.
  const events: Array<EventAttributes & { timestamp: number }> = sessions.map((s) => ({
    timestamp: data.createdAt.getTime(),
    uid: `${data.orderId}.${s.id}@tix`,
    productId: 'tix/storefront',
    title: s.eventName,
    start: s.startAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Math.max(s.endAt.getTime(), s.startAt.getTime() + 60_000),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: s.venueName || undefined,
    url: s.eventLink.startsWith('http') ? s.eventLink : undefined,
    description: [tx.heading(data.orderNumber), ...s.lines.map((l) => lineText(l, tx)), data.orderLink].join(
      '\n',
    ),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('calendar not created');
  return value;
}

export const QR_CID = 'order-qr@tix';

/** Bought secrets (codes, card numbers): a list under its heading, each in a monospace box, with what it gives. */
const secretsHtml = (title: string, how: string, items: Array<{ text: string; note: string | null }>) =>
  html`<div style="border:1px solid #e5e5e5;border-radius:4px;padding:12px 16px;margin:0 0 12px">
<h2 style="margin:0;font-size:16px">${title}</h2>
<ul style="margin:8px 0 0;padding-left:20px">${items.map(
    (c) =>
      html`<li><code style="font-family:Consolas,Menlo,monospace;font-size:16px;letter-spacing:1px">${c.text}</code>${c.note ? html` <span style="color:#555555">(${c.note})</span>` : ''}</li>`,
  )}</ul>
<p style="margin:8px 0 0">${how}</p></div>`;

/**
 * The order confirmation in the buyer's language (`locale`: the cart's, one of the seller's offered locales;
 * null or a language we have no words for: English).
 */
export function orderConfirmationMail(
  brand: Brand,
  data: OrderMailData,
  locale: string | null = null,
): MailContent {
  const tx = orderTexts(locale);
  const when = (s: OrderSession) => tx.when(s.startAt, s.timezone);
  const hello = tx.hello(data.firstName);
  const thanks = tx.thanks(data.orderNumber, brand.name);
  const total = tx.total(data.totalCents, data.currency);
  const showQr = tx.showQr;
  const sessionText = data.sessions.map(
    (s) =>
      `${s.eventName}\n${when(s)}${s.venueName ? `, ${s.venueName}` : ''}\n${s.lines.map((l) => lineText(l, tx)).join('\n')}`,
  );
  const otherText = data.other.map(
    (o) => `${o.eventName}\n${o.lines.map((l) => lineText(l, tx)).join('\n')}`,
  );
  const codes = data.codes.map((c) => ({ text: c.code, note: c.description }));
  const cards = data.giftCards.map((g) => ({
    text: g.number,
    note: tx.balance(g.balanceCents, data.currency),
  }));
  const secretsText = (title: string, how: string, items: typeof codes) =>
    items.length
      ? [`${title}\n${items.map((c) => `${c.text}${c.note ? ` (${c.note})` : ''}`).join('\n')}\n${how}`]
      : [];
  const lineHtml = (l: OrderLine) =>
    html`<li>${l.count} × ${l.name}${l.seats.length ? html`<br><span style="color:#555555">${seatsText(l, tx)}</span>` : ''}${l.validity ? html`<br><span style="color:#555555">${validityText(l.validity, tx)}</span>` : ''}</li>`;
  const block = (title: string, sub: string | null, lines: OrderLine[], link: string | null) =>
    html`<div style="border:1px solid #e5e5e5;border-radius:4px;padding:12px 16px;margin:0 0 12px">
<p style="margin:0;font-weight:bold">${link ? html`<a href="${link}" style="color:inherit">${title}</a>` : title}</p>
${sub ? html`<p style="margin:0;color:#555555">${sub}</p>` : ''}
<ul style="margin:8px 0 0;padding-left:20px">${lines.map(lineHtml)}</ul></div>`;
  const attachments: Attachment[] = [
    {
      filename: `order-${data.orderNumber}.png`,
      contentType: 'image/png',
      cid: QR_CID,
      qr: orderQrText({ id: data.orderId, orderNumber: data.orderNumber }),
    },
    ...data.sessions.map((s, i) => ({
      filename: data.sessions.length > 1 ? `event-${i + 1}.ics` : 'event.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: orderCalendar(data, [s], tx),
    })),
  ];
  return {
    subject: tx.subject(data.orderNumber),
    text: textBody(
      brand,
      [
        hello,
        thanks,
        ...sessionText,
        ...otherText,
        ...secretsText(tx.codesTitle, tx.codesHow, codes),
        ...secretsText(tx.giftCardsTitle, tx.giftCardsHow, cards),
        total,
        tx.orderNumber(data.orderNumber),
        tx.viewPrintLink(data.orderLink),
        data.walletLink ? `${tx.walletLabel}: ${data.walletLink}` : '',
        data.manageLink ? `${tx.manageText} ${data.manageLink}` : '',
        data.sessions.length ? tx.calendarFiles : '',
      ].filter(Boolean),
    ),
    html: layout(
      brand,
      tx.heading(data.orderNumber),
      html`${para(hello)}${para(thanks)}
${data.sessions.map((s) => block(s.eventName, `${when(s)}${s.venueName ? `, ${s.venueName}` : ''}`, s.lines, s.eventLink.startsWith('http') ? s.eventLink : null))}
${data.other.map((o) => block(o.eventName, null, o.lines, null))}
${codes.length ? secretsHtml(tx.codesTitle, tx.codesHow, codes) : ''}
${cards.length ? secretsHtml(tx.giftCardsTitle, tx.giftCardsHow, cards) : ''}
${para(html`<strong>${total}</strong>`)}
${para(showQr)}
<p style="margin:0 0 16px"><img src="cid:${QR_CID}" width="200" height="200" alt="${tx.qrAlt(data.orderNumber)}" style="display:block;border:0"></p>
${button(brand, data.orderLink, tx.viewPrint)}${data.walletLink ? para(html`<a href="${data.walletLink}">${tx.walletLabel}</a>`) : ''}
${data.manageLink ? para(html`${tx.manageText} <a href="${data.manageLink}">${tx.manageLabel}</a>`) : ''}
${data.sessions.length ? para(tx.calendarFiles) : ''}`,
      tx.lang,
    ),
    attachments,
  };
}
