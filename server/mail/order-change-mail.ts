/**
 * The emails the manage page asks for (spec 2 §7 POST ticket_order/{id}/email, issue 24): `order_cancel` lists the
 * order's cancelled tickets and what it still holds; `order_update` lists what it holds now. Words ours (the spec
 * has none). Both link to the printable order and to the manage page again.
 */
import { html } from './html';
import { type Brand, button, layout, para, textBody } from './layout';
import type { MailContent } from './message';
import { type OrderLine, type OrderMailData, type OrderSession, sessionWhen } from './order-mail';

export type OrderChangeKind = 'order_cancel' | 'order_update';

export interface OrderChangeData {
  kind: OrderChangeKind;
  /** The order's cancelled tickets, by session. */
  cancelled: OrderMailData;
  /** The order's booked tickets, by session. */
  remaining: OrderMailData;
}

const lineText = (l: OrderLine) => `${l.count} × ${l.name}`;
const sessionTitle = (s: OrderSession) => `${s.eventName}, ${sessionWhen(s)}`;

export const CANCELLED_TITLE = 'Cancelled';
export const REMAINING_TITLE = 'Your tickets';

export function orderChangeMail(brand: Brand, data: OrderChangeData): MailContent {
  const { remaining, cancelled } = data;
  const number = remaining.orderNumber;
  const hello = remaining.firstName ? `Hello ${remaining.firstName},` : 'Hello,';
  const lead =
    data.kind === 'order_cancel'
      ? `These tickets of your order ${number} with ${brand.name} are cancelled.`
      : `Your order ${number} with ${brand.name} has been updated.`;
  const none = 'No tickets remain on this order.';
  const section = (title: string, sessions: OrderSession[]) =>
    sessions.length
      ? [`${title}:`, ...sessions.map((s) => `${sessionTitle(s)}\n${s.lines.map(lineText).join('\n')}`)]
      : [];
  const sectionHtml = (title: string, sessions: OrderSession[]) =>
    sessions.length
      ? html`<h2 style="margin:0 0 8px;font-size:16px">${title}</h2>${sessions.map(
          (s) =>
            html`<div style="border:1px solid #e5e5e5;border-radius:4px;padding:12px 16px;margin:0 0 12px"><p style="margin:0;font-weight:bold">${s.eventName}</p><p style="margin:0;color:#555555">${sessionWhen(s)}</p><ul style="margin:8px 0 0;padding-left:20px">${s.lines.map((l) => html`<li>${lineText(l)}</li>`)}</ul></div>`,
        )}`
      : '';
  const showCancelled = data.kind === 'order_cancel';
  return {
    subject:
      data.kind === 'order_cancel'
        ? `Tickets cancelled: order ${number}`
        : `Your order ${number} has been updated`,
    text: textBody(
      brand,
      [
        hello,
        lead,
        ...(showCancelled ? section(CANCELLED_TITLE, cancelled.sessions) : []),
        ...(remaining.sessions.length ? section(REMAINING_TITLE, remaining.sessions) : [none]),
        `View and print your tickets: ${remaining.orderLink}`,
        remaining.manageLink ? `Manage your order: ${remaining.manageLink}` : '',
      ].filter(Boolean),
    ),
    html: layout(
      brand,
      `Order ${number}`,
      html`${para(hello)}${para(lead)}
${showCancelled ? sectionHtml(CANCELLED_TITLE, cancelled.sessions) : ''}
${remaining.sessions.length ? sectionHtml(REMAINING_TITLE, remaining.sessions) : para(none)}
${button(brand, remaining.orderLink, 'View and print tickets')}
${remaining.manageLink ? para(html`<a href="${remaining.manageLink}">Manage your order</a>`) : ''}`,
    ),
  };
}
