/**
 * The cart in local storage, shared across tabs: a versioned record validated with zod when read back
 * (garbage, another version or an unreadable value reads as no cart; a bare id from before the record is
 * still understood). `sig` changes whenever the cart's content does (tickets, expiry, balance), so another
 * tab sees a reserve into the same cart, not only a new cart id.
 */
import * as z from 'zod/mini';
import type { CartModel } from '../../api/models';
import { cartKey, type Storage } from '../storage';

export const CART_STORAGE_VERSION = 1;

const idText = z.string().check(z.minLength(1), z.maxLength(200));
const record = z.object({
  v: z.literal(CART_STORAGE_VERSION),
  cartId: idText,
  sig: z.string().check(z.maxLength(500)),
});
export type StoredCart = z.infer<typeof record>;

/** A bare cart id as the storefront stored it before the versioned record. */
const LEGACY_ID = /^[A-Za-z0-9-]{1,100}$/;

/** What changes when another tab should reload the cart. */
export const cartSignature = (cart: CartModel): string =>
  `${cart.id}:${cart.ticketCount}:${cart.expiresAt ?? '-'}:${cart.totals.outstandingCents}:${cart.state}`;

/** The stored record of a raw value (the storage event's newValue), or null. */
export function parseStoredCart(raw: string | null): StoredCart | null {
  if (raw === null) return null;
  if (LEGACY_ID.test(raw)) return { v: CART_STORAGE_VERSION, cartId: raw, sig: '' };
  try {
    const parsed = z.safeParse(record, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const readStoredCart = (storage: Storage, sellerId: string): StoredCart | null =>
  parseStoredCart(storage.get(cartKey(sellerId)));

/** Saves the cart id with its content signature; null removes it. Storage errors are tolerated. */
export function writeStoredCart(storage: Storage, sellerId: string, value: StoredCart | null): void {
  storage.set(cartKey(sellerId), value === null ? null : JSON.stringify(value));
}
