/** Loading a cart and checking its state, outside a transaction (fast refusals) and inside one (locked). */
import { eq } from 'drizzle-orm';
import type { Q, Tx } from '../db';
import { type AppCtx, type C, idParam } from '../http/context';
import { cartBooked, cartExpired, incorrectCartState, notFound } from '../http/errors';
import { mayUseCart } from '../members/carts';
import * as t from '../schema';
import { type CartRow, ordersOfCart } from './document';
import { expireCart, expireInTx } from './holds';

/** The cart named by the path (404 for another seller's, a deleted, or another member's cart). */
export async function loadCart(ctx: AppCtx, c: C, param = 'id'): Promise<CartRow> {
  const id = idParam(c, param, 'cart');
  const [cart] = await ctx.db.select().from(t.cart).where(eq(t.cart.id, id)).limit(1);
  if (!cart || cart.sellerId !== c.get('seller').id || cart.state === 'deleted') throw notFound('cart');
  if (!(await mayUseCart(ctx, c, cart))) throw notFound('cart');
  return cart;
}

/** The order the cart booked (or, for an order-bound cart, changes). */
export async function orderIdOf(q: Q, cartId: string) {
  const [o] = await ordersOfCart(q, cartId);
  return o?.id ?? null;
}

const isTimeUp = (ctx: AppCtx, cart: CartRow) =>
  cart.state === 'pending' && cart.expiresAt !== null && cart.expiresAt.getTime() <= ctx.now();

/**
 * A quick check before any work (the locked check inside the transaction decides): expires the cart if its
 * time is up, refuses booked, expired and other carts.
 */
export async function requirePending(ctx: AppCtx, cart: CartRow, forPayment: boolean): Promise<void> {
  if (cart.state === 'completed') {
    const orderId = await orderIdOf(ctx.db, cart.id);
    throw forPayment ? cartBooked(orderId) : incorrectCartState(cart.state, orderId);
  }
  if (isTimeUp(ctx, cart)) {
    await expireCart(ctx, cart.id);
    throw cartExpired();
  }
  if (cart.state === 'expired') throw cartExpired();
  if (cart.state === 'paying' && forPayment) return; // the payment route waits for the attempt in flight
  if (cart.state !== 'pending') throw incorrectCartState(cart.state);
}

/** Locks the cart row (`FOR UPDATE`): every change of a cart's tickets or state goes through this lock. */
export async function lockCart(tx: Tx, cartId: string): Promise<CartRow> {
  const [cart] = await tx.select().from(t.cart).where(eq(t.cart.id, cartId)).for('update');
  if (!cart || cart.state === 'deleted') throw notFound('cart');
  return cart;
}

export type LockedPending = { ok: true; cart: CartRow } | { ok: false; expired: true };

/**
 * Locks the cart and requires it pending. A cart whose time is up is expired in this transaction and
 * reported as `{ ok: false }`: the caller commits, then answers 410 (throwing would roll the expiry back).
 */
export async function lockPending(
  ctx: AppCtx,
  tx: Tx,
  cartId: string,
  forPayment = false,
): Promise<LockedPending> {
  const cart = await lockCart(tx, cartId);
  if (cart.state === 'completed') {
    const orderId = await orderIdOf(tx, cart.id);
    throw forPayment ? cartBooked(orderId) : incorrectCartState(cart.state, orderId);
  }
  if (cart.state === 'expired') throw cartExpired();
  if (isTimeUp(ctx, cart)) {
    await expireInTx(ctx, tx, cart.id);
    return { ok: false, expired: true };
  }
  if (cart.state !== 'pending') throw incorrectCartState(cart.state);
  return { ok: true, cart };
}
