/** Member remaining quantity (spec 1 §4): a wildcard pool caps the group the steppers count. */
import { describe, expect, it } from 'vitest';
import type { TicketGroupModel } from '../../api/models';
import { withMemberRemaining } from '../../machines/reserve/member-remaining';
import { canIncrement, increment, setQuantity } from '../../machines/reserve/quantities';

const group = (id: string, maxPerOrder: number | null): TicketGroupModel => ({
  id,
  name: id,
  description: null,
  handler: 'tickets',
  hiddenType: 'public_member_only',
  minPerOrder: null,
  maxPerOrder,
  remaining: null,
  excludeFromEventCapacity: false,
  soldOut: false,
  types: [
    { id: `${id}-adult`, name: 'Member Adult' } as TicketGroupModel['types'][number],
    { id: `${id}-child`, name: 'Member Child' } as TicketGroupModel['types'][number],
  ],
});

describe('member remaining quantity', () => {
  it('caps the group at the pool left; unlimited pools and other groups are left alone', () => {
    const groups = [group('member', 10), group('public', null)];
    const out = withMemberRemaining(groups, [
      { ticketGroupId: 'member', ticketTypeId: null, remaining: 2 },
      { ticketGroupId: 'public', ticketTypeId: null, remaining: null },
    ]);
    expect(out[0]?.maxPerOrder).toBe(2);
    expect(out[1]).toBe(groups[1]);
    expect(
      withMemberRemaining(
        [group('member', null)],
        [{ ticketGroupId: 'member', ticketTypeId: null, remaining: 3 }],
      )[0]?.maxPerOrder,
    ).toBe(3);
    expect(
      withMemberRemaining(
        [group('member', 1)],
        [{ ticketGroupId: 'member', ticketTypeId: null, remaining: 3 }],
      )[0]?.maxPerOrder,
    ).toBe(1);
  });
  it('the pool counts every type of the group: two member tickets use a pool of two', () => {
    const [capped] = withMemberRemaining(
      [group('member', 10)],
      [{ ticketGroupId: 'member', ticketTypeId: null, remaining: 2 }],
    );
    if (!capped) throw new Error('no group');
    const scope = { groups: [capped], session: null, quantities: { 'member-adult': 1 } };
    expect(canIncrement(scope, 'member-child')).toBe(true);
    expect(
      canIncrement({ ...scope, quantities: { 'member-adult': 1, 'member-child': 1 } }, 'member-adult'),
    ).toBe(false);
  });
  it('a per-type benefit caps its type: at most 2 Member Child beside a pool of 4 for the group', () => {
    const groups = withMemberRemaining(
      [group('member', 10)],
      [
        { ticketGroupId: 'member', ticketTypeId: null, remaining: 4 },
        { ticketGroupId: 'member', ticketTypeId: 'member-child', remaining: 2 },
        { ticketGroupId: 'member', ticketTypeId: 'member-adult', remaining: null },
      ],
    );
    const [capped] = groups;
    expect(capped?.maxPerOrder).toBe(4);
    expect(capped?.types.find((t) => t.id === 'member-child')?.maxCount).toBe(2);
    expect(capped?.types.find((t) => t.id === 'member-adult')?.maxCount).toBeUndefined();
    const scope = { groups, session: null, quantities: { 'member-child': 2 } };
    expect(canIncrement(scope, 'member-child')).toBe(false);
    expect(increment(scope, 'member-child')).toEqual({ 'member-child': 2 });
    // Typed in: clamped to the type's maximum; the rest of the pool stays open to the other type.
    expect(setQuantity({ ...scope, quantities: {} }, 'member-child', 5)).toEqual({ 'member-child': 2 });
    expect(canIncrement(scope, 'member-adult')).toBe(true);
    expect(setQuantity(scope, 'member-adult', 9)).toEqual({ 'member-child': 2, 'member-adult': 2 });
  });
  it('a type with nothing left cannot be added; a lower earlier limit on the type is kept', () => {
    const [none] = withMemberRemaining(
      [group('member', null)],
      [{ ticketGroupId: 'member', ticketTypeId: 'member-child', remaining: 0 }],
    );
    if (!none) throw new Error('no group');
    expect(none.maxPerOrder).toBeNull();
    expect(canIncrement({ groups: [none], session: null, quantities: {} }, 'member-child')).toBe(false);
    expect(canIncrement({ groups: [none], session: null, quantities: {} }, 'member-adult')).toBe(true);
    const [again] = withMemberRemaining(
      [none],
      [{ ticketGroupId: 'member', ticketTypeId: 'member-child', remaining: 3 }],
    );
    expect(again?.types.find((t) => t.id === 'member-child')?.maxCount).toBe(0);
  });
});
