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

/** Makes the cart a gift to its recipient (see `giftApplier`); answers the recipient's identity id. */
export type GiftApplier = (cartId: string, signal?: AbortSignal) => Promise<string>;

/**
 * Makes the cart a gift to the recipient, once per cart: POST giftee (the recipient's identity), then
 * POST (my/)cart/{id}/gift_checkout. A failure (e.g. giftee_is_purchaser) rejects and is tried again next time.
 * Answers the recipient's identity id (a member's free gift checkout names it).
 */
export function giftApplier(api: Pick<Api, 'membership'>, giftee: StoredGiftee): GiftApplier {
  let applied: Promise<string> | null = null;
  return (cartId: string, signal?: AbortSignal): Promise<string> => {
    applied ??= (async () => {
      const identityId = await api.membership.createGiftee(
        { firstName: giftee.first, lastName: giftee.last, email: giftee.email },
        { signal },
      );
      await api.membership.giftCheckout(cartId, identityId, { signal });
      return identityId;
    })();
    applied.catch(() => {
      applied = null;
    });
    return applied;
  };
}

/**
 * A logged-in member's gift with nothing to pay (spec 2 §7, server/README.md Gifts): instead of the plain free
 * checkout, POST my/cart/{id}/guest_checkout { guest_identity_id: the recipient's (from the gift already made),
 * giver_identity_id: the member's }.
 */
export function memberGiftFreeCheckout(
  api: Pick<Api, 'membership'>,
  applyGift: GiftApplier,
  giverIdentityId: string,
) {
  return async (
    cartId: string,
    { signal, sendEmail = true }: { signal?: AbortSignal; sendEmail?: boolean } = {},
  ): Promise<{ orderIds: string[] }> => {
    const guestIdentityId = await applyGift(cartId, signal);
    return api.membership.giftFreeCheckout(
      cartId,
      { guestIdentityId, giverIdentityId, sendEmail },
      { signal },
    );
  };
}
