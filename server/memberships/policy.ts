/**
 * The seller's membership policy (spec 3 §3 "Configuration", §4), read from its config rows:
 * - `renewal.allowed_period` (days): renewing is allowed only from the membership's expiry minus this period
 *   (default 0: from expiry), as the storefront's renew form says ('Your membership can be renewed from …');
 * - `member_reserve_session_beyond_term` (`always` | `if_autorenew`): whether a member may reserve member
 *   tickets for a session after the membership's valid_to: always, only while enrolled in auto-renew
 *   (`scheduled`), or (no row, or another value) never.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Q } from '../db';
import * as t from '../schema';

export type BeyondTerm = 'always' | 'if_autorenew' | 'never';

export interface MembershipPolicy {
  renewalPeriodDays: number;
  beyondTerm: BeyondTerm;
}

export const RENEWAL_CONFIG_KEY = 'renewal';
export const BEYOND_TERM_CONFIG_KEY = 'member_reserve_session_beyond_term';

const DAY_MS = 86_400_000;

/** A config value as stored (JSON, or a JSON string). */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export async function membershipPolicyOf(q: Q, sellerId: string): Promise<MembershipPolicy> {
  const rows = await q
    .select({ key: t.config.key, value: t.config.value })
    .from(t.config)
    .where(
      and(
        eq(t.config.resource, 'seller'),
        eq(t.config.resourceId, sellerId),
        inArray(t.config.key, [RENEWAL_CONFIG_KEY, BEYOND_TERM_CONFIG_KEY]),
      ),
    );
  const value = (key: string) => parsed(rows.find((r) => r.key === key)?.value);
  const renewal = value(RENEWAL_CONFIG_KEY);
  const period =
    typeof renewal === 'object' && renewal !== null
      ? (renewal as Record<string, unknown>).allowed_period
      : undefined;
  const beyond = value(BEYOND_TERM_CONFIG_KEY);
  return {
    renewalPeriodDays:
      typeof period === 'number' && Number.isFinite(period) && period >= 0 ? Math.floor(period) : 0,
    beyondTerm: beyond === 'always' || beyond === 'if_autorenew' ? beyond : 'never',
  };
}

/** When renewing a membership that ends at `validTo` opens (epoch ms). */
export const renewalOpensAt = (validTo: Date, policy: MembershipPolicy) =>
  validTo.getTime() - policy.renewalPeriodDays * DAY_MS;
