/**
 * Flexible price, a part of what a reserve carries (spec 1 §2 "optional query ... price (preset flexible
 * amount)", §3 ticket type currency_amount_min / currency_amount_max, §5 "Flexible price: number, step 0.01,
 * between currency_amount_min and currency_amount_max; a pattern allows an optional plus sign and up to 2
 * decimals; message 'Value entered is outside min/max.'"): one part for every ticket form (date-first,
 * quantity-first, single event), from domain/flexible-price.ts (which the server checks with too).
 *
 * - Which types: a type with a minimum or a maximum asks for its amount, beside its stepper.
 * - The input: a number with step 0.01 and the spec's pattern; the page's `price` query presets it, else the
 *   type's minimum; what the visitor types is kept as typed (also when it does not fit).
 * - Validation: a chosen type (count above 0) whose amount does not match the pattern, lies outside the
 *   bounds, or is left empty reads 'Value entered is outside min/max.'; a submit it stops shows the message.
 * - Sent: the amount as each of the type's lines' `face_value` ('12.50': no sign, two decimals); the server
 *   charges it within the bounds and refuses anything else (server/cart/modify.ts `lineValue`).
 * - Totals: a flexible type counts at the amount typed when it fits, else at its minimum; its percent fee is
 *   taken of that amount (the server's fee), not of the listed price.
 */
import type { TicketGroupModel, TicketTypeModel } from '../../../api/models';
import {
  amountCents,
  type FlexibleBounds,
  fitsBounds,
  isFlexiblePrice,
  moneyText,
} from '../../../domain/flexible-price';
import { percentFeeCents } from '../../../domain/outside-fee';
import { type Message, message } from '../../shared/messages';
import { type Quantities, quantityOf } from '../quantities';

export { FLEXIBLE_PRICE_PATTERN, FLEXIBLE_PRICE_STEP, isFlexiblePrice } from '../../../domain/flexible-price';

/** What the visitor typed per flexible ticket type (untrimmed). */
export type Prices = Readonly<Record<string, string>>;

/** The visitor typed an amount for a flexible ticket type. */
export interface PriceChangeEvent {
  type: 'price.change';
  ticketTypeId: string;
  value: string;
}

/** The context of a flow whose tickets may have a flexible price. */
export interface PricesContext {
  /** The amounts typed, per ticket type; a type not typed into reads its preset. */
  prices: Prices;
  /** Preset flexible amount in cents (the `price` query), or null. */
  presetPriceCents: number | null;
  /** A submit was stopped by the price rule: the chosen types' inputs show their problems from now on. */
  pricesChecked: boolean;
}

/** A flow's price part before anything is typed, with the `price` query's preset. */
export const noPrices = (presetPriceCents: number | null = null): PricesContext => ({
  prices: {},
  presetPriceCents,
  pricesChecked: false,
});

/** The amounts after the visitor typed into one type's input. */
export function pricesAfterChange(prices: Prices, change: PriceChangeEvent): Prices {
  return { ...prices, [change.ticketTypeId]: change.value };
}

/** 'Value entered is outside min/max.' when the amount typed does not fit the type, else null. */
export function flexiblePriceProblem(type: FlexibleBounds, value: string): Message | null {
  if (!isFlexiblePrice(type)) return null;
  const cents = amountCents(value);
  return cents !== null && fitsBounds(type, cents) ? null : message('flexiblePriceOutside');
}

/** The amount as a line's face_value: no sign, two decimals ('+12.5' -> '12.50'); null when it is not one. */
export function faceValueOf(value: string): string | null {
  const cents = amountCents(value);
  return cents === null ? null : moneyText(cents);
}

/** The preset of a flexible type's amount: the `price` query (in cents) as typed text, else its minimum. */
export function presetAmount(type: FlexibleBounds, presetCents: number | null): string {
  const cents = presetCents ?? type.amountMinCents ?? null;
  return cents === null ? '' : moneyText(cents);
}

/** The amount a flexible type's input holds: what was typed, else its preset. */
export function typedAmount(context: PricesContext, type: TicketTypeModel): string {
  return context.prices[type.id] ?? presetAmount(type, context.presetPriceCents);
}

/** The chosen types (count above 0) that ask for their amount, in the form's order. */
function chosenFlexibleTypes(groups: readonly TicketGroupModel[], quantities: Quantities) {
  return groups.flatMap((group) =>
    group.types.filter((type) => isFlexiblePrice(type) && quantityOf(quantities, type.id) > 0),
  );
}

/** The price rule holds: every chosen flexible type's amount fits its bounds. */
export function pricesHold(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  context: PricesContext,
): boolean {
  return chosenFlexibleTypes(groups, quantities).every(
    (type) => flexiblePriceProblem(type, typedAmount(context, type)) === null,
  );
}

/** What the reserve sends as its lines' face values per type, or undefined when no chosen type asks one. */
export function requestFaceValues(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  context: PricesContext,
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const type of chosenFlexibleTypes(groups, quantities)) {
    const value = faceValueOf(typedAmount(context, type));
    if (value !== null) out[type.id] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** A type's price for the form's totals: a flexible one's amount typed when it fits, else its minimum. */
export function chosenPriceCents(type: TicketTypeModel, context: PricesContext): number {
  if (!isFlexiblePrice(type)) return type.priceCents;
  const cents = amountCents(typedAmount(context, type));
  return cents !== null && fitsBounds(type, cents) ? cents : (type.amountMinCents ?? type.priceCents);
}

/**
 * A type's outside fee for the form's totals: a flexible one's fixed fee plus its percent of the chosen amount
 * (as the server charges it), else the type's fee.
 */
export function chosenFeeCents(type: TicketTypeModel, context: PricesContext): number {
  if (!isFlexiblePrice(type) || type.feePercentHundredths === undefined) return type.feeCents;
  return (
    (type.feeFixedCents ?? 0) + percentFeeCents(chosenPriceCents(type, context), type.feePercentHundredths)
  );
}

/** The groups with each flexible type priced at its chosen amount, its fee with it (what the totals sum). */
export function withChosenPrices(
  groups: readonly TicketGroupModel[],
  context: PricesContext,
): TicketGroupModel[] {
  return groups.map((group) =>
    group.types.some(isFlexiblePrice)
      ? {
          ...group,
          types: group.types.map((type) => ({
            ...type,
            priceCents: chosenPriceCents(type, context),
            feeCents: chosenFeeCents(type, context),
          })),
        }
      : group,
  );
}

// ---- the view ------------------------------------------------------------------------------------------

/** A flexible type's amount input as the views render it. */
export interface FlexiblePriceView {
  value: string;
  minCents: number | null;
  maxCents: number | null;
  /** The rule's verdict now, for a chosen type (given to the browser's validity: the first invalid field gets focus). */
  invalid: Message | null;
  /** Shown after a submit the rule stopped, else null. */
  error: Message | null;
}

/** The amount input of a type, or null when its price is fixed. */
export function flexiblePriceView(
  type: TicketTypeModel,
  quantities: Quantities,
  context: PricesContext,
): FlexiblePriceView | null {
  if (!isFlexiblePrice(type)) return null;
  const value = typedAmount(context, type);
  const invalid = quantityOf(quantities, type.id) > 0 ? flexiblePriceProblem(type, value) : null;
  return {
    value,
    minCents: type.amountMinCents ?? null,
    maxCents: type.amountMaxCents ?? null,
    invalid,
    error: context.pricesChecked ? invalid : null,
  };
}
