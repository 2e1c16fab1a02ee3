/**
 * The words of the manage page's emails (order-change-mail.ts: `order_cancel`, `order_update`) in the buyer's
 * language (issue 26): the request's locale, else the one the order's cart kept. English is ours and the default;
 * Spanish beside it; any other language reads English. What these emails share with the confirmation (the
 * greeting, a session's day and time in the venue's zone, the links' words) is the confirmation's texts
 * (order-texts.ts) in the same locale.
 */
import { localized } from './intl';
import { type OrderTexts, orderTexts } from './order-texts';

export type OrderChangeKind = 'order_cancel' | 'order_update';

export interface OrderChangeTexts {
  /** The confirmation's words in the same locale (hello, when, heading, viewPrint, viewPrintLink, manageLabel). */
  order: OrderTexts;
  subject: (kind: OrderChangeKind, orderNumber: string) => string;
  lead: (kind: OrderChangeKind, orderNumber: string, seller: string) => string;
  cancelledTitle: string;
  remainingTitle: string;
  none: string;
}

const en: OrderChangeTexts = {
  order: orderTexts(null),
  subject: (kind, n) =>
    kind === 'order_cancel' ? `Tickets cancelled: order ${n}` : `Your order ${n} has been updated`,
  lead: (kind, n, seller) =>
    kind === 'order_cancel'
      ? `These tickets of your order ${n} with ${seller} are cancelled.`
      : `Your order ${n} with ${seller} has been updated.`,
  cancelledTitle: 'Cancelled',
  remainingTitle: 'Your tickets',
  none: 'No tickets remain on this order.',
};

const es = (locale: string): OrderChangeTexts => ({
  order: orderTexts(locale),
  subject: (kind, n) =>
    kind === 'order_cancel' ? `Entradas canceladas: pedido ${n}` : `Tu pedido ${n} se ha actualizado`,
  lead: (kind, n, seller) =>
    kind === 'order_cancel'
      ? `Estas entradas de tu pedido ${n} en ${seller} se han cancelado.`
      : `Tu pedido ${n} en ${seller} se ha actualizado.`,
  cancelledTitle: 'Canceladas',
  remainingTitle: 'Tus entradas',
  none: 'No quedan entradas en este pedido.',
});

/** The manage page's emails' texts for a locale (a BCP 47 tag, or null: English). */
export const orderChangeTexts = localized(en, { es });
