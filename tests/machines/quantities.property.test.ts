/**
 * Property tests of the stepper rules (spec 1 §4 "Quantities"): from an empty order, any sequence of
 * increments, decrements and typed counts (fast-check draws the groups, their limits, the session's capacity
 * and the events) keeps every count a whole number, within max per order, the group's remaining capacity and
 * the session's available capacity, a sold-out group at 0, and a single-type group at 0 or its minimum.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionModel, TicketGroupModel } from '../../api/models';
import {
  groupMinimum,
  groupTotal,
  MAX_PER_TYPE,
  type QuantityEvent,
  type QuantityScope,
  quantitiesAfter,
} from '../../machines/reserve/quantities';

const optional = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: null });

const groupArb = (index: number): fc.Arbitrary<TicketGroupModel> =>
  fc
    .record({
      types: fc.integer({ min: 1, max: 3 }),
      minPerOrder: optional(fc.integer({ min: 1, max: 4 })),
      maxPerOrder: optional(fc.integer({ min: 1, max: 8 })),
      remaining: optional(fc.integer({ min: 0, max: 10 })),
      soldOut: fc.boolean(),
      excludeFromEventCapacity: fc.boolean(),
    })
    .map(({ types, ...limits }) => ({
      id: `g${index}`,
      name: `Group ${index}`,
      description: null,
      handler: 'tickets',
      hiddenType: 'public_browsable',
      ...limits,
      types: Array.from({ length: types }, (_, t) => ({
        id: `g${index}-t${t}`,
        groupId: `g${index}`,
        name: `Type ${t}`,
        description: null,
        priceCents: 1000,
        originalPriceCents: null,
        feeCents: 0,
        rank: t,
      })),
    }));

const scopeArb = fc
  .record({
    groups: fc
      .integer({ min: 1, max: 3 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => groupArb(i)))),
    capacity: optional(fc.integer({ min: 0, max: 12 })),
  })
  .map(({ groups, capacity }) => ({
    groups,
    session: {
      id: 's',
      eventId: 'e',
      start: '2026-11-21T14:30:00Z',
      end: '2026-11-21T15:30:00Z',
      availableCapacity: capacity,
      soldOut: false,
    } satisfies SessionModel,
  }));

const eventArb = (typeIds: string[]): fc.Arbitrary<QuantityEvent> => {
  const id = fc.constantFrom(...typeIds, 'unknown-type');
  return fc.oneof(
    id.map((ticketTypeId) => ({ type: 'quantity.increment' as const, ticketTypeId })),
    id.map((ticketTypeId) => ({ type: 'quantity.decrement' as const, ticketTypeId })),
    fc
      .tuple(id, fc.oneof(fc.integer({ min: -3, max: 25 }), fc.constant(Number.NaN), fc.double()))
      .map(([ticketTypeId, quantity]) => ({ type: 'quantity.set' as const, ticketTypeId, quantity })),
  );
};

describe('stepper rules (property)', () => {
  it('never leave the limits, whatever the visitor does', () => {
    fc.assert(
      fc.property(
        scopeArb.chain((s) =>
          fc.tuple(
            fc.constant(s),
            fc.array(eventArb(s.groups.flatMap((g) => g.types.map((t) => t.id))), { maxLength: 30 }),
          ),
        ),
        ([{ groups, session }, events]) => {
          let scope: QuantityScope = { groups, session, quantities: {} };
          for (const event of events) {
            scope = { ...scope, quantities: quantitiesAfter(scope, event) };
            const { quantities } = scope;
            for (const [typeId, count] of Object.entries(quantities)) {
              expect(
                Number.isInteger(count) && count > 0 && count <= MAX_PER_TYPE,
                `${typeId}: ${count}`,
              ).toBe(true);
            }
            let inSession = 0;
            for (const group of groups) {
              const total = groupTotal(group, quantities);
              if (group.soldOut) expect(total).toBe(0);
              if (group.maxPerOrder !== null) expect(total).toBeLessThanOrEqual(group.maxPerOrder);
              if (group.remaining !== null) expect(total).toBeLessThanOrEqual(group.remaining);
              if (group.types.length === 1 && total > 0)
                expect(total).toBeGreaterThanOrEqual(groupMinimum(group));
              if (!group.excludeFromEventCapacity) inSession += total;
            }
            if (session.availableCapacity !== null)
              expect(inSession).toBeLessThanOrEqual(session.availableCapacity);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
