/**
 * The emails the manage page asks for (spec 2 §7 POST ticket_order/{id}/email, issue 24): `order_cancel` lists the
 * order's cancelled tickets and what it still holds; `order_update` lists what it holds now. Words ours (the spec
 * has none), in the buyer's language (order-change-texts.ts, issue 26). Both link to the printable order and to
 * the manage page again.
 */
import { html } from './html';
import { type Brand, button, layout, para, textBody } from './layout';
import type { MailContent } from './message';
import { type OrderChangeKind, orderChangeTexts } from './order-change-texts';
import type { OrderLine, OrderMailData, OrderSession } from './order-mail';

export type { OrderChangeKind };

export interface OrderChangeData {
  kind: OrderChangeKind;
  /** The order's cancelled tickets, by session. */
  cancelled: OrderMailData;
  /** The order's booked tickets, by session. */
  remaining: OrderMailData;
}

const lineText = (l: OrderLine) => `${l.count} × ${l.name}`;

/** In the buyer's language (`locale`: the request's or the order's, one the seller offers; null: English). */
export function orderChangeMail(
  brand: Brand,
  data: OrderChangeData,
  locale: string | null = null,
): MailContent {
  const tx = orderChangeTexts(locale);
  const when = (s: OrderSession) => tx.order.when(s.startAt, s.timezone);
  const sessionTitle = (s: OrderSession) => `${s.eventName}, ${when(s)}`;
  const { remaining, cancelled } = data;
  const number = remaining.orderNumber;
  const hello = tx.order.hello(remaining.firstName);
  const lead = tx.lead(data.kind, number, brand.name);
  const none = tx.none;
  const section = (title: string, sessions: OrderSession[]) =>
    sessions.length
      ? [`${title}:`, ...sessions.map((s) => `${sessionTitle(s)}\n${s.lines.map(lineText).join('\n')}`)]
      : [];
  const sectionHtml = (title: string, sessions: OrderSession[]) =>
    sessions.length
      ? html`<h2 style="margin:0 0 8px;font-size:16px">${title}</h2>${sessions.map(
          (s) =>
            html`<div style="border:1px solid #e5e5e5;border-radius:4px;padding:12px 16px;margin:0 0 12px"><p style="margin:0;font-weight:bold">${s.eventName}</p><p style="margin:0;color:#555555">${when(s)}</p><ul style="margin:8px 0 0;padding-left:20px">${s.lines.map((l) => html`<li>${lineText(l)}</li>`)}</ul></div>`,
        )}`
      : '';
  const showCancelled = data.kind === 'order_cancel';
  return {
    subject: tx.subject(data.kind, number),
    text: textBody(
      brand,
      [
        hello,
        lead,
        ...(showCancelled ? section(tx.cancelledTitle, cancelled.sessions) : []),
        ...(remaining.sessions.length ? section(tx.remainingTitle, remaining.sessions) : [none]),
        tx.order.viewPrintLink(remaining.orderLink),
        remaining.manageLink ? `${tx.order.manageLabel}: ${remaining.manageLink}` : '',
      ].filter(Boolean),
    ),
    html: layout(
      brand,
      tx.order.heading(number),
      html`${para(hello)}${para(lead)}
${showCancelled ? sectionHtml(tx.cancelledTitle, cancelled.sessions) : ''}
${remaining.sessions.length ? sectionHtml(tx.remainingTitle, remaining.sessions) : para(none)}
${button(brand, remaining.orderLink, tx.order.viewPrint)}
${remaining.manageLink ? para(html`<a href="${remaining.manageLink}">${tx.order.manageLabel}</a>`) : ''}`,
      tx.order.lang,
    ),
  };
}
