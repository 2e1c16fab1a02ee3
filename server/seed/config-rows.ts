/**
 * One config row of a seller, set or removed by its key: the seed's per-seller options (the captcha, the donation
 * at checkout, the terms) and the test routes that turn them on for an e2e worker's seller. The row's id is derived
 * from the seller and the key, so setting it again replaces it and a kept database never holds two.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import * as t from '../schema';
import { seedIdOf } from './ids';

export async function setSellerConfig(db: Db, sellerId: string, slug: string, key: string, value: unknown) {
  const rowId = seedIdOf(slug)(`config:${sellerId}:${key}`);
  await db.delete(t.config).where(eq(t.config.id, rowId));
  if (value !== null && value !== undefined)
    await db.insert(t.config).values({ id: rowId, resource: 'seller', resourceId: sellerId, key, value });
}
