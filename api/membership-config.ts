/**
 * The seller configuration the membership pages read (spec 3 §3 "Configuration"): `membership_event_id`
 * (also accepted inside `web`), the redeem page redirects to the membership route without it.
 */
import type { CallOptions } from './events';
import { parseDocument } from './join';
import type { ApiRequest } from './request';

export const MEMBERSHIP_EVENT_KEY = 'membership_event_id';

const json = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** Cached GET config?resource_id._in={seller}&key._in=membership_event_id,web: the membership event id, or null. */
export async function loadMembershipEventId(
  request: ApiRequest,
  sellerId: string,
  { signal }: CallOptions = {},
): Promise<string | null> {
  const raw = await request('GET', 'config', {
    query: { 'resource_id._in': [sellerId], 'key._in': [MEMBERSHIP_EVENT_KEY, 'web'] },
    cached: true,
    signal,
  });
  const rows = (parseDocument(raw).config?._data ?? []).filter((row) => row.resource_id === sellerId);
  const own = json(rows.find((r) => r.key === MEMBERSHIP_EVENT_KEY)?.value);
  const web = json(rows.find((r) => r.key === 'web')?.value);
  const nested =
    typeof web === 'object' && web !== null ? (web as Record<string, unknown>)[MEMBERSHIP_EVENT_KEY] : null;
  for (const value of [own, nested]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return null;
}
