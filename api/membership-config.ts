/**
 * The seller's membership configuration (spec 3 §3 "Configuration"): `membership_event_id`,
 * `external_urls.membership`, `ask_to_autorenew`, `renewal.allowed_period`. Its own module, imported only by
 * the membership screens' lazy chunks, so no route's first load carries it.
 */
import type { CallOptions } from './events';
import { parseDocument } from './join';
import type { ApiRequest } from './request';

/** The configuration keys the membership form and route read. */
export const MEMBERSHIP_CONFIG_KEYS = [
  'membership_event_id',
  'external_urls',
  'ask_to_autorenew',
  'renewal',
] as const;

/** What the membership purchase needs of the seller's configuration. */
export interface MembershipConfig {
  membershipEventId: string | null;
  /** external_urls.membership (http or https), or null. */
  externalUrl: string | null;
  askToAutorenew: boolean;
  /** renewal.allowed_period in days (0: renewal opens at expiry). */
  renewalPeriodDays: number;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const object = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/** The configuration rows as the membership screens read them; values of the wrong type read as unset. */
export function toMembershipConfig(raw: unknown, sellerId: string): MembershipConfig {
  const rows = (parseDocument(raw).config?._data ?? []).filter((row) => row.resource_id === sellerId);
  const value = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return typeof row?.value === 'string' ? (safeJson(row.value) ?? row.value) : row?.value;
  };
  const eventId = value('membership_event_id');
  const external = object(value('external_urls')).membership;
  const period = object(value('renewal')).allowed_period;
  const ask = value('ask_to_autorenew');
  return {
    membershipEventId: typeof eventId === 'string' && eventId.trim() ? eventId.trim() : null,
    externalUrl:
      typeof external === 'string' && /^https?:\/\//.test(external.trim()) ? external.trim() : null,
    askToAutorenew: ask === true || ask === 'true',
    renewalPeriodDays: typeof period === 'number' && Number.isFinite(period) && period >= 0 ? period : 0,
  };
}

/** Cached GET config?resource_id._in={seller}&key._in=…: the seller's membership configuration. */
export async function loadMembershipConfig(
  request: ApiRequest,
  sellerId: string,
  { signal }: CallOptions = {},
): Promise<MembershipConfig> {
  const raw = await request('GET', 'config', {
    query: { 'resource_id._in': [sellerId], 'key._in': [...MEMBERSHIP_CONFIG_KEYS] },
    cached: true,
    signal,
  });
  return toMembershipConfig(raw, sellerId);
}
