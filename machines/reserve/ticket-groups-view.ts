/**
 * The ticket groups as the date-first and single-event views show them (one helper for both): each group's
 * places left and limits, each type's price, count and whether its stepper can move.
 */
import type { TicketGroupModel } from '../../api/models';
import { type FlexiblePriceView, flexiblePriceView, type PricesContext } from './core/prices';
import {
  canDecrement,
  canIncrement,
  groupWithinLimits,
  type QuantityScope,
  quantityOf,
  remainingForGroup,
} from './quantities';

export interface TicketTypeView {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  originalPriceCents: number | null;
  feeCents: number;
  quantity: number;
  canIncrement: boolean;
  canDecrement: boolean;
  /** A flexible price's amount input (core/prices.ts), or null when the price is fixed. */
  flexiblePrice: FlexiblePriceView | null;
}

export interface TicketGroupView {
  id: string;
  name: string;
  description: string | null;
  /** Places left for this group given the selection; null when unlimited. */
  remaining: number | null;
  /** The group's sum lies within its min and max per order. */
  withinLimits: boolean;
  minPerOrder: number | null;
  maxPerOrder: number | null;
  types: TicketTypeView[];
}

/**
 * The groups' views for the quantities in `scope`; the steppers move only when `editable`; flexible prices
 * show the amounts of `prices`.
 */
export function ticketGroupViews(
  groups: readonly TicketGroupModel[],
  scope: QuantityScope,
  editable: boolean,
  prices: PricesContext,
): TicketGroupView[] {
  return groups.map((group) => {
    const remaining = remainingForGroup(group, scope.groups, scope.quantities, scope.session);
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      remaining: Number.isFinite(remaining) ? remaining : null,
      withinLimits: groupWithinLimits(group, scope.quantities),
      minPerOrder: group.minPerOrder,
      maxPerOrder: group.maxPerOrder,
      types: group.types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        priceCents: type.priceCents,
        originalPriceCents: type.originalPriceCents,
        feeCents: type.feeCents,
        quantity: quantityOf(scope.quantities, type.id),
        canIncrement: editable && canIncrement(scope, type.id),
        canDecrement: editable && canDecrement(scope, type.id),
        flexiblePrice: flexiblePriceView(type, scope.quantities, prices),
      })),
    };
  });
}
