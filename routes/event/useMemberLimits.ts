/**
 * The member's remaining quantity on an event's groups (GET the member's remaining benefits through
 * `api.membership.remaining`), folded into the groups the steppers count (machines/reserve/member-remaining).
 * Nothing is loaded for a visitor without a current membership; for a member the rule and the membership
 * client load on demand (not part of the event screen's first load).
 */
import { useCallback } from 'react';
import type { TicketGroupModel } from '../../api/models';
import { sessionOf } from '../app/root';
import { useServices } from '../app/services';

export type MemberLimits = (
  eventId: string,
  groups: TicketGroupModel[],
  signal: AbortSignal,
) => Promise<TicketGroupModel[]>;

export function useMemberLimits(): MemberLimits {
  const { api, app, clock } = useServices();
  return useCallback(
    async (eventId, groups, signal) => {
      const now = clock.now();
      const memberships = sessionOf(app).getSnapshot().context.current?.memberships ?? [];
      const current = memberships.some((m) => Date.parse(m.validFrom) <= now && now <= Date.parse(m.validTo));
      if (!current) return groups;
      const [{ withMemberRemaining }, remaining] = await Promise.all([
        import('../../machines/reserve/member-remaining'),
        api.membership.remaining(eventId, { signal }).catch(() => []),
      ]);
      return withMemberRemaining(groups, remaining);
    },
    [api, app, clock],
  );
}
