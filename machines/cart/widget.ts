/**
 * Pure rules of the cart widget (spec 2 §2 "Cart widget", spec 1 §9): its money lines in the spec's order,
 * the total (or a partial total when scheduled payments exist), badge counts and text truncation.
 */
import type { CartModLine, CartTotals, GiftCardPayment, ScheduledPayment } from '../../api/models';
import { spreadGiftCards } from '../../domain/gift-card-rule';

/** Badge counts cap at '99+' (spec 1 §9). */
export const BADGE_CAP = 99;
/** Text is truncated at 128 characters with an ellipsis (spec 1 §9). */
export const TEXT_MAX = 128;

export const badgeText = (count: number): string => (count > BADGE_CAP ? `${BADGE_CAP}+` : String(count));

/** The first 128 characters and an ellipsis when longer; shorter text as it is. */
export const truncateText = (text: string): string =>
  text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}…` : text;

export type CartWidgetLineKey =
  | 'subtotal'
  | 'feesFixed'
  | 'feesPercent'
  | 'discounts'
  | 'giftCard'
  | 'payments'
  | 'cartBalance';

/** One money line of the widget: a catalogue key and a signed amount (deductions are negative). */
export interface CartWidgetLine {
  key: CartWidgetLineKey;
  amountCents: number;
  /** Gift card lines: the card's last four characters, and what stays on the card after this payment. */
  cardEnding?: string;
  balanceLeftCents?: number;
  /** The discounts line: the promo codes applied to the cart (issue 21). */
  codes?: string[];
  /**
   * The discounts line: the names of the automatic discounts that take something off (the members' discount):
   * no code says why the total dropped, so their names do. Absent when there are none.
   */
  names?: string[];
}

/** The names of the cart's automatic discounts that take something off (not blocking rules), in cart order. */
export const automaticDiscountNames = (mods: readonly CartModLine[] = []): string[] => [
  ...new Set(mods.filter((m) => m.automatic && !m.blocking && m.amountCents > 0).map((m) => m.name)),
];

/** The widget's total: the amount to pay, or the part due now when scheduled payments exist. */
export interface CartWidgetTotal {
  key: 'total' | 'partialTotal';
  amountCents: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The pending gift card payments over these totals: spread again over what is outstanding now, so a ticket
 * added or removed or a code applied since a card was applied changes what it pays (spec 2 §3); at most over
 * `limitCents`, the checkout's amount to pay now (a payment plan's choice, spec 2 §4), as the checkout posts them.
 */
export const giftCardLines = (
  totals: CartTotals,
  giftCards: readonly GiftCardPayment[],
  limitCents: number | null = null,
): GiftCardPayment[] =>
  spreadGiftCards(
    giftCards,
    limitCents === null ? totals.outstandingCents : Math.min(totals.outstandingCents, limitCents),
  );

const giftCardsPaid = (
  totals: CartTotals,
  giftCards: readonly GiftCardPayment[],
  limitCents: number | null,
): number => sum(giftCardLines(totals, giftCards, limitCents).map((g) => g.paymentCents));

/** What remains after the server's payments and the pending gift card payments. */
export const cartBalanceCents = (
  totals: CartTotals,
  giftCards: readonly GiftCardPayment[],
  limitCents: number | null = null,
): number => Math.max(0, totals.outstandingCents - giftCardsPaid(totals, giftCards, limitCents));

/**
 * The lines in the spec's order: subtotal; fixed fees and percent fees as separate lines (when any); discounts
 * (with the promo codes applied and the names of the automatic discounts);
 * each gift card with its balance left; payments; the cart balance (when gift cards or payments made it differ
 * from the sum above).
 */
export function widgetLines(
  totals: CartTotals,
  giftCards: readonly GiftCardPayment[] = [],
  codes: readonly string[] = [],
  automaticNames: readonly string[] = [],
  /** The checkout's amount to pay now, when less than the outstanding balance (the cart's giftCardLimitCents). */
  limitCents: number | null = null,
): CartWidgetLine[] {
  const lines: CartWidgetLine[] = [{ key: 'subtotal', amountCents: totals.subtotalCents }];
  if (totals.feesFixedCents) lines.push({ key: 'feesFixed', amountCents: totals.feesFixedCents });
  if (totals.feesPercentCents) lines.push({ key: 'feesPercent', amountCents: totals.feesPercentCents });
  if (totals.discountCents)
    lines.push({
      key: 'discounts',
      amountCents: -Math.abs(totals.discountCents),
      codes: [...codes],
      ...(automaticNames.length ? { names: [...automaticNames] } : {}),
    });
  for (const card of giftCardLines(totals, giftCards, limitCents))
    lines.push({
      key: 'giftCard',
      amountCents: -card.paymentCents,
      cardEnding: card.cardNumber.slice(-4),
      balanceLeftCents: card.remainingBalanceCents,
    });
  if (totals.paymentsCents) lines.push({ key: 'payments', amountCents: -totals.paymentsCents });
  if (giftCards.length || totals.paymentsCents)
    lines.push({ key: 'cartBalance', amountCents: cartBalanceCents(totals, giftCards, limitCents) });
  return lines;
}

/**
 * A scheduled payment is upcoming while its due date minus one second is in the future (spec 2 §4); with no
 * clock reading yet (`now` null), as the server's status says.
 */
export const isUpcoming = (payment: ScheduledPayment, now: number | null): boolean =>
  now === null ? payment.status !== 'overdue' : Date.parse(payment.dueDate) - 1000 > now;

/**
 * The total: the cart balance; with scheduled payments, the partial total due now (spec 2 §2, §4): what is overdue
 * plus the next scheduled payment (the due amount the checkout asks for and the server takes at least) less what
 * the pending gift cards pay of it, never more than the balance.
 */
export function widgetTotal(
  totals: CartTotals,
  giftCards: readonly GiftCardPayment[] = [],
  scheduled: readonly ScheduledPayment[] = [],
  now: number | null = null,
  /** The checkout's amount to pay now, when less than the outstanding balance (the cart's giftCardLimitCents). */
  limitCents: number | null = null,
): CartWidgetTotal {
  const balance = cartBalanceCents(totals, giftCards, limitCents);
  if (!scheduled.length) return { key: 'total', amountCents: balance };
  const byDue = [...scheduled].sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate));
  const overdue = sum(byDue.filter((p) => !isUpcoming(p, now)).map((p) => p.amountCents));
  const next = byDue.find((p) => isUpcoming(p, now) && p.amountCents > 0)?.amountCents ?? 0;
  const dueNow = overdue + next - giftCardsPaid(totals, giftCards, limitCents);
  return { key: 'partialTotal', amountCents: Math.max(0, Math.min(balance, dueNow)) };
}
