/**
 * Member access (issue 11; spec 1 §6, spec 3 §6): which members-only events, ticket groups and types a request
 * may see and reserve, and how many member tickets a member has left.
 *
 * - A group is members-only when its hidden_type is `public_member_only` or its event's is. It is shown, and
 *   may be reserved, only by a logged-in member whose current membership (valid_from ≤ now ≤ valid_to) has a
 *   level with a benefit on that group; of its types, only those a benefit names (or all: a wildcard benefit).
 * - Limits per event: each benefit's `limit` counts the member's tickets of its type (a wildcard benefit: of its
 *   group), and the membership's `member_event_purchase_limit` counts all the member's tickets of benefit
 *   groups of the event (the wildcard pool). Tickets counted: live (held, in a cart) and booked ones of the
 *   member's carts. Over a limit: 400 member_limit_exceeded.
 * - Answers of the cached prefix are shared, so there every request is a guest.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { LIVE_TICKET_STATES } from '../cart/document';
import type { Q } from '../db';
import type { AppCtx, C } from '../http/context';
import type { Row } from '../http/docs';
import { ApiError } from '../http/errors';
import { memberMembership } from '../members/schema';
import { currentMember } from '../members/session';
import * as t from '../schema';
import type { BeyondTerm } from './policy';
import { membershipBenefit } from './schema';

export const MEMBER_ONLY = 'public_member_only';

type Group = Row<typeof t.ticketGroup>;
type TicketTypeRow = Row<typeof t.ticketType>;
type EventRow = Row<typeof t.eventTemplate>;
type BenefitRow = Row<typeof membershipBenefit>;
type MembershipRow = Row<typeof memberMembership>;

/** What a request's member may see and buy: their current memberships and the benefits of their levels. */
export interface MemberAccess {
  identityId: string | null;
  memberships: MembershipRow[];
  benefits: BenefitRow[];
}

export const GUEST: MemberAccess = { identityId: null, memberships: [], benefits: [] };

/** Current memberships (benefits apply between valid_from and valid_to) of an identity and their benefits. */
export async function accessOf(q: Q, identityId: string, nowMs: number): Promise<MemberAccess> {
  const now = new Date(nowMs);
  const memberships = await q
    .select()
    .from(memberMembership)
    .where(
      and(
        eq(memberMembership.identityId, identityId),
        lte(memberMembership.validFrom, now),
        gte(memberMembership.validTo, now),
      ),
    );
  const levels = memberships.map((m) => m.ticketTypeId).filter((id): id is string => !!id);
  const benefits = levels.length
    ? await q.select().from(membershipBenefit).where(inArray(membershipBenefit.membershipTypeId, levels))
    : [];
  return { identityId, memberships, benefits };
}

/** The access of the request: its logged-in member's, or a guest's (always on the shared cached prefix). */
export async function requestAccess(ctx: AppCtx, c: C): Promise<MemberAccess> {
  if (c.req.path.startsWith('/cached/')) return GUEST;
  const member = await currentMember(ctx, c);
  return member ? accessOf(ctx.db, member.user.identityId, ctx.now()) : GUEST;
}

export const isMemberOnly = (
  ev: Pick<EventRow, 'hiddenType'> | undefined,
  group: Pick<Group, 'hiddenType'>,
) => group.hiddenType === MEMBER_ONLY || ev?.hiddenType === MEMBER_ONLY;

/** Whether the access allows a type of a group (any type: `typeId` null). */
export function allows(access: MemberAccess, groupId: string, typeId: string | null): boolean {
  return access.benefits.some(
    (b) =>
      b.ticketGroupId === groupId &&
      (typeId === null || b.ticketTypeId === null || b.ticketTypeId === typeId),
  );
}

/**
 * Filters an event's groups and types for the access: members-only groups (and their types) only where a benefit
 * allows them. `events` maps event ids to events (for the event's hidden type).
 */
export function gateCatalog<G extends Group, T extends TicketTypeRow>(
  access: MemberAccess,
  events: ReadonlyMap<string, Pick<EventRow, 'hiddenType'>>,
  groups: G[],
  types: T[] = [],
): { groups: G[]; types: T[] } {
  const kept = groups.filter(
    (g) => !isMemberOnly(events.get(g.eventTemplateId), g) || allows(access, g.id, null),
  );
  const gated = new Map(kept.map((g) => [g.id, isMemberOnly(events.get(g.eventTemplateId), g)]));
  return {
    groups: kept,
    types: types.filter(
      (ty) =>
        gated.has(ty.ticketGroupId) &&
        (!gated.get(ty.ticketGroupId) || allows(access, ty.ticketGroupId, ty.id)),
    ),
  };
}

/** The catalogue gate of a request, as the event and session documents apply it. */
export interface CatalogGate {
  groups<G extends Group>(ev: Pick<EventRow, 'id' | 'hiddenType'>, groups: G[]): G[];
  types<T extends TicketTypeRow>(ev: Pick<EventRow, 'id' | 'hiddenType'>, groups: Group[], types: T[]): T[];
}

export function catalogGate(access: MemberAccess): CatalogGate {
  const events = (ev: Pick<EventRow, 'id' | 'hiddenType'>) => new Map([[ev.id, ev]]);
  return {
    groups: (ev, groups) => gateCatalog(access, events(ev), groups).groups,
    types: (ev, groups, types) => gateCatalog(access, events(ev), groups, types).types,
  };
}

/** A member line of a reserve: its event, group and type. */
export interface MemberLine {
  eventId: string;
  groupId: string;
  typeId: string;
  /** The line's session and its start (null: a sessionless line). */
  sessionId?: string | null;
  startsAt?: Date | null;
}

/** The member's tickets per (event, group, type) in benefit groups: live and booked, in all their carts. */
async function usedTickets(q: Q, identityId: string, eventIds: string[], groupIds: string[]) {
  if (!eventIds.length || !groupIds.length) return [];
  return q
    .select({
      eventId: t.ticket.eventTemplateId,
      groupId: t.ticket.ticketGroupId,
      typeId: t.ticket.ticketTypeId,
      n: sql<number>`count(*)::int`,
    })
    .from(t.ticket)
    .innerJoin(t.cart, eq(t.cart.id, t.ticket.cartId))
    .where(
      and(
        eq(t.cart.identityId, identityId),
        inArray(t.ticket.eventTemplateId, eventIds),
        inArray(t.ticket.ticketGroupId, groupIds),
        inArray(t.ticket.state, [...LIVE_TICKET_STATES, 'booked', 'redeemed']),
      ),
    )
    .groupBy(t.ticket.eventTemplateId, t.ticket.ticketGroupId, t.ticket.ticketTypeId);
}

/** The membership's pool limit: the largest member_event_purchase_limit of the current memberships (null: none). */
const poolLimit = (access: MemberAccess): number | null => {
  const limits = access.memberships.map((m) => m.purchaseLimit);
  if (!limits.length || limits.some((l) => l === null)) return null;
  return Math.max(...(limits as number[]));
};

/** The most generous benefit limit of the access for a group's type (null: unlimited; undefined: no benefit). */
function benefitLimits(access: MemberAccess, groupId: string) {
  const forGroup = access.benefits.filter((b) => b.ticketGroupId === groupId);
  const best = (bs: BenefitRow[]) =>
    bs.length === 0
      ? undefined
      : bs.some((b) => b.limit === null)
        ? null
        : Math.max(...bs.map((b) => b.limit ?? 0));
  return {
    wildcard: best(forGroup.filter((b) => b.ticketTypeId === null)),
    byType: (typeId: string) => best(forGroup.filter((b) => b.ticketTypeId === typeId)),
  };
}

/** The member's remaining quantity per benefit of one event (and the pool: the wildcard benefits). */
export async function memberRemaining(
  q: Q,
  access: MemberAccess,
  eventId: string,
  groupIds: string[],
): Promise<w.MemberRemaining[]> {
  if (!access.identityId) return [];
  const groups = groupIds.filter((g) => access.benefits.some((b) => b.ticketGroupId === g));
  const used = await usedTickets(q, access.identityId, [eventId], groups);
  const pool = poolLimit(access);
  const poolUsed = used.reduce((sum, r) => sum + Number(r.n), 0);
  const out: w.MemberRemaining[] = [];
  const seen = new Set<string>();
  for (const b of access.benefits) {
    if (!groups.includes(b.ticketGroupId)) continue;
    const key = `${b.ticketGroupId}:${b.ticketTypeId ?? '*'}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const limits = benefitLimits(access, b.ticketGroupId);
    const limit = b.ticketTypeId === null ? limits.wildcard : limits.byType(b.ticketTypeId);
    const n = used
      .filter(
        (r) => r.groupId === b.ticketGroupId && (b.ticketTypeId === null || r.typeId === b.ticketTypeId),
      )
      .reduce((sum, r) => sum + Number(r.n), 0);
    const caps = [limit ?? null, pool === null ? null : pool - poolUsed + n].filter(
      (x): x is number => x !== null,
    );
    const effective = caps.length ? Math.min(...caps) : null;
    out.push({
      event_template_id: eventId,
      ticket_group_id: b.ticketGroupId,
      ticket_type_id: b.ticketTypeId,
      limit: effective,
      used: n,
      remaining: effective === null ? null : Math.max(0, effective - n),
    });
  }
  return out;
}

/** The current memberships whose level has a benefit allowing the line. */
const grantingMemberships = (access: MemberAccess, l: MemberLine) =>
  access.memberships.filter((m) =>
    access.benefits.some(
      (b) =>
        b.membershipTypeId === m.ticketTypeId &&
        b.ticketGroupId === l.groupId &&
        (b.ticketTypeId === null || b.ticketTypeId === l.typeId),
    ),
  );

/**
 * A member line for a session after the term of every membership granting it (spec 3 §3
 * member_reserve_session_beyond_term): allowed `always`, or `if_autorenew` while one of them is enrolled in
 * auto-renew (scheduled); otherwise 400 membership_ends_before_session.
 */
function checkTerm(access: MemberAccess, l: MemberLine, beyondTerm: BeyondTerm) {
  if (!l.startsAt || beyondTerm === 'always') return;
  const startsAt = l.startsAt.getTime();
  const granting = grantingMemberships(access, l);
  if (!granting.length || granting.some((m) => m.validTo.getTime() >= startsAt)) return;
  if (beyondTerm === 'if_autorenew' && granting.some((m) => m.autoRenewState === 'scheduled')) return;
  const validTo = new Date(Math.max(...granting.map((m) => m.validTo.getTime()))).toISOString();
  throw new ApiError(
    400,
    ErrorCode.membership_ends_before_session,
    'event_session',
    'Your membership expires before this session. Renew your membership to book member tickets for it.',
    { event_session_id: l.sessionId ?? null, valid_to: validTo, ticket_type_id: l.typeId },
  );
}

const limitExceeded = (description: string, extra: Record<string, unknown>) =>
  new ApiError(400, ErrorCode.member_limit_exceeded, 'ticket_group', description, extra);

/**
 * Checks member lines of a reserve against the access: each allowed (else 403 membership_required), and the
 * member's tickets (already held or booked, plus these) within each benefit limit and the pool of each event
 * (else 400 member_limit_exceeded).
 */
export async function checkMemberLines(
  q: Q,
  access: MemberAccess,
  lines: MemberLine[],
  /** The seller's member_reserve_session_beyond_term (memberships/policy.ts). */
  beyondTerm: BeyondTerm = 'never',
): Promise<void> {
  if (!lines.length) return;
  for (const l of lines) {
    if (!access.identityId || !allows(access, l.groupId, l.typeId))
      throw new ApiError(
        403,
        ErrorCode.membership_required,
        'ticket_type',
        'Sorry! This event is members only. Please log in with a current membership that includes these tickets.',
        { ticket_group_id: l.groupId, ticket_type_id: l.typeId },
      );
    checkTerm(access, l, beyondTerm);
  }
  const identityId = access.identityId as string;
  const eventIds = [...new Set(lines.map((l) => l.eventId))];
  const benefitGroups = [...new Set(access.benefits.map((b) => b.ticketGroupId))];
  const used = await usedTickets(q, identityId, eventIds, benefitGroups);
  const count = (pred: (x: { eventId: string; groupId: string; typeId: string }) => boolean) =>
    used.filter(pred).reduce((sum, r) => sum + Number(r.n), 0) + lines.filter(pred).length;
  const pool = poolLimit(access);
  for (const eventId of eventIds) {
    if (pool !== null && count((x) => x.eventId === eventId) > pool)
      throw limitExceeded(`Your membership allows at most ${pool} member tickets for this event.`, {
        event_template_id: eventId,
        limit: pool,
      });
    for (const l of lines.filter((x) => x.eventId === eventId)) {
      const limits = benefitLimits(access, l.groupId);
      const byType = limits.byType(l.typeId);
      if (byType !== undefined && byType !== null) {
        if (count((x) => x.eventId === eventId && x.typeId === l.typeId) > byType)
          throw limitExceeded(
            `Your membership allows at most ${byType} of these member tickets for this event.`,
            {
              event_template_id: eventId,
              ticket_type_id: l.typeId,
              limit: byType,
            },
          );
        continue;
      }
      const wildcard = limits.wildcard;
      if (wildcard !== undefined && wildcard !== null)
        if (count((x) => x.eventId === eventId && x.groupId === l.groupId) > wildcard)
          throw limitExceeded(`Your membership allows at most ${wildcard} member tickets for this event.`, {
            event_template_id: eventId,
            ticket_group_id: l.groupId,
            limit: wildcard,
          });
    }
  }
}
