/**
 * Tenant content blocks (spec 3 §6: "Tenant content blocks can be enabled per route name and per role,
 * including an 'anonymous' pseudo-role"). The seller's config row `content_blocks` lists blocks of seller HTML,
 * each enabled for route names (domain/shell.ts ROUTE_NAMES) and for roles. Which blocks a visitor sees on a
 * route is this pure rule; the storefront sanitises the HTML it shows (ui/SellerHtml.tsx).
 *
 * The roles (our reading: the spec names only 'anonymous'): a guest is 'anonymous'; a logged-in account is
 * 'user', and also 'member' while one of its memberships is current (today between its validFrom and validTo,
 * spec 3 §4 "Member benefits apply"), and the role of each current membership (e.g. 'primary').
 */
import type { RouteName } from './shell';

/** The pseudo-role of a visitor who is not logged in (spec 3 §6). */
export const ANONYMOUS = 'anonymous';
/** Any logged-in account (ours). */
export const USER = 'user';
/** A logged-in account with a current membership (ours). */
export const MEMBER = 'member';

export interface ContentBlock {
  id: string;
  /** Seller HTML, sanitised where it is shown. */
  html: string;
  /** The route names it shows on; absent: every route. */
  routes?: readonly RouteName[];
  /** The roles it shows to; absent: every visitor. */
  roles?: readonly string[];
}

/** A membership as far as the roles need it: its role and its term (ISO date-times or epoch ms). */
export interface RoleMembership {
  role: string;
  validFrom: string | number;
  validTo: string | number;
}

const time = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));

/** Whether a membership is current at `now` (validFrom ≤ now ≤ validTo; an unreadable date is not). */
export function isCurrentMembership(membership: Pick<RoleMembership, 'validFrom' | 'validTo'>, now: number) {
  return time(membership.validFrom) <= now && now <= time(membership.validTo);
}

/** The visitor's roles: null (no one logged in) is 'anonymous'; an account is 'user', plus 'member' and the current memberships' roles. */
export function visitorRoles(memberships: readonly RoleMembership[] | null, now: number): string[] {
  if (memberships === null) return [ANONYMOUS];
  const current = memberships.filter((m) => isCurrentMembership(m, now));
  const roles = [USER];
  if (current.length > 0) roles.push(MEMBER);
  for (const m of current) if (m.role && !roles.includes(m.role)) roles.push(m.role);
  return roles;
}

/** The blocks enabled for `route` and any of `roles`, in the seller's order. */
export function blocksFor(
  blocks: readonly ContentBlock[],
  route: RouteName,
  roles: readonly string[],
): ContentBlock[] {
  return blocks.filter(
    (block) =>
      (block.routes === undefined || block.routes.includes(route)) &&
      (block.roles === undefined || block.roles.some((role) => roles.includes(role))),
  );
}
