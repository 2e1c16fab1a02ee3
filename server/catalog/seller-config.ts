/** One configuration row of a seller (`config` with resource `seller`), read by its key. */
import { and, eq } from 'drizzle-orm';
import type { Q } from '../db';
import * as t from '../schema';

/** The JSON value of the seller's config row `key`, or undefined when the seller has none. */
export async function sellerConfigValue(q: Q, sellerId: string, key: string): Promise<unknown> {
  const [row] = await q
    .select({ value: t.config.value })
    .from(t.config)
    .where(and(eq(t.config.resource, 'seller'), eq(t.config.resourceId, sellerId), eq(t.config.key, key)))
    .limit(1);
  return row?.value;
}
