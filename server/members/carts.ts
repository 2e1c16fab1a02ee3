/**
 * A member's cart is theirs alone: a cart whose identity is a member account's answers only to that member's
 * session (anyone else, guest or another member, gets 404). Carts of the seller's public identity and of guest
 * purchasers work as before (whoever holds the id).
 */
import { eq } from 'drizzle-orm';
import type { CartRow } from '../cart/document';
import type { AppCtx, C } from '../http/context';
import { memberUser } from './schema';
import { currentMember } from './session';

export async function mayUseCart(ctx: AppCtx, c: C, cart: CartRow): Promise<boolean> {
  if (cart.identityId === c.get('seller').publicIdentityId) return true;
  return speaksFor(ctx, c, cart.identityId);
}

/**
 * Who the request speaks for the identity as: `member` (a member account's identity, through that member's
 * session), `guest` (any other identity, a guest purchaser: whoever holds the id of its cart or order), or null.
 */
export async function speakerOf(ctx: AppCtx, c: C, identityId: string): Promise<'member' | 'guest' | null> {
  const [owner] = await ctx.db
    .select({ id: memberUser.id })
    .from(memberUser)
    .where(eq(memberUser.identityId, identityId))
    .limit(1);
  if (!owner) return 'guest';
  const member = await currentMember(ctx, c);
  return member?.user.identityId === identityId ? 'member' : null;
}

/**
 * Whether the request speaks for the identity: a member account's identity only through that member's session;
 * any other identity (a guest purchaser) through whoever holds the id of its cart or order.
 */
export const speaksFor = async (ctx: AppCtx, c: C, identityId: string): Promise<boolean> =>
  (await speakerOf(ctx, c, identityId)) !== null;

/** The identity a new cart belongs to: the logged-in member's, else none (the seller's public identity). */
export async function newCartOwner(ctx: AppCtx, c: C): Promise<string | undefined> {
  return (await currentMember(ctx, c))?.user.identityId;
}
