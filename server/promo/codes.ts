/**
 * Promo codes in the database (issue 21): lookup (case-insensitive, per seller), the checks behind each spec
 * error, the use a cart takes (a conditional UPDATE of the code's counter, written as CTEs of one statement so
 * the use and the cart's application go together or not at all), release when the cart ends unbooked, and
 * consumption when its order is booked. The discounts of a cart (`cartDiscounts`) read the seller's cart mods and
 * the cart's applied codes and run the engine (./engine.ts).
 */
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { ErrorCode } from '../../domain/codes';
import type { Q } from '../db';
import { ApiError } from '../http/errors';
import { memberMembership } from '../members/schema';
import * as t from '../schema';
import { newId } from '../util';
import { computeDiscounts, type Discounts, type EngineMod, type EngineTicket } from './engine';
import { cartCode, cartMod, promoCode, promoCodeGroup } from './schema';

/** `cart_code.state`: the use is held by the cart, given back, or kept by its order. */
export const CODE_HELD = 'held';
export const CODE_RELEASED = 'released';
export const CODE_CONSUMED = 'consumed';

/** The error context of every code error. */
export const PROMO_CONTEXT = 'promo_code';
/** The refusal kind `tix_refuse` raises when a code's use could not be taken (cart/refusal.ts `refusalOf`). */
export const PROMO_REFUSAL = 'promo_code';
/** Codes are at most this long (spec 2 §5: 35). */
export const CODE_MAX = 35;

export type CodeRow = typeof promoCode.$inferSelect;
export type CodeGroupRow = typeof promoCodeGroup.$inferSelect;
export type ModRow = typeof cartMod.$inferSelect;
export interface FoundCode {
  code: CodeRow;
  group: CodeGroupRow;
}

export const codeError = (
  code: ErrorCode,
  status: 400 | 404,
  description: string,
  value: string,
  extra = {},
) => new ApiError(status, code, PROMO_CONTEXT, description, { code: value, ...extra });

export const notValid = (value: string, reason?: string) =>
  codeError(
    ErrorCode.code_not_found,
    404,
    `"${value}" is not a valid promo code.`,
    value,
    reason ? { reason } : {},
  );

export const exhausted = (value: string, reason: 'uses' | 'customer' = 'uses') =>
  codeError(ErrorCode.code_exhausted, 400, `The code "${value}" has been used up.`, value, { reason });

/** The code `value` of the seller (case-insensitive) with its group, or null. */
export async function findCode(q: Q, sellerId: string, value: string): Promise<FoundCode | null> {
  const [row] = await q
    .select({ code: promoCode, group: promoCodeGroup })
    .from(promoCode)
    .innerJoin(promoCodeGroup, eq(promoCodeGroup.id, promoCode.codeGroupId))
    .where(and(eq(promoCode.sellerId, sellerId), sql`lower(${promoCode.code}) = lower(${value})`))
    .limit(1);
  return row ?? null;
}

export const maxUsesOf = (f: FoundCode) => f.code.maxUses ?? f.group.usesPerCode;

/** Whether the code's group is valid at `nowMs`. */
export const isCurrent = (g: CodeGroupRow, nowMs: number) =>
  (!g.validFrom || g.validFrom.getTime() <= nowMs) && (!g.validTo || g.validTo.getTime() >= nowMs);

/** Throws the spec error of a code that cannot be applied now: not found (also outside its window), used up. */
export function checkFound(found: FoundCode | null, value: string, nowMs: number): FoundCode {
  if (!found) throw notValid(value);
  if (!isCurrent(found.group, nowMs))
    throw notValid(
      value,
      found.group.validTo && found.group.validTo.getTime() < nowMs ? 'expired' : 'not_yet_valid',
    );
  const max = maxUsesOf(found);
  if (max !== null && found.code.usedCount >= max) throw exhausted(value);
  return found;
}

/**
 * The uses of a group's codes by the customer of a cart (its identity, or any identity with the same email), on
 * other carts that hold them or booked them. The public identity is nobody's: 0.
 */
export async function customerUses(q: Q, cart: typeof t.cart.$inferSelect, groupId: string): Promise<number> {
  const [who] = await q.select().from(t.identity).where(eq(t.identity.id, cart.identityId)).limit(1);
  if (!who || who.type === 'public') return 0;
  const email = who.email?.toLowerCase() ?? null;
  const rows = (await q.execute(sql`
    SELECT count(*)::int AS n FROM cart_code cc JOIN cart c ON c.id = cc.cart_id JOIN identity i ON i.id = c.identity_id
    WHERE cc.code_group_id = ${groupId} AND cc.state IN (${CODE_HELD}, ${CODE_CONSUMED}) AND cc.cart_id <> ${cart.id}
      AND (i.id = ${who.id} OR (${email}::text IS NOT NULL AND lower(i.email) = ${email}))`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(rows.rows[0]?.n ?? 0);
}

/** Serialises the per-customer checks of one group and customer until the transaction ends. */
export async function lockCustomer(q: Q, cart: typeof t.cart.$inferSelect, groupId: string) {
  const [who] = await q.select().from(t.identity).where(eq(t.identity.id, cart.identityId)).limit(1);
  const key = who?.email?.toLowerCase() ?? cart.identityId;
  await q.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`promo-customer:${groupId}:${key}`}))`);
}

/**
 * The use of each code as CTEs of one statement: a conditional UPDATE of the counter (within its limit and its
 * group's validity window: of many concurrent takes of the last use exactly one matches) and the cart's
 * application. `refuse`: a use that could not be taken aborts the whole statement (`tix_refuse`); otherwise the
 * code is skipped (default codes, errors ignored).
 */
export function takeCodesSql(
  found: readonly FoundCode[],
  cartId: string,
  sellerId: string,
  nowMs: number,
  refuse: boolean,
  /** Names this batch's CTEs apart from another batch's in the same statement. */
  prefix = 'promo',
) {
  const at = new Date(nowMs).toISOString();
  const writes: SQL[] = [];
  const checks: SQL[] = [];
  found.forEach((f, i) => {
    const take = sql.raw(`${prefix}_take_${i}`);
    writes.push(sql`${take} AS (UPDATE promo_code p SET used_count = p.used_count + 1 FROM promo_code_group g
      WHERE p.id = ${f.code.id} AND g.id = p.code_group_id
        AND p.used_count < coalesce(p.max_uses, g.uses_per_code, 2147483647)
        AND (g.valid_from IS NULL OR g.valid_from <= ${at}::timestamptz)
        AND (g.valid_to IS NULL OR g.valid_to >= ${at}::timestamptz)
      RETURNING p.id, p.code_group_id)`);
    writes.push(sql`${sql.raw(`${prefix}_app_${i}`)} AS (INSERT INTO cart_code (id, cart_id, seller_id, code_id, code_group_id,
      state, created_at) SELECT ${newId()}, ${cartId}, ${sellerId}, id, code_group_id, ${CODE_HELD}, ${at}::timestamptz
      FROM ${take})`);
    if (refuse)
      checks.push(
        sql`(SELECT tix_refuse(${PROMO_REFUSAL}, ${f.code.id}) WHERE NOT EXISTS (SELECT 1 FROM ${take})) AS ${sql.raw(`${prefix}_ok_${i}`)}`,
      );
  });
  return { writes, checks };
}

/** Runs the takes of `takeCodesSql` as one statement of their own. */
export async function takeCodes(
  q: Q,
  found: readonly FoundCode[],
  cartId: string,
  sellerId: string,
  nowMs: number,
) {
  if (!found.length) return;
  const { writes, checks } = takeCodesSql(found, cartId, sellerId, nowMs, true);
  await q.execute(
    sql`WITH ${sql.join(writes, sql`, `)} SELECT ${sql.join([...checks, sql`true AS ok`], sql`, `)}`,
  );
}

/**
 * Gives back the uses held by a cart's applications (all of them: the cart ended unbooked; or those of `codeIds`),
 * each exactly once: the application moves from held to released by a conditional UPDATE and the counter goes
 * down by what moved, in one statement, never below zero. Returns how many were released.
 */
export async function releaseCartCodes(q: Q, cartId: string, codeIds?: readonly string[]): Promise<number> {
  if (codeIds && !codeIds.length) return 0;
  const only = codeIds
    ? sql`AND code_id IN (${sql.join(
        codeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = (await q.execute(sql`
    WITH released AS (
      UPDATE cart_code SET state = ${CODE_RELEASED} WHERE cart_id = ${cartId} AND state = ${CODE_HELD} ${only}
      RETURNING code_id),
    uses AS (SELECT code_id, count(*)::int AS n FROM released GROUP BY code_id),
    given AS (
      UPDATE promo_code p SET used_count = greatest(p.used_count - u.n, 0) FROM uses u WHERE p.id = u.code_id
      RETURNING p.id)
    SELECT (SELECT count(*)::int FROM released) AS n, (SELECT count(*)::int FROM given) AS codes`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** The uses held by a booked cart are kept for good (in the booking transaction). */
export async function consumeCartCodes(q: Q, cartId: string): Promise<void> {
  await q
    .update(cartCode)
    .set({ state: CODE_CONSUMED })
    .where(and(eq(cartCode.cartId, cartId), eq(cartCode.state, CODE_HELD)));
}

/** The codes applied to a cart (held, or consumed by its order), oldest first, with their text and group. */
export async function appliedCodes(q: Q, cartId: string) {
  return q
    .select({
      id: cartCode.id,
      codeId: cartCode.codeId,
      codeGroupId: cartCode.codeGroupId,
      code: promoCode.code,
      state: cartCode.state,
    })
    .from(cartCode)
    .innerJoin(promoCode, eq(promoCode.id, cartCode.codeId))
    .where(and(eq(cartCode.cartId, cartId), inArray(cartCode.state, [CODE_HELD, CODE_CONSUMED])))
    .orderBy(asc(cartCode.createdAt), asc(cartCode.id));
}
export type AppliedCode = Awaited<ReturnType<typeof appliedCodes>>[number];

export async function sellerMods(q: Q, sellerId: string): Promise<ModRow[]> {
  return q
    .select()
    .from(cartMod)
    .where(eq(cartMod.sellerId, sellerId))
    .orderBy(asc(cartMod.rank), asc(cartMod.id));
}

/** Whether the identity holds a current membership (automatic member discounts). */
export async function isCurrentMember(q: Q, identityId: string, nowMs: number): Promise<boolean> {
  const now = new Date(nowMs);
  const [m] = await q
    .select({ id: memberMembership.id })
    .from(memberMembership)
    .where(
      and(
        eq(memberMembership.identityId, identityId),
        lte(memberMembership.validFrom, now),
        gte(memberMembership.validTo, now),
      ),
    )
    .limit(1);
  return !!m;
}

export const engineTicket = (k: typeof t.ticket.$inferSelect): EngineTicket => ({
  id: k.id,
  ticketTypeId: k.ticketTypeId,
  ticketGroupId: k.ticketGroupId,
  eventTemplateId: k.eventTemplateId,
  valueCents: k.adjustedValueCents,
});

export interface CartDiscounts {
  discounts: Discounts;
  mods: ModRow[];
  codes: AppliedCode[];
  /** Whether the cart's identity is a current member (read only when a mod is for members). */
  member: boolean;
}

export const NO_DISCOUNTS: CartDiscounts = {
  discounts: { totalCents: 0, mods: [], perTicket: new Map() },
  mods: [],
  codes: [],
  member: false,
};

/**
 * The discounts of a cart's tickets: the seller's mods, the cart's applied codes and, when a mod is for members,
 * whether the cart's identity is a current member. A seller without mods costs one query.
 */
export async function cartDiscounts(
  q: Q,
  cart: { id: string; sellerId: string; identityId: string },
  tickets: readonly (typeof t.ticket.$inferSelect)[],
  nowMs: number,
  /** Applications already read (the caller's), else read here. */
  known?: AppliedCode[],
): Promise<CartDiscounts> {
  const mods = await sellerMods(q, cart.sellerId);
  if (!mods.length) return { ...NO_DISCOUNTS, codes: known ?? (await appliedCodes(q, cart.id)) };
  const codes = known ?? (await appliedCodes(q, cart.id));
  const member =
    mods.some((m) => m.automatic === 'members') && (await isCurrentMember(q, cart.identityId, nowMs));
  const discounts = computeDiscounts(
    tickets.map(engineTicket),
    mods.map(engineMod),
    new Set(codes.map((c) => c.codeGroupId)),
    member,
  );
  return { discounts, mods, codes, member };
}

export const engineMod = (m: ModRow): EngineMod => ({
  id: m.id,
  percentBp: m.percentBp,
  fixedCents: m.fixedCents,
  scope: m.scope,
  scopeId: m.scopeId,
  minQuantity: m.minQuantity,
  automatic: m.automatic,
  activatingCodeGroupIds: m.activatingCodeGroupIds,
  blockingCheckout: m.blockingCheckout,
  rank: m.rank,
});
