/**
 * What the home screen needs of the seller's configuration (spec 3 §2 "Home", §3 "Configuration"): a module of
 * its own, loaded with the home screen's chunk rather than with every page's first load.
 */
import type { CallOptions } from './events';
import { parseDocument } from './join';
import type { ApiRequest } from './request';

/** The configuration keys the home screen reads. */
export const HOME_CONFIG_KEYS = ['web', 'admission_event_id', 'homepage_3cta_order'] as const;

export interface HomeConfig {
  /** web.membership_presell: the three blocks show; otherwise home redirects to the events. */
  membershipPresell: boolean;
  /** admission_event_id: where home redirects without presell (null: the listing). */
  admissionEventId: string | null;
  /** homepage_3cta_order as configured (entries unchecked), or null when not set. */
  homeOrder: string[] | null;
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * Cached GET config?resource_id._in={seller}&key._in=web,admission_event_id,homepage_3cta_order. `web` is an
 * object (`membership_presell`, and optionally the other two); the other keys may also be rows of their own,
 * which win. Rows of other resources are ignored.
 */
export async function loadHomeConfig(
  request: ApiRequest,
  sellerId: string,
  { signal }: CallOptions = {},
): Promise<HomeConfig> {
  const raw = await request('GET', 'config', {
    query: { 'resource_id._in': [sellerId], 'key._in': [...HOME_CONFIG_KEYS] },
    cached: true,
    signal,
  });
  const rows = (parseDocument(raw).config?._data ?? []).filter((row) => row.resource_id === sellerId);
  const value = (key: string) => parsed(rows.find((row) => row.key === key)?.value);
  const web = value('web');
  const webObject = typeof web === 'object' && web !== null ? (web as Record<string, unknown>) : {};
  const admission = value('admission_event_id') ?? webObject.admission_event_id;
  const order = value('homepage_3cta_order') ?? webObject.homepage_3cta_order;
  return {
    membershipPresell: webObject.membership_presell === true || webObject.membership_presell === 'true',
    admissionEventId: typeof admission === 'string' && admission.trim() ? admission.trim() : null,
    homeOrder: Array.isArray(order)
      ? order.filter((entry): entry is string => typeof entry === 'string')
      : typeof order === 'string'
        ? order.split(',').map((entry) => entry.trim())
        : null,
  };
}
