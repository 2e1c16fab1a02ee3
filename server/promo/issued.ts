/**
 * Discount-code purchases (issue 21; spec 1 §1 "discount-code purchases (handler codes)"): a ticket group with
 * handler `codes` sells promo codes. Its configuration (config row `codes` of the group, `{ code_group_id }`)
 * names the code group the bought codes join; the group's cart mods say what a code gives and its
 * `uses_per_code` how often each can be used.
 *
 * When an order with such tickets is booked (payments/completion.ts `book`, in the booking transaction, under the
 * cart lock) one new code per ticket is created in that group and linked to the ticket and the order
 * (`issued_code`). Exactly once: the booking runs once per cart (the cart moves to `completed` in the same
 * transaction), and `issued_code.ticket_id` is unique, so a second issue for a ticket inserts nothing.
 *
 * The codes are secrets of their buyer: drawn by node:crypto from a readable alphabet, never logged, and shown
 * only to the order's owner (payments/orders.ts; the confirmation email goes to the purchaser).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import type * as w from '../../api/schemas';
import type { Q } from '../db';
import { invalid } from '../http/errors';
import * as t from '../schema';
import { newId, randomText } from '../util';
import { promoCode, promoCodeGroup } from './schema';

/** The handler of ticket groups that sell discount codes. */
export const CODES_HANDLER = 'codes';
/** The config key of such a group (resource `ticket_group`): `{ code_group_id }`. */
export const CODES_CONFIG_KEY = 'codes';

/** A group's `codes` configuration, checked when it is read (seller data is input like any other). */
export const codesConfig = z.object({ code_group_id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** 31 letters and digits without look-alikes (no 0/O, 1/I/L), as the gift membership codes. */
export const ISSUED_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 31^12 ≈ 7.9·10^17 codes: hopeless to guess within the lookup's limits (promo/guess.ts). */
export const ISSUED_CODE_LENGTH = 12;

export const newIssuedCodeValue = () => randomText(ISSUED_CODE_ALPHABET, ISSUED_CODE_LENGTH);

/** A code issued by an order: its promo code, the ticket that bought it and the order. */
export const issuedCode = pgTable('issued_code', {
  promoCodeId: text('promo_code_id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  codeGroupId: text('code_group_id').notNull(),
  ticketId: text('ticket_id').notNull(),
  ticketOrderId: text('ticket_order_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const ISSUED_CODES_DDL = `
CREATE TABLE IF NOT EXISTS issued_code (
  promo_code_id text PRIMARY KEY,
  seller_id text NOT NULL,
  code_group_id text NOT NULL,
  ticket_id text NOT NULL,
  ticket_order_id text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS issued_code_ticket_idx ON issued_code (ticket_id);
CREATE INDEX IF NOT EXISTS issued_code_order_idx ON issued_code (ticket_order_id);
`;

type TicketRow = typeof t.ticket.$inferSelect;

/**
 * The code group of each `codes` ticket group of these tickets (by ticket group id). A group without a valid
 * configuration, or naming a code group that is not the seller's, answers 400 before anything is charged.
 */
export async function codeGroupsOf(
  q: Q,
  sellerId: string,
  tickets: readonly Pick<TicketRow, 'ticketGroupId' | 'handler'>[],
): Promise<Map<string, string>> {
  const groupIds = [
    ...new Set(tickets.filter((k) => k.handler === CODES_HANDLER).map((k) => k.ticketGroupId)),
  ];
  const out = new Map<string, string>();
  if (!groupIds.length) return out;
  const rows = await q
    .select()
    .from(t.config)
    .where(
      and(
        eq(t.config.resource, 'ticket_group'),
        inArray(t.config.resourceId, groupIds),
        eq(t.config.key, CODES_CONFIG_KEY),
      ),
    );
  const wanted = new Map<string, string>();
  for (const row of rows) {
    const parsed = codesConfig.safeParse(row.value);
    if (parsed.success) wanted.set(row.resourceId, parsed.data.code_group_id);
  }
  const codeGroups = wanted.size
    ? await q
        .select({ id: promoCodeGroup.id })
        .from(promoCodeGroup)
        .where(and(eq(promoCodeGroup.sellerId, sellerId), inArray(promoCodeGroup.id, [...wanted.values()])))
    : [];
  const known = new Set(codeGroups.map((g) => g.id));
  for (const groupId of groupIds) {
    const codeGroupId = wanted.get(groupId);
    if (!codeGroupId || !known.has(codeGroupId))
      throw invalid('ticket_group', 'These discount codes cannot be sold at the moment.', {
        ticket_group_id: groupId,
      });
    out.set(groupId, codeGroupId);
  }
  return out;
}

/**
 * Issues one code per booked `codes` ticket of the order (inside the booking transaction). A ticket that already
 * has its code gets no second one (`issued_code.ticket_id` is unique). A drawn text another code of the seller
 * already has (case-insensitively) is drawn again. Returns how many codes were created.
 */
export async function issueOrderCodes(
  q: Q,
  order: { id: string; sellerId: string },
  booked: readonly TicketRow[],
  nowMs: number,
): Promise<number> {
  const tickets = booked.filter((k) => k.handler === CODES_HANDLER);
  if (!tickets.length) return 0;
  const groups = await codeGroupsOf(q, order.sellerId, tickets);
  let created = 0;
  for (const ticket of tickets) {
    const codeGroupId = groups.get(ticket.ticketGroupId) as string;
    const promoCodeId = newId();
    const [link] = await q
      .insert(issuedCode)
      .values({
        promoCodeId,
        sellerId: order.sellerId,
        codeGroupId,
        ticketId: ticket.id,
        ticketOrderId: order.id,
        createdAt: new Date(nowMs),
      })
      .onConflictDoNothing()
      .returning({ id: issuedCode.promoCodeId });
    if (!link) continue; // this ticket's code exists
    for (let attempt = 0; ; attempt++) {
      // ON CONFLICT DO NOTHING covers the (seller, lower(code)) index: a taken text inserts nothing.
      const [row] = await q
        .insert(promoCode)
        .values({
          id: promoCodeId,
          sellerId: order.sellerId,
          codeGroupId,
          code: newIssuedCodeValue(),
          maxUses: null,
          usedCount: 0,
        })
        .onConflictDoNothing()
        .returning({ id: promoCode.id });
      if (row) break;
      if (attempt >= 5) throw new Error('no free discount code');
    }
    created += 1;
  }
  return created;
}

/** The codes issued by these orders, with their text and what their group gives, in ticket order. */
export async function issuedCodesOf(q: Q, orderIds: readonly string[]) {
  if (!orderIds.length) return [];
  return q
    .select({
      id: issuedCode.promoCodeId,
      code: promoCode.code,
      codeGroupId: issuedCode.codeGroupId,
      description: promoCodeGroup.description,
      ticketId: issuedCode.ticketId,
      ticketOrderId: issuedCode.ticketOrderId,
    })
    .from(issuedCode)
    .innerJoin(promoCode, eq(promoCode.id, issuedCode.promoCodeId))
    .innerJoin(promoCodeGroup, eq(promoCodeGroup.id, issuedCode.codeGroupId))
    .innerJoin(t.ticket, eq(t.ticket.id, issuedCode.ticketId))
    .where(inArray(issuedCode.ticketOrderId, [...orderIds]))
    .orderBy(asc(t.ticket.createdAt), asc(t.ticket.id));
}
export type IssuedCode = Awaited<ReturnType<typeof issuedCodesOf>>[number];

/** The wire row of an issued code (the order document's `issued_promo_code` collection). */
export const wIssuedCode = (c: IssuedCode): w.IssuedPromoCode => ({
  id: c.id,
  code: c.code,
  code_group_id: c.codeGroupId,
  description: c.description,
  ticket_id: c.ticketId,
  ticket_order_id: c.ticketOrderId,
});
