/**
 * Completion: paying a cart and booking it as an order. Money moves once and the order matches what was paid:
 * 1. under the cart lock, check the cart (tickets, purchaser, amount = outstanding, sessions still on sale) and
 *    mark it `paying` with a new attempt number (modify, delete and expiry refuse or skip a paying cart);
 * 2. charge the gateway outside any transaction, with the idempotency key `cart:{id}:attempt:{n}`;
 * 3. under the cart lock again, re-check that the live tickets cost what was charged, book exactly those tickets,
 *    record the payment and the order, queue the email; or put the cart back to pending when not charged.
 * A concurrent pay waits for the attempt in flight and answers `cart_booked`; an attempt whose process died
 * is taken over after PAY_LEASE_MS with the same key (the gateway replays, it does not charge again).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { captchaRequired } from '../captcha/captcha';
import {
  bookLiveTickets,
  type CartRow,
  cartTickets,
  cartTotals,
  liveTicketsAndTotals,
  type TicketRow,
  type Totals,
} from '../cart/document';
import { expireInTx } from '../cart/holds';
import { lockCart, orderIdOf } from '../cart/state';
import { consumeCartVouchers } from '../citypass/redeem';
import type { Tx } from '../db';
import type { AppCtx } from '../http/context';
import { isBookable, loadSessions, loadTypesById } from '../http/docs';
import { cartBooked, cartExpired, incorrectCartState, invalid, paymentUnavailable } from '../http/errors';
import { debitLedger, issueOrderLedgers, LEDGER_HANDLER } from '../ledger/ledger';
import { bookEdit, editOf, editStillApplies } from '../manage/edit';
import { ticketsChanged } from '../manage/errors';
import { giveBack, LIMITS, type Slot, take } from '../members/rate';
import { createMemberships } from '../memberships/complete';
import { checkGiftPayable } from '../memberships/routes';
import { payCodeCheck, repriced } from '../promo/apply';
import { consumeCartCodes } from '../promo/codes';
import { codeGroupsOf, issueOrderCodes } from '../promo/issued';
import * as t from '../schema';
import { humanCode, money, newId } from '../util';
import type { ChargeResult } from './gateway';
import { queueConfirmation } from './outbox';
import { type CartSchedule, cartSchedule, saveSchedule } from './schedule';

/** How long a payment attempt in flight holds the cart before another request may take it over. */
export const PAY_LEASE_MS = 60_000;

export interface PayRequest {
  amountCents: number;
  gatewayId: 'stripe' | 'ledger' | 'free';
  source: string | null;
  /** A gift card payment's card (gateway ledger): gateway_data.ledger_type and ledger_number. */
  ledger?: { type: string; number: string } | null;
  /** The client address pay attempts are counted by (http/client-address.ts `clientAddress`). */
  address: string;
  /**
   * A guest's gift card payment sent without the captcha the seller asks for (routes.ts `checkCaptcha`): it may be
   * an earlier partial payment, but the payment that books the order is the last one and must carry the token
   * (spec 2 §4, §5 "Captcha required for anonymous users when a key is configured"), decided under the cart lock.
   */
  captchaMissing?: boolean;
  /**
   * false: the payment that books the order queues no confirmation email (`send_email: false`, an injected
   * staff-style checkout, spec 2 §4); absent: it is sent. A card payment settled later by the webhook or the
   * recovery (the pay request gone) sends it.
   */
  sendEmail?: boolean;
}

/** Books the live tickets of a locked cart as an order with its payment (inside the caller's transaction). */
export async function book(
  ctx: AppCtx,
  tx: Tx,
  cart: CartRow,
  tickets: TicketRow[],
  pay: { gatewayId: string; amountCents: number; reference: string | null; sendEmail: boolean },
) {
  // An order-bound cart changes its order instead (server/manage/edit.ts); the manage page asks for the email.
  const edit = await editOf(tx, cart.id);
  if (edit) return bookEdit(ctx, tx, cart, edit, tickets, pay);
  const nowMs = ctx.now();
  const orderId = newId();
  const [order] = await tx
    .insert(t.ticketOrder)
    .values({
      id: orderId,
      orderNumber: humanCode(8),
      cartId: cart.id,
      identityId: cart.identityId,
      sellerId: cart.sellerId,
      createdAt: new Date(nowMs),
    })
    .returning();
  if (!order) throw new Error('order insert failed');
  // A cart on a payment plan: its schedule is written on the order as the cart showed it (./schedule.ts).
  await saveSchedule(
    tx,
    cart,
    orderId,
    async () => totalOf((await liveTicketsAndTotals(tx, cart, nowMs)).totals),
    tickets.map((k) => k.eventTemplateId),
    nowMs,
  );
  const booked = await bookLiveTickets(tx, cart.id, tickets, orderId);
  // The promo code uses the cart held are kept by its order.
  await consumeCartCodes(tx, cart.id);
  // Discount-code purchases (handler codes): one new code per ticket, in this transaction, so exactly once.
  await issueOrderCodes(tx, order, booked, nowMs);
  // Gift cards (handler ledger): one new card per ticket, in this transaction, so exactly once.
  await issueOrderLedgers(tx, order, booked, nowMs);
  // So are the city-pass vouchers it redeemed.
  await consumeCartVouchers(tx, cart.id);
  // Memberships of the booked levels (issue 11): created, or renewed, in the same transaction.
  await createMemberships(ctx, tx, cart, order, booked, pay.gatewayId);
  await tx.insert(t.payment).values({
    id: newId(),
    cartId: cart.id,
    ticketOrderId: orderId,
    gatewayId: pay.gatewayId,
    amountCents: pay.amountCents,
    reference: pay.reference,
    state: 'succeeded',
    createdAt: new Date(nowMs),
  });
  // The cart's earlier (partial) payments, gift cards first (spec 2 §4), belong to the order too.
  const paid = await tx
    .update(t.payment)
    .set({ ticketOrderId: orderId })
    .where(
      and(eq(t.payment.cartId, cart.id), eq(t.payment.state, 'succeeded'), isNull(t.payment.ticketOrderId)),
    )
    .returning({ amountCents: t.payment.amountCents });
  const totalPaidCents = pay.amountCents + paid.reduce((a, p) => a + p.amountCents, 0);
  const [done] = await tx
    .update(t.cart)
    .set({ state: 'completed', payStartedAt: null, payAmountCents: null })
    .where(eq(t.cart.id, cart.id))
    .returning();
  if (pay.sendEmail) await queueConfirmation(ctx, tx, cart, order, booked, totalPaidCents, nowMs);
  return done ?? cart;
}

/** What the cart costs, discounts off (its payments not taken off). */
export const totalOf = (totals: Totals) =>
  totals.faceCents + totals.fixedCents + totals.percentCents - totals.cartmodCents;

/** A payment on a schedule pays from the due amount to the outstanding balance (spec 2 §4, §5). */
function checkScheduledAmount(
  context: string,
  amountCents: number,
  schedule: CartSchedule,
  outstandingCents: number,
) {
  if (amountCents < schedule.dueCents || amountCents > outstandingCents)
    throw invalid(
      context,
      `The amount must be between the amount due of ${money(schedule.dueCents)} and the outstanding balance of ${money(outstandingCents)}.`,
      { total_due: money(schedule.dueCents), total_outstanding: money(outstandingCents) },
    );
}

/** The cart's schedule (./schedule.ts) for these tickets and totals, or null when it is on no plan. */
const scheduleOf = (ctx: AppCtx, tx: Tx, cart: CartRow, tickets: TicketRow[], totals: Totals) =>
  cartSchedule(
    tx,
    cart,
    totalOf(totals),
    totals.paymentsCents,
    tickets.map((k) => k.eventTemplateId),
    ctx.now(),
  );

/** The order this cart booked itself (not an order an order-bound cart changes), or null. */
async function bookedOrderOf(tx: Tx, cartId: string): Promise<string | null> {
  const [o] = await tx
    .select({ id: t.ticketOrder.id })
    .from(t.ticketOrder)
    .where(eq(t.ticketOrder.cartId, cartId))
    .limit(1);
  return o?.id ?? null;
}

/**
 * A booked order's outstanding balance and schedule (its tickets booked, its payments so far); null when it is
 * on no schedule or nothing is left to pay.
 */
async function orderBalance(ctx: AppCtx, tx: Tx, cart: CartRow) {
  const tickets = await cartTickets(tx, cart.id);
  const types = await loadTypesById(
    tx,
    tickets.map((k) => k.ticketTypeId),
  );
  const { totals } = await cartTotals(tx, cart, tickets, types, ctx.now());
  const schedule = await scheduleOf(ctx, tx, cart, tickets, totals);
  return schedule && totals.outstandingCents > 0 ? { totals, schedule } : null;
}

/**
 * The checks before booking, on the locked cart: tickets, purchaser, sessions still on sale, blocking cart mods,
 * the promo codes it holds (`stale`: released here because they no longer hold; the caller commits, then refuses
 * with the new total), the amount (the outstanding balance, discounts included).
 */
async function checkPayable(
  ctx: AppCtx,
  tx: Tx,
  cart: CartRow,
  amountCents: number | null,
  context: string,
  partial = false,
) {
  const { tickets, totals, promo } = await liveTicketsAndTotals(tx, cart, ctx.now());
  // An order-bound cart may only give tickets up; what it gives up must still be booked (server/manage/edit.ts).
  const edit = await editOf(tx, cart.id);
  if (tickets.length === 0 && !edit?.removed.length) throw invalid('cart', 'The cart is empty.');
  if (edit && !(await editStillApplies(tx, edit))) throw ticketsChanged(edit.removed);
  const { stale } = await payCodeCheck(tx, cart, promo, ctx.now());
  if (stale.length) {
    const after = await liveTicketsAndTotals(tx, cart, ctx.now());
    return {
      tickets,
      totals: after.totals,
      schedule: null,
      repriced: repriced(stale, after.totals.outstandingCents, money),
    };
  }
  await checkGiftPayable(tx, cart);
  // Discount codes for sale need a code group to join: checked before anything is charged.
  await codeGroupsOf(tx, cart.sellerId, tickets);
  const sessions = await loadSessions(
    tx,
    tickets.map((k) => k.eventSessionId),
  );
  const closed = sessions.filter((s) => !isBookable(s, ctx.now()));
  if (closed.length)
    throw invalid('event_session', 'Sorry, tickets are no longer available at the selected time.', {
      event_session_ids: closed.map((s) => s.id),
    });
  // A cart on a payment plan (./schedule.ts) pays from the due amount to the outstanding balance.
  const schedule = await scheduleOf(ctx, tx, cart, tickets, totals);
  // A gift card may pay less (spec 2 §4: posted first, a card pays the rest).
  if (schedule && amountCents !== null && !partial) {
    checkScheduledAmount(context, amountCents, schedule, totals.outstandingCents);
    return { tickets, totals, schedule, repriced: null };
  }
  // A partial payment (a gift card) pays at most what is outstanding; the last payment pays all of it.
  if (partial && amountCents !== null && amountCents > totals.outstandingCents)
    throw invalid(
      context,
      `The amount may be at most the outstanding balance of ${money(totals.outstandingCents)}.`,
      {
        total_outstanding: money(totals.outstandingCents),
      },
    );
  if (!partial && amountCents !== null && amountCents !== totals.outstandingCents)
    throw invalid(
      context,
      `The amount must equal the outstanding balance of ${money(totals.outstandingCents)}.`,
      {
        total_outstanding: money(totals.outstandingCents),
      },
    );
  return { tickets, totals, schedule, repriced: null };
}

/** A later payment towards a booked order on a schedule (an instalment, or more). */
async function checkOrderPayment(ctx: AppCtx, tx: Tx, cart: CartRow, orderId: string, amountCents: number) {
  const balance = await orderBalance(ctx, tx, cart);
  if (!balance) throw cartBooked(orderId);
  checkScheduledAmount('payment', amountCents, balance.schedule, balance.totals.outstandingCents);
  return { tickets: [] as TicketRow[], ...balance, repriced: null };
}

/**
 * Locks the cart for a new attempt; answers booked, expired and busy carts. A booked order with something left
 * on its schedule takes later payments (`orderId`: the order they pay towards).
 */
async function lockForAttempt(ctx: AppCtx, tx: Tx, cartId: string) {
  const cart = await lockCart(tx, cartId);
  const orderId =
    cart.state === 'completed' || cart.state === 'paying' ? await bookedOrderOf(tx, cart.id) : null;
  if (cart.state === 'completed' && !(orderId && (await orderBalance(ctx, tx, cart))))
    throw cartBooked(await orderIdOf(tx, cart.id));
  if (cart.state === 'completed') return { kind: 'new', cart, orderId } as const;
  if (cart.state === 'expired') throw cartExpired();
  const nowMs = ctx.now();
  if (cart.state === 'paying') {
    const started = cart.payStartedAt?.getTime() ?? 0;
    return started + PAY_LEASE_MS > nowMs
      ? ({ kind: 'busy' } as const)
      : ({ kind: 'takeover', cart, orderId } as const);
  }
  if (cart.state !== 'pending') throw incorrectCartState(cart.state);
  if (cart.expiresAt && cart.expiresAt.getTime() <= nowMs) {
    await expireInTx(ctx, tx, cart.id);
    return { kind: 'expired' } as const;
  }
  return { kind: 'new', cart, orderId: null } as const;
}

type Begun =
  | { kind: 'busy' }
  | { kind: 'expired' }
  | { kind: 'repriced'; error: Error }
  | { kind: 'done'; cart: CartRow }
  | { kind: 'partial'; cart: CartRow }
  | {
      kind: 'charge';
      attempt: number;
      amountCents: number;
      currency: string;
      sellerId: string;
      slots: Slot[];
    };

/**
 * A gift card payment (gateway ledger), on the locked and checked cart, in one transaction: the card's debit
 * (never below zero: debitLedger's conditional UPDATE), the payment record and, when it pays what is
 * outstanding, the booking commit together or not at all. Less than outstanding: a partial payment, the cart
 * stays pending with a lower balance.
 */
async function payByLedger(
  ctx: AppCtx,
  tx: Tx,
  cart: CartRow,
  tickets: TicketRow[],
  outstandingCents: number,
  req: PayRequest,
  plan: { schedule: CartSchedule | null; orderId: string | null },
): Promise<Begun> {
  if (!req.ledger)
    throw invalid('payment', 'gateway_data.ledger_type and ledger_number are required for gift cards.');
  const last = req.amountCents === outstandingCents;
  // The payment that books: all that is outstanding, or on a schedule at least the due amount.
  const books =
    !plan.orderId && (last || (plan.schedule !== null && req.amountCents >= plan.schedule.dueCents));
  if (books && req.captchaMissing) throw captchaRequired();
  const card = await debitLedger(tx, cart.sellerId, req.ledger.type, req.ledger.number, req.amountCents);
  if (books) {
    const done = await book(ctx, tx, cart, tickets, {
      gatewayId: LEDGER_HANDLER,
      amountCents: req.amountCents,
      reference: card.id,
      sendEmail: req.sendEmail !== false,
    });
    return { kind: last ? 'done' : 'partial', cart: done };
  }
  await tx.insert(t.payment).values({
    id: newId(),
    cartId: cart.id,
    ticketOrderId: plan.orderId,
    gatewayId: LEDGER_HANDLER,
    amountCents: req.amountCents,
    reference: card.id,
    state: 'succeeded',
    createdAt: new Date(ctx.now()),
  });
  return { kind: plan.orderId && last ? 'done' : 'partial', cart };
}

/** Step 1: checks and marks the cart as paying (or books a free cart at once). */
async function begin(ctx: AppCtx, cartId: string, req: PayRequest): Promise<Begun> {
  return ctx.db.transaction(async (tx): Promise<Begun> => {
    const lock = await lockForAttempt(ctx, tx, cartId);
    if (lock.kind === 'busy' || lock.kind === 'expired') return lock;
    const { cart, orderId } = lock;
    const [who] = await tx.select().from(t.identity).where(eq(t.identity.id, cart.identityId));
    const {
      tickets,
      totals,
      schedule,
      repriced: codesChanged,
    } = orderId
      ? await checkOrderPayment(ctx, tx, cart, orderId, req.amountCents)
      : await checkPayable(ctx, tx, cart, req.amountCents, 'payment', req.gatewayId === 'ledger');
    if (codesChanged) return { kind: 'repriced', error: codesChanged };
    if (!who || who.type === 'public')
      throw invalid('purchaser', 'Please enter the purchaser’s name and email before paying.');
    if (req.amountCents === 0) {
      if (req.gatewayId === 'ledger') throw invalid('payment', 'Nothing to pay with a gift card.');
      const done = await book(ctx, tx, cart, tickets, {
        gatewayId: 'free',
        amountCents: 0,
        reference: null,
        sendEmail: req.sendEmail !== false,
      });
      return { kind: 'done', cart: done };
    }
    if (req.gatewayId === 'free') throw invalid('payment', 'This cart is not free.');
    if (req.gatewayId === 'ledger')
      return payByLedger(ctx, tx, cart, tickets, totals.outstandingCents, req, { schedule, orderId });
    if (!ctx.gateway) throw paymentUnavailable();
    if (!req.source) throw invalid('payment', 'gateway_data.source is required for card payments.');
    // A stale attempt is replayed with its own key and amount; a new one gets the next number.
    const attempt = lock.kind === 'takeover' ? cart.payAttempt : cart.payAttempt + 1;
    if (lock.kind === 'takeover' && cart.payAmountCents !== req.amountCents)
      throw incorrectCartState(
        'paying',
        null,
        'A payment of another amount is being processed for this cart.',
      );
    // A new attempt takes a slot of the cart's and of the address's pay limits (card testing), under the cart
    // lock and after every check, so only attempts that reach the gateway count (429 rolls the slot back).
    const slots =
      lock.kind === 'new'
        ? [
            await take(tx, LIMITS.payAddress, cart.sellerId, req.address, ctx.now()),
            await take(tx, LIMITS.payCart, cart.sellerId, cart.id, ctx.now()),
          ]
        : [];
    await tx
      .update(t.cart)
      .set({
        state: 'paying',
        payAttempt: attempt,
        payStartedAt: new Date(ctx.now()),
        payAmountCents: req.amountCents,
      })
      .where(eq(t.cart.id, cart.id));
    const [seller] = await tx.select().from(t.seller).where(eq(t.seller.id, cart.sellerId));
    return {
      kind: 'charge',
      attempt,
      amountCents: req.amountCents,
      currency: seller?.currency ?? 'USD',
      sellerId: cart.sellerId,
      slots,
    };
  });
}

type Finished =
  | { kind: 'completed'; cart: CartRow }
  | { kind: 'partial'; cart: CartRow }
  | { kind: 'not_charged'; result: ChargeResult };
type Outcome = Finished | { kind: 'lost'; state: string; orderId: string | null } | { kind: 'skipped' };

/**
 * Step 3: books what was charged, or puts the cart back to pending. `staleBefore` (recovery, webhooks): act only
 * if the cart is still paying with this attempt, started before that instant (a request may have taken it over
 * meanwhile). A payment still processing changes nothing: the cart stays paying (it neither expires nor changes)
 * until the gateway settles it (a webhook, or recovery asking the gateway).
 */
export async function finish(
  ctx: AppCtx,
  cartId: string,
  attempt: number,
  amountCents: number,
  result: ChargeResult,
  staleBefore: Date | null = null,
  /** The confirmation email when it books (the pay request's `send_email`; the webhook and recovery: sent). */
  sendEmail = true,
): Promise<Finished | null> {
  if (result.status === 'processing') return staleBefore === null ? { kind: 'not_charged', result } : null;
  let refund = false;
  const out = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const cart = await lockCart(tx, cartId);
    const taken = staleBefore !== null && (cart.payStartedAt?.getTime() ?? 0) > staleBefore.getTime();
    if (cart.state !== 'paying' || cart.payAttempt !== attempt || taken) {
      if (staleBefore !== null) return { kind: 'skipped' };
      // Booked with this very attempt by a request that took it over (same key, same charge): fine. Otherwise
      // this attempt lost the cart (its lease ran out): a charge it made is given back.
      if (!(cart.state === 'completed' && cart.payAttempt === attempt) && result.status === 'succeeded')
        refund = true;
      return { kind: 'lost', state: cart.state, orderId: await orderIdOf(tx, cart.id) };
    }
    // A later payment towards a booked order (an instalment): recorded on the order, the cart booked again.
    const orderId = await bookedOrderOf(tx, cart.id);
    if (orderId) {
      const balance = result.status === 'succeeded' ? await orderBalance(ctx, tx, cart) : null;
      if (result.status === 'succeeded' && balance && amountCents <= balance.totals.outstandingCents) {
        await tx.insert(t.payment).values({
          id: newId(),
          cartId: cart.id,
          ticketOrderId: orderId,
          gatewayId: 'stripe',
          amountCents,
          reference: result.intentId ?? result.chargeId,
          state: 'succeeded',
          createdAt: new Date(ctx.now()),
        });
      } else if (result.status === 'succeeded') refund = true;
      const [back] = await tx
        .update(t.cart)
        .set({ state: 'completed', payStartedAt: null, payAmountCents: null })
        .where(eq(t.cart.id, cart.id))
        .returning();
      if (refund || result.status !== 'succeeded') return { kind: 'not_charged', result };
      const last = amountCents === balance?.totals.outstandingCents;
      return { kind: last ? 'completed' : 'partial', cart: back ?? cart };
    }
    if (result.status === 'succeeded') {
      // What the live tickets owe now, discounts included (codes cannot change while the cart is paying).
      const { tickets, totals } = await liveTicketsAndTotals(tx, cart, ctx.now());
      // On a payment plan the payment that books may pay less than all (begin checked the due amount).
      const scheduled = await scheduleOf(ctx, tx, cart, tickets, totals);
      const fits = scheduled
        ? amountCents > 0 && amountCents <= totals.outstandingCents
        : totals.outstandingCents === amountCents;
      // An order change whose given-up tickets were cancelled meanwhile is not booked: the charge is refunded.
      const edit = await editOf(tx, cart.id);
      const applies = !edit || (await editStillApplies(tx, edit));
      if (tickets.length > 0 && fits && applies) {
        const done = await book(ctx, tx, cart, tickets, {
          gatewayId: 'stripe',
          amountCents,
          reference: result.intentId ?? result.chargeId,
          sendEmail,
        });
        return { kind: amountCents === totals.outstandingCents ? 'completed' : 'partial', cart: done };
      }
      refund = true; // never book something else than what was paid
    }
    await tx
      .update(t.cart)
      .set({ state: 'pending', payStartedAt: null, payAmountCents: null })
      .where(eq(t.cart.id, cart.id));
    return { kind: 'not_charged', result };
  });
  if (refund) await ctx.gateway?.refund(keyOf(cartId, attempt));
  if (out.kind === 'skipped') return null;
  if (out.kind === 'lost') {
    if (out.state === 'completed') throw cartBooked(out.orderId);
    throw incorrectCartState(
      out.state,
      null,
      refund ? 'The payment took too long and was refunded.' : undefined,
    );
  }
  if (refund)
    throw incorrectCartState('pending', null, 'The cart changed during payment; the payment was refunded.');
  return out;
}

export const keyOf = (cartId: string, attempt: number) => `cart:${cartId}:attempt:${attempt}`;
/** The cart and attempt of a key of `keyOf`, or null. */
export function attemptOf(key: string): { cartId: string; attempt: number } | null {
  const m = /^cart:([0-9a-f-]{36}):attempt:(\d{1,9})$/.exec(key);
  return m?.[1] && m[2] ? { cartId: m[1], attempt: Number(m[2]) } : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Real time a request waits for another request's attempt in flight (the gateway call) to finish. */
const WAIT_LIMIT_MS = 20_000;

/** Pays a cart; returns the completed cart, or the gateway's refusal (declined, needs action, invalid). */
export async function payCart(ctx: AppCtx, cartId: string, req: PayRequest): Promise<Finished> {
  const waitUntil = Date.now() + WAIT_LIMIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const begun = await begin(ctx, cartId, req);
    if (begun.kind === 'expired') throw cartExpired();
    if (begun.kind === 'repriced') throw begun.error;
    if (begun.kind === 'done') return { kind: 'completed', cart: begun.cart };
    if (begun.kind === 'partial') return begun;
    if (begun.kind === 'charge') {
      if (!ctx.gateway) throw paymentUnavailable();
      const result = await ctx.gateway.charge({
        idempotencyKey: keyOf(cartId, begun.attempt),
        cartId,
        sellerId: begun.sellerId,
        amountCents: begun.amountCents,
        currency: begun.currency,
        source: req.source ?? '',
      });
      const done = (await finish(
        ctx,
        cartId,
        begun.attempt,
        begun.amountCents,
        result,
        null,
        req.sendEmail !== false,
      )) as Finished;
      // A payment that went through does not count against the pay limits.
      if (done.kind === 'completed') for (const slot of begun.slots) await giveBack(ctx.db, slot);
      return done;
    }
    // Busy: another request is paying this cart. Its outcome decides (booked: cart_booked).
    if (Date.now() > waitUntil) throw incorrectCartState('paying');
    await sleep(delay);
  }
}

/** Free checkout (guest_checkout): books a cart whose outstanding balance is zero. */
export async function checkoutFree(ctx: AppCtx, cartId: string, sendEmail: boolean): Promise<CartRow> {
  const out = await ctx.db.transaction(async (tx) => {
    const lock = await lockForAttempt(ctx, tx, cartId);
    if (lock.kind === 'expired') return null;
    if (lock.kind === 'busy' || lock.kind === 'takeover') throw incorrectCartState('paying');
    const {
      tickets,
      totals,
      repriced: codesChanged,
    } = await checkPayable(ctx, tx, lock.cart, null, 'guest_checkout');
    if (codesChanged) return codesChanged;
    if (totals.outstandingCents !== 0)
      throw invalid('guest_checkout', 'Only free carts can be checked out without payment.', {
        total_outstanding: money(totals.outstandingCents),
      });
    return book(ctx, tx, lock.cart, tickets, {
      gatewayId: 'free',
      amountCents: 0,
      reference: null,
      sendEmail,
    });
  });
  if (!out) throw cartExpired();
  if (out instanceof Error) throw out; // codes released (committed): the cart is re-priced
  return out;
}
