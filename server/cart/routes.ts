/** Thin handlers of the cart resource: modify (reserve), get, delete, purchaser. */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ErrorCode } from '../../domain/codes';
import { type AppCtx, type C, type Env, query } from '../http/context';
import { ApiError, cartBooked, cartExpired, incorrectCartState } from '../http/errors';
import { body, editModifyBody, modifyBody, purchaserBody } from '../http/validate';
import { changeEdit, editOf } from '../manage/edit';
import { selfEditRulesOf } from '../manage/rules';
import { newCartOwner } from '../members/carts';
import { guardGiftCode } from '../memberships/guess';
import { guardPromoCodes } from '../promo/guess';
import * as t from '../schema';
import { newId } from '../util';
import { type CartRow, cartDocument, type FreshCart } from './document';
import { registerHoldRoutes } from './hold-routes';
import { cancelLiveTickets, expireCart, sweepExpiredCarts } from './holds';
import { type Modified, modify } from './modify';
import { storePurchaserDetails } from './purchaser';
import { loadCart, lockPending, orderIdOf, requirePending } from './state';

const isSoldOut = (e: unknown) =>
  e instanceof ApiError &&
  (e.code === ErrorCode.event_session_sold_out ||
    e.code === ErrorCode.ticket_group_sold_out ||
    e.code === ErrorCode.seat_unavailable);

/** The cart document for the query's limit and embeds; `fresh` for a cart created by this request. */
export async function documentResponse(ctx: AppCtx, c: C, cart: CartRow, fresh: FreshCart | null = null) {
  const q = query(c);
  return c.json(
    await cartDocument(ctx, cart, { limit: q.limit, embed: q.embed, configKeys: q.in('config.key'), fresh }),
  );
}

/**
 * Outside production a request may ask for a short hold on the cart it creates (header
 * `Tix-Test-Hold-Seconds`, 35 to 3600): browser tests watch a real server-side expiry without changing the
 * seller's hold for the tests running beside them. Production ignores the header.
 */
export function testHoldMs(ctx: AppCtx, c: C): number | undefined {
  if (ctx.production) return undefined;
  const raw = c.req.header('tix-test-hold-seconds');
  if (raw === undefined || !/^\d{1,4}$/.test(raw)) return undefined;
  const seconds = Number(raw);
  return seconds >= 35 && seconds <= 3600 ? seconds * 1000 : undefined;
}

export function registerCarts(api: Hono<Env>, ctx: AppCtx) {
  const modifyRoute = async (c: C, withId: boolean) => {
    const existing = withId ? await loadCart(ctx, c) : null;
    if (existing) await requirePending(ctx, existing, false);
    // An order-bound cart takes only changes of its order (server/manage/edit.ts).
    const edit = existing ? await editOf(ctx.db, existing.id) : null;
    if (existing && edit) {
      const change = await body(c, editModifyBody, 'cart');
      const rules = await selfEditRulesOf(ctx.db, existing.sellerId);
      return documentResponse(ctx, c, await changeEdit(ctx, existing, edit, rules, change));
    }
    const b = await body(c, modifyBody, 'cart');
    const member = await newCartOwner(ctx, c);
    const owner = existing ? undefined : member;
    const hold = testHoldMs(ctx, c);
    let onCodeMiss: (() => void) | undefined;
    const reserve = async (): Promise<Modified> => {
      const once = () =>
        modify(ctx, c.get('seller'), existing, b, owner, member, existing ? undefined : hold, onCodeMiss);
      try {
        return await once();
      } catch (e) {
        // Sold out: capacity held by carts whose time is up comes back first, then one more try.
        if (!isSoldOut(e) || (await sweepExpiredCarts(ctx)) === 0) throw e;
        return once();
      }
    };
    // A gift code is a guess until it proves to exist: limited per address and cart (memberships/guess.ts);
    // so are promo codes (promo/guess.ts).
    const withCodes = !!(b.preReservePromoCodes || b.postReservePromoCodes || b.preloadedPromoCodes);
    const guarded = !withCodes
      ? reserve
      : () =>
          guardPromoCodes(ctx, c, existing?.id ?? null, (miss) => {
            onCodeMiss = miss;
            return reserve();
          });
    const out =
      b.membership?.gift_code === undefined
        ? await guarded()
        : await guardGiftCode(ctx, c, existing?.id ?? null, guarded);
    return documentResponse(ctx, c, out.cart, out.fresh);
  };
  api.post('/my/cart/modify', (c) => modifyRoute(c, false));
  api.post('/my/cart/:id/modify', (c) => modifyRoute(c, true));
  api.post('/cart/:id/modify', (c) => modifyRoute(c, true));

  const getRoute = async (c: C) => {
    let cart = await loadCart(ctx, c);
    if (cart.state === 'pending' && cart.expiresAt && cart.expiresAt.getTime() <= ctx.now()) {
      await expireCart(ctx, cart.id);
      cart = await loadCart(ctx, c);
    }
    return documentResponse(ctx, c, cart);
  };
  api.get('/my/cart/:id', getRoute);
  api.get('/cart/:id', getRoute);

  const deleteRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    if (cart.state === 'completed') throw cartBooked(await orderIdOf(ctx.db, cart.id));
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(t.cart).where(eq(t.cart.id, cart.id)).for('update');
      if (!locked || locked.state === 'deleted') return;
      if (locked.state === 'completed') throw cartBooked(await orderIdOf(tx, cart.id));
      if (locked.state === 'paying') throw incorrectCartState(locked.state);
      await tx.update(t.cart).set({ state: 'deleted' }).where(eq(t.cart.id, cart.id));
      await cancelLiveTickets(tx, cart.id);
    });
    return c.json({});
  };
  api.delete('/cart/:id', deleteRoute);
  api.delete('/my/cart/:id', deleteRoute);

  const purchaserRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, false);
    const p = await body(c, purchaserBody, 'purchaser');
    const nowMs = ctx.now();
    const ok = await ctx.db.transaction(async (tx) => {
      const lock = await lockPending(ctx, tx, cart.id);
      if (!lock.ok) return false;
      const locked = lock.cart;
      const [current] = await tx.select().from(t.identity).where(eq(t.identity.id, locked.identityId));
      // A member's cart keeps the member's identity (their account prefills checkout).
      if (current?.type === 'member') return true;
      let identityId: string;
      if (current?.type === 'guest') {
        identityId = current.id;
        await tx
          .update(t.identity)
          .set({ firstName: p.first_name, lastName: p.last_name, email: p.email })
          .where(eq(t.identity.id, current.id));
      } else {
        identityId = newId();
        await tx.insert(t.identity).values({
          id: identityId,
          sellerId: locked.sellerId,
          type: 'guest',
          firstName: p.first_name,
          lastName: p.last_name,
          email: p.email,
          createdAt: new Date(nowMs),
        });
        await tx.update(t.cart).set({ identityId }).where(eq(t.cart.id, locked.id));
      }
      await storePurchaserDetails(tx, identityId, p);
      return true;
    });
    if (!ok) throw cartExpired();
    return documentResponse(ctx, c, await loadCart(ctx, c));
  };
  api.post('/cart/:id/purchaser', purchaserRoute);
  api.post('/my/cart/:id/purchaser', purchaserRoute);
  registerHoldRoutes(api, ctx);
}
