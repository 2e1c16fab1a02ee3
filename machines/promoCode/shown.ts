/**
 * When checkout shows the promo code box and the blocked-cart form (spec 2 §2): rules of their own, so the
 * checkout screen reads them without loading the flow's error rules (those come with the box's chunk).
 */
import type { CartModel, CartModLine } from '../../api/models';

/** The cart's rules that block checkout until a code clears them (spec 2 §2 "Blocked-cart form"). */
export const blockingRules = (cart: Pick<CartModel, 'cartMods'> | null): CartModLine[] =>
  (cart?.cartMods ?? []).filter((m) => m.blocking);

/**
 * Spec 2 §2: the promo code box shows when the cart is modifiable, the seller's show_promo_codes_on_checkout is
 * on, and the card amount is above 0.
 */
export const promoBoxShown = (modifiable: boolean, settingOn: boolean, cardAmountCents: number): boolean =>
  modifiable && settingOn && cardAmountCents > 0;
