/**
 * Promo code endpoints (issue 21): `POST (my/)cart/{id}/apply_code`, `GET code/{code}` (mode advertise or code)
 * and `GET promo_banner` (the seller's and an event's banners). Unknown codes count against the client address
 * (and, for apply_code, the cart): ./guess.ts.
 */
import { inArray, or } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as z from 'zod/mini';
import type * as w from '../../api/schemas';
import { documentResponse } from '../cart/routes';
import { loadCart, requirePending } from '../cart/state';
import { type AppCtx, type C, type Env, query } from '../http/context';
import { coll, priceCents, wType } from '../http/docs';
import { invalid } from '../http/errors';
import { applyCodeBody, body } from '../http/validate';
import * as t from '../schema';
import { money } from '../util';
import { applyCodes } from './apply';
import {
  CODE_MAX,
  engineMod,
  type FoundCode,
  findCode,
  isCurrent,
  type ModRow,
  maxUsesOf,
  notValid,
  PROMO_CONTEXT,
  sellerMods,
} from './codes';
import { discountedPrice } from './engine';
import { guardPromoCodes } from './guess';

const CODE_PARAM = z.string().check(z.minLength(1), z.maxLength(CODE_MAX), z.regex(/^[\w-]+$/));
const MODE = z.enum(['advertise', 'code']);

/** The wire row of a mod outside a cart (a banner, a code lookup): what it gives, nothing taken yet. */
const wMod = (m: ModRow): w.CartMod => ({
  id: m.id,
  name: m.name,
  description: m.description,
  activating_code_groups: m.activatingCodeGroupIds,
  blocking_checkout: m.blockingCheckout,
  amount: money(0),
  automatic: m.automatic !== null,
});

/** The ticket types in the mods' scopes, each with the price a holder of the mods pays (`discounted_amount`). */
async function discountedTypes(ctx: AppCtx, mods: ModRow[], codeGroupIds: ReadonlySet<string>) {
  const ids = (scope: string) =>
    mods.filter((m) => m.scope === scope && m.scopeId).map((m) => m.scopeId as string);
  const [types, groups, events] = [ids('ticket_type'), ids('ticket_group'), ids('event_template')];
  if (!types.length && !groups.length && !events.length) return [];
  const rows = await ctx.db
    .select()
    .from(t.ticketType)
    .where(
      or(
        types.length ? inArray(t.ticketType.id, types) : undefined,
        groups.length ? inArray(t.ticketType.ticketGroupId, groups) : undefined,
        events.length ? inArray(t.ticketType.eventTemplateId, events) : undefined,
      ),
    );
  const engine = mods.map((m) => ({
    ...engineMod(m),
    blockingCheckout: false,
    automatic: m.automatic ? 'all' : null,
  }));
  return rows
    .map((ty) => {
      const price = priceCents(ty);
      const ticket = {
        id: ty.id,
        ticketTypeId: ty.id,
        ticketGroupId: ty.ticketGroupId,
        eventTemplateId: ty.eventTemplateId,
        valueCents: price,
      };
      return { ...wType(ty), discounted_amount: money(discountedPrice(ticket, engine, codeGroupIds)) };
    })
    .filter((ty, i) => {
      const row = rows[i];
      return row ? ty.discounted_amount !== money(priceCents(row)) : false;
    });
}

export function registerPromo(api: Hono<Env>, ctx: AppCtx) {
  const applyRoute = async (c: C) => {
    const cart = await loadCart(ctx, c);
    await requirePending(ctx, cart, false);
    const b = await body(c, applyCodeBody, 'apply_code');
    await guardPromoCodes(ctx, c, cart.id, async (miss) => {
      const out = await applyCodes(ctx, cart.id, b);
      if (out.misses) miss();
    });
    return documentResponse(ctx, c, await loadCart(ctx, c));
  };
  api.post('/cart/:id/apply_code', applyRoute);
  api.post('/my/cart/:id/apply_code', applyRoute);

  api.get('/code/:code', async (c) => {
    const raw = c.req.param('code').trim();
    if (!CODE_PARAM.safeParse(raw).success)
      throw invalid(PROMO_CONTEXT, `A promo code is 1 to ${CODE_MAX} letters, digits, '-' or '_'.`);
    // `mode`: advertise, code or both (`advertise,code`); advertise alone shows only advertised codes.
    const modes = (query(c).raw.get('mode') ?? 'code').split(',').map((m) => MODE.safeParse(m.trim()));
    if (modes.some((m) => !m.success)) throw invalid('query', 'mode is advertise or code.');
    const advertiseOnly = modes.every((m) => m.data === 'advertise');
    const sellerId = c.get('seller').id;
    const nowMs = ctx.now();
    const found: FoundCode = await guardPromoCodes(ctx, c, null, async () => {
      const f = await findCode(ctx.db, sellerId, raw);
      // Unknown, out of its window, or (advertise) not advertised: not a code this visitor can see.
      if (!f || !isCurrent(f.group, nowMs) || (advertiseOnly && !f.group.advertise)) throw notValid(raw);
      return f;
    });
    const mods = (await sellerMods(ctx.db, sellerId)).filter((m) =>
      m.activatingCodeGroupIds.includes(found.group.id),
    );
    const max = maxUsesOf(found);
    return c.json({
      code: coll([
        {
          code: found.code.code,
          code_group_id: found.group.id,
          name: found.group.name,
          description: found.group.description,
          valid_from: found.group.validFrom?.toISOString() ?? null,
          valid_to: found.group.validTo?.toISOString() ?? null,
          exhausted: max !== null && found.code.usedCount >= max,
          unlocks_ticket_group_ids: found.group.unlocksTicketGroupIds,
        },
      ]),
      cartmod: coll(mods.map(wMod)),
      ticket_type: coll(await discountedTypes(ctx, mods, new Set([found.group.id]))),
    });
  });

  /**
   * Promo banners (spec 1 §3: id, name, description, resource, resource_id; spec 1 §7 `cartmod`, `ticket_type`):
   * the seller's banners and, with `event_template_id`, that event's. Path ours (the spec does not show it).
   */
  api.get('/promo_banner', async (c) => {
    const sellerId = c.get('seller').id;
    const eventId = query(c).eq('event_template_id');
    if (eventId !== null && eventId.length > 100) throw invalid('query', 'event_template_id is an id.');
    const mods = (await sellerMods(ctx.db, sellerId)).filter((m) => m.bannerResource !== null);
    const eventOf = await scopeEvents(ctx, mods);
    const banners = mods
      .map((m) => ({
        mod: m,
        resource: m.bannerResource === 'event_template' ? 'event_template' : 'seller',
        resourceId: m.bannerResource === 'event_template' ? (eventOf.get(m.id) ?? null) : sellerId,
      }))
      .filter((b) => b.resource === 'seller' || (b.resourceId !== null && b.resourceId === eventId));
    const shown = banners.map((b) => b.mod);
    return c.json({
      promo_banner: coll(
        banners.map((b) => ({
          id: b.mod.id,
          name: b.mod.name,
          description: b.mod.description,
          resource: b.resource,
          resource_id: b.resourceId,
        })),
      ),
      cartmod: coll(shown.map(wMod)),
      ticket_type: coll(
        await discountedTypes(ctx, shown, new Set(shown.flatMap((m) => m.activatingCodeGroupIds))),
      ),
    });
  });
}

/** The event of each mod's scope (ticket type, group or event); cart-wide mods have none. */
async function scopeEvents(ctx: AppCtx, mods: ModRow[]): Promise<Map<string, string>> {
  const typeIds = mods.filter((m) => m.scope === 'ticket_type' && m.scopeId).map((m) => m.scopeId as string);
  const groupIds = mods
    .filter((m) => m.scope === 'ticket_group' && m.scopeId)
    .map((m) => m.scopeId as string);
  const [types, groups] = await Promise.all([
    ctx.cache.types(ctx.db, typeIds),
    ctx.cache.groups(ctx.db, groupIds),
  ]);
  const out = new Map<string, string>();
  for (const m of mods) {
    const ev =
      m.scope === 'event_template'
        ? m.scopeId
        : m.scope === 'ticket_type'
          ? types.find((ty) => ty.id === m.scopeId)?.eventTemplateId
          : m.scope === 'ticket_group'
            ? groups.find((g) => g.id === m.scopeId)?.eventTemplateId
            : null;
    if (ev) out.set(m.id, ev);
  }
  return out;
}
