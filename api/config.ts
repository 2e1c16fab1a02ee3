/** Seller configuration the storefront reads at start: the portal strings (spec 3 §3 "portal strings"). */
import type { CallOptions } from './events';
import { parseDocument } from './join';
import type { ApiRequest } from './request';

/** The configuration key holding the seller's portal strings: `{ [catalogue key]: text }`. */
export const PORTAL_STRINGS_KEY = 'portal_strings';

export function createConfig(request: ApiRequest, sellerId: string) {
  return {
    /**
     * Cached GET config?resource_id._in={seller}&key._in=portal_strings: the seller's overrides of the
     * strings catalogue in the visitor's locale. Non-string values are dropped; no row gives no overrides.
     * The row's top-level texts are in the seller's default locale: they apply when the visitor sees that
     * locale (or the seller names none: neither is given); `locales: { [tag]: { [key]: text } }` adds or
     * overrides any locale's texts, also of a locale the storefront ships no catalogue for (issue 26).
     */
    async portalStrings({
      signal,
      locale,
      defaultLocale,
    }: CallOptions & { locale?: string; defaultLocale?: string } = {}): Promise<Record<string, string>> {
      const raw = await request('GET', 'config', {
        query: { 'resource_id._in': [sellerId], 'key._in': [PORTAL_STRINGS_KEY] },
        cached: true,
        signal,
      });
      const rows = parseDocument(raw).config?._data ?? [];
      const out: Record<string, string> = {};
      const add = (texts: unknown) => {
        if (typeof texts !== 'object' || texts === null) return;
        for (const [key, text] of Object.entries(texts)) if (typeof text === 'string') out[key] = text;
      };
      for (const row of rows) {
        if (row.key !== PORTAL_STRINGS_KEY || row.resource_id !== sellerId) continue;
        const value = typeof row.value === 'string' ? safeJson(row.value) : row.value;
        if (typeof value !== 'object' || value === null) continue;
        if (locale === defaultLocale) add(value);
        if (locale) add((value as { locales?: Record<string, unknown> }).locales?.[locale]);
      }
      return out;
    },

    /**
     * Cached GET config?resource_id._in={seller}&key._in=web,admission_event_id,homepage_3cta_order: what the
     * home screen needs (spec 3 §2 "Home", §3 "Configuration"). `web` is an object (`membership_presell`, and
     * optionally the other two); the other keys may also be rows of their own, which win.
     */
    async home({ signal }: CallOptions = {}): Promise<HomeConfig> {
      const raw = await request('GET', 'config', {
        query: { 'resource_id._in': [sellerId], 'key._in': [...HOME_CONFIG_KEYS] },
        cached: true,
        signal,
      });
      const rows = (parseDocument(raw).config?._data ?? []).filter((row) => row.resource_id === sellerId);
      const value = (key: string) => {
        const row = rows.find((r) => r.key === key);
        return typeof row?.value === 'string' ? (safeJson(row.value) ?? row.value) : row?.value;
      };
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
    },
  };
}

/** The configuration keys the home screen reads. */
export const HOME_CONFIG_KEYS = ['web', 'admission_event_id', 'homepage_3cta_order'] as const;

/** What the home screen needs of the seller's configuration. */
export interface HomeConfig {
  /** web.membership_presell: the three blocks show; otherwise home redirects to the events. */
  membershipPresell: boolean;
  /** admission_event_id: where home redirects without presell (null: the listing). */
  admissionEventId: string | null;
  /** homepage_3cta_order as configured (entries unchecked), or null when not set. */
  homeOrder: string[] | null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type ConfigApi = ReturnType<typeof createConfig>;
