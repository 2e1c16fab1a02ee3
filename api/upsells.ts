/**
 * The seller's upsell chain configuration (seller config key `upsells`; spec 2 "Configuration used here").
 * Apart from `api/config.ts` so that it loads with the upsell chain's own chunk, not with every page.
 */
import * as z from 'zod/mini';
import type { CallOptions } from './events';
import { parseDocument } from './join';
import type { UpsellConfig } from './models';
import type { ApiRequest } from './request';

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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

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

/** Cached GET config?resource_id._in={seller}&key._in=upsells: the seller's upsell chain, or null. */
export async function loadUpsells(
  request: ApiRequest,
  sellerId: string,
  { signal }: CallOptions = {},
): Promise<UpsellConfig | null> {
  const raw = await request('GET', 'config', {
    query: { 'resource_id._in': [sellerId], 'key._in': [UPSELLS_KEY] },
    cached: true,
    signal,
  });
  const row = (parseDocument(raw).config?._data ?? []).find(
    (r) => r.key === UPSELLS_KEY && r.resource_id === sellerId,
  );
  return row ? toUpsellConfig(row.value) : null;
}
