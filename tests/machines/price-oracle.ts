/**
 * The flexible price rule read from spec 1 §5, for the reserve flows' path tests (an oracle beside the core's
 * own rule in machines/reserve/core/prices.ts and domain/flexible-price.ts): "Flexible price: number, step
 * 0.01, between currency_amount_min and currency_amount_max; a pattern allows an optional plus sign and up to
 * 2 decimals; message 'Value entered is outside min/max.'"; §2 "price (preset flexible amount)".
 */
import { expect } from 'vitest';
import type { TicketGroupModel } from '../../api/models';
import type { FlexiblePriceView, PricesContext } from '../../machines/reserve/core/prices';
import '../../ui/form-strings';
import { createStrings, resolveMessage, type UiMessage } from '../../ui/strings';

const T = createStrings();
const text = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);

/** The spec's pattern, written here: an optional plus sign, digits, up to 2 decimals. */
const SPEC_PATTERN = /^\+?[0-9]+(\.[0-9]{1,2})?$/;

/** What the input of a flexible type holds: the amount typed, else the preset (the query's, else the minimum). */
export function amountShown(
  type: { id: string; amountMinCents?: number | null },
  context: PricesContext,
): string {
  const typed = context.prices[type.id];
  if (typed !== undefined) return typed;
  const cents = context.presetPriceCents ?? type.amountMinCents ?? null;
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/** The spec's rule for one amount: the pattern, and between the bounds (both included). */
export function amountFits(value: string, min: number | null | undefined, max: number | null | undefined) {
  const trimmed = value.trim();
  if (!SPEC_PATTERN.test(trimmed)) return false;
  const cents = Math.round(Number.parseFloat(trimmed) * 100);
  return cents >= (min ?? 0) && (max === null || max === undefined || cents <= max);
}

const flexibleChosen = (groups: readonly TicketGroupModel[], quantities: Readonly<Record<string, number>>) =>
  groups
    .flatMap((g) => g.types)
    .filter(
      (t) =>
        ((t.amountMinCents ?? null) !== null || (t.amountMaxCents ?? null) !== null) &&
        (quantities[t.id] ?? 0) > 0,
    );

/** Every chosen flexible type's amount fits its bounds. */
export function priceRuleHolds(
  groups: readonly TicketGroupModel[],
  quantities: Readonly<Record<string, number>>,
  context: PricesContext,
): boolean {
  return flexibleChosen(groups, quantities).every((t) =>
    amountFits(amountShown(t, context), t.amountMinCents, t.amountMaxCents),
  );
}

/**
 * The view: a flexible type shows an input holding what was typed (kept as typed), with the spec's message
 * after a stopped submit when its ticket is chosen and the amount does not fit; a fixed price shows none.
 */
export function expectPriceView(
  where: string,
  views: readonly { types: readonly { id: string; flexiblePrice: FlexiblePriceView | null }[] }[],
  groups: readonly TicketGroupModel[],
  quantities: Readonly<Record<string, number>>,
  context: PricesContext,
) {
  for (const type of groups.flatMap((g) => g.types)) {
    const view = views.flatMap((g) => g.types).find((t) => t.id === type.id);
    if (!view) continue;
    const flexible = (type.amountMinCents ?? null) !== null || (type.amountMaxCents ?? null) !== null;
    if (!flexible) {
      expect(view.flexiblePrice, `${where}: ${type.id} has a fixed price`).toBeNull();
      continue;
    }
    const value = amountShown(type, context);
    expect(view.flexiblePrice?.value, `${where}: ${type.id} keeps what was typed`).toBe(value);
    const wrong =
      (quantities[type.id] ?? 0) > 0 && !amountFits(value, type.amountMinCents, type.amountMaxCents);
    expect(text(view.flexiblePrice?.error ?? null), `${where}: ${type.id}'s message`).toBe(
      wrong && context.pricesChecked ? 'Value entered is outside min/max.' : null,
    );
  }
}
