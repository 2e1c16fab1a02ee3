/**
 * The order confirmation's words in the buyer's language (issue 26): the locale the storefront negotiated, kept
 * on the cart when it pays (`cart.locale`, one of the seller's offered locales). English is ours and the default;
 * Spanish beside it, as the storefront ships; any other language reads English. Dates, times and money are
 * Intl's in that locale (English keeps the format the email always had).
 */
import { dayjs, money } from '../util';
import { intl, localized } from './intl';

export interface OrderTexts {
  lang: string;
  hello: (firstName: string | null) => string;
  thanks: (orderNumber: string, seller: string) => string;
  total: (cents: number, currency: string) => string;
  showQr: string;
  qrAlt: (orderNumber: string) => string;
  subject: (orderNumber: string) => string;
  heading: (orderNumber: string) => string;
  orderNumber: (orderNumber: string) => string;
  viewPrint: string;
  viewPrintLink: (link: string) => string;
  manageText: string;
  manageLabel: string;
  walletLabel: string;
  codesTitle: string;
  codesHow: string;
  giftCardsTitle: string;
  giftCardsHow: string;
  balance: (cents: number, currency: string) => string;
  calendarFiles: string;
  /** 'dddd D MMMM YYYY, h:mm A' in English; the locale's long date and time otherwise. */
  when: (start: Date, timeZone: string) => string;
  /**
   * A pass's validity (issue 25), its first and last valid day in the venue's zone: the storefront's words
   * ('Valid from {from} to {to}', ui/cart/strings.ts and its Spanish), English days as 'ddd, MMM D, YYYY'.
   */
  passValidity: (from: Date, to: Date, timeZone: string) => string;
  /** A seat: its section, row and name ('Stalls Centre, row C, seat 7'). */
  seat: (seat: { section: string; row: string; name: string }) => string;
  /** The Apple Wallet pass's labels and description (server/wallet/pass.ts). */
  wallet: {
    description: (eventName: string, orderNumber: string) => string;
    event: string;
    date: string;
    venue: string;
    tickets: string;
    order: string;
    yourOrder: string;
  };
}

const en: OrderTexts = {
  lang: 'en',
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  thanks: (n, seller) => `Thank you for your order ${n} with ${seller}.`,
  total: (cents, currency) => `Total paid: ${money(cents)} ${currency}`.trim(),
  showQr: 'Show this QR code at the entrance (on your phone or printed):',
  qrAlt: (n) => `QR code of order ${n}`,
  subject: (n) => `Your tickets: order ${n}`,
  heading: (n) => `Order ${n}`,
  orderNumber: (n) => `Order number: ${n}`,
  viewPrint: 'View and print tickets',
  viewPrintLink: (link) => `View and print your tickets: ${link}`,
  manageText: 'Need to change your plans? Cancel free tickets online:',
  manageLabel: 'Manage your order',
  walletLabel: 'Add to Apple Wallet',
  codesTitle: 'Your discount codes',
  codesHow: 'Enter a code at checkout to use it.',
  giftCardsTitle: 'Your gift cards',
  giftCardsHow: 'Enter the number under Gift card at checkout to pay with it.',
  balance: (cents) => `balance ${money(cents)}`,
  calendarFiles: 'The attached calendar files add each visit to your calendar.',
  when: (start, tz) => dayjs(start).tz(tz).format('dddd D MMMM YYYY, h:mm A'),
  passValidity: (from, to, tz) =>
    `Valid from ${dayjs(from).tz(tz).format(PASS_DAY)} to ${dayjs(to).tz(tz).format(PASS_DAY)}`,
  seat: (s) => `${s.section}, row ${s.row}, seat ${s.name}`,
  wallet: {
    description: (event, n) => `${event}: order ${n}`,
    event: 'Event',
    date: 'Date',
    venue: 'Venue',
    tickets: 'Tickets',
    order: 'Order',
    yourOrder: 'Your order',
  },
};

/** The English days of a pass line (spec 2 §9's day format). */
const PASS_DAY = 'ddd, MMM D, YYYY';

/** Spanish, its dates and money in `locale` (`es`, or a regional Spanish such as `es-MX`: its region's formats). */
function es(locale: string): OrderTexts {
  const f = intl(locale);
  return {
    lang: locale,
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    thanks: (n, seller) => `Gracias por tu pedido ${n} en ${seller}.`,
    total: (cents, currency) => `Total pagado: ${f.money(cents, currency)}`,
    showQr: 'Muestra este código QR en la entrada (en el móvil o impreso):',
    qrAlt: (n) => `Código QR del pedido ${n}`,
    subject: (n) => `Tus entradas: pedido ${n}`,
    heading: (n) => `Pedido ${n}`,
    orderNumber: (n) => `Número de pedido: ${n}`,
    viewPrint: 'Ver e imprimir las entradas',
    viewPrintLink: (link) => `Ver e imprimir tus entradas: ${link}`,
    manageText: '¿Cambian tus planes? Cancela las entradas gratuitas en línea:',
    manageLabel: 'Gestionar tu pedido',
    walletLabel: 'Añadir a Apple Wallet',
    codesTitle: 'Tus códigos de descuento',
    codesHow: 'Introduce un código al pagar para usarlo.',
    giftCardsTitle: 'Tus tarjetas regalo',
    giftCardsHow: 'Introduce el número en «Tarjeta regalo» al pagar para pagar con ella.',
    balance: (cents, currency) => `saldo ${f.money(cents, currency)}`,
    calendarFiles: 'Los archivos de calendario adjuntos añaden cada visita a tu calendario.',
    when: f.when,
    passValidity: (from, to, tz) => `Válido del ${f.day(from, tz)} al ${f.day(to, tz)}`,
    seat: (s) => `${s.section}, fila ${s.row}, asiento ${s.name}`,
    wallet: {
      description: (event, n) => `${event}: pedido ${n}`,
      event: 'Evento',
      date: 'Fecha',
      venue: 'Lugar',
      tickets: 'Entradas',
      order: 'Pedido',
      yourOrder: 'Tu pedido',
    },
  };
}

/**
 * The order confirmation's texts for a locale (a BCP 47 tag, or null: English). A language we have no words for
 * reads English; a regional tag (es-MX) keeps its region's dates and money.
 */
export const orderTexts = localized(en, { es });
