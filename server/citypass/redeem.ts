/**
 * City-pass vouchers of a reserve (issue 21; spec 1 §3 reserve payload, §8): every ticket of a ticket group the
 * event's config `web.ecommerce.citypass` names needs one voucher, sent as `preReservePromoCodes { codes,
 * handler: 'citypass', handler_data: { visit_datetime } }` (voucher i for the i-th such line, in request order).
 * Each voucher is checked by the provider port (./port.ts) for its ticket type and visit, and redeemed once per
 * seller: the reserve's own statement inserts its `citypass_redemption` rows, and the partial unique index
 * (./schema.ts) refuses a voucher another cart holds or an order kept (`ON CONFLICT DO NOTHING`, then
 * `tix_refuse`: the whole reserve is undone). A cart that ends unbooked releases its vouchers; a booked one keeps
 * them.
 *
 * Errors (400, `_context` promo_code, `_extra.code` the voucher, `_extra.index` its position): `invalid_citypass`
 * (wrong count, format, kind, or unknown to the provider), `code_exhausted` (redeemed already, or twice in the
 * request), `citypass_failure` (the provider failed, or none is configured).
 */
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  CITYPASS_EVENT_KEY,
  CITYPASS_HANDLER,
  childKeywords,
  citypassGroupIdsOf,
  isChildType,
  voucherKey,
} from '../../domain/citypass-rule';
import { ErrorCode } from '../../domain/codes';
import { refusalOf } from '../cart/refusal';
import type { Q } from '../db';
import type { AppCtx } from '../http/context';
import { ApiError } from '../http/errors';
import type { ModifyBody } from '../http/validate';
import { PROMO_CONTEXT } from '../promo/codes';
import { newId } from '../util';
import type { VoucherCheck } from './port';
import { sellerCodeGroups } from './sandbox';
import { citypassRedemption } from './schema';

/** `citypass_redemption.state`. */
export const VOUCHER_HELD = 'held';
export const VOUCHER_RELEASED = 'released';
export const VOUCHER_CONSUMED = 'consumed';
/** The refusal kind `tix_refuse` raises for a voucher held elsewhere (cart/refusal.ts `refusalOf`). */
export const CITYPASS_REFUSAL = 'citypass';

const voucherError = (
  code: ErrorCode,
  description: string,
  voucher: string,
  index: number | null,
  extra: Record<string, unknown> = {},
) =>
  new ApiError(400, code, PROMO_CONTEXT, description, {
    code: voucher,
    ...(index === null ? {} : { index }),
    ...extra,
  });

export const invalidVoucher = (voucher: string, index: number | null, reason: string) =>
  voucherError(
    ErrorCode.invalid_citypass,
    voucher
      ? `"${voucher}" is not a valid City Pass code for this ticket.`
      : 'A City Pass code is required for each City Pass ticket.',
    voucher,
    index,
    { reason },
  );

export const voucherUsed = (voucher: string, index: number | null) =>
  voucherError(
    ErrorCode.code_exhausted,
    `The City Pass code "${voucher}" has already been used.`,
    voucher,
    index,
    {
      reason: 'redeemed',
    },
  );

export const providerFailed = (voucher: string, index: number | null) =>
  voucherError(
    ErrorCode.citypass_failure,
    'City Pass codes cannot be checked right now. Please try again later.',
    voucher,
    index,
  );

/** What a reservation line is, as far as vouchers go. */
export interface VoucherLine {
  ty: { id: string; name: string };
  group: { id: string };
  ev: { id: string };
  session: { startAt: Date } | null;
}

/** The vouchers of a reserve: checked before the statement, redeemed by it. */
export interface PreparedVouchers {
  /** The CTE and check column that redeem the vouchers for the tickets of their lines (`ticketIds` by line). */
  takes(
    cartId: string,
    sellerId: string,
    nowMs: number,
    ticketIds: readonly string[],
  ): { writes: SQL[]; checks: SQL[] };
  /** A refused redemption as the voucher's error; any other error as it is. */
  refusal(err: unknown): unknown;
}

/** The lines (by index) whose ticket group takes vouchers (the events' `web.ecommerce.citypass`). */
async function voucherLines(ctx: AppCtx, lines: readonly VoucherLine[]): Promise<number[]> {
  if (!lines.length) return [];
  // Through the catalogue cache (as the reserve's other catalogue rows): no query per reserve when it is on.
  const rows = await ctx.cache.config(ctx.db, [...new Set(lines.map((l) => l.ev.id))], [CITYPASS_EVENT_KEY]);
  const groups = new Map(rows.map((r) => [r.resourceId, new Set(citypassGroupIdsOf(r.value))]));
  return lines.flatMap((l, i) => (groups.get(l.ev.id)?.has(l.group.id) ? [i] : []));
}

/**
 * Checks the vouchers of a reserve against its lines (count, repeats, the provider's answer for the ticket's kind,
 * redeemed already); null when no line takes vouchers and none were sent. `onMiss` is told of each voucher the
 * provider does not know (the guessing limit, promo/guess.ts).
 */
export async function prepareVouchers(
  ctx: AppCtx,
  sellerId: string,
  lines: readonly VoucherLine[],
  b: ModifyBody,
  onMiss: () => void = () => {},
): Promise<PreparedVouchers | null> {
  const pre = b.preReservePromoCodes;
  const vouchers = pre?.handler === CITYPASS_HANDLER ? pre.codes.map((c) => c.trim()) : [];
  const needing = await voucherLines(ctx, lines);
  if (!needing.length && !vouchers.length) return null;
  if (vouchers.length > needing.length) {
    const extra = vouchers[needing.length] ?? '';
    throw invalidVoucher(extra, needing.length, 'not_expected');
  }
  if (vouchers.length < needing.length) throw invalidVoucher('', vouchers.length, 'missing');
  const keys = vouchers.map(voucherKey);
  keys.forEach((k, i) => {
    if (keys.indexOf(k) !== i) throw voucherUsed(vouchers[i] ?? k, i);
  });
  const provider = ctx.citypass ?? null;
  if (!provider) throw providerFailed(vouchers[0] ?? '', 0);
  const keywords = childKeywords(await sellerCodeGroups(ctx.db, sellerId));
  const visit = pre?.handler_data?.visit_datetime ?? null;
  for (const [i, lineIndex] of needing.entries()) {
    const line = lines[lineIndex] as VoucherLine;
    const code = vouchers[i] as string;
    const check: VoucherCheck = {
      sellerId,
      code,
      ticketType: { id: line.ty.id, name: line.ty.name },
      visitDatetime: line.session?.startAt.toISOString() ?? visit,
    };
    const answer = await provider.check(check).catch(() => ({ status: 'failure' as const }));
    if (answer.status === 'failure') throw providerFailed(code, i);
    if (answer.status === 'invalid') {
      onMiss();
      throw invalidVoucher(code, i, 'unknown');
    }
    const kind = isChildType(line.ty.name, keywords) ? 'child' : 'adult';
    if (answer.kind !== kind) throw invalidVoucher(code, i, kind === 'child' ? 'not_child' : 'not_adult');
  }
  // Held or kept already: answered here; a concurrent hold is refused by the statement's unique index.
  const taken = await ctx.db
    .select({ voucher: citypassRedemption.voucher })
    .from(citypassRedemption)
    .where(
      and(
        eq(citypassRedemption.sellerId, sellerId),
        inArray(citypassRedemption.voucher, keys),
        ne(citypassRedemption.state, VOUCHER_RELEASED),
      ),
    );
  const held = new Set(taken.map((r) => r.voucher));
  const first = keys.findIndex((k) => held.has(k));
  if (first >= 0) throw voucherUsed(vouchers[first] as string, first);
  return {
    takes: (cartId, sid, nowMs, ticketIds) => {
      const at = new Date(nowMs).toISOString();
      const rows = needing.map(
        (lineIndex, i) =>
          sql`(${newId()}, ${sid}, ${keys[i]}, ${cartId}, ${ticketIds[lineIndex] ?? ''}, ${VOUCHER_HELD}, ${at}::timestamptz)`,
      );
      const values = sql.join(
        keys.map((k) => sql`(${k})`),
        sql`, `,
      );
      return {
        writes: [
          sql`citypass_take AS (INSERT INTO citypass_redemption (id, seller_id, voucher, cart_id, ticket_id, state,
            created_at) VALUES ${sql.join(rows, sql`, `)}
            ON CONFLICT (seller_id, voucher) WHERE state <> 'released' DO NOTHING RETURNING voucher)`,
        ],
        checks: [
          sql`(SELECT tix_refuse(${CITYPASS_REFUSAL}, v.voucher) FROM (VALUES ${values}) AS v(voucher)
            WHERE v.voucher NOT IN (SELECT voucher FROM citypass_take) LIMIT 1) AS citypass_ok`,
        ],
      };
    },
    refusal: (err) => {
      const refused = refusalOf(err);
      if (refused?.kind !== CITYPASS_REFUSAL) return err;
      const i = keys.indexOf(refused.id);
      return voucherUsed(vouchers[i] ?? refused.id, i >= 0 ? i : null);
    },
  };
}

/** Gives back the vouchers a cart held (it ended unbooked), each once. */
export async function releaseCartVouchers(q: Q, cartId: string): Promise<void> {
  await q
    .update(citypassRedemption)
    .set({ state: VOUCHER_RELEASED })
    .where(and(eq(citypassRedemption.cartId, cartId), eq(citypassRedemption.state, VOUCHER_HELD)));
}

/** Gives back the vouchers of removed tickets. */
export async function releaseTicketVouchers(q: Q, ticketIds: readonly string[]): Promise<void> {
  if (!ticketIds.length) return;
  await q
    .update(citypassRedemption)
    .set({ state: VOUCHER_RELEASED })
    .where(
      and(inArray(citypassRedemption.ticketId, [...ticketIds]), eq(citypassRedemption.state, VOUCHER_HELD)),
    );
}

/** The vouchers a booked cart held are kept for good (in the booking transaction). */
export async function consumeCartVouchers(q: Q, cartId: string): Promise<void> {
  await q
    .update(citypassRedemption)
    .set({ state: VOUCHER_CONSUMED })
    .where(and(eq(citypassRedemption.cartId, cartId), eq(citypassRedemption.state, VOUCHER_HELD)));
}
