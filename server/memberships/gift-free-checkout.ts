/**
 * A member's gift with nothing to pay (spec 2 §7 `POST my/cart/{cartId}/guest_checkout { guest_identity_id,
 * giver_identity_id }`; §6 giver versus giftee): the member who owns the cart books it free as a gift to the guest
 * identity, themselves the giver. The cart becomes the guest's gift as gift_checkout makes it (its memberships
 * theirs, no auto-renew), then is checked out free (payments/completion.ts `checkoutFree`); the order is the
 * giver's, as every gift's (server/README.md, Gifts).
 */
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../domain/codes';
import type { CartRow } from '../cart/document';
import type { AppCtx } from '../http/context';
import { ApiError, notFound } from '../http/errors';
import type { SessionMember } from '../members/session';
import { checkoutFree } from '../payments/completion';
import * as t from '../schema';
import { checkNotSelfGift, makeGift } from './routes';

const notOwner = (description: string) => new ApiError(403, ErrorCode.not_cart_owner, 'cart', description);

/**
 * 403 unless the member owns the cart and is the giver; 404 unless both identities are the seller's (the guest
 * not the public identity); 400 giftee_is_purchaser when the guest is the giver (by email); then as
 * gift_checkout and the free checkout (400 for a cart without a membership or with something to pay).
 */
export async function giftFreeCheckout(
  ctx: AppCtx,
  cart: CartRow,
  member: SessionMember,
  body: { guest_identity_id: string; giver_identity_id: string; send_email?: boolean | undefined },
): Promise<CartRow> {
  if (cart.identityId !== member.user.identityId) throw notOwner('Only the cart’s owner can check it out.');
  if (body.giver_identity_id !== member.user.identityId)
    throw notOwner('The giver must be the logged-in member.');
  const identityOf = async (id: string) => {
    const [row] = await ctx.db
      .select()
      .from(t.identity)
      .where(and(eq(t.identity.id, id), eq(t.identity.sellerId, cart.sellerId)))
      .limit(1);
    return row;
  };
  const giver = await identityOf(body.giver_identity_id);
  if (!giver) throw notFound('identity', 'The giver was not found.');
  const guest = await identityOf(body.guest_identity_id);
  if (!guest || guest.type === 'public') throw notFound('identity', 'The gift recipient was not found.');
  await checkNotSelfGift(ctx.db, cart, guest.email, giver.id);
  await makeGift(ctx, cart.id, guest.id);
  return checkoutFree(ctx, cart.id, body.send_email !== false);
}
