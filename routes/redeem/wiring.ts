/**
 * Wiring of redeem a gift membership (spec 3 §2, §7): the code's lookup (`GET gift_code/{code}`) with the
 * membership event's levels (discounted amounts and ranks), judged on the app's clock; the cart read when the
 * flow acts (does it hold a membership?); Discard forgets the cart; the reserve adds the level with the code
 * and the redeem flag (`api.membership.reserve`), hands the cart to the app cart, marks it in the stored
 * redeem-membership flag, and says whether upsells are on (then `/events`, else `/checkout`).
 */

import type { Api, CartModel } from '../../api';
import type { UpsellConfig } from '../../api/models';
import { giftRedeemMachine } from '../../machines/membership/giftRedeem.machine';
import type { LookupCodeOutput, RedeemLevel } from '../../machines/membership/giftRedeem.types';
import { fromPromise } from '../actors';
import type { AppClock } from '../app/clock';
import { provideReserveCore } from '../event/reserve-core';

export interface RedeemWiring {
  api: Pick<Api, 'membership' | 'cart'>;
  clock: Pick<AppClock, 'now'>;
  membershipEventId: string;
  /** The app cart now (read when the flow acts). */
  cart: () => CartModel | null;
  cartId: () => string | null;
  /** The app cart takes the reserved cart; forgetting it discards it. */
  cartUpdated: (cart: CartModel) => void;
  clearCart: () => void;
  /** The seller's upsell chain (null: none), and whether the visitor skips it (?expresscheckout). */
  upsells: (signal: AbortSignal) => Promise<UpsellConfig | null>;
  goTo: (path: '/events' | '/checkout') => void;
  /**
   * The redeem-membership flag (routes/app/redeem-storage.ts, local storage shared across tabs): whether the
   * app's current cart holds a redeemed membership (read when the flow acts), and marking the cart a redeem
   * reserved into.
   */
  redeemFlag: { isSet: () => boolean; mark: (cartId: string) => void };
  /** The cart dialog (Discard / Checkout) on the modal stack (`redeemCart`): shown while the flow waits. */
  cartDialog: { open: () => void; close: () => void };
}

/** The code's lookup and the levels it may buy, as the machine judges them. */
export async function lookupCode(
  w: RedeemWiring,
  code: string,
  signal: AbortSignal,
): Promise<LookupCodeOutput> {
  const [gift, event] = await Promise.all([
    w.api.membership.giftCode(code, { signal }),
    w.api.membership.event(w.membershipEventId, { signal }),
  ]);
  const allowed = gift.levelIds === null ? null : new Set(gift.levelIds);
  const levels: RedeemLevel[] = event.levels
    .filter((level) => allowed === null || allowed.has(level.id))
    .map((level) => ({
      id: level.id,
      ticketGroupId: level.ticketGroupId,
      name: level.name,
      rank: level.rank,
      amount: level.amountCents,
      discountedAmount: level.discountedCents,
      named: level.named.map((slot) => ({ partyRole: slot.partyRole, emailRequired: slot.emailRequired })),
    }));
  return {
    validFrom: gift.validFrom,
    validTo: gift.validTo,
    exhausted: gift.exhausted,
    checkedAt: w.clock.now(),
    levels,
  };
}

/**
 * Whether the app's cart holds a membership: a line of the membership event, or the redeem flag set for it
 * (another tab redeemed into this cart, whose lines this tab has not loaded yet).
 */
export const cartHasMembership = (w: Pick<RedeemWiring, 'cart' | 'membershipEventId' | 'redeemFlag'>) =>
  cartHoldsMembership(w.cart(), w.membershipEventId) || w.redeemFlag.isSet();

/** Whether the cart holds a membership (a line of the membership event). */
export const cartHoldsMembership = (cart: CartModel | null, membershipEventId: string): boolean =>
  (cart?.items ?? []).some((item) => item.eventId === membershipEventId && item.lines.length > 0);

/** After the reserve: the app cart takes the cart, marked in the redeem flag (read by other tabs). */
export function redeemReserved(w: RedeemWiring, cart: CartModel) {
  w.cartUpdated(cart);
  w.redeemFlag.mark(cart.id);
}

export function provideGiftRedeem(w: RedeemWiring) {
  return giftRedeemMachine.provide({
    actors: {
      lookupCode: fromPromise(({ input, signal }) => lookupCode(w, input.code, signal)),
      checkCart: fromPromise(async () => ({ holdsMembership: cartHasMembership(w) })),
      discardCart: fromPromise<unknown, void>(async () => {
        w.clearCart();
        return null;
      }),
      reserveIntoCart: provideReserveCore({ api: w.api, currentCartId: w.cartId }),
      checkUpsells: fromPromise(async ({ signal }) => ({
        upsells: (await w.upsells(signal).catch(() => null)) !== null,
      })),
    },
    actions: {
      reserved: ({ context }) => context.cart && redeemReserved(w, context.cart),
      goToEvents: () => w.goTo('/events'),
      goToCheckout: () => w.goTo('/checkout'),
      openCartDialog: () => w.cartDialog.open(),
      closeCartDialog: () => w.cartDialog.close(),
    },
  });
}
