/**
 * Gift cards (issue 22; spec 2 §3 "Ledger / gift card", §4 "Gift cards"): a ticket group with handler `ledger`
 * sells cards. When an order with such tickets is booked (payments/completion.ts `book`, in the booking
 * transaction, under the cart lock) one card per ticket is created, its balance the ticket's price, as
 * server/promo/issued.ts issues discount codes: exactly once (the booking runs once per cart, and
 * `ledger.ticket_id` is unique, so a second issue for a ticket inserts nothing).
 *
 * A card number is a secret of its holder: 16 digits drawn by node:crypto (10^16 numbers, hopeless to guess
 * within the lookup's limit, `LIMITS.ledgerAddress`), never logged, shown only to the order's owner
 * (payments/orders.ts) and in the confirmation email to the purchaser.
 *
 * Balances move only by conditional UPDATEs: a debit takes from an active card only when the balance covers it
 * (`balance_cents >= amount`), so concurrent payments never take more than the card holds.
 */
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { GIFT_CARD_LEDGER_TYPE, GIFT_CARD_NUMBER_MAX, giftCardNumberOf } from '../../domain/gift-card-rule';
import type { Q } from '../db';
import { ApiError, notFound } from '../http/errors';
import * as t from '../schema';
import { money, newId, randomText } from '../util';
import { ledger } from './schema';

/** The handler of ticket groups that sell gift cards. */
export const LEDGER_HANDLER = 'ledger';
/** The ledger type of the gift cards this server issues (the lookup's and the payment's `ledger_type`). */
export { GIFT_CARD_LEDGER_TYPE } from '../../domain/gift-card-rule';
/** The context of ledger errors (lookup and payments). */
export const LEDGER_CONTEXT = 'ledger';
export const LEDGER_NUMBER_ALPHABET = '0123456789';
export const LEDGER_NUMBER_LENGTH = 16;
/** Spec 2 §5, §9: a gift card number is at most 70 characters. */
export const LEDGER_NUMBER_MAX = GIFT_CARD_NUMBER_MAX;

export const newLedgerNumber = () => randomText(LEDGER_NUMBER_ALPHABET, LEDGER_NUMBER_LENGTH);

export type LedgerRow = typeof ledger.$inferSelect;
type TicketRow = typeof t.ticket.$inferSelect;

/** A card of the seller by type and number (matched without the spaces and dashes typed between digits), or null. */
export async function findLedger(q: Q, sellerId: string, ledgerType: string, number: string) {
  const [row] = await q
    .select()
    .from(ledger)
    .where(
      and(
        eq(ledger.sellerId, sellerId),
        eq(ledger.ledgerType, ledgerType),
        eq(ledger.number, giftCardNumberOf(number)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Issues one card per booked `ledger` ticket of the order (inside the booking transaction), its balance the
 * ticket's price. A ticket that has its card gets no second one; a drawn number the seller already has is drawn
 * again. Returns how many cards were created.
 */
export async function issueOrderLedgers(
  q: Q,
  order: { id: string; sellerId: string },
  booked: readonly TicketRow[],
  nowMs: number,
): Promise<number> {
  let created = 0;
  for (const ticket of booked.filter((k) => k.handler === LEDGER_HANDLER)) {
    for (let attempt = 0; ; attempt++) {
      // ON CONFLICT DO NOTHING covers both unique indexes: the ticket's card, and a number already taken.
      const [row] = await q
        .insert(ledger)
        .values({
          id: newId(),
          sellerId: order.sellerId,
          ledgerType: GIFT_CARD_LEDGER_TYPE,
          number: newLedgerNumber(),
          balanceCents: ticket.adjustedValueCents,
          state: 'active',
          ticketId: ticket.id,
          ticketOrderId: order.id,
          createdAt: new Date(nowMs),
        })
        .onConflictDoNothing()
        .returning({ id: ledger.id });
      if (row) {
        created += 1;
        break;
      }
      const [existing] = await q
        .select({ id: ledger.id })
        .from(ledger)
        .where(eq(ledger.ticketId, ticket.id))
        .limit(1);
      if (existing) break; // this ticket's card exists
      if (attempt >= 5) throw new Error('no free gift card number');
    }
  }
  return created;
}

/** The cards these orders bought, in ticket order. */
export async function ledgersOf(q: Q, orderIds: readonly string[]) {
  if (!orderIds.length) return [];
  return q
    .select({ card: ledger })
    .from(ledger)
    .innerJoin(t.ticket, eq(t.ticket.id, ledger.ticketId))
    .where(inArray(ledger.ticketOrderId, [...orderIds]))
    .orderBy(asc(t.ticket.createdAt), asc(t.ticket.id))
    .then((rows) => rows.map((r) => r.card));
}

/** The wire row of a card (spec 2 §3: number, state, balance; and what bought it, for the order document). */
export const wLedger = (l: LedgerRow): w.Ledger => ({
  id: l.id,
  ledger_type: l.ledgerType,
  number: l.number,
  state: l.state,
  balance: money(l.balanceCents),
  ticket_id: l.ticketId,
  ticket_order_id: l.ticketOrderId,
});

export const ledgerNotFound = () => notFound(LEDGER_CONTEXT, 'Gift card not found.');

/**
 * Takes `amountCents` from an active card with at least that balance, atomically (one conditional UPDATE), inside
 * the caller's transaction; answers the card after the debit. Refusals: unknown card 404 not_found, a card not
 * active ledger_inactive, a balance below the amount (a $0 card too) ledger_balance_insufficient.
 */
export async function debitLedger(
  q: Q,
  sellerId: string,
  ledgerType: string,
  number: string,
  amountCents: number,
): Promise<LedgerRow> {
  const where = and(
    eq(ledger.sellerId, sellerId),
    eq(ledger.ledgerType, ledgerType),
    eq(ledger.number, giftCardNumberOf(number)),
  );
  const [taken] = await q
    .update(ledger)
    .set({ balanceCents: sql`${ledger.balanceCents} - ${amountCents}` })
    .where(and(where, eq(ledger.state, 'active'), gte(ledger.balanceCents, amountCents)))
    .returning();
  if (taken) return taken;
  const card = await findLedger(q, sellerId, ledgerType, number);
  if (!card) throw ledgerNotFound();
  if (card.state !== 'active')
    throw new ApiError(400, ErrorCode.ledger_inactive, LEDGER_CONTEXT, 'This gift card cannot be used.');
  throw new ApiError(
    400,
    ErrorCode.ledger_balance_insufficient,
    LEDGER_CONTEXT,
    `The gift card's balance is ${money(card.balanceCents)}.`,
    { balance: money(card.balanceCents) },
  );
}

/**
 * Gives the gift card payments of a cart that ends unbooked (expired, deleted) back to their cards, in the
 * transaction that ends it: each payment moves to `refunded` once (a conditional UPDATE) and credits its card.
 */
export async function refundCartLedgerPayments(q: Q, cartId: string): Promise<void> {
  const refunded = await q
    .update(t.payment)
    .set({ state: 'refunded' })
    .where(
      and(
        eq(t.payment.cartId, cartId),
        eq(t.payment.gatewayId, LEDGER_HANDLER),
        eq(t.payment.state, 'succeeded'),
        isNull(t.payment.ticketOrderId),
      ),
    )
    .returning();
  for (const p of refunded)
    if (p.reference)
      await q
        .update(ledger)
        .set({ balanceCents: sql`${ledger.balanceCents} + ${p.amountCents}` })
        .where(eq(ledger.id, p.reference));
}
