/**
 * The purchaser's other identity form fields (spec 2 §3: phone, address, address_more, city, state, country,
 * zip_code): kept as the guest identity's meta (spec 3 §3 "Identity: ... meta (country, zip_code, post_code,
 * state, phone)"), replaced whole by each POST cart/{id}/purchaser, and read back with the cart. An account's
 * (POST user, PUT my/user) are kept the same way, replacing only the fields its form asks.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Q } from '../db';
import * as t from '../schema';
import { newId } from '../util';

export const PURCHASER_DETAILS = [
  'phone',
  'address',
  'address_more',
  'city',
  'state',
  'country',
  'zip_code',
] as const;

export type IdentityDetailKey = (typeof PURCHASER_DETAILS)[number];

/** Replaces the identity's detail rows of `keys` (all of them unless told) by the values given. */
export async function storePurchaserDetails(
  q: Q,
  identityId: string,
  p: Partial<Record<IdentityDetailKey, string>>,
  keys: readonly IdentityDetailKey[] = PURCHASER_DETAILS,
): Promise<void> {
  if (keys.length === 0) return;
  await q
    .delete(t.meta)
    .where(
      and(eq(t.meta.resource, 'identity'), eq(t.meta.resourceId, identityId), inArray(t.meta.key, [...keys])),
    );
  const rows = keys.flatMap((key) => {
    const value = p[key];
    return value ? [{ id: newId(), resource: 'identity', resourceId: identityId, key, value }] : [];
  });
  if (rows.length) await q.insert(t.meta).values(rows);
}

/** The purchaser details of a guest identity (its meta rows of PURCHASER_DETAILS). */
export async function purchaserDetails(q: Q, identityId: string) {
  return q
    .select()
    .from(t.meta)
    .where(
      and(
        eq(t.meta.resource, 'identity'),
        eq(t.meta.resourceId, identityId),
        inArray(t.meta.key, [...PURCHASER_DETAILS]),
      ),
    );
}
