/**
 * The Apple Wallet pass of an order (issue 20; GET ticket_order/{id}/wallet.pkpass): one event ticket per order,
 * built and signed by `passkit-generator` with the seller's pass type certificate (./config.ts). It carries what
 * the printed tickets show and nothing of the purchaser: the event, the session (date and time in the venue's
 * zone), the venue, the tickets and seats, the order number, and as its barcode the order's QR code (the same text
 * as the printable order's and the email's: `orderQrText`). The serial number is the order id (one pass per order).
 */
import { crc32, deflateSync } from 'node:zlib';
import { PKPass } from 'passkit-generator';
import { type OrderMailData, orderQrText, seatsText } from '../mail/order-mail';
import { orderTexts } from '../mail/order-texts';
import type { WalletPassSettings } from './config';

/** http/api.ts's API_PREFIX (importing it from there would close an import cycle through the payments' routes). */
const API_PREFIX = '/api/';

/** The pass's address with the order's read token (the confirmation email's link; `origin` '' gives a path). */
export const walletPassLink = (origin: string, sellerId: string, orderId: string, token: string) =>
  `${origin.replace(/\/+$/, '')}${API_PREFIX}ticket_order/${orderId}/wallet.pkpass?seller_id=${encodeURIComponent(sellerId)}&token=${token}`;

/** A square PNG of one colour (the pass's icon: Apple requires icon.png). */
export function solidPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hexRgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

const DEFAULT_COLOR = '#1f3a5f';

/** The pass.json of an order (the fields Apple reads; passkit-generator checks them and signs). */
export function passJson(
  settings: Pick<WalletPassSettings, 'passTypeId' | 'teamId'>,
  brand: { name: string; color?: string },
  data: OrderMailData,
  locale: string | null = null,
) {
  const tx = orderTexts(locale);
  const when = (s: (typeof data.sessions)[number]) => tx.when(s.startAt, s.timezone);
  const [first, ...more] = data.sessions;
  if (!first) throw new Error('an order pass needs a session');
  const [r, g, b] = hexRgb(brand.color ?? DEFAULT_COLOR);
  const lines = (s: typeof first) =>
    s.lines.map((l) => `${l.count} × ${l.name}${l.seats.length ? ` (${seatsText(l, tx)})` : ''}`).join('\n');
  return {
    formatVersion: 1,
    passTypeIdentifier: settings.passTypeId,
    teamIdentifier: settings.teamId,
    serialNumber: data.orderId,
    organizationName: brand.name,
    description: tx.wallet.description(first.eventName, data.orderNumber),
    backgroundColor: `rgb(${r}, ${g}, ${b})`,
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(255, 255, 255)',
    relevantDate: first.startAt.toISOString(),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: orderQrText({ id: data.orderId, orderNumber: data.orderNumber }),
        messageEncoding: 'iso-8859-1',
        altText: data.orderNumber,
      },
    ],
    eventTicket: {
      primaryFields: [{ key: 'event', label: tx.wallet.event, value: first.eventName }],
      secondaryFields: [
        { key: 'when', label: tx.wallet.date, value: when(first) },
        ...(first.venueName ? [{ key: 'venue', label: tx.wallet.venue, value: first.venueName }] : []),
      ],
      auxiliaryFields: [
        { key: 'tickets', label: tx.wallet.tickets, value: lines(first) },
        { key: 'order', label: tx.wallet.order, value: data.orderNumber },
      ],
      backFields: [
        ...more.map((s, i) => ({
          key: `visit${i + 2}`,
          label: s.eventName,
          value: `${when(s)}${s.venueName ? `, ${s.venueName}` : ''}\n${lines(s)}`,
        })),
        { key: 'link', label: tx.wallet.yourOrder, value: data.orderLink },
      ],
    },
  };
}

/** The signed .pkpass (a zip) of an order with a session. */
export function orderPass(
  settings: WalletPassSettings,
  brand: { name: string; color?: string },
  data: OrderMailData,
  locale: string | null = null,
): Buffer {
  const icon = hexRgb(brand.color ?? DEFAULT_COLOR);
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson(settings, brand, data, locale))),
      'icon.png': solidPng(29, icon),
      'icon@2x.png': solidPng(58, icon),
    },
    {
      wwdr: settings.wwdr,
      signerCert: settings.signerCert,
      signerKey: settings.signerKey,
      ...(settings.keyPassphrase ? { signerKeyPassphrase: settings.keyPassphrase } : {}),
    },
  );
  return pass.getAsBuffer();
}
