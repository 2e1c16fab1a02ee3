/**
 * Pure quantity rules of the reserve flows (spec section 4 "Quantities", section 5 "Quantity rules",
 * section 9 limits). Quantities map ticket type id -> count; zero counts are not stored.
 */
import type { SessionModel, TicketGroupModel, TicketTypeModel } from '../../api/models';

/** Max quantity per ticket type when nothing lower applies. */
export const MAX_PER_TYPE = 1000;
/** Few-tickets warning when the session's available capacity is under this. */
export const FEW_TICKETS_THRESHOLD = 10;

export type Quantities = Readonly<Record<string, number>>;

/** What the rules need to know: the session's ticket groups, the chosen session and the current counts. */
export interface QuantityScope {
  groups: readonly TicketGroupModel[];
  session: SessionModel | null;
  quantities: Quantities;
}

export function quantityOf(quantities: Quantities, typeId: string): number {
  return quantities[typeId] ?? 0;
}

export function totalTickets(quantities: Quantities): number {
  return Object.values(quantities).reduce((sum, count) => sum + count, 0);
}

export function groupTotal(group: TicketGroupModel, quantities: Quantities): number {
  return group.types.reduce((sum, type) => sum + quantityOf(quantities, type.id), 0);
}

export function findGroupOfType(
  groups: readonly TicketGroupModel[],
  typeId: string,
): TicketGroupModel | undefined {
  return groups.find((group) => group.types.some((type) => type.id === typeId));
}

/** The first step up from 0: the group's min_tickets_per_order when it has exactly one type, else 1. */
export function groupMinimum(group: TicketGroupModel): number {
  if (group.types.length === 1 && group.minPerOrder !== null && group.minPerOrder > 1) {
    return group.minPerOrder;
  }
  return 1;
}

/**
 * Places still open to the group given what is selected: the minimum of max_tickets_per_order, the group's
 * remaining capacity and the session's available capacity (unless the group is excluded from event
 * capacity), each minus what already counts against it. The session capacity is shared by every group that
 * is not excluded, so their selections all count against it. Infinity when nothing limits the group.
 */
export function remainingForGroup(
  group: TicketGroupModel,
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  session: SessionModel | null,
): number {
  if (group.soldOut) return 0;
  const inGroup = groupTotal(group, quantities);
  let remaining = Number.POSITIVE_INFINITY;
  if (group.maxPerOrder !== null) remaining = Math.min(remaining, group.maxPerOrder - inGroup);
  if (group.remaining !== null) remaining = Math.min(remaining, group.remaining - inGroup);
  if (!group.excludeFromEventCapacity && session && session.availableCapacity !== null) {
    const inSession = groups
      .filter((other) => !other.excludeFromEventCapacity)
      .reduce((sum, other) => sum + groupTotal(other, quantities), 0);
    remaining = Math.min(remaining, session.availableCapacity - inSession);
  }
  return Math.max(0, remaining);
}

function withQuantity(quantities: Quantities, typeId: string, count: number): Quantities {
  if (quantityOf(quantities, typeId) === count) return quantities;
  const next: Record<string, number> = { ...quantities };
  if (count > 0) next[typeId] = count;
  else delete next[typeId];
  return next;
}

/** The most of one type an order may hold: MAX_PER_TYPE, or the type's own limit (a member benefit) when lower. */
export function typeMaximum(group: TicketGroupModel, typeId: string): number {
  const limit = group.types.find((type) => type.id === typeId)?.maxCount;
  return limit === undefined ? MAX_PER_TYPE : Math.max(0, Math.min(limit, MAX_PER_TYPE));
}

/** Clamps a wanted count for one type to the group's remaining availability and the per-type maximum. */
function clampToAvailability(scope: QuantityScope, group: TicketGroupModel, typeId: string, wanted: number) {
  const current = quantityOf(scope.quantities, typeId);
  if (wanted <= current) return Math.max(0, wanted);
  const room = remainingForGroup(group, scope.groups, scope.quantities, scope.session);
  return Math.min(wanted, current + room, typeMaximum(group, typeId));
}

export function canIncrement(scope: QuantityScope, typeId: string): boolean {
  const group = findGroupOfType(scope.groups, typeId);
  if (!group) return false;
  const current = quantityOf(scope.quantities, typeId);
  const remaining = remainingForGroup(group, scope.groups, scope.quantities, scope.session);
  // The first step goes to the group minimum: when fewer places are left, it cannot be taken at all (a
  // count under the minimum could never be booked).
  const step = current === 0 ? groupMinimum(group) : 1;
  return current + step <= typeMaximum(group, typeId) && remaining >= step;
}

export function canDecrement(scope: QuantityScope, typeId: string): boolean {
  return findGroupOfType(scope.groups, typeId) !== undefined && quantityOf(scope.quantities, typeId) > 0;
}

/**
 * From 0 to the group minimum (refused when fewer places are left), else one more; nothing when no capacity
 * remains; clamped to availability.
 */
export function increment(scope: QuantityScope, typeId: string): Quantities {
  const group = findGroupOfType(scope.groups, typeId);
  if (!group || !canIncrement(scope, typeId)) return scope.quantities;
  const current = quantityOf(scope.quantities, typeId);
  const wanted = current === 0 ? groupMinimum(group) : current + 1;
  return withQuantity(scope.quantities, typeId, clampToAvailability(scope, group, typeId, wanted));
}

/** One less; at (or under) the group minimum straight to 0. */
export function decrement(scope: QuantityScope, typeId: string): Quantities {
  const group = findGroupOfType(scope.groups, typeId);
  if (!group) return scope.quantities;
  const current = quantityOf(scope.quantities, typeId);
  if (current === 0) return scope.quantities;
  return withQuantity(scope.quantities, typeId, current <= groupMinimum(group) ? 0 : current - 1);
}

/**
 * Sets a typed-in count: whole numbers only, raised to the group minimum when between 0 and it, clamped to
 * availability and the per-type maximum. Non-finite input leaves the quantities unchanged.
 */
export function setQuantity(scope: QuantityScope, typeId: string, value: number): Quantities {
  const group = findGroupOfType(scope.groups, typeId);
  if (!group || !Number.isFinite(value)) return scope.quantities;
  let wanted = Math.max(0, Math.floor(value));
  if (wanted > 0 && wanted < groupMinimum(group)) wanted = groupMinimum(group);
  const clamped = clampToAvailability(scope, group, typeId, wanted);
  // Clamped under the minimum: not bookable, so none (the visitor sees the count refused).
  return withQuantity(scope.quantities, typeId, clamped < groupMinimum(group) ? 0 : clamped);
}

/** The group's quantity sum lies within min and max per order when those are defined (or is 0). */
export function groupWithinLimits(group: TicketGroupModel, quantities: Quantities): boolean {
  const sum = groupTotal(group, quantities);
  if (sum === 0) return true;
  if (group.minPerOrder !== null && sum < group.minPerOrder) return false;
  if (group.maxPerOrder !== null && sum > group.maxPerOrder) return false;
  return true;
}

/** At least one ticket and every group within its order limits. */
export function isSelectionValid(groups: readonly TicketGroupModel[], quantities: Quantities): boolean {
  return totalTickets(quantities) > 0 && groups.every((group) => groupWithinLimits(group, quantities));
}

/** The counts a reserve request sends: only those above 0. */
export function requestQuantities(quantities: Quantities): Record<string, number> {
  return Object.fromEntries(Object.entries(quantities).filter(([, count]) => count > 0));
}

export function isFewTickets(session: SessionModel | null): boolean {
  return session?.availableCapacity != null && session.availableCapacity < FEW_TICKETS_THRESHOLD;
}

export function totalPriceCents(groups: readonly TicketGroupModel[], quantities: Quantities): number {
  return sumOverTypes(groups, quantities, (type) => type.priceCents);
}

export function totalFeesCents(groups: readonly TicketGroupModel[], quantities: Quantities): number {
  return sumOverTypes(groups, quantities, (type) => type.feeCents);
}

function sumOverTypes(
  groups: readonly TicketGroupModel[],
  quantities: Quantities,
  amount: (type: TicketTypeModel) => number,
): number {
  let sum = 0;
  for (const group of groups) {
    for (const type of group.types) sum += quantityOf(quantities, type.id) * amount(type);
  }
  return sum;
}

/** Applies preset counts (from the query) one type at a time through `setQuantity`; unknown types are skipped. */
export function applyPresetQuantities(scope: QuantityScope, presets: Quantities): Quantities {
  let quantities = scope.quantities;
  for (const [typeId, count] of Object.entries(presets)) {
    quantities = setQuantity({ ...scope, quantities }, typeId, count);
  }
  return quantities;
}

/** The steppers' events, as every reserve flow receives them. */
export type QuantityEvent =
  | { type: 'quantity.increment'; ticketTypeId: string }
  | { type: 'quantity.decrement'; ticketTypeId: string }
  | { type: 'quantity.set'; ticketTypeId: string; quantity: number };

const isQuantityEvent = (event: QuantityEvent | { type: string }): event is QuantityEvent =>
  event.type === 'quantity.increment' || event.type === 'quantity.decrement' || event.type === 'quantity.set';

/** The quantities after a stepper event, through the rules above; any other event leaves them as they are. */
export function quantitiesAfter(scope: QuantityScope, event: QuantityEvent | { type: string }): Quantities {
  if (!isQuantityEvent(event)) return scope.quantities;
  if (event.type === 'quantity.increment') return increment(scope, event.ticketTypeId);
  if (event.type === 'quantity.decrement') return decrement(scope, event.ticketTypeId);
  return setQuantity(scope, event.ticketTypeId, event.quantity);
}
