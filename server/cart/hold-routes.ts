/**
 * Holds a visitor acts on: 'more time' (POST cart/{id}/extend, ours for WCAG 2.2.1) and taking tickets out
 * of the cart (POST cart/{id}/remove, spec 2 §7, errors in context `cart_remove_tickets`). Both lock the cart
 * row (`FOR UPDATE`, via lockPending), so they cannot interleave with a payment, a modify or an expiry.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ErrorCode } from '../../domain/codes';
import type { AppCtx, C, Env } from '../http/context';
import { ApiError, cartExpired } from '../http/errors';
import { body, extendHoldBody, removeTicketsBody } from '../http/validate';
import { releaseGiftCodes } from '../memberships/codes';
import * as t from '../schema';
import { LIVE_TICKET_STATES } from './document';
import { changeCapacity } from './holds';
import { holdsOf } from './holds-config';
import { documentResponse } from './routes';
import { loadCart, lockPending, requirePending } from './state';

const REMOVE_CONTEXT = 'cart_remove_tickets';

export const holdExtensionLimit = (max: number) =>
  new ApiError(
    409,
    ErrorCode.hold_extension_limit,
    'cart_extend',
    'No more time can be added to this cart.',
    { max_extensions: max },
  );

export function registerHoldRoutes(api: Hono<Env>, ctx: AppCtx) {
  /**
   * More time: the hold runs for the seller's hold duration from now (never shorter than it was), at most
   * the seller's `max_extensions` times per cart; then 409 hold_extension_limit.
   */
  const extendRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, false);
    await body(c, extendHoldBody, 'cart_extend');
    const holds = await holdsOf(ctx.db, cart.sellerId);
    const nowMs = ctx.now();
    const outcome = await ctx.db.transaction(async (tx) => {
      const lock = await lockPending(ctx, tx, cart.id);
      if (!lock.ok) return 'expired' as const;
      const locked = lock.cart;
      if (!holds.moreTime || locked.moreTime >= holds.maxMoreTime) return 'limit' as const;
      const until = Math.max(nowMs + holds.holdMs, locked.expiresAt?.getTime() ?? 0);
      await tx
        .update(t.cart)
        .set({ expiresAt: new Date(until), moreTime: locked.moreTime + 1 })
        .where(eq(t.cart.id, locked.id));
      return 'extended' as const;
    });
    if (outcome === 'expired') throw cartExpired();
    if (outcome === 'limit') throw holdExtensionLimit(holds.maxMoreTime);
    return documentResponse(ctx, c, await loadCart(ctx, c));
  };
  api.post('/cart/:id/extend', extendRoute);
  api.post('/my/cart/:id/extend', extendRoute);

  /**
   * Remove tickets: every id must be a ticket of this cart (else 404 ticket_not_found), still held (else 409
   * ticket_state_incorrect) and of a session not yet over (else 400 tickets_too_old); all or nothing. The
   * capacity they held comes back in the same transaction.
   */
  const removeRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, false);
    const b = await body(c, removeTicketsBody, REMOVE_CONTEXT);
    const ids = [...new Set(b.tickets.map((id) => id.toLowerCase()))];
    const nowMs = ctx.now();
    const ok = await ctx.db.transaction(async (tx) => {
      const lock = await lockPending(ctx, tx, cart.id);
      if (!lock.ok) return false;
      const tickets = await tx
        .select()
        .from(t.ticket)
        .where(and(eq(t.ticket.cartId, cart.id), inArray(t.ticket.id, ids)));
      const missing = ids.filter((id) => !tickets.some((k) => k.id === id));
      if (missing.length)
        throw new ApiError(
          404,
          ErrorCode.ticket_not_found,
          REMOVE_CONTEXT,
          'Some tickets are not in this cart.',
          { ticket_ids: missing },
        );
      const notHeld = tickets.filter((k) => !LIVE_TICKET_STATES.includes(k.state));
      if (notHeld.length)
        throw new ApiError(
          409,
          ErrorCode.ticket_state_incorrect,
          REMOVE_CONTEXT,
          'Some tickets can no longer be removed.',
          { ticket_ids: notHeld.map((k) => k.id) },
        );
      const old = tickets.filter((k) => k.validTo !== null && k.validTo.getTime() <= nowMs);
      if (old.length)
        throw new ApiError(
          400,
          ErrorCode.tickets_too_old,
          REMOVE_CONTEXT,
          'Some tickets are too old to remove.',
          {
            ticket_ids: old.map((k) => k.id),
          },
        );
      await tx
        .update(t.ticket)
        .set({ state: 'cancelled' })
        .where(and(eq(t.ticket.cartId, cart.id), inArray(t.ticket.id, ids)));
      await changeCapacity(
        tx,
        tickets.map((k) => ({ sessionId: k.eventSessionId, groupId: k.ticketGroupId, delta: -1 })),
      );
      // A removed membership level gives its gift code's use back (server/memberships/codes.ts).
      await releaseGiftCodes(
        tx,
        tickets.filter((k) => k.handler === 'membership').map((k) => k.id),
      );
      return true;
    });
    if (!ok) throw cartExpired();
    return documentResponse(ctx, c, await loadCart(ctx, c));
  };
  api.post('/cart/:id/remove', removeRoute);
  api.post('/my/cart/:id/remove', removeRoute);
}
