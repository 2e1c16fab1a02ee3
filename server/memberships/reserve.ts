/**
 * The membership part of a reserve (POST my/cart/modify with `membership`, issue 11), hooked into
 * `cart/modify.ts`:
 * - `prepareMembership` (before any write): a level line (a type of a `membership` group) needs the members its
 *   level's rules ask for (named roles within min..max with names, optional named roles up to max, the unnamed
 *   count within min..max, at least one member); members-only lines are checked against the member's access
 *   (`memberships/access.ts`). A redeem's gift code is checked here (the visitor's message before any write).
 * - `applyMembership` (inside the reserve, cart locked): member limits, a redeemed level costs nothing, the
 *   gift code is taken by the reserve's own statement (`giftCodeTakeSql`: all or nothing with the tickets), and
 *   the members and flags of each level ticket are written (`cart_membership`) with the tickets.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type * as w from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import type { TicketRow } from '../cart/document';
import { refusalOf } from '../cart/refusal';
import type { Q } from '../db';
import type { AppCtx } from '../http/context';
import type { Row } from '../http/docs';
import { ApiError, invalid } from '../http/errors';
import { memberMembership } from '../members/schema';
import * as t from '../schema';
import { dayjs } from '../util';
import { accessOf, checkMemberLines, isMemberOnly, type MemberLine } from './access';
import { GIFT_CODE_HELD } from './codes';
import { type BeyondTerm, type MembershipPolicy, membershipPolicyOf, renewalOpensAt } from './policy';
import { giftCode, membershipRule } from './schema';
import { checkSurvey } from './survey';

type Group = Row<typeof t.ticketGroup>;
type TicketTypeRow = Row<typeof t.ticketType>;
type EventRow = Row<typeof t.eventTemplate>;

/** A resolved reserve line, as `cart/modify.ts` has it. */
export interface ReserveLine {
  ty: TicketTypeRow;
  group: Group;
  ev: EventRow;
  /** The line's session (null: a sessionless line). */
  session?: { id: string; startAt: Date } | null;
}

export interface PreparedMembership {
  /** Indexes (in `add`) of level lines. */
  levelLines: number[];
  memberLines: MemberLine[];
  body: w.MembershipReserveBody | null;
  identityId: string;
  /** The seller's `member_reserve_session_beyond_term` (memberships/policy.ts). */
  beyondTerm: BeyondTerm;
  /** The gift code this reserve redeems, or null. */
  redeemed: string | null;
  /** The code and the level it redeems (taken by the reserve's statement: `giftCodeTakeSql`), or null. */
  redeem: { sellerId: string; code: string; levelId: string } | null;
  /** A failed reserve's error, or, when the statement refused the gift code, the code's reason as an ApiError. */
  refusal(err: unknown): Promise<unknown>;
}

const fail = (description: string, extra: unknown = null) => invalid('membership', description, extra);

/** Checks the members of a level line against the level's rules. */
async function checkMembers(q: Q, sellerId: string, levelId: string, body: w.MembershipReserveBody | null) {
  const rules = await q
    .select()
    .from(membershipRule)
    .where(and(eq(membershipRule.sellerId, sellerId), eq(membershipRule.ticketTypeId, levelId)));
  const members = body?.members ?? [];
  const unnamed = body?.unnamed ?? 0;
  if (members.length === 0 && unnamed === 0)
    throw fail('At least one member is required to purchase a membership');
  const seen = new Set<string>();
  const byRole = new Map<string, (typeof rules)[number]>();
  for (const r of rules.sort((a, b) => a.rank - b.rank)) {
    if (seen.has(r.partyRole)) continue; // a second rule for a party role is skipped (spec 1 §8)
    seen.add(r.partyRole);
    byRole.set(r.partyRole, r);
  }
  for (const m of members) {
    const rule = byRole.get(m.party_role);
    if (!rule || rule.named === 'no')
      throw fail(`This membership level has no named ${m.party_role} members.`, { party_role: m.party_role });
    if (rule.emailed === 'yes' && !m.email)
      throw fail(`An email is required for the ${m.party_role} member.`, { party_role: m.party_role });
  }
  let unnamedMin = 0;
  let unnamedMax = 0;
  for (const rule of byRole.values()) {
    if (rule.named === 'no') {
      unnamedMin += rule.min;
      unnamedMax += rule.max;
      continue;
    }
    const n = members.filter((m) => m.party_role === rule.partyRole).length;
    const min = rule.named === 'yes' ? Math.max(rule.min, 1) : 0;
    if (n < min || n > rule.max)
      throw fail(`This membership level takes ${min} to ${rule.max} ${rule.partyRole} members.`, {
        party_role: rule.partyRole,
        min,
        max: rule.max,
      });
  }
  if (unnamed < unnamedMin || unnamed > unnamedMax)
    throw fail(`This membership level takes ${unnamedMin} to ${unnamedMax} more members.`, {
      min: unnamedMin,
      max: unnamedMax,
    });
}

const codeError = (code: ErrorCode, status: 400 | 404, description: string, giftCodeValue: string) =>
  new ApiError(status, code, 'gift_code', description, { gift_code: giftCodeValue });

/** Normalises a typed gift code: trimmed, upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

type GiftCodeRow = Row<typeof giftCode>;

/** Why a gift code cannot be redeemed for a level now (code_expired, code_exhausted, another level), or null. */
function giftCodeRefusal(row: GiftCodeRow, now: Date, levelId: string): ApiError | null {
  if ((row.validFrom && row.validFrom > now) || (row.validTo && row.validTo < now))
    return codeError(ErrorCode.code_expired, 400, 'This code has expired', row.code);
  if (row.redeemedCount >= row.maxRedemptions)
    return codeError(ErrorCode.code_exhausted, 400, 'This code has already been redeemed', row.code);
  if (row.ticketTypeIds && !row.ticketTypeIds.includes(levelId))
    return codeError(
      ErrorCode.validation_failed,
      400,
      'This code cannot be used for this membership level.',
      row.code,
    );
  return null;
}

/** Throws why a gift code cannot be redeemed for a level now (code_not_found 404, or the refusal above). */
async function checkGiftCode(q: Q, sellerId: string, code: string, levelId: string, now: Date) {
  const [row] = await q
    .select()
    .from(giftCode)
    .where(and(eq(giftCode.sellerId, sellerId), eq(giftCode.code, code)))
    .limit(1);
  if (!row) throw codeError(ErrorCode.code_not_found, 404, 'You must enter a valid code', code);
  const refusal = giftCodeRefusal(row, now, levelId);
  if (refusal) throw refusal;
}

/**
 * The redemption of a gift code, as a part of the reserve's one statement (so taken together with the tickets,
 * or not at all, even when the process dies): a conditional UPDATE of the code's count (of many concurrent
 * redeems of a single-use code exactly one matches) and a check column that aborts the statement when it did
 * not match (`tix_refuse('gift_code', …)`, mapped back by `PreparedMembership.refusal`).
 */
function giftCodeTakeSql(sellerId: string, code: string, levelId: string, now: Date) {
  const at = now.toISOString();
  const write = sql`gift_take AS (UPDATE gift_code SET redeemed_count = redeemed_count + 1
    WHERE seller_id = ${sellerId} AND code = ${code} AND redeemed_count < max_redemptions
      AND (valid_from IS NULL OR valid_from <= ${at}::timestamptz)
      AND (valid_to IS NULL OR valid_to >= ${at}::timestamptz)
      AND (ticket_type_ids IS NULL OR ticket_type_ids @> ${JSON.stringify([levelId])}::jsonb)
    RETURNING code)`;
  const check = sql`(SELECT tix_refuse('gift_code', ${code}) WHERE NOT EXISTS (SELECT 1 FROM gift_take)) AS gift_code_ok`;
  return { write, check };
}

/**
 * A reserve whose level would renew the identity's membership (not a gift) is refused before renewing opens:
 * the latest valid_to minus the seller's renewal period (400 renewal_not_open, context membership). An identity
 * without a membership buys a new one.
 */
async function checkRenewalOpen(ctx: AppCtx, sellerId: string, identityId: string, policy: MembershipPolicy) {
  const [latest] = await ctx.db
    .select({ validTo: memberMembership.validTo })
    .from(memberMembership)
    .where(and(eq(memberMembership.sellerId, sellerId), eq(memberMembership.identityId, identityId)))
    .orderBy(desc(memberMembership.validTo))
    .limit(1);
  if (!latest) return;
  const opens = renewalOpensAt(latest.validTo, policy);
  if (ctx.now() >= opens) return;
  // The day renewing opens is the seller's (its time zone), shown as the spec's dates are, never ISO.
  const [seller] = await ctx.db
    .select({ timezone: t.seller.timezone })
    .from(t.seller)
    .where(eq(t.seller.id, sellerId));
  const local = dayjs.utc(opens).tz(seller?.timezone ?? 'UTC');
  throw new ApiError(
    400,
    ErrorCode.renewal_not_open,
    'membership',
    `Your membership can be renewed from ${local.format('ddd, MMM D, YYYY')}.`,
    {
      renewal_opens_at: new Date(opens).toISOString(),
      renewal_opens_on: local.format('YYYY-MM-DD'),
      valid_to: latest.validTo.toISOString(),
    },
  );
}

/** Event meta offering the 'extend membership' checkbox (spec 3 §2: shown only if enabled; flag words, spec 1 §5). */
export const MEMBERSHIP_EXTEND_META = 'membership_extend';
const TRUE_WORDS = new Set(['1', 'on', 'enabled', 'true', 't', 'yes', 'y']);

/**
 * `extend: true` is taken only where the level's membership event enables the checkbox (meta
 * `membership_extend`), and never with a gift or a redeem: those are not the purchaser's own membership.
 */
async function checkExtendable(ctx: AppCtx, level: ReserveLine, data: w.MembershipReserveBody) {
  if (data.gift || data.redeem) throw fail('Only your own membership can be extended.');
  const meta = await ctx.cache.meta(ctx.db, [level.ev.id]);
  const value = meta.find((m) => m.resourceId === level.ev.id && m.key === MEMBERSHIP_EXTEND_META)?.value;
  if (!TRUE_WORDS.has((value ?? '').trim().toLowerCase()))
    throw fail('This membership cannot be extended.', { event_template_id: level.ev.id });
}

/** Before the reserve writes anything: checks level members and member access; consumes a redeemed code. */
export async function prepareMembership(
  ctx: AppCtx,
  sellerId: string,
  lines: ReserveLine[],
  body: w.MembershipReserveBody | undefined,
  /** The member (or the cart's identity: a guest purchaser's, or the seller's public identity). */
  identityId: string,
): Promise<PreparedMembership | null> {
  const levelLines = lines.flatMap((l, i) => (l.group.handler === 'membership' ? [i] : []));
  const memberLines = lines
    .filter((l) => l.group.handler !== 'membership' && isMemberOnly(l.ev, l.group))
    .map((l) => ({
      eventId: l.ev.id,
      groupId: l.group.id,
      typeId: l.ty.id,
      sessionId: l.session?.id ?? null,
      startsAt: l.session?.startAt ?? null,
    }));
  if (!levelLines.length && !memberLines.length) {
    if (body) throw fail('The membership part of a reserve needs a membership level to add.');
    return null;
  }
  const data = body ?? null;
  let policyRead: Promise<MembershipPolicy> | null = null;
  const policy = () => {
    policyRead ??= membershipPolicyOf(ctx.db, sellerId);
    return policyRead;
  };
  if (levelLines.length > 1) throw fail('Reserve one membership at a time.');
  if (levelLines.length) {
    const level = lines[levelLines[0] as number] as ReserveLine;
    await checkMembers(ctx.db, sellerId, level.ty.id, data);
    await checkSurvey(ctx, level.group.id, data?.survey);
    if (data?.redeem && !data.gift_code) throw fail('A gift code is required to redeem a membership.');
    if (data?.gift_code && data.gift_code.length !== 10)
      throw codeError(ErrorCode.code_not_found, 404, 'You must enter a valid code', data.gift_code);
    if (data?.redeem && data.gift && data.gift_code) throw fail('A redeemed membership cannot be a gift.');
    if (data?.extend) await checkExtendable(ctx, level, data);
    // Not a gift: completion renews the owner's membership, if any, so renewing must be open (spec 3 §4),
    // unless the visitor chose to extend it (where the membership event offers that): then the new term runs
    // on from the current valid_to whenever it is bought.
    if (!data?.gift && !data?.extend) await checkRenewalOpen(ctx, sellerId, identityId, await policy());
  }
  // Members-only lines: the access of the cart's member (checked now, and again inside the reserve).
  if (memberLines.length)
    await checkMemberLines(
      ctx.db,
      await accessOf(ctx.db, identityId, ctx.now()),
      memberLines,
      (await policy()).beyondTerm,
    );
  // A redeemed code is checked now (the visitor's message before any write) and taken by the reserve's
  // statement itself (giftCodeTakeSql), so a code is never taken without its tickets, nor they without it.
  let redeem: PreparedMembership['redeem'] = null;
  if (levelLines.length && data?.redeem && data.gift_code) {
    const level = lines[levelLines[0] as number] as ReserveLine;
    redeem = { sellerId, code: normalCode(data.gift_code), levelId: level.ty.id };
    await checkGiftCode(ctx.db, sellerId, redeem.code, redeem.levelId, new Date(ctx.now()));
  }
  return {
    levelLines,
    memberLines,
    body: data,
    identityId,
    redeemed: redeem?.code ?? null,
    redeem,
    beyondTerm: memberLines.length ? (await policy()).beyondTerm : 'never',
    async refusal(err: unknown) {
      if (!redeem || refusalOf(err)?.kind !== 'gift_code') return err;
      // Taken meanwhile by another reserve (or expired since the check): the reason, read again.
      try {
        await checkGiftCode(ctx.db, sellerId, redeem.code, redeem.levelId, new Date(ctx.now()));
      } catch (why) {
        return why;
      }
      return codeError(ErrorCode.code_exhausted, 400, 'This code has already been redeemed', redeem.code);
    },
  };
}

/**
 * Inside the reserve (cart locked): member limits; a redeemed level is free; the level tickets' members and
 * flags go to `cart_membership` (as a CTE of the reserve statement, so all or nothing with the tickets).
 */
export async function applyMembership(
  ctx: AppCtx,
  q: Q,
  prepared: PreparedMembership | null,
  tickets: TicketRow[],
  writes: ReturnType<typeof sql>[],
  /** Check columns of the reserve's final SELECT (a refusal aborts the statement). */
  checks: ReturnType<typeof sql>[],
): Promise<void> {
  if (!prepared) return;
  if (prepared.redeem) {
    const { sellerId, code, levelId } = prepared.redeem;
    const take = giftCodeTakeSql(sellerId, code, levelId, new Date(ctx.now()));
    writes.push(take.write);
    checks.push(take.check);
  }
  if (prepared.memberLines.length) {
    // One member's reserves of member tickets take turns (until this transaction ends), so that counting
    // their tickets and adding these cannot interleave with another of their reserves.
    await q.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`member-limit:${prepared.identityId}`}))`);
    await checkMemberLines(
      q,
      await accessOf(q, prepared.identityId, ctx.now()),
      prepared.memberLines,
      prepared.beyondTerm,
    );
  }
  const data = prepared.body;
  const rows = prepared.levelLines.map((i) => tickets[i]).filter((k): k is TicketRow => !!k);
  for (const k of rows) {
    if (prepared.redeemed) {
      k.faceValueCents = 0;
      k.adjustedValueCents = 0;
    }
    writes.push(
      sql`${sql.raw(`cm_${rows.indexOf(k)}`)} AS (INSERT INTO cart_membership (ticket_id, cart_id, members, unnamed,
        auto_renew, renew, gift, gift_code, gift_code_state, survey) VALUES (${k.id}, ${k.cartId},
        ${JSON.stringify(
          (data?.members ?? []).map((m) => ({
            party_role: m.party_role,
            first_name: m.first_name,
            last_name: m.last_name,
            email: m.email ?? null,
          })),
        )}::jsonb, ${data?.unnamed ?? 0}, ${data?.auto_renew === true && !data?.gift}, ${data?.renew === true},
        ${data?.gift === true}, ${prepared.redeemed}, ${prepared.redeemed ? GIFT_CODE_HELD : null},
        ${data?.survey ? JSON.stringify(data.survey) : null}::jsonb))`,
    );
  }
}
