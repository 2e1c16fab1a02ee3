/**
 * The seller's holds (config row `holds` of the seller, `holdsConfig` of api/schemas.ts): how long a cart
 * holds its tickets, and how often a visitor may ask for more time (WCAG 2.2.1). No row, or an unreadable
 * one, means the defaults: 15 minutes, no 'more time' offered, at most 3 extensions when it is.
 */
import * as z from 'zod/mini';
import { sellerConfigValue } from '../catalog/seller-config';
import type { Q } from '../db';

/*
 * The seller's holds: config row `holds` of the seller. `hold_seconds` is how long a cart holds its tickets
 * (default 15 minutes); `more_time` lets visitors ask for more time from 2 minutes before expiry (WCAG 2.2.1),
 * at most `max_extensions` times per cart (default 3; 0 offers none). Server-side only (not in the browser's
 * schemas): the storefront learns `moreTime` from the runtime configuration.
 */
export const HOLDS_CONFIG_KEY = 'holds';
export const holdsConfig = z.object({
  hold_seconds: z.optional(z.int().check(z.minimum(30), z.maximum(24 * 3600))),
  max_extensions: z.optional(z.int().check(z.minimum(0), z.maximum(20))),
  more_time: z.optional(z.boolean()),
});

export const DEFAULT_HOLD_MS = 15 * 60 * 1000;
/** Default bound on 'more time' per cart (the seller's `max_extensions`). */
export const DEFAULT_MAX_MORE_TIME = 3;

export interface Holds {
  /** How long a hold lasts, from creation or from the last extension. */
  holdMs: number;
  /** 'More time' is offered to visitors. */
  moreTime: boolean;
  /** How many times one cart may get more time. */
  maxMoreTime: number;
}

export const DEFAULT_HOLDS: Holds = {
  holdMs: DEFAULT_HOLD_MS,
  moreTime: false,
  maxMoreTime: DEFAULT_MAX_MORE_TIME,
};

export async function holdsOf(q: Q, sellerId: string): Promise<Holds> {
  const value = await sellerConfigValue(q, sellerId, HOLDS_CONFIG_KEY);
  if (value === undefined) return DEFAULT_HOLDS;
  const parsed = holdsConfig.safeParse(value);
  if (!parsed.success) return DEFAULT_HOLDS;
  const v = parsed.data;
  return {
    holdMs: v.hold_seconds !== undefined ? v.hold_seconds * 1000 : DEFAULT_HOLD_MS,
    moreTime: v.more_time === true && (v.max_extensions ?? DEFAULT_MAX_MORE_TIME) > 0,
    maxMoreTime: v.more_time === true ? (v.max_extensions ?? DEFAULT_MAX_MORE_TIME) : 0,
  };
}

/** Whether the seller's `analytics` row asks for `window.dataLayer` pushes. */
export async function dataLayerOf(q: Q, sellerId: string): Promise<boolean> {
  const value = (await sellerConfigValue(q, sellerId, 'analytics')) as
    | { data_layer?: unknown }
    | null
    | undefined;
  return value?.data_layer === true;
}
