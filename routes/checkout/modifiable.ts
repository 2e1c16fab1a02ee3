/**
 * Whether the visitor may change the cart at checkout (spec 2 §4 "Cart": pending, owned by the public identity
 * or the logged-in member): the promo code box and the gift card field show only then (spec 2 §2).
 */
import type { CartModel } from '../../api/models';
import { isModifiable } from '../../machines/cart/rules';
import { useServices, useSession } from '../app/services';

export function useCartModifiable(cart: CartModel | null): boolean {
  const { config } = useServices();
  const memberIdentityId = useSession((s) => s.context.current?.member.identityId ?? null);
  if (!cart) return false;
  return isModifiable(cart, [
    config.publicIdentityId ?? cart.identityId,
    ...(memberIdentityId ? [memberIdentityId] : []),
  ]);
}

/**
 * Spec 2 §2: the gift card field shows when the seller takes gift cards
 * (`additional_payment_methods_enabled.gift_card`) and the visitor may still change the cart; never otherwise.
 */
export const giftCardFieldShown = (modifiable: boolean, sellerTakesGiftCards: boolean): boolean =>
  modifiable && sellerTakesGiftCards;

/**
 * Spec 2 §2: "Donation form if the cart is modifiable and not a gift", when the seller offers a donation group
 * (`checkout_donation`, ours: server/README.md "Donations at checkout").
 */
export const donationFormShown = (groupId: string | null, modifiable: boolean, gift: boolean): boolean =>
  groupId !== null && modifiable && !gift;
