/**
 * Gift codes held by carts (issue 11). A redeem takes one use of its code when the level is reserved
 * (`memberships/reserve.ts` `redeemGiftCode`, one conditional UPDATE) and records it on the level ticket's
 * `cart_membership` row (`gift_code`, `gift_code_state` 'held'). The use is
 * - consumed for good when the order completes (`consumeGiftCodes`, in the booking transaction: 'consumed');
 * - given back when the level ticket leaves its cart unbooked: the cart expires or is discarded, or the ticket is
 *   removed (`releaseGiftCodes`, in the transaction that cancels the ticket: 'released').
 *
 * Exactly once: the release moves the row from 'held' to 'released' with a conditional UPDATE and gives back
 * one use per row it moved, in one statement; a second release of the same ticket (a sweep racing a delete or a
 * remove, on another process) waits for the first's row lock, then finds the row no longer 'held' and gives
 * nothing back. The count never goes below zero.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Q } from '../db';
import { dayjs } from '../util';
import { cartMembership, giftCode } from './schema';

/** `cart_membership.gift_code_state`: the code's use is held by the cart, given back, or consumed by an order. */
export const GIFT_CODE_HELD = 'held';
export const GIFT_CODE_RELEASED = 'released';
export const GIFT_CODE_CONSUMED = 'consumed';

/**
 * Gives back the gift code uses held by these tickets (just cancelled by the caller, in its transaction):
 * each held use once. Returns how many uses were given back.
 */
export async function releaseGiftCodes(q: Q, ticketIds: readonly string[]): Promise<number> {
  if (!ticketIds.length) return 0;
  const ids = sql.join(
    ticketIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await q.execute(sql`
    WITH released AS (
      UPDATE cart_membership SET gift_code_state = ${GIFT_CODE_RELEASED}
      WHERE ticket_id IN (${ids}) AND gift_code IS NOT NULL AND gift_code_state = ${GIFT_CODE_HELD}
      RETURNING cart_id, gift_code),
    uses AS (
      SELECT c.seller_id, r.gift_code, count(*)::int AS n FROM released r JOIN cart c ON c.id = r.cart_id
      GROUP BY c.seller_id, r.gift_code),
    given AS (
      UPDATE gift_code g SET redeemed_count = greatest(g.redeemed_count - u.n, 0)
      FROM uses u WHERE g.seller_id = u.seller_id AND g.code = u.gift_code RETURNING g.code)
    SELECT (SELECT count(*)::int FROM released) AS n, (SELECT count(*)::int FROM given) AS codes`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** The gift code uses of these booked tickets are consumed for good (in the booking transaction). */
export async function consumeGiftCodes(q: Q, ticketIds: readonly string[]): Promise<void> {
  if (!ticketIds.length) return;
  await q
    .update(cartMembership)
    .set({ giftCodeState: GIFT_CODE_CONSUMED })
    .where(
      and(inArray(cartMembership.ticketId, [...ticketIds]), eq(cartMembership.giftCodeState, GIFT_CODE_HELD)),
    );
}

/**
 * Issued gift codes (a gift to someone who already holds a membership, `memberships/complete.ts`): 10 characters
 * (the redeem form takes exactly 10, spec 3 §9) drawn by node:crypto from 31 unambiguous letters and digits (no
 * 0/O, 1/I/L): 31^10 ≈ 8·10^14 codes, so guessing one is hopeless within the lookup's rate limits.
 */
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GIFT_CODE_LENGTH = 10;
/** How long an issued code can be redeemed. */
export const GIFT_CODE_VALID_MONTHS = 12;

export const newGiftCodeValue = () =>
  Array.from(
    { length: GIFT_CODE_LENGTH },
    () => GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)],
  ).join('');

/** Issues a single-use code of one level, valid from now for GIFT_CODE_VALID_MONTHS, recorded on the order. */
export async function issueGiftCode(
  q: Q,
  sellerId: string,
  levelId: string,
  orderId: string,
  nowMs: number,
): Promise<{ code: string; validTo: Date }> {
  const validTo = dayjs(nowMs).add(GIFT_CODE_VALID_MONTHS, 'month').toDate();
  for (let attempt = 0; ; attempt++) {
    const code = newGiftCodeValue();
    const [row] = await q
      .insert(giftCode)
      .values({
        code,
        sellerId,
        validFrom: new Date(nowMs),
        validTo,
        maxRedemptions: 1,
        redeemedCount: 0,
        ticketTypeIds: [levelId],
        ticketOrderId: orderId,
      })
      .onConflictDoNothing()
      .returning({ code: giftCode.code });
    if (row) return { code: row.code, validTo };
    if (attempt >= 5) throw new Error('no free gift code');
  }
}
