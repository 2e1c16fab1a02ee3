/**
 * Member remaining quantity (spec 1 §4 "Member remaining quantity counts a wildcard pool", §6 "Member pricing
 * and limits come from the membership benefits"): a member's benefit on a group is a pool of tickets per
 * event (the wildcard pool: any type of the group), or of one type, less what the member already holds; the
 * steppers count it by treating the pool as the group's per-order maximum and a type's as the type's maximum. The server enforces it too (member_limit_exceeded).
 */
import type { TicketGroupModel } from '../../api/models';

export interface MemberRemaining {
  ticketGroupId: string;
  /** null: the wildcard pool of the group. */
  ticketTypeId: string | null;
  /** null: unlimited. */
  remaining: number | null;
}

/**
 * The groups with each wildcard pool's remaining quantity folded into the group's per-order maximum, and each
 * per-type benefit's (e.g. at most 4 Member Child) into the type's maximum.
 */
export function withMemberRemaining(
  groups: readonly TicketGroupModel[],
  remaining: readonly MemberRemaining[],
): TicketGroupModel[] {
  return groups.map((group) => {
    const limited = remaining.filter((r) => r.ticketGroupId === group.id && r.remaining !== null);
    if (limited.length === 0) return group;
    const least = (of: readonly MemberRemaining[]) =>
      Math.max(0, Math.min(...of.map((r) => r.remaining as number)));
    const pools = limited.filter((r) => r.ticketTypeId === null);
    const pool = pools.length ? least(pools) : null;
    const maxPerOrder =
      pool === null
        ? group.maxPerOrder
        : group.maxPerOrder === null
          ? pool
          : Math.min(group.maxPerOrder, pool);
    let typesChanged = false;
    const types = group.types.map((type) => {
      const own = limited.filter((r) => r.ticketTypeId === type.id);
      if (!own.length) return type;
      const maxCount = Math.min(least(own), type.maxCount ?? Number.POSITIVE_INFINITY);
      if (maxCount === type.maxCount) return type;
      typesChanged = true;
      return { ...type, maxCount };
    });
    if (maxPerOrder === group.maxPerOrder && !typesChanged) return group;
    return { ...group, maxPerOrder, types: typesChanged ? types : group.types };
  });
}
