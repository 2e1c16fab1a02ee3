/**
 * The seller's upsell chain configuration (seller config key `upsells`; spec 2 "Configuration used here").
 * Apart from `api/config.ts` so that it loads with the upsell chain's own chunk, not with every page.
 */
import type { CallOptions } from './events';
import { parseDocument } from './join';
import type { UpsellConfig } from './models';
import type { ApiRequest } from './request';

export const UPSELLS_KEY = 'upsells';

const VISIT_TIMES = ['timeslot', 'same_start', 'same_date', 'until_close'] as const;
const MAX_TEXT = 200;

/** A bounded list of non-empty short strings, or null (checked by hand: zod's record and enum schemas
 * would grow every page's shared zod code for this one lazily loaded value). */
function texts(value: unknown, max: number): string[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const ok = value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_TEXT);
  return ok ? (value as string[]) : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A stored `upsells` value as the storefront uses it; null when absent, malformed or without steps. */
export function toUpsellConfig(value: unknown): UpsellConfig | null {
  const data = typeof value === 'string' ? safeJson(value) : value;
  if (!isRecord(data)) return null;
  const visitTime = data.visit_time ?? 'timeslot';
  if (!VISIT_TIMES.includes(visitTime as (typeof VISIT_TIMES)[number])) return null;
  const anchors = data.anchor_event_ids === undefined ? [] : texts(data.anchor_event_ids, 100);
  if (!anchors || !Array.isArray(data.steps) || data.steps.length === 0 || data.steps.length > 20)
    return null;
  const steps: UpsellConfig['steps'] = [];
  for (const step of data.steps) {
    if (!isRecord(step)) return null;
    const categories = step.category === undefined ? [] : texts(step.category, 50);
    if (!categories) return null;
    const meta: Record<string, string[]> = {};
    if (step.meta !== undefined) {
      if (!isRecord(step.meta)) return null;
      for (const [key, values] of Object.entries(step.meta)) {
        const list = texts(values, 50);
        if (!list || key.length === 0 || key.length > MAX_TEXT) return null;
        meta[key] = list;
      }
    }
    steps.push({ categories, meta });
  }
  return { visitTime: visitTime as UpsellConfig['visitTime'], anchorEventIds: anchors, steps };
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
