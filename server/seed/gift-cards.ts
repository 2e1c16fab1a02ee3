/**
 * The demo seller's gift cards (issue 22; server/README.md "Demo data"): the gift card product "Gift Cards", an
 * event without sessions whose only ticket group has handler `ledger` (the one-ticket picker, spec 1 §2 layout
 * 2; each ticket bought issues a card of its price, server/ledger/ledger.ts), the seller's config row
 * `additional_payment_methods_enabled` with `gift_card` on (checkout's gift card field, spec 2 §2), and four cards
 * to try: with a balance ($10 and $200), with $0, and inactive. Every seeded seller (the per-worker e2e sellers
 * too) has them. Idempotent (a restart keeps the balances spent), stable ids like the rest of the seed.
 */
import type { Db } from '../db';
import { GIFT_CARD_LEDGER_TYPE, LEDGER_HANDLER } from '../ledger/ledger';
import { ledger } from '../ledger/schema';
import * as t from '../schema';
import type { SellerIds } from './demo';
import { seedProductEvent } from './product';

export const GIFT_CARDS_KEY = 'gift-cards';

/** The product's card values (one ticket type each). */
export const GIFT_CARD_VALUES = [
  { name: '$25 Gift Card', cents: 2500 },
  { name: '$50 Gift Card', cents: 5000 },
  { name: '$100 Gift Card', cents: 10000 },
];

/** The seeded cards (numbers as typed at checkout). */
export const SEEDED_GIFT_CARDS = {
  /** $10.00: pays part of an order. */
  ten: { number: '7000000000000010', balanceCents: 1000, state: 'active' },
  /** $200.00: covers a whole order. */
  twoHundred: { number: '7000000000000200', balanceCents: 20000, state: 'active' },
  /** $0.00: 'Gift Card balance is $0'. */
  empty: { number: '7000000000000000', balanceCents: 0, state: 'active' },
  /** Inactive (with $25.00 on it): 'Gift Card balance is $0'. */
  inactive: { number: '7000000000009999', balanceCents: 2500, state: 'inactive' },
} as const;

export const giftCardIds = (ids: SellerIds) => ({
  event: ids.event(GIFT_CARDS_KEY),
  group: ids.group(GIFT_CARDS_KEY),
  type: (name: string) => ids.type(GIFT_CARDS_KEY, name),
});

export async function seedGiftCards(db: Db, ids: SellerIds, nowMs: number): Promise<void> {
  const g = giftCardIds(ids);
  await seedProductEvent(db, ids, GIFT_CARDS_KEY, {
    name: 'Gift Cards',
    subtitle: 'Give a visit, a show or a membership',
    summary: 'A gift card pays for anything in the store, in one order or several.',
    description:
      '<p>The card number arrives in your confirmation email. Enter it under Gift card at checkout to pay with it; what is left stays on the card.</p>',
    category: 'Support',
    eventType: 'other',
    rank: 96,
    hue: 160,
    altText: 'Green shapes like a card with a ribbon and the words Gift Card',
  });
  await db
    .insert(t.config)
    .values([
      // Spec 2 §2: checkout's gift card field (configuration additional_payment_methods_enabled.gift_card).
      {
        id: ids.id(`config:${ids.seller}:additional_payment_methods_enabled`),
        resource: 'seller',
        resourceId: ids.seller,
        key: 'additional_payment_methods_enabled',
        value: { gift_card: true },
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(t.ticketGroup)
    .values({
      id: g.group,
      eventTemplateId: g.event,
      name: 'Gift Cards',
      description: 'One card of the chosen value',
      handler: LEDGER_HANDLER,
      hiddenType: 'public_browsable',
      minTicketsPerOrder: null,
      maxTicketsPerOrder: 10,
      capacity: -1,
      oversellCapacity: 0,
      usedCapacity: 0,
      excludeFromEventCapacity: true,
      rank: 0,
    })
    .onConflictDoNothing();
  await db
    .insert(t.ticketType)
    .values(
      GIFT_CARD_VALUES.map((v, rank) => ({
        id: g.type(v.name),
        ticketGroupId: g.group,
        eventTemplateId: g.event,
        name: v.name,
        description: null,
        summary: null,
        amountCents: v.cents,
        feeFixedCents: null,
        feePercentBp: null,
        rank,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(ledger)
    .values(
      Object.entries(SEEDED_GIFT_CARDS).map(([key, card]) => ({
        id: ids.id(`ledger:${key}`),
        sellerId: ids.seller,
        ledgerType: GIFT_CARD_LEDGER_TYPE,
        number: card.number,
        balanceCents: card.balanceCents,
        state: card.state,
        ticketId: null,
        ticketOrderId: null,
        createdAt: new Date(nowMs),
      })),
    )
    .onConflictDoNothing();
}
