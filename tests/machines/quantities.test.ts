import { describe, expect, it } from 'vitest';
import type { SessionModel, TicketGroupModel, TicketTypeModel } from '../../api/models';
import {
  applyPresetQuantities,
  canDecrement,
  canIncrement,
  decrement,
  groupMinimum,
  groupWithinLimits,
  increment,
  isFewTickets,
  isSelectionValid,
  MAX_PER_TYPE,
  type QuantityScope,
  quantitiesAfter,
  remainingForGroup,
  requestQuantities,
  setQuantity,
  totalFeesCents,
  totalPriceCents,
  totalTickets,
} from '../../machines/reserve/quantities';

function type(id: string, groupId: string, priceCents = 1000, feeCents = 0): TicketTypeModel {
  return {
    id,
    groupId,
    name: id,
    description: null,
    priceCents,
    originalPriceCents: null,
    feeCents,
    rank: 0,
  };
}

function group(id: string, typeIds: string[], partial: Partial<TicketGroupModel> = {}): TicketGroupModel {
  return {
    id,
    name: id,
    description: null,
    handler: 'tickets',
    hiddenType: 'public_browsable',
    minPerOrder: null,
    maxPerOrder: null,
    remaining: null,
    excludeFromEventCapacity: false,
    soldOut: false,
    types: typeIds.map((typeId) => type(typeId, id)),
    ...partial,
  };
}

function session(availableCapacity: number | null): SessionModel {
  return {
    id: 's',
    eventId: 'e',
    start: '2026-11-21T14:30:00Z',
    end: '2026-11-21T15:30:00Z',
    availableCapacity,
    soldOut: false,
  };
}

function scope(
  groups: TicketGroupModel[],
  quantities: Record<string, number> = {},
  availableCapacity: number | null = null,
): QuantityScope {
  return { groups, quantities, session: session(availableCapacity) };
}

describe('group minimum', () => {
  it('is min_tickets_per_order for a group with exactly one type, else 1', () => {
    expect(groupMinimum(group('g', ['a'], { minPerOrder: 4 }))).toBe(4);
    expect(groupMinimum(group('g', ['a', 'b'], { minPerOrder: 4 }))).toBe(1);
    expect(groupMinimum(group('g', ['a'], { minPerOrder: null }))).toBe(1);
    expect(groupMinimum(group('g', ['a'], { minPerOrder: 0 }))).toBe(1);
  });
});

describe('increment', () => {
  it('goes from 0 to the group minimum, then one at a time', () => {
    const single = [group('g', ['a'], { minPerOrder: 3 })];
    expect(increment(scope(single), 'a')).toEqual({ a: 3 });
    expect(increment(scope(single, { a: 3 }), 'a')).toEqual({ a: 4 });
    const multi = [group('g', ['a', 'b'], { minPerOrder: 3 })];
    expect(increment(scope(multi), 'a')).toEqual({ a: 1 });
  });

  it('does nothing when no capacity remains', () => {
    const full = [group('g', ['a'], { remaining: 2 })];
    expect(canIncrement(scope(full, { a: 2 }), 'a')).toBe(false);
    expect(increment(scope(full, { a: 2 }), 'a')).toEqual({ a: 2 });
    const soldOut = [group('g', ['a'], { soldOut: true })];
    expect(increment(scope(soldOut), 'a')).toEqual({});
    expect(increment(scope([group('g', ['a'])], {}, 0), 'a')).toEqual({});
  });

  it('is clamped to the remaining availability', () => {
    const groups = [group('g', ['a', 'b'], { maxPerOrder: 10, remaining: 2 })];
    expect(increment(scope(groups, { a: 1, b: 1 }), 'a')).toEqual({ a: 1, b: 1 });
    expect(increment(scope(groups, { a: 1 }), 'a')).toEqual({ a: 2 });
  });

  it('refuses a first step to the group minimum that does not fit the places left (never a count under it)', () => {
    const groups = [group('g', ['a'], { minPerOrder: 4, remaining: 2 })];
    expect(canIncrement(scope(groups), 'a')).toBe(false);
    expect(increment(scope(groups), 'a')).toEqual({});
    const roomy = [group('g', ['a'], { minPerOrder: 4, remaining: 4 })];
    expect(increment(scope(roomy), 'a')).toEqual({ a: 4 });
  });

  it('stops at the per-type maximum of 1000', () => {
    const groups = [group('g', ['a'])];
    expect(MAX_PER_TYPE).toBe(1000);
    expect(canIncrement(scope(groups, { a: 1000 }), 'a')).toBe(false);
    expect(increment(scope(groups, { a: 1000 }), 'a')).toEqual({ a: 1000 });
    expect(increment(scope(groups, { a: 999 }), 'a')).toEqual({ a: 1000 });
  });

  it('ignores unknown ticket types', () => {
    const quantities = { a: 1 };
    expect(increment(scope([group('g', ['a'])], quantities), 'zzz')).toBe(quantities);
  });
});

describe('decrement', () => {
  it('at the group minimum goes to 0, above it one at a time, never below 0', () => {
    const groups = [group('g', ['a'], { minPerOrder: 3 })];
    expect(decrement(scope(groups, { a: 3 }), 'a')).toEqual({});
    expect(decrement(scope(groups, { a: 5 }), 'a')).toEqual({ a: 4 });
    expect(decrement(scope(groups, {}), 'a')).toEqual({});
    expect(canDecrement(scope(groups, {}), 'a')).toBe(false);
    expect(canDecrement(scope(groups, { a: 1 }), 'a')).toBe(true);
    const multi = [group('g', ['a', 'b'], { minPerOrder: 3 })];
    expect(decrement(scope(multi, { a: 2 }), 'a')).toEqual({ a: 1 });
    expect(decrement(scope(multi, { a: 1 }), 'a')).toEqual({});
  });
});

describe('remaining per group', () => {
  it('is the minimum of max per order, group remaining and session capacity, minus the selection', () => {
    const g = group('g', ['a', 'b'], { maxPerOrder: 8, remaining: 6 });
    expect(remainingForGroup(g, [g], {}, session(null))).toBe(6);
    expect(remainingForGroup(g, [g], { a: 2 }, session(null))).toBe(4);
    expect(remainingForGroup(g, [g], { a: 2 }, session(3))).toBe(1);
    const byMax = group('g', ['a'], { maxPerOrder: 2 });
    expect(remainingForGroup(byMax, [byMax], { a: 1 }, session(100))).toBe(1);
    const unlimited = group('g', ['a']);
    expect(remainingForGroup(unlimited, [unlimited], { a: 5 }, session(null))).toBe(Number.POSITIVE_INFINITY);
  });

  it('ignores session capacity for groups excluded from event capacity', () => {
    const excluded = group('x', ['a'], { excludeFromEventCapacity: true });
    expect(remainingForGroup(excluded, [excluded], {}, session(2))).toBe(Number.POSITIVE_INFINITY);
  });

  it('shares the session capacity among the groups that count against it', () => {
    const one = group('one', ['a']);
    const two = group('two', ['b']);
    const excluded = group('x', ['c'], { excludeFromEventCapacity: true });
    const groups = [one, two, excluded];
    const quantities = { a: 3, c: 50 };
    expect(remainingForGroup(two, groups, quantities, session(5))).toBe(2);
    expect(increment({ groups, quantities, session: session(5) }, 'b')).toEqual({ a: 3, b: 1, c: 50 });
    expect(canIncrement({ groups, quantities: { a: 3, b: 2 }, session: session(5) }, 'b')).toBe(false);
  });

  it('is 0 for a sold-out group and never negative', () => {
    expect(remainingForGroup(group('g', ['a'], { soldOut: true }), [], {}, null)).toBe(0);
    const over = group('g', ['a'], { remaining: 1 });
    expect(remainingForGroup(over, [over], { a: 3 }, null)).toBe(0);
  });
});

describe('setQuantity', () => {
  const groups = [group('g', ['a', 'b'], { remaining: 5 }), group('m', ['m'], { minPerOrder: 2 })];

  it('clamps to availability and floors fractions', () => {
    expect(setQuantity(scope(groups), 'a', 9)).toEqual({ a: 5 });
    expect(setQuantity(scope(groups, { b: 4 }), 'a', 3)).toEqual({ a: 1, b: 4 });
    expect(setQuantity(scope(groups), 'a', 2.7)).toEqual({ a: 2 });
  });

  it('raises a count between 0 and the minimum to the minimum; 0 and negatives clear', () => {
    expect(setQuantity(scope(groups), 'm', 1)).toEqual({ m: 2 });
    expect(setQuantity(scope(groups, { m: 3 }), 'm', 0)).toEqual({});
    expect(setQuantity(scope(groups, { a: 3 }), 'a', -4)).toEqual({});
  });

  it('always allows lowering, even below availability', () => {
    expect(setQuantity(scope(groups, { a: 5 }, 0), 'a', 4)).toEqual({ a: 4 });
  });

  it('leaves quantities untouched for non-finite input', () => {
    const quantities = { a: 1 };
    expect(setQuantity(scope(groups, quantities), 'a', Number.NaN)).toBe(quantities);
  });
});

describe('limits and totals', () => {
  it('checks the group sum against min and max per order when defined', () => {
    const g = group('g', ['a', 'b'], { minPerOrder: 2, maxPerOrder: 4 });
    expect(groupWithinLimits(g, {})).toBe(true);
    expect(groupWithinLimits(g, { a: 1 })).toBe(false);
    expect(groupWithinLimits(g, { a: 1, b: 1 })).toBe(true);
    expect(groupWithinLimits(g, { a: 3, b: 2 })).toBe(false);
    expect(groupWithinLimits(group('free', ['a']), { a: 999 })).toBe(true);
  });

  it('a valid selection has at least one ticket and every group within limits', () => {
    const g = group('g', ['a'], { minPerOrder: 2 });
    expect(isSelectionValid([g], {})).toBe(false);
    expect(isSelectionValid([g], { a: 1 })).toBe(false);
    expect(isSelectionValid([g], { a: 2 })).toBe(true);
  });

  it('requests carry only quantities above 0', () => {
    expect(requestQuantities({ a: 2, b: 0 })).toEqual({ a: 2 });
  });

  it('sums tickets, prices and fees', () => {
    const g: TicketGroupModel = {
      ...group('g', []),
      types: [type('a', 'g', 2000, 150), type('b', 'g', 500, 25)],
    };
    expect(totalTickets({ a: 2, b: 1 })).toBe(3);
    expect(totalPriceCents([g], { a: 2, b: 1 })).toBe(4500);
    expect(totalFeesCents([g], { a: 2, b: 1 })).toBe(325);
  });

  it('flags few tickets under 10 places in the session', () => {
    expect(isFewTickets(session(9))).toBe(true);
    expect(isFewTickets(session(10))).toBe(false);
    expect(isFewTickets(session(null))).toBe(false);
    expect(isFewTickets(null)).toBe(false);
  });

  it('applies preset counts through the same rules', () => {
    const groups = [group('g', ['a'], { remaining: 3 }), group('m', ['m'], { minPerOrder: 2 })];
    expect(applyPresetQuantities(scope(groups), { a: 10, m: 1, unknown: 4 })).toEqual({ a: 3, m: 2 });
  });
});

describe('a stepper event (quantitiesAfter, the one action every reserve flow runs)', () => {
  it('is the rule of its event; another event leaves the quantities as they are', () => {
    const groups = [group('g', ['a', 'b'], { maxPerOrder: 3 })];
    const counts: Record<string, number>[] = [{}, { a: 1 }, { a: 3 }, { a: 2, b: 1 }];
    for (const quantities of counts) {
      const s = scope(groups, quantities, 2);
      for (const id of ['a', 'b', 'nope']) {
        expect(quantitiesAfter(s, { type: 'quantity.increment', ticketTypeId: id })).toEqual(
          increment(s, id),
        );
        expect(quantitiesAfter(s, { type: 'quantity.decrement', ticketTypeId: id })).toEqual(
          decrement(s, id),
        );
        for (const n of [-1, 0, 2, 7, Number.NaN])
          expect(quantitiesAfter(s, { type: 'quantity.set', ticketTypeId: id, quantity: n })).toEqual(
            setQuantity(s, id, n),
          );
      }
      expect(quantitiesAfter(s, { type: 'submit' })).toBe(s.quantities);
    }
  });
});
