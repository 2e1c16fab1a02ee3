/**
 * The zip-code discount's route part (spec 2 §4), loaded with the checkout settings only when the seller's
 * option is on (routes/checkout/terms.ts): the pure rule and the once-per-cart memory below.
 */
import type { CartModel } from '../../api';
import type { Storage } from '../storage';

export { zipCodeToApply } from '../../machines/checkout/zip-code';

/**
 * The member's zip code is tried once per cart and ticket count (spec 2 §4; ours): a zip that is no code is a
 * miss, and misses count against the seller's promo-code guessing limit (20 an hour per address), so going back
 * and forth to checkout must not spend them; adding tickets tries again (the code may now give something).
 */
export const zipTriedKey = (sellerId: string) => `tix:${sellerId}:zip-tried`;
const triedValue = (cart: Pick<CartModel, 'id' | 'ticketCount'>, code: string) =>
  `${cart.id}:${cart.ticketCount}:${code}`;

export function zipCodeTried(
  storage: Storage,
  sellerId: string,
  cart: Pick<CartModel, 'id' | 'ticketCount'>,
  code: string,
): boolean {
  return storage.get(zipTriedKey(sellerId)) === triedValue(cart, code);
}

export function markZipCodeTried(
  storage: Storage,
  sellerId: string,
  cart: Pick<CartModel, 'id' | 'ticketCount'>,
  code: string,
): void {
  storage.set(zipTriedKey(sellerId), triedValue(cart, code));
}
