/** Emails, written to the outbox table in the transaction that books (sent by a mailer; listed in tests). */
import { eq } from 'drizzle-orm';
import type { CartRow, TicketRow } from '../cart/document';
import type { Tx } from '../db';
import { loadEvents, loadSessions, loadTypesById, loadVenues, type Row } from '../http/docs';
import * as t from '../schema';
import { dayjs, money, newId } from '../util';

export async function queueConfirmation(
  tx: Tx,
  cart: CartRow,
  order: Row<typeof t.ticketOrder>,
  tickets: TicketRow[],
  amountCents: number,
  nowMs: number,
) {
  const [who] = await tx.select().from(t.identity).where(eq(t.identity.id, cart.identityId));
  if (!who?.email) return;
  const [seller] = await tx.select().from(t.seller).where(eq(t.seller.id, cart.sellerId));
  const types = await loadTypesById(
    tx,
    tickets.map((k) => k.ticketTypeId),
  );
  const events = await loadEvents(
    tx,
    tickets.map((k) => k.eventTemplateId),
  );
  const sessions = await loadSessions(
    tx,
    tickets.map((k) => k.eventSessionId),
  );
  const venues = await loadVenues(
    tx,
    events.map((e) => e.venueId),
  );
  const lines = new Map<string, number>();
  for (const k of tickets) {
    const ev = events.find((e) => e.id === k.eventTemplateId);
    const s = sessions.find((x) => x.id === k.eventSessionId);
    const tz = venues.find((v) => v.id === ev?.venueId)?.timezone ?? 'UTC';
    const when = s ? dayjs(s.startAt).tz(tz).format('ddd D MMM YYYY, h:mm A') : '';
    const ty = types.find((x) => x.id === k.ticketTypeId);
    const key = `${ev?.name ?? 'Event'}, ${when}: ${ty?.name ?? 'Ticket'}`;
    lines.set(key, (lines.get(key) ?? 0) + 1);
  }
  const sellerName = seller?.name ?? 'Tickets';
  const body = [
    `Hello ${who.firstName ?? ''},`.trim(),
    '',
    `Thank you for your order ${order.orderNumber} with ${sellerName}.`,
    '',
    ...[...lines.entries()].map(([k, n]) => `${n} × ${k}`),
    '',
    `Total paid: ${money(amountCents)} ${seller?.currency ?? ''}`.trim(),
    `Order reference: ${order.id}`,
    '',
    'Show the QR code on your confirmation page at the entrance.',
  ].join('\n');
  await tx.insert(t.outbox).values({
    id: newId(),
    sellerId: cart.sellerId,
    to: who.email,
    subject: `Your tickets: order ${order.orderNumber}`,
    body,
    createdAt: new Date(nowMs),
  });
}
