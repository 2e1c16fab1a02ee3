/**
 * Gift checkout (spec 2 §2 "Pay for your Gift to {name}", §7 POST giftee and (my/)cart/{id}/gift_checkout;
 * spec 3 §3 giftee in local storage). The membership form keeps the recipient with the id of the cart it
 * reserved into; checkout reads it for that cart only, and before the payment makes the cart a gift once.
 */
import * as z from 'zod/mini';
import type { Api } from '../../api';
import type { Storage } from '../storage';

/** Where the gift's recipient waits for checkout (written by routes/event/membership-wiring.ts). */
export const gifteeKey = (sellerId: string) => `tix:${sellerId}:giftee`;

const storedGiftee = z.object({
  cartId: z.string().check(z.maxLength(200)),
  first: z.string().check(z.maxLength(50)),
  last: z.string().check(z.maxLength(50)),
  email: z.string().check(z.maxLength(254)),
});
export type StoredGiftee = z.infer<typeof storedGiftee>;

/** The recipient of a gift paid with `cartId`, or null (none kept, another cart's, or unreadable). */
export function readGiftee(storage: Storage, sellerId: string, cartId: string): StoredGiftee | null {
  const text = storage.get(gifteeKey(sellerId));
  if (!text) return null;
  try {
    const parsed = storedGiftee.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.cartId === cartId ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Makes the cart a gift to the recipient, once per cart: POST giftee (the recipient's identity), then
 * POST (my/)cart/{id}/gift_checkout. A failure (e.g. giftee_is_purchaser) rejects and is tried again next time.
 */
export function giftApplier(api: Pick<Api, 'membership'>, giftee: StoredGiftee) {
  let applied: Promise<void> | null = null;
  return (cartId: string, signal?: AbortSignal): Promise<void> => {
    applied ??= (async () => {
      const identityId = await api.membership.createGiftee(
        { firstName: giftee.first, lastName: giftee.last, email: giftee.email },
        { signal },
      );
      await api.membership.giftCheckout(cartId, identityId, { signal });
    })();
    applied.catch(() => {
      applied = null;
    });
    return applied;
  };
}
