/**
 * Membership creation on order completion (issue 11), called by `payments/completion.ts` `book` inside the booking
 * transaction: each booked membership ticket (a level) becomes a membership of its owner — the cart's giftee
 * when the cart is a gift, else the cart's identity (a guest purchaser gets an account without a password so
 * that they can log in with the new member ID; an email whose account has VERIFIED it adds the membership to
 * that account; an unverified account gets nothing by email: the membership stays with the purchase's own
 * identity, whose account then has no email, until the address's owner verifies it and claims it,
 * `members/verify.ts`). A renewal (the owner already has a membership of the seller) keeps the member ID and extends
 * the term from the previous valid_to (or from now, once expired); a new membership gets a new member ID. The
 * named members, unnamed count, level, order and auto-renew state (scheduled when asked for and paid by card,
 * with the card saved; otherwise not enrolled) are recorded, and the member ID is emailed to the owner.
 * A gift to someone who already holds a membership changes nothing of it: it is issued as gift codes instead
 * (`giftAsCodes`).
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CartRow, TicketRow } from '../cart/document';
import { mailLocaleOf } from '../catalog/locales';
import type { Tx } from '../db';
import type { AppCtx } from '../http/context';
import { brandOf } from '../mail/layout';
import { queueMail } from '../mail/message';
import { giftCodeMail, membershipIdMail } from '../mail/templates';
import { emailKey } from '../members/auth';
import { memberMembership, memberUser } from '../members/schema';
import * as t from '../schema';
import { dayjs, newId } from '../util';
import { consumeGiftCodes, issueGiftCode } from './codes';
import { cartGift, cartMembership, membershipLevel, membershipMember, savedPaymentMethod } from './schema';

/** The identifier of a card saved for auto-renew (the sandbox keeps no card details). */
export const SAVED_CARD_IDENTIFIER = 'Card on file';

/** A new member ID: 9 digits, not starting with 0 (unique per seller; the caller retries on a clash). */
const newScanCode = () => String(randomInt(100_000_000, 1_000_000_000));

/**
 * The owner's identity, made a member account if it has none (guest purchasers, giftees; unverified). Another
 * account counts by email only once verified: an unverified one may be anybody's claim on the address. Accounts
 * are unique per identity and per email: when a concurrent completion (another first purchase for the same email,
 * paid at the same moment) creates the account first, the insert waits for it and does nothing, and the owner is
 * decided again with that account committed (`retry`); a second clash keeps the identity without an account
 * rather than failing a paid booking.
 */
async function ownerIdentity(
  tx: Tx,
  sellerId: string,
  identityId: string,
  nowMs: number,
  retry = true,
): Promise<string> {
  const [user] = await tx.select().from(memberUser).where(eq(memberUser.identityId, identityId)).limit(1);
  if (user) return identityId;
  const [identity] = await tx.select().from(t.identity).where(eq(t.identity.id, identityId)).limit(1);
  if (!identity) return identityId;
  let email = identity.email;
  if (email) {
    const [byEmail] = await tx
      .select()
      .from(memberUser)
      .where(and(eq(memberUser.sellerId, sellerId), eq(memberUser.emailKey, emailKey(email))))
      .limit(1);
    if (byEmail?.emailVerifiedAt) return byEmail.identityId;
    // Held by an unverified account: this identity's own account goes without the address (member-ID login).
    if (byEmail) email = null;
  }
  const created = await tx
    .insert(memberUser)
    .values({
      id: newId(),
      sellerId,
      identityId,
      email,
      emailKey: email ? emailKey(email) : null,
      passwordHash: null,
      testAccount: false,
      createdAt: new Date(nowMs),
      emailVerifiedAt: null,
    })
    .onConflictDoNothing()
    .returning({ id: memberUser.id });
  if (!created.length) return retry ? ownerIdentity(tx, sellerId, identityId, nowMs, false) : identityId;
  await tx.update(t.identity).set({ type: 'member' }).where(eq(t.identity.id, identityId));
  return identityId;
}

/**
 * Completions for one owner take turns: the owner's identity row, then their memberships in id order, are locked
 * (`FOR UPDATE`) after the cart (lock order: cart, owner, memberships). Two renewals paid at once otherwise read
 * the same valid_to and each extend it from there (one term lost, both charged), and two first purchases both
 * create a membership. The reads after the lock see what the other completion committed.
 */
async function lockOwner(tx: Tx, sellerId: string, owner: string): Promise<void> {
  await tx.select({ id: t.identity.id }).from(t.identity).where(eq(t.identity.id, owner)).for('update');
  await tx
    .select({ id: memberMembership.id })
    .from(memberMembership)
    .where(and(eq(memberMembership.sellerId, sellerId), eq(memberMembership.identityId, owner)))
    .orderBy(asc(memberMembership.id))
    .for('update');
}

/** Whether the identity holds a membership of the seller (current or expired). */
async function holdsMembership(tx: Tx, sellerId: string, identityId: string): Promise<boolean> {
  const [held] = await tx
    .select({ id: memberMembership.id })
    .from(memberMembership)
    .where(and(eq(memberMembership.sellerId, sellerId), eq(memberMembership.identityId, identityId)))
    .limit(1);
  return !!held;
}

/**
 * A gift to someone who already holds a membership: each level becomes a single-use gift code of that level
 * (valid GIFT_CODE_VALID_MONTHS, recorded on the giver's order), emailed to the recipient with the redeem link.
 * Refusing the gift at checkout instead would tell anyone whether an email holds a membership, and renewing it
 * would overwrite the recipient's level, members and auto-renew with the giver's choices.
 */
async function giftAsCodes(
  ctx: AppCtx,
  tx: Tx,
  cart: CartRow,
  order: { id: string },
  levels: TicketRow[],
  owner: string,
): Promise<void> {
  const nowMs = ctx.now();
  const issued: { code: string; levelName: string; validTo: Date }[] = [];
  for (const k of levels) {
    const [type] = await tx.select().from(t.ticketType).where(eq(t.ticketType.id, k.ticketTypeId)).limit(1);
    const { code, validTo } = await issueGiftCode(tx, cart.sellerId, k.ticketTypeId, order.id, nowMs);
    issued.push({ code, levelName: type?.name ?? 'Membership', validTo });
  }
  const [identity] = await tx.select().from(t.identity).where(eq(t.identity.id, owner)).limit(1);
  const [seller] = await tx.select().from(t.seller).where(eq(t.seller.id, cart.sellerId)).limit(1);
  if (!identity?.email || !seller) return;
  const base = `${(ctx.publicUrl ?? '').replace(/\/+$/, '')}/${seller.slug}/membership/redeem?gift_code=`;
  await queueMail(
    tx,
    {
      sellerId: seller.id,
      to: identity.email,
      // In the giver's language (the locale the cart kept when it paid), the last days in the seller's zone.
      ...giftCodeMail(await brandOf(tx, seller), base, issued, {
        locale: await mailLocaleOf(tx, seller.id, cart.locale),
        timeZone: seller.timezone,
      }),
    },
    nowMs,
  );
}

export async function createMemberships(
  ctx: AppCtx,
  tx: Tx,
  cart: CartRow,
  order: { id: string },
  booked: TicketRow[],
  gatewayId: string,
): Promise<void> {
  const levels = booked.filter((k) => k.handler === 'membership');
  if (!levels.length) return;
  const nowMs = ctx.now();
  const parts = await tx
    .select()
    .from(cartMembership)
    .where(
      inArray(
        cartMembership.ticketId,
        levels.map((k) => k.id),
      ),
    );
  // Gift codes redeemed by these levels are used for good now (server/memberships/codes.ts).
  await consumeGiftCodes(
    tx,
    levels.map((k) => k.id),
  );
  const [gift] = await tx.select().from(cartGift).where(eq(cartGift.cartId, cart.id)).limit(1);
  const owner = await ownerIdentity(tx, cart.sellerId, gift?.gifteeIdentityId ?? cart.identityId, nowMs);
  await lockOwner(tx, cart.sellerId, owner);
  // A gift never changes a membership its recipient already holds (current or expired): it waits for them as
  // a gift code of the level, to redeem on their own terms (see giftAsCodes).
  if (gift && (await holdsMembership(tx, cart.sellerId, owner))) {
    await giftAsCodes(ctx, tx, cart, order, levels, owner);
    return;
  }
  const mailed: { scanCode: string; levelName: string }[] = [];
  for (const k of levels) {
    const part = parts.find((p) => p.ticketId === k.id);
    const [type] = await tx.select().from(t.ticketType).where(eq(t.ticketType.id, k.ticketTypeId)).limit(1);
    const [level] = await tx
      .select()
      .from(membershipLevel)
      .where(eq(membershipLevel.ticketTypeId, k.ticketTypeId))
      .limit(1);
    const term = level?.termMonths ?? 12;
    const enrol = part?.autoRenew === true && gatewayId === 'stripe' && k.faceValueCents > 0;
    const [previous] = await tx
      .select()
      .from(memberMembership)
      .where(and(eq(memberMembership.sellerId, cart.sellerId), eq(memberMembership.identityId, owner)))
      .orderBy(desc(memberMembership.validTo))
      .limit(1);
    const fields = {
      levelName: type?.name ?? 'Membership',
      autoRenewState: enrol ? 'scheduled' : 'other',
      purchaseLimit: level?.purchaseLimit ?? null,
      ticketOrderId: order.id,
      ticketGroupId: k.ticketGroupId,
      ticketTypeId: k.ticketTypeId,
      eventTemplateId: k.eventTemplateId,
      unnamedCount: part?.unnamed ?? 0,
    };
    let membershipId: string;
    let scanCode: string;
    if (previous) {
      // Renewal: the term runs on from the previous valid_to (from now once it has passed).
      const from = Math.max(previous.validTo.getTime(), nowMs);
      const validTo = dayjs(from).add(term, 'month').toDate();
      await tx
        .update(memberMembership)
        .set({
          ...fields,
          validTo,
          ...(previous.validTo.getTime() < nowMs ? { validFrom: new Date(nowMs) } : {}),
        })
        .where(eq(memberMembership.id, previous.id));
      membershipId = previous.id;
      scanCode = previous.scanCode;
      await tx.delete(membershipMember).where(eq(membershipMember.membershipId, previous.id));
    } else {
      membershipId = newId();
      scanCode = newScanCode();
      for (let attempt = 0; ; attempt++) {
        const [clash] = await tx
          .select({ id: memberMembership.id })
          .from(memberMembership)
          .where(and(eq(memberMembership.sellerId, cart.sellerId), eq(memberMembership.scanCode, scanCode)))
          .limit(1);
        if (!clash || attempt > 5) break;
        scanCode = newScanCode();
      }
      await tx.insert(memberMembership).values({
        id: membershipId,
        sellerId: cart.sellerId,
        identityId: owner,
        scanCode,
        role: 'member',
        validFrom: new Date(nowMs),
        validTo: dayjs(nowMs).add(term, 'month').toDate(),
        ...fields,
      });
    }
    const members = part?.members ?? [];
    if (members.length)
      await tx.insert(membershipMember).values(
        members.map((m, i) => ({
          id: newId(),
          membershipId,
          role: m.party_role,
          firstName: m.first_name,
          lastName: m.last_name,
          email: m.email,
          rank: i,
        })),
      );
    if (enrol) {
      const [saved] = await tx
        .select({ id: savedPaymentMethod.id })
        .from(savedPaymentMethod)
        .where(eq(savedPaymentMethod.identityId, owner))
        .limit(1);
      if (!saved)
        await tx.insert(savedPaymentMethod).values({
          id: newId(),
          identityId: owner,
          identifier: SAVED_CARD_IDENTIFIER,
          createdAt: new Date(nowMs),
        });
    }
    mailed.push({ scanCode, levelName: fields.levelName });
  }
  const [identity] = await tx.select().from(t.identity).where(eq(t.identity.id, owner)).limit(1);
  const [seller] = await tx.select().from(t.seller).where(eq(t.seller.id, cart.sellerId)).limit(1);
  if (identity?.email && seller)
    await queueMail(
      tx,
      {
        sellerId: seller.id,
        to: identity.email,
        // In the buyer's language: the locale the cart kept when it paid.
        ...membershipIdMail(
          await brandOf(tx, seller),
          mailed,
          await mailLocaleOf(tx, seller.id, cart.locale),
        ),
      },
      nowMs,
    );
}
