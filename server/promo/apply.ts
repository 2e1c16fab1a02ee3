/**
 * Applying promo codes (issue 21): `POST (my/)cart/{id}/apply_code`, the codes of a reserve (before it, after it,
 * and the default codes whose errors are ignored), the code-required ticket groups, and the checks at pay
 * (blocking cart mods; applications that no longer hold). Every use is taken by a conditional UPDATE of the code's
 * counter (./codes.ts `takeCodesSql`), under the cart lock for an existing cart.
 */
import { type SQL, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { CITYPASS_HANDLER } from '../../domain/citypass-rule';
import { ErrorCode } from '../../domain/codes';
import { type CartRow, liveTicketsAndTotals, type TicketRow } from '../cart/document';
import { refusalOf } from '../cart/refusal';
import { lockPending } from '../cart/state';
import type { Q, Tx } from '../db';
import type { AppCtx } from '../http/context';
import { ApiError, cartExpired } from '../http/errors';
import type { ModifyBody } from '../http/validate';
import {
  type AppliedCode,
  appliedCodes,
  type CartDiscounts,
  checkFound,
  codeError,
  customerUses,
  engineMod,
  engineTicket,
  exhausted,
  type FoundCode,
  findCode,
  isCurrent,
  lockCustomer,
  PROMO_REFUSAL,
  releaseCartCodes,
  takeCodesSql,
} from './codes';
import { computeDiscounts } from './engine';
import { promoCodeGroup } from './schema';

/** The context of a code-required block and of a blocking cart mod (spec 1 §8, spec 2 §8). */
export const CHECKOUT_RULES = 'checkout_rules';
/** `_extra.reason` of both. */
export const CODE_REQUIRED = 'code_required';

export const duplicateCode = (value: string) =>
  codeError(ErrorCode.duplicate_code, 400, `The code "${value}" has already been applied.`, value);

export const noBenefit = (value: string) =>
  codeError(ErrorCode.no_code_benefit, 400, `The code "${value}" gives no discount on this cart.`, value);

export const codeRequired = (ticketGroupId: string) =>
  new ApiError(
    400,
    ErrorCode.rule_blocks_reserve,
    CHECKOUT_RULES,
    'A code is required to reserve these tickets.',
    {
      reason: CODE_REQUIRED,
      ticket_group_id: ticketGroupId,
    },
  );

export const checkoutBlocked = (mod: { id: string; description: string | null }) =>
  new ApiError(
    400,
    ErrorCode.rule_blocks_reserve,
    CHECKOUT_RULES,
    mod.description ?? 'A code is required to continue with your order.',
    { reason: CODE_REQUIRED, cartmod_id: mod.id },
  );

/**
 * Whether a code of `group` gives this cart something: a discount it did not have, a blocking mod it clears, or
 * tickets of a group it unlocks.
 */
function givesBenefit(found: FoundCode, tickets: readonly TicketRow[], promo: CartDiscounts): boolean {
  const groups = new Set(promo.codes.map((c) => c.codeGroupId));
  const mods = promo.mods.map(engineMod);
  const lines = tickets.map(engineTicket);
  const before = computeDiscounts(lines, mods, groups, promo.member);
  const after = computeDiscounts(lines, mods, new Set([...groups, found.group.id]), promo.member);
  if (after.totalCents > before.totalCents) return true;
  if (after.mods.some((m, i) => before.mods[i]?.blocking && !m.blocking)) return true;
  return tickets.some((k) => found.group.unlocksTicketGroupIds.includes(k.ticketGroupId));
}

/** The code value of a refused take, from the codes of the statement. */
function refusedCode(err: unknown, found: readonly FoundCode[]): ApiError | null {
  const refused = refusalOf(err);
  if (refused?.kind !== PROMO_REFUSAL) return null;
  const f = found.find((x) => x.code.id === refused.id);
  return exhausted(f?.code.code ?? refused.id);
}

export interface Applied {
  /** Codes that do not exist (the guessing limit counts them). */
  misses: number;
}

/**
 * Applies codes to a pending cart (spec 2 §7): under the cart lock, each code is looked up and checked (not found,
 * used up, per customer, a repeat, no benefit with `require_benefit`), then the uses are taken in one statement.
 * Without `ignore_errors` the first error answers and nothing is applied; with it, failing codes are skipped.
 */
export async function applyCodes(ctx: AppCtx, cartId: string, b: w.ApplyCodeBody): Promise<Applied> {
  const nowMs = ctx.now();
  const taken: FoundCode[] = [];
  const out = await ctx.db
    .transaction(async (tx): Promise<Applied | null> => {
      const lock = await lockPending(ctx, tx, cartId);
      if (!lock.ok) return null;
      const cart = lock.cart;
      const { tickets, promo } = await liveTicketsAndTotals(tx, cart, nowMs);
      const seen = new Set(promo.codes.map((c) => c.code.toLowerCase()));
      let misses = 0;
      for (const value of b.codes) {
        try {
          if (seen.has(value.toLowerCase())) throw duplicateCode(value);
          const found = await findCode(tx, cart.sellerId, value);
          if (!found) misses++;
          const ok = checkFound(found, value, nowMs);
          await checkCustomer(tx, cart, ok, value);
          if (b.require_benefit && !givesBenefit(ok, tickets, promo)) throw noBenefit(value);
          seen.add(value.toLowerCase());
          taken.push(ok);
        } catch (e) {
          if (!b.ignore_errors || !(e instanceof ApiError)) throw e;
        }
      }
      if (taken.length) {
        const { writes, checks } = takeCodesSql(taken, cart.id, cart.sellerId, nowMs, !b.ignore_errors);
        await tx.execute(
          sql`WITH ${sql.join(writes, sql`, `)} SELECT ${sql.join([...checks, sql`true AS ok`], sql`, `)}`,
        );
      }
      return { misses };
    })
    .catch((e: unknown) => {
      throw refusedCode(e, taken) ?? e;
    });
  if (!out) throw cartExpired();
  return out;
}

/** Uses per customer (an identity, or an email over identities), serialised per group and customer. */
async function checkCustomer(tx: Q, cart: CartRow, f: FoundCode, value: string) {
  const limit = f.group.usesPerCustomer;
  if (limit === null) return;
  await lockCustomer(tx, cart, f.group.id);
  if ((await customerUses(tx, cart, f.group.id)) >= limit) throw exhausted(value, 'customer');
}

/** The codes of a reserve: checked before the statement, taken by it. */
export interface PreparedCodes {
  /** The CTEs and check columns that take the codes' uses for `cartId` (in the reserve's one statement). */
  takes(cartId: string, sellerId: string, nowMs: number): { writes: SQL[]; checks: SQL[] };
  /** A refused take as the code's error; any other error as it is. */
  refusal(err: unknown): unknown;
}

/**
 * Checks the codes of a reserve (spec 1 §4 order: default codes with errors ignored, codes before, codes after) and
 * the code-required groups of its lines: a line of a group that a code group unlocks needs a code of such a group
 * in this reserve or applied to the cart already, else 400 rule_blocks_reserve (checkout_rules, code_required).
 */
export async function prepareReserveCodes(
  ctx: AppCtx,
  sellerId: string,
  existing: CartRow | null,
  b: ModifyBody,
  lineGroupIds: readonly string[],
  /** Told of each unknown code (the guessing limit, ./guess.ts). */
  onMiss: () => void = () => {},
): Promise<PreparedCodes | null> {
  // City-pass vouchers (handler citypass) are not promo codes: server/citypass/redeem.ts.
  const pre =
    b.preReservePromoCodes?.handler === CITYPASS_HANDLER ? [] : (b.preReservePromoCodes?.codes ?? []);
  const post = b.postReservePromoCodes?.codes ?? [];
  const defaults = b.preloadedPromoCodes?.codes ?? [];
  const unlocking = lineGroupIds.length
    ? await unlockingGroups(ctx.db, sellerId, lineGroupIds)
    : new Map<string, string[]>();
  if (!pre.length && !post.length && !defaults.length && !unlocking.size) return null;
  const nowMs = ctx.now();
  const applied: AppliedCode[] = existing ? await appliedCodes(ctx.db, existing.id) : [];
  const seen = new Set(applied.map((c) => c.code.toLowerCase()));
  const strict: FoundCode[] = [];
  const lenient: FoundCode[] = [];
  for (const value of defaults) {
    if (seen.has(value.toLowerCase())) continue;
    const found = await findCode(ctx.db, sellerId, value);
    if (!found) onMiss();
    try {
      lenient.push(checkFound(found, value, nowMs));
      seen.add(value.toLowerCase());
    } catch {
      // Default codes: errors ignored (spec 1 §4).
    }
  }
  for (const value of [...pre, ...post]) {
    if (seen.has(value.toLowerCase())) throw duplicateCode(value);
    strict.push(checkFound(await findCode(ctx.db, sellerId, value), value, nowMs));
    seen.add(value.toLowerCase());
  }
  const have = new Set([
    ...applied.map((c) => c.codeGroupId),
    ...[...strict, ...lenient].map((f) => f.group.id),
  ]);
  for (const [ticketGroupId, codeGroups] of unlocking)
    if (!codeGroups.some((g) => have.has(g))) throw codeRequired(ticketGroupId);
  const all = [...strict, ...lenient];
  return {
    takes: (cartId, sid, at) => {
      const a = takeCodesSql(strict, cartId, sid, at, true, 'promo');
      const d = takeCodesSql(lenient, cartId, sid, at, false, 'promo_default');
      return { writes: [...a.writes, ...d.writes], checks: [...a.checks, ...d.checks] };
    },
    refusal: (err) => refusedCode(err, all) ?? err,
  };
}

/** The ticket groups among `ticketGroupIds` that need a code, each with the code groups that unlock it. */
async function unlockingGroups(q: Q, sellerId: string, ticketGroupIds: readonly string[]) {
  const rows = await q
    .select({ id: promoCodeGroup.id, unlocks: promoCodeGroup.unlocksTicketGroupIds })
    .from(promoCodeGroup)
    .where(
      sql`${promoCodeGroup.sellerId} = ${sellerId} AND ${promoCodeGroup.unlocksTicketGroupIds} ?| ${sql`array[${sql.join(
        [...new Set(ticketGroupIds)].map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`}`,
    );
  const out = new Map<string, string[]>();
  for (const r of rows)
    for (const g of r.unlocks) if (ticketGroupIds.includes(g)) out.set(g, [...(out.get(g) ?? []), r.id]);
  return out;
}

/**
 * At pay, on the locked cart: a blocking cart mod refuses (rule_blocks_reserve, checkout_rules); applications that
 * no longer hold (their group's window closed, or the customer — now known by the purchaser's identity — used up
 * the group's uses per customer) are released and the pay is refused as `code_exhausted` with the new total: the
 * caller commits the release first, so the cart document shows the re-priced cart and the next pay goes through.
 */
export async function payCodeCheck(
  tx: Tx,
  cart: CartRow,
  promo: CartDiscounts,
  nowMs: number,
): Promise<{ stale: AppliedCode[] }> {
  const blocking = promo.discounts.mods.find((m) => m.blocking);
  if (blocking) {
    const mod = promo.mods.find((m) => m.id === blocking.id);
    throw checkoutBlocked({ id: blocking.id, description: mod?.description ?? null });
  }
  const held = promo.codes.filter((c) => c.state === 'held');
  if (!held.length) return { stale: [] };
  const groups = await tx
    .select()
    .from(promoCodeGroup)
    .where(
      sql`${promoCodeGroup.id} IN (${sql.join(
        held.map((c) => sql`${c.codeGroupId}`),
        sql`, `,
      )})`,
    );
  const byId = new Map(groups.map((g) => [g.id, g]));
  const stale: AppliedCode[] = [];
  for (const c of held) {
    const g = byId.get(c.codeGroupId);
    if (!g || !isCurrent(g, nowMs)) {
      stale.push(c);
      continue;
    }
    if (g.usesPerCustomer === null) continue;
    await lockCustomer(tx, cart, g.id);
    if ((await customerUses(tx, cart, g.id)) >= g.usesPerCustomer) stale.push(c);
  }
  if (stale.length)
    await releaseCartCodes(
      tx,
      cart.id,
      stale.map((c) => c.codeId),
    );
  return { stale };
}

/** The refusal of a pay whose codes were released by `payCodeCheck` (after the release is committed). */
export const repriced = (stale: AppliedCode[], outstandingCents: number, money: (c: number) => string) =>
  codeError(
    ErrorCode.code_exhausted,
    400,
    `The code "${stale[0]?.code ?? ''}" can no longer be used for this order. The total has been updated.`,
    stale[0]?.code ?? '',
    { reason: 'repriced', codes: stale.map((c) => c.code), total_outstanding: money(outstandingCents) },
  );
