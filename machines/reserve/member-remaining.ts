/**
 * Member remaining quantity (spec 1 §4 "Member remaining quantity counts a wildcard pool", §6 "Member pricing
 * and limits come from the membership benefits"): a member's benefit on a group is a pool of tickets per
 * event (the wildcard pool: any type of the group) less what the member already holds; the steppers count it
 * by treating the pool as the group's per-order maximum. The server enforces it too (member_limit_exceeded).
 */
import type { TicketGroupModel } from '../../api/models';

export interface MemberRemaining {
  ticketGroupId: string;
  /** null: the wildcard pool of the group. */
  ticketTypeId: string | null;
  /** null: unlimited. */
  remaining: number | null;
}

/** The groups with each wildcard pool's remaining quantity folded into the group's per-order maximum. */
export function withMemberRemaining(
  groups: readonly TicketGroupModel[],
  remaining: readonly MemberRemaining[],
): TicketGroupModel[] {
  return groups.map((group) => {
    const pools = remaining.filter(
      (r) => r.ticketGroupId === group.id && r.ticketTypeId === null && r.remaining !== null,
    );
    if (pools.length === 0) return group;
    const pool = Math.max(0, Math.min(...pools.map((r) => r.remaining as number)));
    const maxPerOrder = group.maxPerOrder === null ? pool : Math.min(group.maxPerOrder, pool);
    return maxPerOrder === group.maxPerOrder ? group : { ...group, maxPerOrder };
  });
}
