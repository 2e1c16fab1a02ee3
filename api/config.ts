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
     * strings catalogue. Non-string values are dropped; no row gives no overrides.
     */
    async portalStrings({ signal }: CallOptions = {}): Promise<Record<string, string>> {
      const raw = await request('GET', 'config', {
        query: { 'resource_id._in': [sellerId], 'key._in': [PORTAL_STRINGS_KEY] },
        cached: true,
        signal,
      });
      const rows = parseDocument(raw).config?._data ?? [];
      const out: Record<string, string> = {};
      for (const row of rows) {
        if (row.key !== PORTAL_STRINGS_KEY || row.resource_id !== sellerId) continue;
        const value = typeof row.value === 'string' ? safeJson(row.value) : row.value;
        if (typeof value !== 'object' || value === null) continue;
        for (const [key, text] of Object.entries(value)) if (typeof text === 'string') out[key] = text;
      }
      return out;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type ConfigApi = ReturnType<typeof createConfig>;
