/** Seller configuration the storefront reads at start: the portal strings (spec 3 §3 "portal strings"). */
import * as z from 'zod/mini';
import type { CallOptions } from './events';
import { parseDocument } from './join';
import type { UpsellConfig } from './models';
import type { ApiRequest } from './request';

/** The configuration key holding the seller's upsell chain (spec 2 §"Configuration used here": upsells). */
export const UPSELLS_KEY = 'upsells';

const shortText = z.string().check(z.minLength(1), z.maxLength(200));
const upsellsSchema = z.object({
  visit_time: z.optional(z.enum(['timeslot', 'same_start', 'same_date', 'until_close'])),
  anchor_event_ids: z.optional(z.array(shortText).check(z.maxLength(100))),
  steps: z
    .array(
      z.object({
        category: z.optional(z.array(shortText).check(z.maxLength(50))),
        meta: z.optional(z.record(shortText, z.array(shortText).check(z.maxLength(50)))),
      }),
    )
    .check(z.maxLength(20)),
});

/** A stored `upsells` value as the storefront uses it; null when absent, malformed or without steps. */
export function toUpsellConfig(value: unknown): UpsellConfig | null {
  const parsed = z.safeParse(upsellsSchema, typeof value === 'string' ? safeJson(value) : value);
  if (!parsed.success || parsed.data.steps.length === 0) return null;
  return {
    visitTime: parsed.data.visit_time ?? 'timeslot',
    anchorEventIds: parsed.data.anchor_event_ids ?? [],
    steps: parsed.data.steps.map((step) => ({ categories: step.category ?? [], meta: step.meta ?? {} })),
  };
}

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

    /** Cached GET config?resource_id._in={seller}&key._in=upsells: the seller's upsell chain, or null. */
    async upsells({ signal }: CallOptions = {}): Promise<UpsellConfig | null> {
      const raw = await request('GET', 'config', {
        query: { 'resource_id._in': [sellerId], 'key._in': [UPSELLS_KEY] },
        cached: true,
        signal,
      });
      const row = (parseDocument(raw).config?._data ?? []).find(
        (r) => r.key === UPSELLS_KEY && r.resource_id === sellerId,
      );
      return row ? toUpsellConfig(row.value) : null;
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
