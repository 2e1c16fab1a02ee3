/**
 * The redeem-membership flag in local storage (spec 3 §3 "Local stored state": kept in local storage, shared
 * across tabs, storage access errors tolerated; spec 3 §2 "Submitting reserves, marks the redeem flag"). Stored
 * the way the cart record is (cart-storage.ts): a versioned record validated with zod when read back (garbage,
 * another version or an unreadable value reads as no flag), naming the cart that holds the redeemed
 * membership, so the flag never outlives that cart: it is read for the current cart only, and cleared when the
 * cart ends (paid, discarded, expired) or another cart takes its place (`clearRedeemFlagWithCart`, started by
 * the app root).
 */
import * as z from 'zod/mini';
import type { Storage } from '../storage';

export const REDEEM_STORAGE_VERSION = 1;

/** Where the flag lives (one per seller, like the cart). */
export const redeemKey = (sellerId: string) => `tix:${sellerId}:redeem`;

const record = z.object({
  v: z.literal(REDEEM_STORAGE_VERSION),
  cartId: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type RedeemFlag = z.infer<typeof record>;

/** The flag of a raw stored value (or the storage event's newValue), or null. */
export function parseRedeemFlag(raw: string | null): RedeemFlag | null {
  if (raw === null) return null;
  try {
    const parsed = z.safeParse(record, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The id of the cart holding a redeemed membership, or null (none, unreadable, or storage refused). */
export const redeemedCartId = (storage: Storage, sellerId: string): string | null =>
  parseRedeemFlag(storage.get(redeemKey(sellerId)))?.cartId ?? null;

/** Whether `cartId` holds a membership redeemed with a gift code (false for no cart). */
export const isRedeemCart = (storage: Storage, sellerId: string, cartId: string | null): boolean =>
  cartId !== null && redeemedCartId(storage, sellerId) === cartId;

/** Marks `cartId` as holding a redeemed membership; null clears the flag. Storage errors are tolerated. */
export function writeRedeemFlag(storage: Storage, sellerId: string, cartId: string | null): void {
  storage.set(
    redeemKey(sellerId),
    cartId === null ? null : JSON.stringify({ v: REDEEM_STORAGE_VERSION, cartId } satisfies RedeemFlag),
  );
}

/** What the flag follows of the app cart: its id (a cart actor's snapshot). */
interface CartIdSource {
  getSnapshot(): { context: { cartId: string | null } };
  subscribe(observer: (snapshot: { context: { cartId: string | null } }) => void): { unsubscribe(): void };
}

/**
 * Clears the flag when the cart it names leaves this tab: paid, discarded, expired (Start over), found gone,
 * or replaced by another cart. A flag naming another cart is kept (another tab may have redeemed into a new
 * cart while this one still showed the old). Returns the unsubscribe.
 */
export function clearRedeemFlagWithCart(cart: CartIdSource, storage: Storage, sellerId: string): () => void {
  let current = cart.getSnapshot().context.cartId;
  const subscription = cart.subscribe((snapshot) => {
    const next = snapshot.context.cartId;
    if (next === current) return;
    const ended = current;
    current = next;
    if (ended !== null && redeemedCartId(storage, sellerId) === ended)
      writeRedeemFlag(storage, sellerId, null);
  });
  return () => subscription.unsubscribe();
}
